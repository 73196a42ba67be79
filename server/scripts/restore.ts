// `npm run restore -- <file>`: fills an empty DATA_DIR, or with DATABASE_URL an empty PostgreSQL
// database (from either engine's backup), and the upload store from a backup file, after
// decrypting it with BACKUP_KEY and checking every byte of it. `--check <file>` only checks it. A
// backup made before backups were encrypted is restored only with `--unencrypted`.
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { commandTranslator } from '../src/plugins/i18n.js'
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

const t = commandTranslator()
const USAGE = t('command.restore.usage')

const summary = (manifest: Manifest) =>
  t('command.restore.summary', {
    createdAt: manifest.createdAt,
    version: manifest.appVersion,
    rows: Object.values(manifest.tables).reduce((sum, count) => sum + count, 0),
    tables: Object.keys(manifest.tables).length,
    uploads: manifest.uploads.length,
  })

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
      console.log(t('command.restore.whole', { file, summary: summary(await checkBackup(file, key)) }))
      if (!(await backupIsEncrypted(file))) console.warn(t('command.restore.notEncrypted'))
      return 0
    }
    if (parsed.values.unencrypted && !(await backupIsEncrypted(file)))
      console.warn(t('command.restore.restoringUnencrypted'))
    const manifest = await restoreBackup(file, {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      openUploads: () => openUploadStore(config),
      key,
      unencrypted: parsed.values.unencrypted,
    })
    const into = config.databaseUrl ? shownUrl(config.databaseUrl) : config.dataDir
    console.log(t('command.restore.restored', { file, into, summary: summary(manifest) }))
    return 0
  } catch (error) {
    if (error instanceof BackupDamaged) {
      console.error(t('command.restore.damaged', { file, reason: error.message }))
      return 1
    }
    if (error instanceof BackupKeyMissing) {
      console.error(t('command.restore.cannotOpen', { file, reason: error.message }))
      return 1
    }
    if (error instanceof UnencryptedBackup) {
      console.error(t('command.restore.unencrypted', { file, reason: error.message }))
      return 1
    }
    if (error instanceof RestoreRefused) {
      const refused = config.databaseUrl ? 'command.restore.refusedPostgres' : 'command.restore.refusedEmbedded'
      console.error(t(refused, { reason: error.message }))
      return 1
    }
    if ((error as { code?: string }).code === 'ENOENT') {
      console.error(t('command.restore.noSuchFile', { file }))
      return 1
    }
    throw error
  }
}

keepFilesPrivate()
process.exitCode = await main()
