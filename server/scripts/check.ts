// `npm run check`: PostgreSQL's checker (amcheck) over every index and table of the install's
// database, then what it found; exits 1 when anything is damaged. On the embedded engine a running
// server runs it (only it may open the database); with none running, this opens the database as it is.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/index.js'
import { checkIntegrity, describeReport, type IntegrityReport } from '../src/db/integrity.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { askRunningServer } from '../src/plugins/backups.js'

async function report(): Promise<IntegrityReport | undefined> {
  const config = loadConfig({ ...process.env, SEED: '0' })
  if (!config.databaseUrl) {
    const fromServer = await askRunningServer<{ report: IntegrityReport }>(config.dataDir, '/check')
    if (fromServer) return fromServer.report
    if (!existsSync(path.join(config.dataDir, 'pglite'))) {
      console.error(`No embedded database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the server's`)
      return undefined
    }
  }
  const database = await openDatabase(config, { migrate: false })
  try {
    // The embedded database is this process's alone: its indexes can be checked against their parents too.
    return await checkIntegrity(database.db, { thorough: !config.databaseUrl })
  } finally {
    await database.close()
  }
}

keepFilesPrivate()
const found = await report()
if (found) console.log(describeReport(found))
process.exitCode = found && found.damage.length === 0 ? 0 : 1
