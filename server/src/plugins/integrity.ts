import fp from 'fastify-plugin'
import { checkIntegrity, describeReport, type IntegrityReport } from '../db/integrity.js'
import { repeatInBackground } from '../lib/repeating.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the integrity check now (one at a time) and keeps its report as the latest. */
    checkIntegrity(): Promise<IntegrityReport>
    /** The latest integrity check's report, undefined before the first. */
    lastIntegrityCheck(): IntegrityReport | undefined
  }
}

export interface IntegrityPluginOptions {
  /** Hours between two checks; 0: only when asked (a backup, `npm run check`). */
  everyHours: number
  /** The embedded database, which nobody else writes: its indexes are checked against their parent pages too. */
  thorough: boolean
}

/** After start, how soon the first scheduled check runs (start-up's own work first). */
const FIRST_CHECK_DELAY_MS = 60_000

/**
 * The database checked by PostgreSQL's own checker: every `everyHours`, before each backup, and on
 * request; a damaged index or table is logged as an error and shown to administrators.
 */
export default fp<IntegrityPluginOptions>(
  async (app, { everyHours, thorough }) => {
    let last: IntegrityReport | undefined
    let queue: Promise<unknown> = Promise.resolve()
    const check = () => {
      const done = queue.then(async () => {
        const report = await checkIntegrity(app.db, { thorough })
        last = report
        const { damage, ...counts } = report
        if (damage.length) app.log.error({ ...counts, damage }, describeReport(report).split('\n')[0])
        else app.log.info(counts, 'integrity check clean')
        return report
      })
      queue = done.catch(() => {})
      return done
    }
    app.decorate('checkIntegrity', check)
    app.decorate('lastIntegrityCheck', () => last)

    if (everyHours <= 0) return
    const stop = repeatInBackground(
      app.log,
      FIRST_CHECK_DELAY_MS,
      everyHours * 3_600_000,
      check,
      'the integrity check could not run',
    )
    app.addHook('preClose', async () => {
      stop()
      await queue
    })
  },
  { name: 'integrity', dependencies: ['db'] },
)
