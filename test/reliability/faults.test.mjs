// Faults: kill -9 of the server in the middle of a stream of saves and approvals, on PostgreSQL and
// on the embedded PGlite; PostgreSQL going away and coming back under a running server.
// Every save the client saw succeed must be there, whole, once; nothing half-written.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startPostgres } from '../../scripts/lib/postgres.mjs'
import { ROOT, startServer } from '../../scripts/lib/server.mjs'
import { call, formBody, NoReply, ok, printCounts, sleep, staffClient, stockBatches, STREAM_FORMS } from './client.mjs'
import { checkRun, openForChecks } from './records.mjs'

const KILLS = Number(process.env.RELIABILITY_KILLS || 3)
const WORKERS = 4
const serverZh = JSON.parse(readFileSync(path.join(ROOT, 'locales/server/zh-CN.json'), 'utf8'))

/** A small seeded generator, so that a failing run can be repeated with RELIABILITY_SEED. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/**
 * A staff member saving forms and outbound orders and approving the orders, several requests at a
 * time, as fast as the server answers. Its log holds every save it sent by request_id, with the
 * saved id once a reply said so; what got no reply waits in `retry` and is sent again, with the
 * same request_id, until it is answered.
 */
class Stream {
  constructor(client, batches, runId, rnd) {
    Object.assign(this, { client, runId, rnd })
    this.stock = new Map(batches.map((b) => [b.id, { ...b, left: b.quantity }]))
    this.forms = new Map()
    this.orders = new Map()
    this.retry = []
    this.sent = 0
    /** Replies that said code 1. */
    this.answered = 0
    /** Requests sent and not yet answered (or failed). */
    this.inFlight = 0
    /** Requests that got no reply and went back to be sent again. */
    this.retried = 0
  }

  /** The next piece of work: a retry first, else a new save (every third an order, while stock lasts). */
  next() {
    if (this.retry.length) return this.retry.shift()
    const n = this.sent++
    const requestId = `${this.runId}:${n}`
    const items = n % 3 === 2 ? this.takeStock(n) : null
    if (items) {
      const body = {
        type: 'general',
        department_id: this.client.departmentIds[0],
        items,
        remark: `${this.runId} #${n}`,
        request_id: requestId,
      }
      this.orders.set(requestId, { body, id: undefined, approved: false })
      return { kind: 'order', requestId }
    }
    this.forms.set(requestId, {
      body: formBody(this.client, STREAM_FORMS[n % STREAM_FORMS.length], n, requestId),
      id: undefined,
    })
    return { kind: 'form', requestId }
  }

  /** One or two rows of 1–2 units from batches that still have them; null when the stock is spent. */
  takeStock(n) {
    const open = [...this.stock.values()].filter((b) => b.left >= 2)
    if (!open.length) return null
    const rows = [open[n % open.length], open[(n + 1) % open.length]].slice(0, 1 + (n % 2))
    return [...new Set(rows)].map((batch) => {
      const quantity = 1 + Math.floor(this.rnd() * 2)
      batch.left -= quantity
      return { product_id: batch.productId, batch_id: batch.id, quantity }
    })
  }

  /** Sends one piece of work; what gets no reply goes back to `retry`. Any refusal fails the test. */
  async perform(work) {
    const { baseUrl, token } = this.client
    this.inFlight += 1
    try {
      await this.send(work, baseUrl, token)
      this.answered += 1
    } catch (error) {
      if (!(error instanceof NoReply)) throw error
      this.retried += 1
      this.retry.push(work)
    } finally {
      this.inFlight -= 1
    }
  }

  /** One request of the work; throws NoReply when none came. */
  async send(work, baseUrl, token) {
    if (work.kind === 'form') {
      const entry = this.forms.get(work.requestId)
      const reply = await call(baseUrl, 'index/saveForm', entry.body, { token })
      assert.equal(reply.code, 1, `saveForm ${work.requestId}: ${reply.msg}`)
      entry.id = reply.res.id
    } else if (work.kind === 'order') {
      const entry = this.orders.get(work.requestId)
      const reply = await call(baseUrl, 'outApply/save', entry.body, { token })
      assert.equal(reply.code, 1, `outApply/save ${work.requestId}: ${reply.msg}`)
      entry.id = reply.res.id
      this.retry.push({ kind: 'approve', requestId: work.requestId })
    } else {
      const entry = this.orders.get(work.requestId)
      const reply = await call(
        baseUrl,
        'outApply/check',
        { id: entry.id, approve: true },
        { token: this.client.approverToken },
      )
      // A retried approval whose first try went through finds the order approved already.
      if (reply.code === -6)
        assert.equal((await ok(baseUrl, 'outApply/info', { id: entry.id }, { token })).status, 'approved')
      else assert.equal(reply.code, 1, `approve ${work.requestId}: ${reply.msg}`)
      entry.approved = true
    }
  }

