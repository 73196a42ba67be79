import { createServer, request } from 'node:http'
import { chmod, rm } from 'node:fs/promises'
import path from 'node:path'
import fp from 'fastify-plugin'
import type { BackupConfig } from '../config.js'
import { repeatInBackground } from '../lib/repeating.js'
import { latestBackup, makeBackup, pruneBackups } from '../services/backup/index.js'
import type { UploadStore } from '../services/uploads/store.js'

/**
 * Where `npm run backup` asks the running server for a backup: a socket in DATA_DIR, which only
 * this machine's accounts with access to the folder reach, and no network at all.
 */
export const backupSocket = (dataDir: string) => path.join(dataDir, 'backup.sock')

/**
 * Asks the server running on `dataDir` for `what` over its socket and answers its reply, or
 * undefined when no server answers there; a reply with `error` throws it.
 */
export function askRunningServer<T>(dataDir: string, what: '/backup' | '/check'): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const asked = request({ socketPath: backupSocket(dataDir), method: 'POST', path: what }, (reply) => {
      let text = ''
      reply.setEncoding('utf8')
      reply.on('data', (chunk) => (text += chunk))
      reply.on('end', () => {
        const answer = JSON.parse(text) as T & { error?: string }
        if (answer.error) reject(new Error(`The server could not do ${what}: ${answer.error}`))
        else resolve(answer)
      })
    })
    asked.on('error', (error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(error as Error)
    })
    asked.end()
  })
}

/** After start, how soon a backup that is due (none yet, or the last one too old) is made. */
const FIRST_BACKUP_DELAY_MS = 10_000

export interface BackupsPluginOptions {
  dataDir: string
  backup: BackupConfig
  uploads: UploadStore
}

/**
 * Backups of the embedded database, which only this process may open: on request over the
 * socket, and every `everySeconds` when automatic backups are on. One at a time.
 */
export default fp<BackupsPluginOptions>(
  async (app, { dataDir, backup, uploads }) => {
    const copyDatabase = app.databaseSnapshot
    if (!copyDatabase) return
    // How long requests that need the database waited for the copy (those that need none are answered meanwhile).
    const snapshot = async () => {
      const started = Date.now()
      const copied = await copyDatabase()
      app.log.info({ ms: Date.now() - started }, 'database copied for a backup')
      return copied
    }
    let last = await latestBackup(backup.dir)
    app.log.info(
      last ? { backup: last.file, takenAt: last.at.toISOString() } : { backupDir: backup.dir, automatic: backup.auto },
      last ? 'the last backup' : 'no backup yet',
    )

    let queue: Promise<unknown> = Promise.resolve()
    const backUp = (): Promise<string> => {
      const made = queue.then(async () => {
        const started = Date.now()
        const file = await makeBackup(
          { engine: 'embedded', check: app.checkIntegrity, snapshot, uploads },
          backup.dir,
          backup.key,
        )
        last = { file, at: new Date() }
        app.log.info({ backup: file, ms: Date.now() - started }, 'backup made')
        return file
      })
      queue = made.catch(() => {})
      return made
    }

    const socket = backupSocket(dataDir)
    // A socket left by a server that was killed: the database's lock says no other server runs here.
    await rm(socket, { force: true })
    // POST /backup makes one; POST /check runs the integrity check (npm run check).
    const asked: Record<string, () => Promise<object>> = {
      '/backup': async () => ({ file: await backUp() }),
      '/check': async () => ({ report: await app.checkIntegrity() }),
    }
    const channel = createServer((request, reply) => {
      const answer = request.method === 'POST' ? asked[request.url ?? ''] : undefined
      if (!answer) {
        reply.writeHead(404).end()
        return
      }
      answer().then(
        (body) => reply.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        (err: unknown) => {
          app.log.error({ err }, `${request.url} failed`)
          reply
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: (err as Error).message }))
        },
      )
    })
    // Only the server's own account (and root) may ask.
    await new Promise<void>((resolve, reject) => channel.listen(socket, resolve).once('error', reject))
      .then(() => chmod(socket, 0o600))
      .catch((err: unknown) =>
        app.log.warn({ err, socket }, 'npm run backup cannot reach this server (the daily backups go on)'),
      )

    let stop = () => {}
    if (backup.auto) {
      const every = backup.everySeconds * 1_000
      const due = last ? last.at.getTime() + every - Date.now() : 0
      stop = repeatInBackground(
        app.log,
        Math.max(due, Math.min(every, FIRST_BACKUP_DELAY_MS)),
        every,
        async () => {
          await backUp()
          const deleted = await pruneBackups(backup.dir, backup.keepDays)
          if (deleted.length) app.log.info({ deleted }, 'deleted the backups older than BACKUP_KEEP days')
        },
        'the automatic backup failed',
      )
    }

    // Before the database closes: a backup under way finishes first.
    app.addHook('preClose', async () => {
      stop()
      await new Promise((resolve) => channel.close(resolve))
      await queue
    })
  },
  { name: 'backups', dependencies: ['db', 'integrity'] },
)
