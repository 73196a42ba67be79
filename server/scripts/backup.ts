// `npm run backup`: one backup file of the embedded database and the uploaded files, its path on
// the last line. A running server makes it itself (only it may open the database); with none
// running, this opens the database as it is, without migrating it.
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/index.js'
import { backupSocket } from '../src/plugins/backups.js'
import { makeBackup } from '../src/services/backup/index.js'
import { openUploadStore } from '../src/services/uploads/index.js'

/** The running server's backup, or undefined when no server answers on the socket. */
function askServer(socketPath: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const asked = request({ socketPath, method: 'POST', path: '/backup' }, (reply) => {
      let text = ''
      reply.setEncoding('utf8')
      reply.on('data', (chunk) => (text += chunk))
      reply.on('end', () => {
        const answer = JSON.parse(text) as { file?: string; error?: string }
        if (answer.file) resolve(answer.file)
        else reject(new Error(`The server could not make the backup: ${answer.error}`))
      })
    })
    asked.on('error', (error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(error as Error)
    })
    asked.end()
  })
}

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, SEED: '0' })
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/backups.md)')
    return 1
  }
  const fromServer = await askServer(backupSocket(config.dataDir))
  if (fromServer) {
    console.log(fromServer)
    return 0
  }
  if (!existsSync(path.join(config.dataDir, 'pglite'))) {
    console.error(`No embedded database in ${config.dataDir}: set DATA_DIR to the server's`)
    return 1
  }
  const database = await openDatabase(config, { migrate: false })
  const uploads = await openUploadStore(config)
  try {
    const snapshot = database.snapshot as NonNullable<typeof database.snapshot>
    console.log(await makeBackup({ snapshot, uploads }, config.backup.dir))
    return 0
  } finally {
    uploads.close?.()
    await database.close()
  }
}

process.exitCode = await main()
