// `npm run backup`: one backup file of the database and the uploaded files, its path on the last
// line. On the embedded database a running server makes it itself (only it may open the database);
// with none running, this opens the database as it is, without migrating it. On PostgreSQL this
// makes it with pg_dump while the server serves on.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig, type Config } from '../src/config.js'
import { openDatabase } from '../src/db/index.js'
import { checkIntegrity } from '../src/db/integrity.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { askRunningServer } from '../src/plugins/backups.js'
import { commandTranslator } from '../src/plugins/i18n.js'
import {
  BackupKeyMissing,
  DatabaseDamaged,
  makeBackup,
  pruneBackups,
  type Engine,
} from '../src/services/backup/index.js'
import { snapshotPostgres } from '../src/services/backup/postgres.js'
import { openUploadStore } from '../src/services/uploads/index.js'

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, SEED: '0' })
  // PostgreSQL serves this command beside the server: pg_dump reads one snapshot of it.
  if (config.databaseUrl) return backUp(config, 'postgres')
  let fromServer
  try {
    fromServer = await askRunningServer<{ file: string }>(config.dataDir, '/backup')
  } catch (error) {
    console.error((error as Error).message)
    return 1
  }
  if (fromServer) {
    console.log(fromServer.file)
    return 0
  }
  if (!existsSync(path.join(config.dataDir, 'pglite'))) {
    console.error(commandTranslator()('command.backup.noEmbeddedDatabase', { dir: config.dataDir }))
    return 1
  }
  return backUp(config, 'embedded')
}

async function backUp(config: Config, engine: Engine): Promise<number> {
  const database = await openDatabase(config, { migrate: false })
  const uploads = await openUploadStore(config)
  try {
    const snapshot =
      engine === 'postgres'
        ? () => snapshotPostgres(config.databaseUrl as string)
        : (database.snapshot as NonNullable<typeof database.snapshot>)
    // The embedded database is this process's alone: its indexes are checked against their parents too.
    const check = () => checkIntegrity(database.db, { thorough: engine === 'embedded' })
    console.log(await makeBackup({ engine, check, snapshot, uploads }, config.backup.dir, config.backup.key))
    // On PostgreSQL a timer runs this command every day (deploy/yuezi-backup.timer): it also prunes.
    if (engine === 'postgres') await pruneBackups(config.backup.dir, config.backup.keepDays)
    return 0
  } catch (error) {
    if (!(error instanceof DatabaseDamaged || error instanceof BackupKeyMissing)) throw error
    console.error(error.message)
    return 1
  } finally {
    uploads.close?.()
    await database.close()
  }
}

keepFilesPrivate()
process.exitCode = await main()
