// `npm run move-to-postgres -- --to <postgresql://…>`: a centre on the embedded database moves to
// an empty PostgreSQL database, with the server stopped. A backup first (after the integrity check;
// it is kept), restored into PostgreSQL and its row counts compared, the uploads checked where they
// stay (DATA_DIR/uploads or the bucket), PostgreSQL's integrity checked; then .env's DATABASE_URL.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/index.js'
import { checkIntegrity, describeReport } from '../src/db/integrity.js'
import { setInstallSetting } from '../src/lib/installSettings.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { askRunningServer } from '../src/plugins/backups.js'
import {
  DatabaseDamaged,
  makeBackup,
  NO_BACKUP_KEY,
  restoreBackup,
  RestoreRefused,
} from '../src/services/backup/index.js'
import { shownUrl } from '../src/services/backup/postgres.js'
import { openUploadStore } from '../src/services/uploads/index.js'

const USAGE = 'Usage: npm run move-to-postgres -- --to <postgresql://user:password@host:5432/database>'

async function main(): Promise<number> {
  let to: string | undefined
  try {
    to = parseArgs({ options: { to: { type: 'string' } } }).values.to
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 1
  }
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(USAGE)
    return 1
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: '', SEED: '0' })
  if (!existsSync(path.join(config.dataDir, 'pglite'))) {
    console.error(`No embedded database in ${config.dataDir}: set DATA_DIR to the server's`)
    return 1
  }
  // The move goes through a backup, which is encrypted.
  if (!config.backup.key) {
    console.error(`${NO_BACKUP_KEY}\nNothing was moved.`)
    return 1
  }
  if (await askRunningServer(config.dataDir, '/check')) {
    console.error('The server is running on this DATA_DIR: stop it first (systemctl stop yuezi), then move.')
    return 1
  }

  // The embedded database brought up to this version's schema, which PostgreSQL gets too.
  const embedded = await openDatabase(config)
  let file: string
  try {
    const uploads = await openUploadStore(config)
    try {
      const snapshot = embedded.snapshot as NonNullable<typeof embedded.snapshot>
      const check = () => checkIntegrity(embedded.db, { thorough: true })
      file = await makeBackup({ engine: 'embedded', check, snapshot, uploads }, config.backup.dir, config.backup.key)
    } finally {
      uploads.close?.()
    }
  } catch (error) {
    if (!(error instanceof DatabaseDamaged)) throw error
    console.error(`${error.message}\nNothing was moved.`)
    return 1
  } finally {
    await embedded.close()
  }
  console.log(`Backed up the embedded database: ${file}`)

  let manifest
  try {
    manifest = await restoreBackup(file, {
      dataDir: config.dataDir,
      databaseUrl: to,
      openUploads: () => openUploadStore(config),
      key: config.backup.key,
    })
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error
    console.error(`Refused: ${error.message}. Create an empty database for the centre and name it with --to.`)
    return 1
  }
  const moved = await openDatabase({ databaseUrl: to, dataDir: config.dataDir }, { migrate: false })
  try {
    const report = await checkIntegrity(moved.db)
    console.log(describeReport(report))
    if (report.damage.length) return 1
  } finally {
    await moved.close()
  }

  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)
  console.log(
    `Moved ${rows} rows in ${Object.keys(manifest.tables).length} tables, every count as the backup's, and ` +
      `${manifest.uploads.length} uploaded files (checked where they are) to ${shownUrl(to)}.`,
  )
  const envFile = process.env.INSTALL_ENV_FILE
  if (envFile) {
    await setInstallSetting(envFile, 'DATABASE_URL', to)
    console.log(`${envFile} now names it (DATABASE_URL): start the server, it runs on PostgreSQL.`)
  } else console.log(`Set DATABASE_URL=${shownUrl(to)} (with its password) for the server, then start it.`)
  console.log(
    `The embedded folder ${path.join(config.dataDir, 'pglite')} is left as it was: delete it once all is well.`,
  )
  return 0
}

keepFilesPrivate()
process.exitCode = await main()
