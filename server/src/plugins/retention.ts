import fp from 'fastify-plugin'
import type { RetentionConfig } from '../config.js'
import { repeatInBackground } from '../lib/repeating.js'
import { sweepOldLogs } from '../services/retention.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes the access log's and the audit's entries past their retention now; answers how many went. */
    sweepOldLogs(): Promise<{ accessLog: number; audit: number }>
  }
}

/** After start, how soon the first sweep runs (start-up's own work first). */
const FIRST_SWEEP_DELAY_MS = 60_000

/**
 * The access log and the audit kept no longer than the centre's retention: their older entries are
 * deleted a minute after start, then every `sweepHours`. Every instance may sweep; twice is harmless.
 */
export default fp<RetentionConfig>(
  async (app, { accessLogDays, auditDays, sweepHours }) => {
    let running: Promise<unknown> = Promise.resolve()
    const sweep = () => {
      const done = sweepOldLogs(app.db, { accessLogDays, auditDays })
      running = done.catch(() => {})
      return done
    }
    app.decorate('sweepOldLogs', sweep)

    if (sweepHours <= 0) return
    const stop = repeatInBackground(
      app.log,
      FIRST_SWEEP_DELAY_MS,
      sweepHours * 3_600_000,
      async () => {
        const deleted = await sweep()
        if (deleted.accessLog || deleted.audit) app.log.info(deleted, 'deleted the log entries past their retention')
      },
      'could not delete the log entries past their retention',
    )
    app.addHook('preClose', async () => {
      stop()
      await running
    })
  },
  { name: 'retention', dependencies: ['db'] },
)
