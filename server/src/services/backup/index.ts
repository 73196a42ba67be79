import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline as pipe, Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { repoRoot } from '../../config.js'
import pg from 'pg'
import { countRows, openDatabase, openEmbedded, type Snapshot } from '../../db/index.js'
import { describeReport, type IntegrityReport } from '../../db/integrity.js'
import { mimeOfName } from '../../lib/images.js'
import { PRIVATE_FILE, privateFolder } from '../../lib/privateFiles.js'
import { readUpload, STORED_NAME, type UploadStore } from '../uploads/store.js'
import { copyEmbeddedInto } from './copy.js'
import { envelopeOf, HEADER_BYTES, keyIdOf, opening, sealing } from './crypt.js'
import { assertEmpty, restorePostgres, shownUrl } from './postgres.js'
import { readTar, tarChunks, type TarEntry } from './tar.js'

/** The layout of a backup file; a restore refuses one it does not know. */
export const BACKUP_FORMAT = 1

/** The database's entry: the embedded folder as a tar, or PostgreSQL's pg_dump in its custom format. */
const databaseEntry = (engine: Engine) => (engine === 'postgres' ? 'database.dump' : 'database.tar')
const MANIFEST_ENTRY = 'manifest.json'
const UPLOAD_PREFIX = 'uploads/'

/**
 * yuezi-backup-2026-11-26T150312Z.tar.gz.enc: the time (UTC) it was taken, so names sort by age,
 * and what it holds, encrypted; without .enc, one made before backups were encrypted.
 */
const BACKUP_NAME = /^yuezi-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz(\.enc)?$/

export interface FileSum {
  size: number
  sha256: string
}

/** What a backup holds, written last into it: enough to check every byte and every table on restore. */
/** Which engine's database a backup holds. */
export type Engine = 'embedded' | 'postgres'

export interface Manifest {
  format: number
  /** Absent in the backups of the versions before PostgreSQL's: the embedded one. */
  engine?: Engine
  createdAt: string
  appVersion: string
  /** Rows per table of the database in it. */
  tables: Record<string, number>
  database: FileSum
  uploads: (FileSum & { name: string })[]
  /** The sha256 of this manifest without this field (JSON.stringify): with the sums above, it covers the whole file. */
  checksum: string
}

/** A backup file that cannot be restored: damaged, cut off, altered, or not a backup. Nothing was written. */
export class BackupDamaged extends Error {}

/** A backup that cannot be made or read for want of its key: BACKUP_KEY unset, or another. Nothing was written. */
export class BackupKeyMissing extends Error {}

/** Why no backup can be made without BACKUP_KEY, and what to do. */
export const NO_BACKUP_KEY =
  'BACKUP_KEY is not set: backups are encrypted with it. npm run setup writes one into .env ' +
  '(or make one: openssl rand -base64 32); keep a copy away from the backups (docs/backups.md)'

/** A backup made before backups were encrypted: restored only when asked for, as nothing vouches for what it holds. */
export class UnencryptedBackup extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const sumOf = (bytes: Uint8Array): FileSum => ({ size: bytes.length, sha256: sha256(bytes) })
const manifestChecksum = ({ checksum: _checksum, ...rest }: Manifest) => sha256(Buffer.from(JSON.stringify(rest)))

function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `yuezi-backup-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}.tar.gz.enc`
}

/** When a backup file of that name was taken, or undefined for any other file. */
function takenAt(name: string): Date | undefined {
  const m = BACKUP_NAME.exec(name)
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined
}

let appVersion: string | undefined
async function version(): Promise<string> {
  appVersion ??= (JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version
  return appVersion
}

export interface BackupSource {
  engine: Engine
  /** The integrity check, run before anything is copied. */
  check: () => Promise<IntegrityReport>
  snapshot: () => Promise<Snapshot>
  uploads: UploadStore
}

/** A backup refused because the database failed its integrity check: a damaged copy would pass for a good one. */
export class DatabaseDamaged extends Error {}

/** The backup files in `dir`, oldest first. */
async function backupNames(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).filter((name) => takenAt(name)).sort()
}

/**
 * Writes a backup of the database and the uploaded files into `dir`, encrypted with `key`
 * (BACKUP_KEY), and answers its path, once the database passed its integrity check (DatabaseDamaged
 * otherwise, BackupKeyMissing without a key, and nothing written). The database is copied in one
 * piece (between two transactions, or in one snapshot); the files listed at that moment follow (a
 * stored file never changes: a later one is simply not in it). It is written under a temporary name
 * and renamed once whole, so a backup file with its final name is always complete. The folder and
 * every backup in it, older ones too, are the server's account's alone.
 */
