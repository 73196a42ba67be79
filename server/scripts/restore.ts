// `npm run restore -- <file>`: fills an empty DATA_DIR, or with DATABASE_URL an empty PostgreSQL
// database (from either engine's backup), and the upload store from a backup file, after
// decrypting it with BACKUP_KEY and checking every byte of it. `--check <file>` only checks it. A
// backup made before backups were encrypted is restored only with `--unencrypted`.
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import {
  BackupDamaged,
  backupIsEncrypted,
  BackupKeyMissing,
  checkBackup,
  restoreBackup,
  RestoreRefused,
  UnencryptedBackup,
  type Manifest,
} from '../src/services/backup/index.js'
import { shownUrl } from '../src/services/backup/postgres.js'
import { openUploadStore } from '../src/services/uploads/index.js'

const USAGE = `Usage: npm run restore -- <backup file>                fills the empty DATA_DIR from it
       npm run restore -- --check <backup file>        only checks it
       npm run restore -- --unencrypted <backup file>  restores one made before backups were encrypted
BACKUP_KEY must be the key the backup was made with.`

const NOT_ENCRYPTED = 'it is not encrypted, a backup made before backups were: nothing proves who made it'

const summary = (manifest: Manifest) =>
  `taken ${manifest.createdAt} by version ${manifest.appVersion}: ` +
  `${Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)} rows in ${Object.keys(manifest.tables).length} tables, ` +
  `${manifest.uploads.length} uploaded files`

async function main(): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      options: { check: { type: 'boolean' }, unencrypted: { type: 'boolean' } },
      allowPositionals: true,
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 1
  }
  const [file, ...rest] = parsed.positionals
  if (!file || rest.length) {
    console.error(USAGE)
    return 1
  }
  const config = loadConfig({ ...process.env, SEED: '0' })
  const key = config.backup.key
  try {
    if (parsed.values.check) {
      console.log(`${file} is whole: ${summary(await checkBackup(file, key))}`)
      if (!(await backupIsEncrypted(file))) console.warn(`Warning: ${NOT_ENCRYPTED}.`)
      return 0
    }
    if (parsed.values.unencrypted && !(await backupIsEncrypted(file)))
      console.warn(`Warning: ${NOT_ENCRYPTED}; restoring it as --unencrypted asks. Back up once the server runs.`)
    const manifest = await restoreBackup(file, {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      openUploads: () => openUploadStore(config),
      key,
      unencrypted: parsed.values.unencrypted,
    })
    const into = config.databaseUrl ? shownUrl(config.databaseUrl) : config.dataDir
    console.log(`Restored ${file} into ${into}: ${summary(manifest)}`)
    return 0
  } catch (error) {
    if (error instanceof BackupDamaged) {
      console.error(`${file} cannot be restored, it is damaged or cut off: ${error.message}. Nothing was written.`)
      return 1
    }
    if (error instanceof BackupKeyMissing) {
      console.error(`${file} cannot be opened: ${error.message}. Nothing was written.`)
      return 1
    }
    if (error instanceof UnencryptedBackup) {
      console.error(
        `${file} was not restored: ${error.message}. If you made it, restore it with --unencrypted. Nothing was written.`,
      )
      return 1
    }
    if (error instanceof RestoreRefused) {
      const fix = config.databaseUrl
        ? 'A restore fills an empty PostgreSQL database only: create one and set DATABASE_URL to it.'
        : 'A restore fills an empty DATA_DIR only: set DATA_DIR to a new folder.'
      console.error(`Refused: ${error.message}. ${fix}`)
      return 1
    }
    if ((error as { code?: string }).code === 'ENOENT') {
      console.error(`${file}: no such file`)
      return 1
    }
    throw error
  }
}

keepFilesPrivate()
process.exitCode = await main()
