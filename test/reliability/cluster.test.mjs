// Several instances behind one address: three servers started at once on one empty PostgreSQL and
// one S3-compatible object store (scripts/lib/cluster.mjs), used in turn as a load balancer uses
// them. What one instance does, the others see at once; stopping one loses nothing.
// One cluster for the whole file (starting it is the slow part); the SIGTERM test stops an
// instance, so it stays last.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startCluster } from '../../scripts/lib/cluster.mjs'
import { ROOT } from '../../scripts/lib/server.mjs'
import { formBody, login, printCounts, sleep, staffClient, STREAM_FORMS } from './client.mjs'
import { checkRun, openForChecks } from './records.mjs'

const SIZE = 3
/** How long a stopping instance serves on while saying it is not ready (SHUTDOWN_DRAIN_MS). */
const DRAIN_MS = 1_000
/** How often the balancer asks each instance whether it is ready. */
const CHECK_MS = 100
/** Wrong passwords that lock an account out (LOGIN_RATE_MAX), the same for every instance. */
const LOGIN_LIMIT = 5
/** How long each instance answers a session from memory (SESSION_CACHE_SECONDS): far longer than any test here. */
const SESSION_CACHE_SECONDS = 60
/** A 1×1 PNG, as the signature pad uploads one. */
const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * One HTTP request to one instance: answers { status, headers, body } (the body parsed when it is
 * JSON). Throws when no reply came, with the system's code (ECONNREFUSED: nothing was sent).
 */
async function send(baseUrl, pathname, { method = 'POST', body, token, headers = {} } = {}) {
  let response
  try {
    response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        lang: 'zh',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { token } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    })
    const text = await response.text()
    let parsed = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed }
  } catch (error) {
    throw Object.assign(new Error(`${baseUrl}${pathname}: ${error.cause?.code ?? error.message}`), {
      code: error.cause?.code,
    })
  }
}

/**
 * Sends each request to the next instance in rotation, as a load balancer does. An instance leaves
 * the rotation when its readiness check (`watch`) answers 503, or when it refuses a connection (no
 * request reached it: the balancer sends it to the next one, as nginx does). `pending` holds the
 * requests under way, each with the instance it went to.
 */
class Balancer {
  constructor(urls) {
    this.urls = urls
    this.out = new Set()
    this.turn = 0
    this.pending = new Set()
    /** Requests that found an instance gone and went to the next one. */
    this.rerouted = 0
  }

  pick() {
    for (let tries = 0; tries < this.urls.length; tries++) {
      const i = this.turn++ % this.urls.length
      if (!this.out.has(i)) return i
    }
    throw new Error('no instance left in the rotation')
  }

  /** Sends to the next instance; answers the reply with `instance`, the index of the one that answered. */
  async send(pathname, options) {
    for (;;) {
      const request = { instance: this.pick(), replied: false }
      this.pending.add(request)
      try {
        const reply = await send(this.urls[request.instance], pathname, options)
        request.replied = true
        return { ...reply, instance: request.instance }
      } catch (error) {
        if (error.code !== 'ECONNREFUSED') throw error
        this.out.add(request.instance)
        this.rerouted += 1
      } finally {
        this.pending.delete(request)
      }
    }
  }

  /** Asks each instance in the rotation every `intervalMs` whether it is ready; answers a function that stops asking. */
  watch(intervalMs) {
    const timer = setInterval(() => {
      this.urls.forEach((url, i) => {
        if (this.out.has(i)) return
        send(url, '/api/ready', { method: 'GET' }).then(
          (reply) => reply.status === 503 && this.out.add(i),
          () => this.out.add(i),
        )
      })
    }, intervalMs)
    return () => clearInterval(timer)
  }
}

let cluster
let urls
let db

/** The session's user info from one instance. */
const info = (url, token) => send(url, '/api/care/account/info', { body: {}, token })

/** Has every instance read the session (and so keep it), checking that each accepts it. */
async function keptEverywhere(token) {
  for (const url of urls) {
    const reply = await info(url, token)
    assert.equal(reply.body.code, 1, `${url}: ${reply.body.msg}`)
  }
}

/**
 * A staff member of both sites, added by hand as an administrator would (password demo1234, the
 * manager's hash): a test may change or end its sessions, and log in without counting towards the
 * demo accounts' login limit.
 */
async function addStaff() {
  const account = `cluster-${randomUUID().slice(0, 8)}`
  const name = '集群测试员'
  const [{ id }] = await db.query(
    `insert into accounts (account, name, password_hash, default_site_id)
     select $1, $2, password_hash, default_site_id from accounts where account = 'manager' returning id`,
    [account, name],
  )
  await db.query(
    `insert into account_sites (account_id, site_id)
     select $1, site_id from account_sites where account_id = (select id from accounts where account = 'manager')`,
    [id],
  )
  return { id, account, name, password: 'demo1234' }
}
let startSeconds
const counts = { clusterInstances: SIZE, faultsInjected: 0, recordsChecked: 0, recordsLost: 0 }