  /** WORKERS requests at a time until `until()` says stop (new work allowed) or, when draining, until nothing is left. */
  async run({ until = () => false, drain = false } = {}) {
    const worker = async () => {
      for (;;) {
        if (until()) return
        if (drain && !this.retry.length) return
        await this.perform(this.next())
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker))
  }
}

/** The saves of a stream's log that the client has seen acknowledged, by request_id. */
const acknowledged = (log) => new Map([...log].filter(([, entry]) => entry.id !== undefined))

/**
 * Runs the stream, killing the server KILLS times at random moments (after 15–40 answers, then
 * 0–150 ms, so that requests are under way); then retries what got no reply.
 */
async function streamWithKills(server, client, batches, rnd) {
  const run = `fault-${randomUUID().slice(0, 8)}`
  const stream = new Stream(client, batches, run, rnd)
  let kills = 0
  /** Kills that found requests under way: a kill between requests would prove nothing. */
  let killsInFlight = 0
  for (let phase = 0; phase < KILLS; phase++) {
    let killed = false
    let failure
    const running = stream.run({ until: () => killed || failure }).catch((error) => (failure = error))
    const target = stream.answered + 15 + Math.floor(rnd() * 26)
    const deadline = Date.now() + 60_000
    while (stream.answered < target && !failure) {
      assert.ok(Date.now() < deadline, `the stream stalled at ${stream.answered} answers`)
      await sleep(5)
    }
    if (!failure) await sleep(rnd() * 150)
    if (stream.inFlight > 0) killsInFlight += 1
    await server.kill()
    killed = true
    kills += 1
    await running
    if (failure) throw failure
    await server.restart()
  }
  assert.ok(killsInFlight > 0, 'no kill landed while a request was under way')
  assert.ok(stream.retried > 0, 'no request went unanswered: the kills tested nothing')
  // Everything that got no reply is sent again until it is answered: approvals of orders included.
  await stream.run({ drain: true })
  assert.equal(stream.retry.length, 0)
  assert.ok([...stream.orders.values()].every((o) => o.id !== undefined && o.approved))

  // Saving again what was acknowledged before the kills answers the same record.
  for (const [log, route] of [
    [stream.forms, 'index/saveForm'],
    [stream.orders, 'outApply/save'],
  ]) {
    for (const entry of [...log.values()].slice(0, 3)) {
      assert.equal((await ok(client.baseUrl, route, entry.body, { token: client.token })).id, entry.id, route)
    }
  }
  return { stream, run, kills, killsInFlight }
}

/**
 * The whole fault run on one server; `target` names its database for the checks: PostgreSQL's URL
 * (read while the server runs), or the embedded database's folder (read once it has stopped).
 */
async function faultRun(server, target, { stopBeforeCheck }) {
  const seed = Number(process.env.RELIABILITY_SEED || Date.now() % 1e9)
  const rnd = random(seed)
  const client = await staffClient(server.url)
  const batches = await stockBatches(client)
  assert.ok(batches.length >= 3, 'not enough stock to approve orders from')
  const batchesBefore = new Map(batches.map((b) => [b.id, b.quantity]))
  const { stream, run, kills, killsInFlight } = await streamWithKills(server, client, batches, rnd)
  if (stopBeforeCheck) await server.stop({ keepData: true })
  const db = await openForChecks(target)
  try {
    const forms = acknowledged(stream.forms)
    const orders = acknowledged(stream.orders)
    assert.equal(forms.size + orders.size, stream.sent, `seed ${seed}: every save answered in the end`)
    assert.ok(
      forms.size > 10 && orders.size > 3,
      `seed ${seed}: too few saves to say anything (${forms.size} forms, ${orders.size} orders)`,
    )
    const { checked, lost } = await checkRun(db, { run, forms, orders, batchesBefore })
    console.log(
      `${target.url ? 'PostgreSQL' : 'PGlite'}: ${kills} kills (${killsInFlight} with requests under way, ` +
        `${stream.retried} requests sent again), ${forms.size} records, ${orders.size} orders (seed ${seed})`,
    )
    printCounts({
      faultsInjected: kills,
      killsDuringRequests: killsInFlight,
      requestsRetried: stream.retried,
      recordsChecked: checked,
      recordsLost: lost,
    })
    assert.equal(lost, 0, `seed ${seed}: acknowledged saves lost`)
  } finally {
    await db.close()
  }
}

