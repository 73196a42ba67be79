// Server section: requests per second and p50/p99 latency at 50 connections of five endpoints, on
// the embedded PGlite and on PostgreSQL, each next to a bare Fastify route measured in the same run.
import { startPostgres } from '../lib/postgres.mjs'
import {
  api,
  DEMO,
  load,
  login,
  MANAGER,
  ms,
  PG_PORT_FROM,
  printTable,
  startBare,
  startServer,
  succeeded,
} from './lib.mjs'

/** The form whose list and save are measured (a care form with a customer, the most used one). */
export const BENCH_FORM = '访客出入登记表'

/** The real server on a fresh demo database: PGlite in a temporary folder, or the given PostgreSQL. */
const demoServer = (databaseUrl) =>
  startServer({ env: { SEED: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } })

/** What a save of the bench form sends: a record of the demo's, as new (the server validates it again). */
export async function saveFormBody(url, token) {
  const { list } = await api(url, 'care/index/getFormRecord', { name: BENCH_FORM, page: 1, limit: 1 }, token)
  const [record] = list
  if (!record) throw new Error(`the demo data has no ${BENCH_FORM} record to copy`)
  return { name: record.name, customer_id: record.customer_id, data: record.data }
}

/** General outbound orders of one unit of a batch in stock each, round the site's batches. */
async function orderBodies(url, token) {
  const [department] = await api(url, 'care/index/departmentList', {}, token)
  const { list: products } = await api(url, 'care/index/productList', { page: 1, limit: 100 }, token)
  const batches = []
  for (const product of products.filter((p) => p.stock > 0)) {
    const found = await api(url, 'care/inoutstore/getProductBatch', { product_id: product.id }, token)
    batches.push(...found.filter((batch) => batch.quantity >= 2))
  }
  if (!batches.length) throw new Error('the demo data has no batch in stock')
  let next = 0
  return () => {
    const batch = batches[next++ % batches.length]
    return {
      type: 'general',
      department_id: department.id,
      items: [{ product_id: batch.product_id, batch_id: batch.id, quantity: 1 }],
    }
  }
}

/**
 * outApply/check: pending orders are made first (outApply/save for half the run's time, measured
 * too), then each connection approves one and reverses it (stock goes back) as the manager (nobody
 * approves her own order), and so on: every
 * check has a pending or approved order to act on, and stock never runs out. `beforeChecks` is
 * told when the checks start.
 */
export async function checkRuns(url, token, { duration, connections }, beforeChecks = () => {}) {
  const nextOrder = await orderBodies(url, token)
  const checker = (await api(url, 'care/account/login_old', MANAGER)).token
  const ids = []
  const save = await load({
    url,
    route: 'care/outApply/save',
    token,
    connections,
    duration: Math.max(2, duration / 2),
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify(nextOrder()) }),
        onResponse: (status, body) => {
          if (status === 200 && succeeded(body)) ids.push(JSON.parse(body).res.id)
        },
      },
    ],
  })
  // One pair a connection first, not counted (when there are orders to spare): the check's
  // statements are prepared on the pool's connections and its code compiled, as every endpoint is
  // warmed up before it is measured. Cold, the first checks had doubled the run's p99.
  const warmUp = ids.length >= connections * 3 ? ids.slice(0, connections) : []
  // Whole pairs per connection, so that no approve misses its order.
  const rest = ids.slice(warmUp.length)
  const orders = rest.slice(0, Math.floor(rest.length / connections) * connections)
  if (!orders.length) throw new Error(`outApply/save made ${ids.length} orders, fewer than ${connections} connections`)
  const checkPairs = (pending) => {
    let taken = 0
    return load({
      url,
      route: 'care/outApply/check',
      token: checker,
      connections,
      amount: pending.length * 2,
      // autocannon's warm-up would use up orders: warmUp above is counted out instead.
      warmUp: false,
      requests: [
        {
          setupRequest: (request, context) => {
            context.id = pending[Math.min(taken++, pending.length - 1)]
            return { ...request, body: JSON.stringify({ id: context.id, approve: true }) }
          },
        },
        {
          setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ id: context.id, reverse: true }) }),
        },
      ],
    })
  }
  if (warmUp.length) await checkPairs(warmUp)
  beforeChecks()
  const check = await checkPairs(orders)
  return { save, check }
}

/** Every endpoint of one database, one after the other. */
async function measureDatabase(label, databaseUrl, options) {
  const server = await demoServer(databaseUrl)
  try {
    const { url } = server
    const { token } = await login(url)
    const runs = {}
    const run = (route, body) => load({ url, route, body, token, ...options })
    runs.login = await load({ url, route: 'care/account/login_old', body: DEMO, ...options })
    runs['customer/index'] = await run('care/customer/index', { page: 1, limit: 20 })
    runs.getFormRecord = await run('care/index/getFormRecord', { name: BENCH_FORM, page: 1, limit: 20 })
    runs.saveForm = await run('care/index/saveForm', await saveFormBody(url, token))
    const { save, check } = await checkRuns(url, token, options)
    runs['outApply/check'] = check
    runs['outApply/save (makes the orders)'] = save
    return { label, runs }
  } finally {
    await server.stop()
  }
}

export async function serverSection({ quick }) {
  const options = { connections: 50, duration: quick ? 3 : 10 }
  // The bare route is measured right before each database's endpoints: the ratio then compares
  // figures taken under the same load of this (shared) machine.
  const measureBare = async () => {
    const bare = await startBare()
    try {
      return await load({ url: bare.url, route: 'bare', ...options })
    } finally {
      await bare.stop()
    }
  }
  const results = [{ bare: await measureBare(), ...(await measureDatabase('PGlite', undefined, options)) }]
  const pg = await startPostgres({ portFrom: PG_PORT_FROM })
  try {
    results.push({ bare: await measureBare(), ...(await measureDatabase('PostgreSQL', pg.url, options)) })
  } finally {
    pg.stop()
  }

  const rows = []
  for (const { label, bare, runs } of results) {
    rows.push(['bare Fastify route', label, Math.round(bare.rps), ms(bare.p50), ms(bare.p99), '1', bare.failures])
    for (const [name, r] of Object.entries(runs)) {
      rows.push([name, label, Math.round(r.rps), ms(r.p50), ms(r.p99), `1/${Math.round(bare.rps / r.rps)}`, r.failures])
    }
  }
  printTable(
    `Server: ${options.connections} connections, ${options.duration} s an endpoint (outApply/check: approve + reverse pairs)`,
    ['endpoint', 'database', 'req/s', 'p50', 'p99', 'vs bare', 'failed'],
    rows,
    [
      "vs bare: the endpoint's req/s as a share of the bare Fastify route's measured just before (1/10 = a tenth).",
      'failed: transport errors, non-2xx and replies that are not {"code":1,…}.',
      'login hashes with argon2 (≈ 33 ms of CPU each, on purpose): its rate is bound by that.',
      'autocannon runs on the same 2 cores as the server and the database.',
    ],
  )
  return results
}
