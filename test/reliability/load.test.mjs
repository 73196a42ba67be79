// Load: 200 staff sessions at once, saving forms and listing records for RELIABILITY_LOAD_SECONDS
// (default 30) against PostgreSQL. No request may fail, every acknowledged save must be stored
// exactly once, and the server's memory must level off.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, test } from 'node:test'
import { startPostgres } from '../../scripts/lib/postgres.mjs'
import { startServer } from '../../scripts/lib/server.mjs'
import { call, formBody, login, printCounts, rssMb, staffClient, STREAM_FORMS } from './client.mjs'
import { openForChecks } from './records.mjs'

const SESSIONS = 200
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS || 30)
const PASSWORD = 'demo1234'

let pg
let server
before(async () => {
  pg = await startPostgres({ portFrom: 57700 })
  server = await startServer({ env: { DATABASE_URL: pg.url, SEED: '1' }, portFrom: 57500 })
  // Staff of site 1 with demo's password: each session its own account, as at a real centre.
  pg.psql(`
    insert into accounts (account, name, password_hash, default_site_id)
      select 'load-' || i, '压测员工' || i, password_hash, default_site_id from accounts, generate_series(1, ${SESSIONS}) i
      where account = 'demo';
    insert into account_sites (account_id, site_id) select id, default_site_id from accounts where account like 'load-%';`)
})
after(async () => {
  await server?.stop()
  pg?.stop()
})

test(`${SESSIONS} sessions saving and listing for ${SECONDS} s: no errors, no lost or doubled records, memory flat`, async () => {
  const run = `load-${randomUUID().slice(0, 8)}`
  // What every session saves with: the site's customers and departments (one staff member reads them).
  const refs = await staffClient(server.url)
  const tokens = []
  for (let i = 1; i <= SESSIONS; i += 20) {
    tokens.push(
      ...(await Promise.all(Array.from({ length: 20 }, (_, k) => login(server.url, `load-${i + k}`, PASSWORD)))),
    )
  }

  const saved = new Map()
  const errors = []
  let requests = 0
  const deadline = Date.now() + SECONDS * 1000
  /** One person: save a form, look at the list, now and then the records of the customer or a search. */
  async function session(token, s) {
    for (let n = 0; Date.now() < deadline; n++) {
      const client = { ...refs, token }
      const requestId = `${run}:${s}:${n}`
      const body = formBody(client, STREAM_FORMS[(s + n) % STREAM_FORMS.length], s * 7 + n, requestId)
      const lists = [
        ['index/getFormRecord', { page: 1, limit: 20 }],
        ['index/getFormRecord', { customer_id: body.customer_id, page: 1, limit: 20 }],
        ['index/getFormRecord', { name: body.name, keyword: '样例', page: 1, limit: 20 }],
        ['outApply/index', { page: 1, limit: 20 }],
      ]
      for (const [route, payload] of [['index/saveForm', body], lists[n % lists.length]]) {
        requests += 1
        try {
          const reply = await call(server.url, route, payload, { token, timeoutMs: 60_000 })
          if (reply.code !== 1) errors.push(`${route}: ${reply.code} ${reply.msg}`)
          else if (route === 'index/saveForm') saved.set(requestId, reply.res.id)
        } catch (error) {
          errors.push(`${route}: ${error.message}`)
        }
      }
    }
  }

  // The server's memory while it works: after a warm-up, half-way and at the end.
  const pid = server.pid()
  const samples = []
  const sampler = setInterval(() => samples.push({ at: Date.now(), mb: rssMb(pid) }), 1000)
  const started = Date.now()
  await Promise.all(tokens.map((token, s) => session(token, s)))
  clearInterval(sampler)
  const sampleAt = (fraction) => samples.find((s) => s.at - started >= fraction * SECONDS * 1000) ?? samples.at(-1)
  const [warm, middle, end] = [sampleAt(0.2), sampleAt(0.5), samples.at(-1)]
  console.log(
    `${SESSIONS} sessions, ${SECONDS} s: ${requests} requests (${Math.round(requests / SECONDS)}/s), ${saved.size} saves; ` +
      `RSS ${samples[0].mb} MB at start, ${warm.mb} after warm-up, ${middle.mb} half-way, ${end.mb} at the end ` +
      `(every 5 s: ${samples
        .filter((_, i) => i % 5 === 0)
        .map((s) => s.mb)
        .join(' ')})`,
  )
  assert.deepEqual(errors.slice(0, 10), [], `${errors.length} errors`)

  // Every acknowledged save is stored once, as the record the reply named; nothing else was made.
  const db = await openForChecks({ url: pg.url })
  let rows
  try {
    rows = await db.query(`select id, request_id from form_records where request_id like $1`, [`${run}:%`])
  } finally {
    await db.close()
  }
  const stored = new Map(rows.map((r) => [r.request_id, Number(r.id)]))
  assert.equal(rows.length, stored.size, 'two records with one request_id')
  const lost = [...saved].filter(([requestId, id]) => stored.get(requestId) !== id).length
  assert.equal(lost, 0, 'acknowledged saves missing')
  assert.equal(stored.size, saved.size, 'records nobody was told of')
  printCounts({ recordsChecked: saved.size, recordsLost: lost, loadRequests: requests })

  // A leak grows with the work done; garbage collection only wobbles.
  assert.ok(end.mb <= warm.mb * 1.5 + 50, `RSS grew from ${warm.mb} MB after warm-up to ${end.mb} MB`)
})