// The servers killed and restarted on their port listen below the ports Linux gives outgoing
// connections (32768 and up): a client retrying while the server is down could otherwise be given
// the server's port as its own, connect to itself and hold it, and the restart fail on it.
const RESTARTED_PORT_FROM = 30500

describe('on PostgreSQL', () => {
  let pg
  let server
  before(async () => {
    pg = await startPostgres({ portFrom: 57700 })
    server = await startServer({ env: { DATABASE_URL: pg.url, SEED: '1' }, portFrom: RESTARTED_PORT_FROM })
  })
  after(async () => {
    await server?.stop()
    pg?.stop()
  })

  test('kill -9 during saves and approvals: every acknowledged save is there, whole and once', async () => {
    await faultRun(server, { url: pg.url }, { stopBeforeCheck: false })
  })

  test('the database going away answers a clear error at once; the server recovers when it is back', async () => {
    const client = await staffClient(server.url)
    // Idle connections in the pool that will break: the process must survive their errors.
    await Promise.all(Array.from({ length: 8 }, () => client.get('index/getFormRecord', {})))
    const save = formBody(client, '访客出入登记表', 1, `outage-${randomUUID()}`)
    pg.pause()
    try {
      const started = Date.now()
      const replies = await Promise.all([
        call(server.url, 'index/getFormRecord', {}, { token: client.token }),
        call(server.url, 'index/saveForm', save, { token: client.token }),
        call(server.url, 'account/info', {}, { token: client.token }),
        fetch(`${server.url}/api/ready`, { signal: AbortSignal.timeout(30_000) }).then(async (r) => ({
          status: r.status,
          ...(await r.json()),
        })),
      ])
      assert.ok(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms`)
      for (const reply of replies) {
        assert.deepEqual(reply, { status: 503, code: -500, msg: serverZh['error.databaseUnavailable'], res: null })
      }
      const english = await fetch(`${server.url}/api/ready`, { headers: { lang: 'en' } }).then((r) => r.json())
      assert.match(english.msg, /database cannot be reached/)
      // The process itself is up: a load balancer keeps it and waits for it to be ready again.
      assert.equal((await fetch(`${server.url}/api/health`)).status, 200)
    } finally {
      pg.resume()
    }
    printCounts({ faultsInjected: 1 })

    // Back without a restart: the same session saves again, and the save refused during the outage is made once.
    const deadline = Date.now() + 15_000
    while ((await fetch(`${server.url}/api/ready`)).status !== 200) {
      assert.ok(Date.now() < deadline, 'the server did not recover within 15 s')
      await sleep(200)
    }
    const first = await ok(server.url, 'index/saveForm', save, { token: client.token })
    const again = await ok(server.url, 'index/saveForm', save, { token: client.token })
    assert.equal(again.id, first.id)
    const [{ n }] = await openForChecks({ url: pg.url }).then(async (db) => {
      try {
        return await db.query('select count(*)::int as n from form_records where request_id = $1', [save.request_id])
      } finally {
        await db.close()
      }
    })
    assert.equal(n, 1)
  })
})

describe('on the embedded PGlite', () => {
  let server
  before(async () => {
    server = await startServer({ portFrom: RESTARTED_PORT_FROM + 100 })
  })
  after(() => server?.stop())

  test('kill -9 during saves and approvals: every acknowledged save is there, whole and once', async () => {
    await faultRun(server, { dataDir: server.dataDir }, { stopBeforeCheck: true })
  })
})