export async function makeBackup(
  { engine, check, snapshot, uploads }: BackupSource,
  dir: string,
  key?: Buffer,
): Promise<string> {
  const report = await check()
  if (report.damage.length)
    throw new DatabaseDamaged(`no backup written, the database is damaged: ${describeReport(report)}`)
  if (!key) throw new BackupKeyMissing(`no backup written: ${NO_BACKUP_KEY}`)
  await privateFolder(dir)
  for (const name of await backupNames(dir)) await chmod(path.join(dir, name), PRIVATE_FILE)
  let at = new Date()
  // Two backups in one second would share a name.
  while (await stat(path.join(dir, backupName(at))).catch(() => undefined)) {
    await sleep(1_000)
    at = new Date()
  }
  const { tar, rows } = await snapshot()
  const names = (await uploads.list()).filter((name) => STORED_NAME.test(name)).sort()
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    engine,
    createdAt: at.toISOString(),
    appVersion: await version(),
    tables: rows,
    database: sumOf(tar),
    uploads: [],
    checksum: '',
  }
  async function* entries(): AsyncGenerator<TarEntry> {
    yield { name: databaseEntry(engine), body: Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength) }
    for (const name of names) {
      const body = await readUpload(uploads, name)
      // Deleted since the list was made (the sweep of files no record needs).
      if (!body) continue
      manifest.uploads.push({ name, ...sumOf(body) })
      yield { name: `${UPLOAD_PREFIX}${name}`, body }
    }
    manifest.checksum = manifestChecksum(manifest)
    yield { name: MANIFEST_ENTRY, body: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }
  }
  const file = path.join(dir, backupName(at))
  const partial = `${file}.partial`
  try {
    await pipeline(
      Readable.from(tarChunks(entries(), at)),
      createGzip(),
      sealing(key),
      createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE }),
    )
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return file
}

/** A backup file opened for reading: whether it is encrypted, and its streams, file to gzip'd tar, each time it is read. */
interface OpenedBackup {
  encrypted: boolean
  streams: () => (Readable | NodeJS.ReadWriteStream)[]
}

/**
 * Opens a backup file with `key` (BACKUP_KEY): refused when it is encrypted with another key or
 * none is given (BackupKeyMissing), or when it is no backup of this product (BackupDamaged).
 */
async function openBackup(file: string, key: Buffer | undefined): Promise<OpenedBackup> {
  const envelope = await envelopeOf(file)
  if (!envelope) throw new BackupDamaged('it is not a backup of this product (it begins as none does)')
  if (!envelope.encrypted) return { encrypted: false, streams: () => [createReadStream(file)] }
  const made = `it is encrypted with the key ${envelope.keyId}`
  if (!key)
    throw new BackupKeyMissing(
      `${made} and BACKUP_KEY is not set: set BACKUP_KEY to that key (the .env of the install that made it)`,
    )
  if (keyIdOf(key) !== envelope.keyId)
    throw new BackupKeyMissing(
      `${made}, and BACKUP_KEY is another (${keyIdOf(key)}): set BACKUP_KEY to the key of the install that made it`,
    )
  return {
    encrypted: true,
    streams: () => [createReadStream(file, { start: HEADER_BYTES }), opening(key, envelope.header)],
  }
}

/** Whether the backup file is encrypted (not one made before backups were). */
export async function backupIsEncrypted(file: string): Promise<boolean> {
  return (await envelopeOf(file))?.encrypted ?? false
}

/**
 * The entries of a backup file, each checked against its manifest, an encrypted file's parts each
 * against its seal before it is read; reading it twice (check, then restore) sees the same.
 */
