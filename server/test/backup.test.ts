import assert from 'node:assert/strict'
import { randomBytes, randomUUID } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { after, it } from 'node:test'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { countRows, openDatabase } from '../src/db/index.js'
import { checkIntegrity, describeReport } from '../src/db/integrity.js'
import { envelopeOf, HEADER_BYTES, opening } from '../src/services/backup/crypt.js'
import {
  BackupDamaged,
  BackupKeyMissing,
  checkBackup,
  makeBackup,
  restoreBackup,
  RestoreRefused,
  UnencryptedBackup,
} from '../src/services/backup/index.js'
import { snapshotPostgres } from '../src/services/backup/postgres.js'
import { openUploadStore } from '../src/services/uploads/index.js'
import { login, PNG, startApp, uploadFile } from './helpers.js'

// Every backup is encrypted with BACKUP_KEY: it restores with its key, and is refused without it,
// with another, or altered anywhere; one made before backups were encrypted only when asked for.
// PostgreSQL is backed up with its own tools (pg_dump, pg_restore) inside the backup file of either
// engine, on databases of the test's own (the other test files write to theirs meanwhile); an
// embedded centre moves into PostgreSQL through the same file.
const url = process.env.DATABASE_URL
const KEY = randomBytes(32)

const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-pgdump-'))
mkdirSync(path.join(work, 'altered'))
const name = `yuezi_backup_${randomUUID().slice(0, 8)}`
const urlOf = (database: string) => {
  const of = new URL(url as string)
  of.pathname = `/${database}`
  return of.href
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Every table of the app's schema and drizzle's, each as a digest of all its rows. */
async function tableDigests(connectionString: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
    )
    const digests: Record<string, string> = {}
    for (const { name: table } of tables) {
      const { rows } = await client.query<{ count: number; digest: string | null }>(
        `select count(*)::int as count, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
      )
      digests[table] = `${rows[0].count} ${rows[0].digest}`
    }
    return digests
  } finally {
    await client.end()
  }
}

after(async () => {
  rmSync(work, { recursive: true, force: true })
  if (url) {
    await admin(`drop database if exists ${name}`)
    await admin(`drop database if exists ${name}_restored`)
    await admin(`drop database if exists ${name}_moved`)
  }
})

it(
  'backs up with pg_dump, after the check, into a file that restores into an empty database with every row of every table',
  { skip: !url && 'PostgreSQL only' },
  async () => {
    await admin(`create database ${name}`)
    // The schema and the demo data, as a centre's database has them, and an upload.
    const dataDir = path.join(work, 'data')
    const app = await startApp({ databaseUrl: urlOf(name), dataDir })
    const token = await login(app, 'demo', 'demo1234')
    const uploaded = (await uploadFile(app, 'wound.png', PNG, { token })).json()
    assert.equal(uploaded.err, 0)
    const uploads = await openUploadStore({ dataDir })
    let checked = 0
    const check = async () => {
      checked++
      return checkIntegrity(app.db)
    }
    const file = await makeBackup(
      { engine: 'postgres', check, snapshot: () => snapshotPostgres(urlOf(name)), uploads },
      path.join(work, 'backups'),
      KEY,
    )
    await app.close()
    assert.equal(checked, 1)
    // The dump is encrypted like an embedded backup: nothing of it reads without the key.
    assert.equal(readFileSync(file).subarray(0, 22).toString(), 'yuezi encrypted backup')
    await assert.rejects(checkBackup(file, undefined), BackupKeyMissing)
    const manifest = await checkBackup(file, KEY)
    assert.equal(manifest.engine, 'postgres')
    assert.ok(manifest.uploads.length > 0, 'the upload is in it')

    await admin(`create database ${name}_restored`)
    const restoredDir = path.join(work, 'restored')
    const target = { dataDir: restoredDir, databaseUrl: urlOf(`${name}_restored`), key: KEY }
    await restoreBackup(file, { ...target, openUploads: () => openUploadStore({ dataDir: restoredDir }) })
    const source = await tableDigests(urlOf(name))
    assert.ok(Number(source['public.form_records'].split(' ')[0]) > 0, 'the demo data has form records')
    const { ['drizzle.__drizzle_migrations']: _migrations, ...restored } = await tableDigests(target.databaseUrl)
    const { ['drizzle.__drizzle_migrations']: _sourceMigrations, ...expected } = source
    assert.deepEqual(restored, expected)
    assert.deepEqual(
      readdirSync(path.join(restoredDir, 'uploads')),
      manifest.uploads.map((upload) => upload.name),
    )

    // Into a database that holds anything, nothing: not even the files.
    await assert.rejects(
      restoreBackup(file, { ...target, openUploads: () => assert.fail('no upload is written') }),
      RestoreRefused,
    )
  },
)

it(
  'moves an embedded centre into PostgreSQL: every row and upload, the sequences where they stood, a clean check',
  { skip: !url && 'PostgreSQL only' },
  async () => {
    const dataDir = path.join(work, 'embedded')
    const embedded = await startApp({ databaseUrl: undefined, dataDir })
    const token = await login(embedded, 'demo', 'demo1234')
    const uploaded = (await uploadFile(embedded, 'signature.png', PNG, { token })).json()
    assert.equal(uploaded.err, 0)
    const before = await countRows(async (sql) => (await embedded.db.execute(sql)) as never)
    await embedded.close()

    const database = await openDatabase({ dataDir }, { migrate: false })
    const uploads = await openUploadStore({ dataDir })
    const snapshot = database.snapshot as NonNullable<typeof database.snapshot>
    const check = () => checkIntegrity(database.db, { thorough: true })
    const file = await makeBackup(
      { engine: 'embedded', check, snapshot, uploads },
      path.join(work, 'moved-backups'),
      KEY,
    )
    await database.close()

    await admin(`create database ${name}_moved`)
    const moved = urlOf(`${name}_moved`)
    const manifest = await restoreBackup(file, {
      dataDir,
      databaseUrl: moved,
      openUploads: () => openUploadStore({ dataDir }),
      key: KEY,
    })
    assert.deepEqual(manifest.tables, before)
    const onPostgres = await startApp({ databaseUrl: moved, dataDir })
    try {
      const report = await checkIntegrity(onPostgres.db)
      assert.deepEqual(report.damage, [], describeReport(report))
      assert.deepEqual(await countRows(async (sql) => (await onPostgres.db.execute(sql)) as never), before)
      // The same sign-in, the same upload, and new rows numbered after the moved ones.
      const again = await login(onPostgres, 'demo', 'demo1234')
      // With the session's token: a link signed before the move was signed by the embedded server's secret.
      const { pathname } = new URL(uploaded.data.url)
      const served = await onPostgres.inject({ method: 'GET', url: pathname, headers: { token: again } })
      assert.equal(served.statusCode, 200)
      assert.deepEqual(served.rawPayload, PNG)
      const next = (await uploadFile(onPostgres, 'next.png', PNG, { token: again })).json()
      assert.equal(next.err, 0)
      assert.notEqual(next.data.url, uploaded.data.url)
    } finally {
      await onPostgres.close()
    }
  },
)

/** An embedded centre (the demo data and an upload) backed up twice with KEY, its database closed again. */
interface EmbeddedBackups {
  files: [string, string]
  rows: Record<string, number>
  uploads: string[]
}
let embedded: Promise<EmbeddedBackups> | undefined
function embeddedBackups(): Promise<EmbeddedBackups> {
  embedded ??= (async () => {
    const dataDir = path.join(work, 'encrypted-source')
    const app = await startApp({ databaseUrl: undefined, dataDir })
    const token = await login(app, 'demo', 'demo1234')
    assert.equal((await uploadFile(app, 'wound.png', PNG, { token })).json().err, 0)
    await app.close()
    const database = await openDatabase({ dataDir }, { migrate: false })
    const uploads = await openUploadStore({ dataDir })
    try {
      const source = {
        engine: 'embedded' as const,
        check: () => checkIntegrity(database.db),
        snapshot: database.snapshot as NonNullable<typeof database.snapshot>,
        uploads,
      }
      const dir = path.join(work, 'encrypted')
      const files: [string, string] = [await makeBackup(source, dir, KEY), await makeBackup(source, dir, KEY)]
      const rows = await countRows(async (sql) => (await database.db.execute(sql)) as never)
      return { files, rows, uploads: (await uploads.list()).sort() }
    } finally {
      uploads.close?.()
      await database.close()
    }
  })()
  return embedded
}

/** A folder to restore into, not there yet: a refused restore leaves it so. */
const target = (name: string) => path.join(work, 'targets', name)
const restoreInto = (dataDir: string, file: string, key: Buffer | undefined, unencrypted = false) =>
  restoreBackup(file, { dataDir, openUploads: () => openUploadStore({ dataDir }), key, unencrypted })

/** A copy of `file` beside it, its bytes changed by `change`. */
async function altered(file: string, name: string, change: (bytes: Buffer) => Buffer): Promise<string> {
  const copy = path.join(work, 'altered', name)
  await writeFile(copy, change(Buffer.from(readFileSync(file))))
  return copy
}

/** An encrypted part's bytes, as crypt.ts seals them: 64 KiB and the tag. */
const SEALED_PART = 64 * 1024 + 16

it('encrypts a backup: the key is not in it, it restores with its key and is refused without it or with another', async () => {
  const { files, rows, uploads } = await embeddedBackups()
  const [file] = files
  assert.match(path.basename(file), /^yuezi-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz\.enc$/)
  const bytes = readFileSync(file)
  assert.equal(bytes.subarray(0, 33).toString(), 'yuezi encrypted backup, format 1\n')
  assert.throws(() => gunzipSync(bytes.subarray(HEADER_BYTES)), 'no gzip stream to read')
  for (const form of [KEY, Buffer.from(KEY.toString('base64')), Buffer.from(KEY.toString('hex'))])
    assert.equal(bytes.indexOf(form), -1, 'the key is not in the backup')

  const manifest = await checkBackup(file, KEY)
  assert.deepEqual(manifest.tables, rows)
  assert.deepEqual(
    manifest.uploads.map((upload) => upload.name),
    uploads,
  )

  await assert.rejects(checkBackup(file, undefined), /encrypted with the key [0-9a-f]{16} and BACKUP_KEY is not set/)
  await assert.rejects(restoreInto(target('no-key'), file, undefined), BackupKeyMissing)
  const other = randomBytes(32)
  await assert.rejects(
    restoreInto(target('other-key'), file, other),
    (error: Error) =>
      error instanceof BackupKeyMissing &&
      /encrypted with the key [0-9a-f]{16}, and BACKUP_KEY is another/.test(error.message),
  )
  for (const refused of ['no-key', 'other-key']) assert.ok(!existsSync(target(refused)), `${refused}: nothing written`)

  const restored = target('with-key')
  assert.deepEqual((await restoreInto(restored, file, KEY)).tables, rows)
  assert.deepEqual(readdirSync(path.join(restored, 'uploads')).sort(), uploads)

  // No backup at all without a key, and nothing written.
  const database = await openDatabase({ dataDir: restored }, { migrate: false })
  const store = await openUploadStore({ dataDir: restored })
  try {
    const snapshot = database.snapshot as NonNullable<typeof database.snapshot>
    const check = () => checkIntegrity(database.db)
    const dir = path.join(work, 'keyless-backups')
    await assert.rejects(
      makeBackup({ engine: 'embedded', check, snapshot, uploads: store }, dir, undefined),
      (error: Error) => error instanceof BackupKeyMissing && /BACKUP_KEY is not set/.test(error.message),
    )
    assert.ok(!existsSync(dir))
  } finally {
    store.close?.()
    await database.close()
  }
})

it('refuses an encrypted backup altered anywhere, cut off, its parts moved, or its end (the manifest) from another backup', async () => {
  const { files } = await embeddedBackups()
  const [file, second] = files
  const size = readFileSync(file).length
  const parts = Math.ceil((size - HEADER_BYTES) / SEALED_PART)
  assert.ok(parts >= 3, `${parts} parts`)
  const lastPart = HEADER_BYTES + (parts - 1) * SEALED_PART
  const refused = (error: Error) => error instanceof BackupDamaged || error instanceof BackupKeyMissing

  // A byte flipped anywhere: the header's line, its salt, its key id, every part's body and tag.
  const at = new Set([0, 40, HEADER_BYTES - 1, HEADER_BYTES, HEADER_BYTES + SEALED_PART - 1, lastPart, size - 1])
  for (let i = 1; i < 24; i++) at.add(Math.floor((size * i) / 24))
  for (const position of at) {
    const flipped = await altered(file, `flipped-${position}`, (bytes) => {
      bytes[position] ^= 0x01
      return bytes
    })
    await assert.rejects(checkBackup(flipped, KEY), refused, `byte ${position} of ${size} flipped`)
  }
  const flipped = await altered(file, 'flipped-part', (bytes) => {
    bytes[HEADER_BYTES + SEALED_PART + 100] ^= 0xff
    return bytes
  })
  await assert.rejects(checkBackup(flipped, KEY), /its part 2 fails its seal: it was altered or damaged/)
  await assert.rejects(restoreInto(target('flipped'), flipped, KEY), BackupDamaged)
  assert.ok(!existsSync(target('flipped')), 'nothing written')

  const cut = (name: string, length: number) => altered(file, name, (bytes) => bytes.subarray(0, length))
  for (const short of [
    await cut('cut-at-a-part', HEADER_BYTES + 2 * SEALED_PART),
    await cut('cut-in-a-part', lastPart - 1000),
    await cut('cut-to-its-last-part', lastPart),
    await cut('header-only', HEADER_BYTES),
  ])
    await assert.rejects(checkBackup(short, KEY), /cut off/, path.basename(short))

  const part = (bytes: Buffer, n: number) =>
    bytes.subarray(HEADER_BYTES + n * SEALED_PART, HEADER_BYTES + (n + 1) * SEALED_PART)
  const swapped = await altered(file, 'swapped', (bytes) =>
    Buffer.concat([
      bytes.subarray(0, HEADER_BYTES),
      part(bytes, 1),
      part(bytes, 0),
      bytes.subarray(HEADER_BYTES + 2 * SEALED_PART),
    ]),
  )
  const dropped = await altered(file, 'dropped', (bytes) =>
    Buffer.concat([bytes.subarray(0, HEADER_BYTES + SEALED_PART), bytes.subarray(HEADER_BYTES + 2 * SEALED_PART)]),
  )
  // The manifest is in the last part: another backup's, sealed with the same key, does not fit.
  const otherBytes = readFileSync(second)
  const otherLast = HEADER_BYTES + (Math.ceil((otherBytes.length - HEADER_BYTES) / SEALED_PART) - 1) * SEALED_PART
  const otherEnd = await altered(file, 'other-end', (bytes) =>
    Buffer.concat([bytes.subarray(0, lastPart), otherBytes.subarray(otherLast)]),
  )
  const otherHeader = await altered(file, 'other-header', (bytes) =>
    Buffer.concat([otherBytes.subarray(0, HEADER_BYTES), bytes.subarray(HEADER_BYTES)]),
  )
  for (const moved of [swapped, dropped, otherEnd, otherHeader]) {
    await assert.rejects(checkBackup(moved, KEY), /fails its seal/, path.basename(moved))
    await assert.rejects(restoreInto(target(path.basename(moved)), moved, KEY), BackupDamaged)
    assert.ok(!existsSync(target(path.basename(moved))), `${path.basename(moved)}: nothing written`)
  }
  // Both backups themselves are whole.
  for (const whole of files) await checkBackup(whole, KEY)
})

it('restores a backup made before backups were encrypted only when asked to, its manifest still checked', async () => {
  const { files, rows } = await embeddedBackups()
  const envelope = await envelopeOf(files[0])
  assert.ok(envelope?.encrypted)
  // What main wrote before: the same tar.gz, unencrypted.
  const older = path.join(work, 'altered', 'yuezi-backup-2026-11-26T150312Z.tar.gz')
  await pipeline(
    createReadStream(files[0], { start: HEADER_BYTES }),
    opening(KEY, envelope.header),
    createWriteStream(older),
  )
  assert.deepEqual((await checkBackup(older, undefined)).tables, rows)
  await assert.rejects(
    restoreInto(target('older-unasked'), older, KEY),
    (error: Error) => error instanceof UnencryptedBackup && /not encrypted/.test(error.message),
  )
  assert.ok(!existsSync(target('older-unasked')), 'nothing written')
  assert.deepEqual((await restoreInto(target('older'), older, undefined, true)).tables, rows)

  // Its manifest changed: its checksum no longer matches, and nothing is written.
  const tar = gunzipSync(readFileSync(older))
  const version = tar.lastIndexOf('"appVersion": "')
  assert.ok(version > 0)
  tar[version + 15] ^= 0x01
  const changed = path.join(work, 'altered', 'manifest-changed.tar.gz')
  await writeFile(changed, gzipSync(tar))
  await assert.rejects(
    restoreInto(target('manifest-changed'), changed, undefined, true),
    /manifest's checksum does not match/,
  )
  assert.ok(!existsSync(target('manifest-changed')), 'nothing written')
})

it('refuses a BACKUP_KEY that is no 32-byte key without showing it, and a server that would back itself up without one', async () => {
  for (const wrong of ['change-me', randomBytes(16).toString('base64'), KEY.toString('hex')]) {
    assert.throws(
      () => loadConfig({ BACKUP_KEY: wrong }),
      (error: Error) =>
        /^BACKUP_KEY must be 32 random bytes in base64/.test(error.message) && !error.message.includes(wrong),
    )
  }
  assert.deepEqual(loadConfig({ BACKUP_KEY: KEY.toString('base64') }).backup.key, KEY)
  assert.equal(loadConfig({}).backup.key, undefined)

  const dataDir = target('no-key-server')
  const { backup } = loadConfig({ DATA_DIR: dataDir, BACKUP_AUTO: '1' })
  await assert.rejects(
    startApp({ databaseUrl: undefined, dataDir, backup }),
    /^Error: Automatic backups are on .*, but BACKUP_KEY is not set/,
  )
  assert.ok(!existsSync(dataDir), 'nothing opened')
})
