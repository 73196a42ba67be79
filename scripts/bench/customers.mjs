// Customers section: the room board (room/board) of a big centre and her file's timeline
// (customer/timeline) with 1M form records on PostgreSQL, with the query plans of the statements
// each sends (server/scripts/seedScale.ts builds the data, as the scale section does).
import { startPostgres } from '../lib/postgres.mjs'
import { api, load, login, ms, PG_PORT_FROM, printTable, seconds, startBare, startServer, tempDir } from './lib.mjs'
import { planText, seed } from './scale.mjs'

/** A big centre: the board's rooms. */
export const ROOMS = 200
/** What WeChat's browser and phones' browsers send: the server answers them in br. */
const PHONE_ENCODINGS = 'gzip, deflate, br'

/** The room board, and her file's timeline (page 1 of 20) of the mother of the site's first room. */
export async function customersEndpoints(url, token) {
  const [first] = (await api(url, 'care/customer/index', { page: 1, limit: 1 }, token)).list
  return {
    'room/board': { route: 'care/room/board', body: {} },
    'customer/timeline': { route: 'care/customer/timeline', body: { customer_id: first.id, page: 1, limit: 20 } },
  }
}

export async function customersSection({ quick }) {
  const options = { connections: 50, duration: quick ? 2 : 10 }
  const records = quick ? 10_000 : 1_000_000
  const pg = await startPostgres({ portFrom: PG_PORT_FROM })
  try {
    const env = { DATABASE_URL: pg.url, DATA_DIR: tempDir('customers-pg'), SEED: '1' }
    const seeded = await seed(env, records, ROOMS)
    const server = await startServer({ env })
    try {
      const { token } = await login(server.url)
      const endpoints = await customersEndpoints(server.url, token)
      // The bare route right before: this machine's speed moves, the share of bare tells more than a rate.
      const bare = await startBare()
      const base = await load({ url: bare.url, route: 'bare', ...options }).finally(() => bare.stop())
      const rows = [['bare Fastify route', Math.round(base.rps), ms(base.p50), ms(base.p99), '1', base.failures]]
      const runs = Object.entries(endpoints).flatMap(([name, endpoint]) => [
        [name, endpoint, undefined],
        [`${name}, as a phone asks (br)`, endpoint, PHONE_ENCODINGS],
      ])
      for (const [name, { route, body }, acceptEncoding] of runs) {
        const run = await load({ url: server.url, route, body, token, acceptEncoding, ...options })
        rows.push([
          name,
          Math.round(run.rps),
          ms(run.p50),
          ms(run.p99),
          `1/${Math.round(base.rps / run.rps)}`,
          run.failures,
        ])
      }
      printTable(
        `Customers: PostgreSQL, ${seeded.records} form records, ${seeded.customers} customers, ${seeded.rooms} rooms ` +
          `(seeded in ${seconds(seeded.seconds)}), ${options.connections} connections, ${options.duration} s each`,
        ['endpoint', 'req/s', 'p50', 'p99', 'vs bare', 'failed'],
        rows,
        [
          'room/board: every room of site 1 by floor, most in use, some arriving, free or out of service.',
          "customer/timeline {page 1, limit 20}: the first room's mother, her file kept; each read is written to her access log first.",
          'As a phone asks: with its Accept-Encoding, answered compressed (the replies not read back).',
          'Goal: p99 ≤ 50 ms.',
        ],
      )
      printTable(
        'Customers: query plans (EXPLAIN ANALYZE of the SQL each sends; top node ← indexes read)',
        ['endpoint', 'statement', 'plan'],
        ['room/board', 'customer/timeline'].flatMap((endpoint) =>
          seeded.plans[endpoint].map((plan, i) => [i === 0 ? endpoint : '', plan.statement, planText(plan)]),
        ),
      )
    } finally {
      await server.stop()
    }
  } finally {
    pg.stop()
  }
}