async function* verifiedEntries(backup: OpenedBackup): AsyncGenerator<TarEntry & { manifest?: Manifest }> {
  const seen = new Map<string, FileSum>()
  const gunzip = createGunzip()
  const streams = [...backup.streams(), gunzip]
  // A stream that fails ends the last with its error, which reading it throws.
  pipe(streams, () => {})
  let manifest: Manifest | undefined
  try {
    for await (const entry of readTar(gunzip)) {
      if (manifest) throw new BackupDamaged('there is more after its manifest')
      if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(entry.body)
        checkAgainst(manifest, seen)
        yield { ...entry, manifest }
      } else {
        if (seen.has(entry.name)) throw new BackupDamaged(`it holds ${entry.name} twice`)
        seen.set(entry.name, sumOf(entry.body))
        yield entry
      }
    }
  } catch (error) {
    if (error instanceof BackupDamaged) throw error
    throw new BackupDamaged((error as Error).message)
  } finally {
    for (const stream of streams) (stream as Readable).destroy()
  }
  if (!manifest) throw new BackupDamaged('it has no manifest (cut off, or not a backup of this product)')
}

function parseManifest(body: Buffer): Manifest {
  let manifest: Manifest
  try {
    manifest = JSON.parse(body.toString('utf8')) as Manifest
  } catch {
    throw new BackupDamaged('its manifest is not readable')
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupDamaged(`it is in format ${manifest.format}, this version reads format ${BACKUP_FORMAT}`)
  if (manifestChecksum(manifest) !== manifest.checksum)
    throw new BackupDamaged("its manifest's checksum does not match")
  return manifest
}

/** Every entry the manifest names is there with its size and sum, and nothing else. */
function checkAgainst(manifest: Manifest, seen: Map<string, FileSum>) {
  const expected = new Map<string, FileSum>([
    [databaseEntry(manifest.engine ?? 'embedded'), manifest.database],
    ...manifest.uploads.map(({ name, ...sum }) => [`${UPLOAD_PREFIX}${name}`, sum] as const),
  ])
  for (const [name, sum] of expected) {
    const found = seen.get(name)
    if (!found) throw new BackupDamaged(`${name} is missing`)
    if (found.size !== sum.size || found.sha256 !== sum.sha256)
      throw new BackupDamaged(`${name} does not match its checksum`)
  }
  const extra = [...seen.keys()].filter((name) => !expected.has(name))
  if (extra.length) throw new BackupDamaged(`it holds ${extra[0]}, which its manifest does not name`)
  for (const { name } of manifest.uploads) {
    if (!STORED_NAME.test(name)) throw new BackupDamaged(`it names an upload "${name}" that is no stored name`)
  }
}

async function checkEntries(backup: OpenedBackup): Promise<Manifest> {
  let manifest: Manifest | undefined
  for await (const entry of verifiedEntries(backup)) manifest = entry.manifest ?? manifest
  return manifest as Manifest
}

/**
 * Reads the whole file, decrypted with `key`, and checks every seal and every sum; answers its
 * manifest, or throws BackupDamaged (BackupKeyMissing without its key). One made before backups
 * were encrypted is read too.
 */
export async function checkBackup(file: string, key: Buffer | undefined): Promise<Manifest> {
  return checkEntries(await openBackup(file, key))
}

/** A restore that would overwrite something: DATA_DIR, or the PostgreSQL database, is not empty. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** The embedded database's folder's parent (the install's DATA_DIR); filled only when it is empty. */
  dataDir: string
  /** An empty PostgreSQL database to fill instead of the embedded one: from either engine's backup. */
  databaseUrl?: string
  /** The upload store, opened only once the file checked out. */
  openUploads: () => Promise<UploadStore>
  /** BACKUP_KEY: the key the backup was encrypted with. */
  key: Buffer | undefined
  /** A backup made before backups were encrypted is restored too (else UnencryptedBackup). */
  unencrypted?: boolean
}

/**
 * Fills an empty database from a backup: the file is decrypted and checked whole first (nothing is
 * written from a damaged one, one altered or one of another key), then the files are put in the
 * upload store (those already there with the same bytes are left), the database is restored, and
 * its row counts compared with the manifest's. An embedded backup restored into PostgreSQL is a
 * move: its rows are copied into the migrated schema.
 */