before(async () => {
  const started = Date.now()
  cluster = await startCluster({
    size: SIZE,
    env: {
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOGIN_RATE_MAX: String(LOGIN_LIMIT),
      SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
    },
    portFrom: 57900,
  })
  startSeconds = (Date.now() - started) / 1000
  urls = cluster.instances.map((instance) => instance.url)
  db = await openForChecks({ url: cluster.databaseUrl })
})

after(async () => {
  printCounts(counts)
  await db?.close()
  await cluster?.stop()
})

describe(`${SIZE} instances on one PostgreSQL`, () => {
  test('started at once on an empty database, they migrate it once and fill in the demo data once', async () => {
    const journal = JSON.parse(readFileSync(path.join(ROOT, 'server/src/db/migrations/meta/_journal.json'), 'utf8'))
    const applied = await db.query(
      'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
    )
    assert.equal(applied.length, journal.entries.length, 'every migration applied')
    assert.deepEqual(
      applied.filter((m) => m.times !== 1),
      [],
      'a migration applied more than once',
    )
    const demo = await db.query(
      `select account, count(*)::int as times from accounts where account in ('demo', 'demo2', 'manager') group by account`,
    )
    assert.deepEqual(
      demo.map((a) => a.times),
      [1, 1, 1],
    )
    assert.equal((await db.query('select count(*)::int as n from sites'))[0].n, 2)
    for (const url of urls) {
      const reply = await send(url, '/api/health', { method: 'GET' })
      assert.equal(reply.body.code, 1, `${url} answers`)
    }
    console.log(`${SIZE} instances started together in ${startSeconds.toFixed(1)} s`)
  })

  test('each instance keeps the sessions it read, and drops one whose account is changed by hand within moments', async () => {
    const staff = await addStaff()
    const token = await login(urls[0], staff.account, staff.password)
    await keptEverywhere(token)
    // Changed with the triggers off for it, nobody is told: every instance still answers what it kept.
    await db.query('begin')
    await db.query('set local session_replication_role = replica')
    await db.query(`update accounts set name = '未告知的名字' where id = $1`, [staff.id])
    await db.query('commit')
    for (const url of urls) assert.equal((await info(url, token)).body.res.name, staff.name, `${url} kept the session`)
    // As anyone with psql would change it: the database tells every instance, a moment after the
    // commit (a change made through an instance is waited for instead: see the tests below).
    await db.query('begin')
    await db.query(`update accounts set name = '改过的名字' where id = $1`, [staff.id])
    await db.query(`update account_sites set can_approve = true where account_id = $1`, [staff.id])
    await db.query('commit')
    const changedAt = Date.now()
    const waited = []
    for (const url of urls) {
      let res
      while (((res = (await info(url, token)).body.res), res.name !== '改过的名字') && Date.now() - changedAt < 2_000)
        await sleep(5)
      assert.deepEqual([res.name, res.can_approve], ['改过的名字', true], url)
      waited.push(Date.now() - changedAt)
    }
    console.log(`a change by hand seen by the three instances after ${waited.join(' / ')} ms`)
  })

  test('a session kept by every instance, logged out through instance 2, is refused at once by instances 1 and 3', async () => {
    const token = await login(urls[0], 'demo', 'demo1234')
    await keptEverywhere(token)
    assert.equal((await send(urls[1], '/api/care/account/logout', { body: {}, token })).body.code, 1)
    for (const url of [urls[0], urls[2]]) {
      const reply = await send(url, '/api/care/customer/index', { body: { limit: 1 }, token })
      assert.equal(reply.body.code, -90001, `${url}: ${reply.body.msg}`)
    }
  })

  test("a password change through instance 1 ends the account's other kept sessions at once on every instance; its own goes on", async () => {
    const staff = await addStaff()
    const current = await login(urls[0], staff.account, staff.password)
    const others = [
      await login(urls[1], staff.account, staff.password),
      await login(urls[2], staff.account, staff.password),
    ]
    for (const token of [current, ...others]) await keptEverywhere(token)
    const changed = await send(urls[0], '/api/care/account/change_pwd', {
      body: { old_password: staff.password, password: 'cluster2024' },
      token: current,
    })
    assert.equal(changed.body.code, 1, changed.body.msg)
    for (const url of urls) {
      for (const token of others) assert.equal((await info(url, token)).body.code, -90001, `${url}: another session`)
      assert.equal((await info(url, current)).body.code, 1, `${url}: the current session`)
    }
  })

  test("a session switched to site 2 through instance 2 answers site 2's data at once on instances 1 and 3", async () => {
    const staff = await addStaff()
    const token = await login(urls[0], staff.account, staff.password)
    await keptEverywhere(token)
    const customersOn = async (url) => {
      const reply = await send(url, '/api/care/customer/index', { body: { limit: 100 }, token })
      assert.equal(reply.body.code, 1, `${url}: ${reply.body.msg}`)
      return reply.body.res.list.map((c) => c.id)
    }
    const siteOne = await customersOn(urls[0])
    const switched = await send(urls[1], '/api/care/account/info', { body: { site_id: 2 }, token })
    assert.equal(switched.body.res.site_id, 2)
    for (const url of [urls[0], urls[2]]) {
      assert.equal((await info(url, token)).body.res.site_id, 2, url)
      const listed = await customersOn(url)
      assert.ok(listed.length > 0, `${url}: site 2 has customers`)
      assert.deepEqual(
        listed.filter((id) => siteOne.includes(id)),
        [],
        `${url}: site 1's customers listed`,
      )
    }
  })

  test('a save retried with the same request_id on another instance makes one record', async () => {
    const client = await staffClient(urls[0])
    const save = (url, body) => send(url, '/api/care/index/saveForm', { body, token: client.token })
    // One after the other: the reply was lost, the app sends it again, the balancer picks another instance.
    const retried = formBody(client, '访客出入登记表', 1, `cluster-retry:${randomUUID()}`)
    const ids = []
    for (const url of urls) {
      const reply = await save(url, retried)
      assert.equal(reply.body.code, 1, reply.body.msg)
      ids.push(reply.body.res.id)
    }
    assert.deepEqual(ids, [ids[0], ids[0], ids[0]])
    // At the same moment on all three (a retry sent while the first is still under way).
    const raced = formBody(client, '家属订餐登记表', 2, `cluster-race:${randomUUID()}`)
    const replies = await Promise.all(urls.map((url) => save(url, raced)))
    assert.deepEqual(
      replies.map((r) => r.body.code),
      [1, 1, 1],
    )
    assert.equal(new Set(replies.map((r) => r.body.res.id)).size, 1)

    for (const { request_id: requestId } of [retried, raced]) {
      const records = await db.query('select id from form_records where request_id = $1', [requestId])
      const audits = await db.query('select id from audit_log where request_id = $1', [requestId])
      assert.equal(records.length, 1, `${requestId}: records`)
      assert.equal(audits.length, 1, `${requestId}: audit rows`)
    }
  })

  test('every reply carries x-request-id, each request has one log line with it, and the audit row holds it', async () => {
    const client = await staffClient(urls[0])
    const seen = new Set()
    for (const [i, url] of urls.entries()) {
      // Generated by the instance, different for every request.
      for (const [pathname, options] of [
        ['/api/health', { method: 'GET' }],
        ['/api/care/customer/index', { body: {} }],
        ['/api/no-such-path', { method: 'GET' }],
      ]) {
        const id = (await send(url, pathname, options)).headers.get('x-request-id')
        assert.match(String(id), UUID, `${url}${pathname}`)
        assert.ok(!seen.has(id), `${id} given twice`)
        seen.add(id)
      }

      // Taken from the proxy in front, and found again in the log and the audit row.
      const requestId = `nginx-${i}-${randomUUID()}`
      const body = formBody(client, '收据遗失证明', i, `cluster-trace:${randomUUID()}`)
      const reply = await send(url, '/api/care/index/saveForm', {
        body,
        token: client.token,
        headers: { 'x-request-id': requestId },
      })
      assert.equal(reply.body.code, 1, reply.body.msg)
      assert.equal(reply.headers.get('x-request-id'), requestId)
      const audits = await db.query('select entity, entity_id, http_request_id from audit_log where request_id = $1', [
        body.request_id,
      ])
      assert.deepEqual(
        audits.map((a) => [a.entity, Number(a.entity_id), a.http_request_id]),
        [['form_records', reply.body.res.id, requestId]],
      )

      await sleep(50) // the line is written once the reply has gone
      const lines = cluster.instances[i]
        .output()
        .split('\n')
        .filter((line) => line.includes(requestId))
      assert.equal(lines.length, 1, `one log line for ${requestId}, got:\n${lines.join('\n')}`)
      const line = JSON.parse(lines[0])
      assert.deepEqual(
        { requestId: line.requestId, method: line.method, url: line.url, status: line.status, msg: line.msg },
        { requestId, method: 'POST', url: '/api/care/index/saveForm', status: 200, msg: 'request' },
      )
      assert.equal(typeof line.ms, 'number')
    }
  })

  test('wrong passwords spread over the three instances lock the account out at the same count as one instance, on all three', async () => {
    const attempt = (url, password) =>
      send(url, '/api/care/account/login_old', { body: { account: 'demo2', password } })
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const reply = await attempt(urls[i % SIZE], `wrong-${i}`)
      assert.equal(reply.body.code, -4, `attempt ${i + 1} on instance ${(i % SIZE) + 1}: ${reply.body.msg}`)
    }
    // Locked out everywhere, even with the right password.
    for (const url of urls) {
      const reply = await attempt(url, 'demo1234')
      assert.equal(reply.body.code, -3, `${url}: ${reply.body.msg}`)
      assert.ok(reply.body.res.retry_after > 0)
    }
  })

  test('a signature uploaded through instance 1 is in the bucket and opens through instances 2 and 3', async () => {
    const client = await staffClient(urls[0])
    const form = new FormData()
    form.append('file', new Blob([SIGNATURE_PNG], { type: 'image/png' }), 'signature.png')
    const reply = await fetch(`${urls[0]}/api/admin/oss/upload`, {
      method: 'POST',
      headers: { token: client.token },
      body: form,
    })
    const { err, data } = await reply.json()
    assert.equal(err, 0)
    const { pathname, search } = new URL(data.url)
    // The server keeps it re-encoded: still a PNG.
    const fromFirst = await fetch(`${urls[0]}${pathname}${search}`)
    assert.equal(fromFirst.status, 200)
    const stored = Buffer.from(await fromFirst.arrayBuffer())
    assert.equal(stored.subarray(0, 8).toString('hex'), '89504e470d0a1a0a')
    // Each other instance serves it through the link instance 1 signed, read from the bucket.
    for (const url of urls.slice(1)) {
      const served = await fetch(`${url}${pathname}${search}`)
      assert.equal(served.status, 200, url)
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), stored, url)
    }
  })

  // Last: it stops instance 2.
  test('SIGTERM to an instance in a burst of saves: it finishes what it was sent, loses no save, and no request gets a connection error', async () => {
    const client = await staffClient(urls[0])
    const balancer = new Balancer(urls)
    const stopWatching = balancer.watch(CHECK_MS)
    const run = `cluster-${randomUUID().slice(0, 8)}`
    const forms = new Map()
    const failures = []
    const answeredBy = [0, 0, 0]
    let n = 0
    let stopping = false

    async function worker() {
      while (!stopping) {
        const i = n++
        const requestId = `${run}:${i}`
        const body = formBody(client, STREAM_FORMS[i % STREAM_FORMS.length], i, requestId)
        forms.set(requestId, { body, id: undefined })
        try {
          const reply = await balancer.send('/api/care/index/saveForm', { body, token: client.token })
          if (reply.body?.code !== 1)
            failures.push(
              `${requestId} on instance ${reply.instance + 1}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`,
            )
          else {
            forms.get(requestId).id = reply.body.res.id
            answeredBy[reply.instance] += 1
          }
        } catch (error) {
          failures.push(`${requestId}: ${error.message}`)
        }
      }
    }
    const workers = Array.from({ length: 6 }, worker)

    await sleep(1_500)
    const victim = 1
    // SIGTERM while the instance has requests under way.
    const deadline = Date.now() + 5_000
    while (![...balancer.pending].some((r) => r.instance === victim) && Date.now() < deadline) await sleep(2)
    const underWay = [...balancer.pending].filter((r) => r.instance === victim)
    const servedBefore = answeredBy[victim]
    const termAt = Date.now()
    await cluster.instances[victim].signal('SIGTERM')
    const exitMs = Date.now() - termAt
    counts.faultsInjected += 1
    await sleep(1_000)
    stopping = true
    await Promise.all(workers)
    stopWatching()

    assert.deepEqual(failures, [], 'requests that failed')
    assert.deepEqual(cluster.instances[victim].exit(), { code: 0, signal: null }, 'the instance exits cleanly')
    assert.ok(underWay.length > 0, 'no request was under way at the SIGTERM')
    assert.ok(
      underWay.every((r) => r.replied),
      'a request under way at the SIGTERM was not answered',
    )
    assert.ok(exitMs >= DRAIN_MS, `exited after ${exitMs} ms, before its ${DRAIN_MS} ms drain`)
    assert.ok(balancer.out.has(victim), 'the stopped instance is out of the rotation')
    assert.ok(answeredBy[0] > 0 && answeredBy[2] > 0, 'the others took the saves')

    // Every save acknowledged is there once, whole; nothing the client was not told of.
    const result = await checkRun(db, { run, forms, orders: new Map(), batchesBefore: new Map() })
    counts.recordsChecked += result.checked
    counts.recordsLost += result.lost
    assert.equal(result.lost, 0, 'saves lost')
    assert.equal(result.checked, forms.size)
    console.log(
      `${forms.size} saves (${answeredBy.join(' / ')} by instance), ${underWay.length} under way at the SIGTERM, ` +
        `${answeredBy[victim] - servedBefore} answered by it after; it exited after ${exitMs} ms; ${balancer.rerouted} refused connections sent on`,
    )
  })
})
