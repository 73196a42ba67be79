// Scale section: getFormRecord and customer/index latency with 1k, 100k and 1M form records
// (server/scripts/seedScale.ts tops the database up level by level), with the query plans of the
// statements each endpoint sends: the curve should stay flat because the lists read indexes.
import { startPostgres } from '../lib/postgres.mjs'
import { load, login, ms, PG_PORT_FROM, printTable, run, seconds, startServer, tempDir } from './lib.mjs'
import { BENCH_FORM } from './server.mjs'

const ENDPOINTS = {
  getFormRecord: { route: 'care/index/getFormRecord', body: { name: BENCH_FORM, page: 1, limit: 20 } },
  'customer/index': { route: 'care/customer/index', body: { page: 1, limit: 20 } },
}

/**
 * Tops the database up to `records` form records (and `rooms` rooms, when given); answers
 * seedScale's summary (counts, seconds, plans).
 */
export async function seed(env, records, rooms) {
  const output = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/scripts/seedScale.ts',
      '--records',
      String(records),
      '--form',
      BENCH_FORM,
      ...(rooms ? ['--rooms', String(rooms)] : []),
    ],
    { env },
  )
  return JSON.parse(output.trim().split('\n').at(-1))
}

/** Each level: seed (with the server stopped: PGlite opens in one process only), start, measure, stop. */
async function measureLevels(label, env, levels, options) {
  const results = []
  for (const records of levels) {
    const seeded = await seed(env, records)
    const server = await startServer({ env })
    try {
      const { token } = await login(server.url)
      const runs = {}
      for (const [name, { route, body }] of Object.entries(ENDPOINTS)) {
        runs[name] = await load({ url: server.url, route, body, token, ...options })
      }
      results.push({ label, seeded, runs })
    } finally {
      await server.stop()
    }
  }
  return results
}

/** "Limit ← form_records_site_name_created_idx, customers_pkey (0.8 ms)": the plan's top node, what it reads. */
export function planText(plan) {
  const reads = [...plan.indexes, ...plan.seqScans.map((table) => `Seq Scan ${table}`)]
  return `${plan.top} ← ${reads.join(', ') || '–'} (${ms(plan.ms)})`
}

export async function scaleSection({ quick }) {
  const options = { connections: 50, duration: quick ? 2 : 5 }
  const levels = quick ? [1_000, 10_000] : [1_000, 100_000, 1_000_000]
  const results = await measureLevels('PGlite', { DATA_DIR: tempDir('scale-pglite'), SEED: '1' }, levels, options)
  const pg = await startPostgres({ portFrom: PG_PORT_FROM })
  try {
    const env = { DATABASE_URL: pg.url, DATA_DIR: tempDir('scale-pg'), SEED: '1' }
    results.push(...(await measureLevels('PostgreSQL', env, levels, options)))
  } finally {
    pg.stop()
  }

  const rows = results.map(({ label, seeded, runs }) => [
    label,
    seeded.records,
    seeded.customers,
    seconds(seeded.seconds),
    ...Object.values(runs).flatMap((r) => [Math.round(r.rps), ms(r.p50), ms(r.p99)]),
    Object.values(runs).reduce((n, r) => n + r.failures, 0),
  ])
  printTable(
    `Scale: site 1's form records, ${options.connections} connections, ${options.duration} s an endpoint`,
    [
      'database',
      'records',
      'customers',
      'seeded in',
      'list req/s',
      'p50',
      'p99',
      'customers req/s',
      'p50',
      'p99',
      'failed',
    ],
    rows,
    [
      `list = getFormRecord {name: ${BENCH_FORM}, page 1, limit 20}; customers = customer/index {page 1, limit 20}.`,
      'Records are copies of the demo records of each form over the last year; one customer per 50 records.',
      'seeded in: topping the database up from the level before (server/scripts/seedScale.ts, one INSERT … SELECT).',
    ],
  )
  const plans = results.flatMap(({ label, seeded }) =>
    Object.entries(seeded.plans).flatMap(([endpoint, statements]) =>
      statements.map((plan, i) => [
        `${label} ${seeded.records}`,
        i === 0 ? endpoint : '',
        plan.statement,
        planText(plan),
      ]),
    ),
  )
  printTable(
    'Scale: query plans (EXPLAIN ANALYZE of the SQL each endpoint sends; top node ← indexes read)',
    ['database records', 'endpoint', 'statement', 'plan'],
    plans,
  )
}