export async function restoreBackup(
  file: string,
  { dataDir, databaseUrl, openUploads, key, unencrypted = false }: RestoreTarget,
): Promise<Manifest> {
  if (!databaseUrl) {
    const present = await readdir(dataDir).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    if (present.length) throw new RestoreRefused(`${dataDir} is not empty (${present.slice(0, 3).join(', ')})`)
  }
  const backup = await openBackup(file, key)
  if (!backup.encrypted && !unencrypted)
    throw new UnencryptedBackup('it is not encrypted: a backup made before backups were, which nothing vouches for')
  const manifest = await checkEntries(backup)
  const engine = manifest.engine ?? 'embedded'
  if (engine === 'postgres' && !databaseUrl)
    throw new RestoreRefused('it is a backup of a PostgreSQL database: set DATABASE_URL to an empty one')
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await assertEmpty(client, shownUrl(databaseUrl))
    } catch (error) {
      throw new RestoreRefused((error as Error).message)
    } finally {
      await client.end()
    }
  }
  // The data folder, which may have been made empty beforehand for the restore, is its account's alone.
  if (!databaseUrl) await privateFolder(dataDir)
  const uploads = await openUploads()
  let database: Buffer | undefined
  try {
    for await (const entry of verifiedEntries(backup)) {
      if (entry.name === databaseEntry(engine)) database = entry.body
      else if (entry.name.startsWith(UPLOAD_PREFIX)) {
        const name = entry.name.slice(UPLOAD_PREFIX.length)
        const kept = await readUpload(uploads, name)
        if (!kept || !kept.equals(entry.body)) await uploads.put(name, entry.body, mimeOfName(name))
      }
    }
  } finally {
    uploads.close?.()
  }
  const bytes = new Uint8Array(database as Buffer) as Uint8Array<ArrayBuffer>
  const where = databaseUrl ? shownUrl(databaseUrl) : dataDir
  const restored =
    engine === 'postgres'
      ? await restorePostgres(bytes, databaseUrl as string)
      : databaseUrl
        ? await moveInto(bytes, manifest, dataDir, databaseUrl)
        : await unpackEmbedded(bytes, path.join(dataDir, 'pglite'))
  assertCounts(restored, manifest, `empty ${where} and try again`)
  return manifest
}

/** Each table's rows as the manifest counted them, or an error that says what to do. */
function assertCounts(restored: Record<string, number>, manifest: Manifest, then: string) {
  for (const name of Object.keys({ ...manifest.tables, ...restored })) {
    if (restored[name] !== manifest.tables[name])
      throw new Error(
        `table ${name} has ${restored[name] ?? 0} rows restored, the backup says ${manifest.tables[name] ?? 0}: ${then}`,
      )
  }
}

async function unpackEmbedded(tar: Uint8Array<ArrayBuffer>, folder: string): Promise<Record<string, number>> {
  const { client, close } = await openEmbedded(folder, { loadDataDir: new Blob([tar]) })
  try {
    return await countRows((sql) => client.query(sql))
  } finally {
    await close()
  }
}

/**
 * An embedded backup into PostgreSQL: unpacked into a folder of its own beside DATA_DIR (checked
 * against the manifest there), the schema migrated on PostgreSQL, then every row copied in one
 * transaction.
 */
async function moveInto(tar: Uint8Array<ArrayBuffer>, manifest: Manifest, dataDir: string, databaseUrl: string) {
  const folder = `${path.resolve(dataDir)}-moving-${process.pid}`
  await rm(folder, { recursive: true, force: true })
  const { client: source, close } = await openEmbedded(folder, { loadDataDir: new Blob([tar]) })
  try {
    assertCounts(await countRows((sql) => source.query(sql)), manifest, 'the backup does not unpack whole')
    const migrated = await openDatabase({ databaseUrl, dataDir })
    await migrated.close()
    const target = new pg.Client({ connectionString: databaseUrl })
    await target.connect()
    try {
      await target.query('begin')
      await copyEmbeddedInto(source, target)
      await target.query('commit')
      return await countRows((sql) => target.query(sql))
    } catch (error) {
      await target.query('rollback').catch(() => {})
      throw error
    } finally {
      await target.end()
    }
  } finally {
    await close()
    await rm(folder, { recursive: true, force: true })
  }
}

/** The newest backup file in `dir` and when it was taken, or undefined when there is none. */
export async function latestBackup(dir: string): Promise<{ file: string; at: Date } | undefined> {
  const newest = (await backupNames(dir)).at(-1)
  return newest ? { file: path.join(dir, newest), at: takenAt(newest) as Date } : undefined
}

/** Deletes the backup files in `dir` taken more than `keepDays` ago, never the newest; answers their names. */
export async function pruneBackups(dir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const names = await backupNames(dir)
  const cutoff = now.getTime() - keepDays * 86_400_000
  const old = names.slice(0, -1).filter((name) => (takenAt(name) as Date).getTime() < cutoff)
  for (const name of old) await rm(path.join(dir, name), { force: true })
  return old
}
