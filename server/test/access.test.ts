import assert from 'node:assert/strict'
import { randomBytes, randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Code } from '../src/errors.js'
import { createSession } from '../src/services/auth.js'
import { apiRoutes, assertEnvelope, type ApiRoute, type Envelope } from './apiRoutes.js'
import { addAccount, addSite, call, PNG, startApp, uploadFile, type TestSite } from './helpers.js'
import { changedTables, fillSite, poolName, siteFingerprint, validBody, type SiteData } from './siteData.js'

// Every route (apiRoutes: the app's own list) × every kind of caller that must not get in, or
// must get only its own site: no token, an unknown one, an expired one, a token of another site,
// a token of an account that must change its password first. The bodies refer to site A's rows;
// the other site is B. Nothing of A may come back, and nothing of A may change.

/** Text in A's records and orders: a reply that holds it shows A's data. */
const MARKER = `A站机密-${randomUUID().slice(0, 8)}`
/** Still allowed before the password is changed (auth.ts: allowedBeforePasswordChange). */
const ALLOWED_BEFORE_CHANGE = new Set(['/api/care/account/logout', '/api/care/account/change_pwd'])
const AUTH_CODES: number[] = [Code.TOKEN_MISSING, Code.TOKEN_EXPIRED, Code.MUST_CHANGE_PASSWORD]

let app: FastifyInstance
let routes: ApiRoute[]
let a: SiteData
let b: TestSite
let mustChangeId: number
/** Text of A that no reply to another caller may hold: the marker, A's customers' phones, A's name. */
let secrets: string[]
const counts = { accessCases: 0 }

before(async () => {
  app = await startApp()
  routes = (await apiRoutes(app)).filter((route) => !route.raw)
  b = await addSite(app)
  const mustChange = await addAccount(app, { siteIds: [b.siteId], mustChangePassword: true })
  const first = await call(app, '/api/care/account/login_old', mustChange)
  assert.equal(first.code, Code.MUST_CHANGE_PASSWORD)
  mustChangeId = first.res.userInfo.id
  // login_old and change_pwd bodies carry a wrong password: the matrix changes no password.
  a = await fillSite(
    app,
    await addSite(app),
    { account: mustChange.account, password: 'wrong-pass1' },
    { marker: MARKER },
  )
  const [siteA] = (await call(app, '/api/care/account/siteList', {}, { token: a.site.token })).res
  secrets = [MARKER, siteA.name, ...a.site.customers.map((c) => c.phone)]
})

after(async () => {
  console.log(`RELIABILITY ${JSON.stringify(counts)}`)
  await app.close()
})

type Caller = 'no token' | 'unknown token' | 'expired token' | 'token of another site' | 'must change password'

/** A new token of the caller for each call: a call may end its session (logout). */
async function tokenOf(caller: Caller): Promise<string | undefined> {
  const session = (accountId: number, ttlHours: number) =>
    createSession(app.db, { accountId, siteId: b.siteId, ttlHours })
  switch (caller) {
    case 'no token':
      return undefined
    case 'unknown token':
      return randomBytes(32).toString('base64url')
    case 'expired token':
      return session(b.accountId, -1)
    case 'token of another site':
      return session(b.accountId, 1)
    case 'must change password':
      return session(mustChangeId, 1)
  }
}

/**
 * The bodies a route is called with: two that name A's rows (the first and the last choice of
 * each pick); for a list, the first page of everything it shows and one filtered by A's rows.
 */
function bodiesOf(route: ApiRoute): unknown[] {
  if (route.multipart || route.method === 'GET') return [null]
  if (route.list) {
    const filters = Object.keys(route.body?.properties ?? {}).flatMap(
      (key) => a.pools[poolName(route.url, key) ?? '']?.slice(0, 1).map((id) => [key, id]) ?? [],
    )
    return [{ limit: 100 }, { limit: 100, ...Object.fromEntries(filters) }]
  }
  return [<T>(list: readonly T[]) => list[0], <T>(list: readonly T[]) => list[list.length - 1]].map((pick) =>
    validBody(route, a, pick, 0),
  )
}

async function request(route: ApiRoute, token: string | undefined, body: unknown): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token === undefined ? {} : { token }
  if (route.multipart) return uploadFile(app, 'a.png', PNG, headers, route.url)
  if (route.method === 'GET') return app.inject({ method: 'GET', url: route.url, headers })
  return app.inject({ method: 'POST', url: route.url, payload: body as object, headers })
}

/** Whether the body names a row of A (at any depth). */
function namesRowOfA(url: string, value: unknown): boolean {
  if (!value || typeof value !== 'object') return false
  return Object.entries(value).some(([key, v]) => {
    const pool = a.pools[poolName(url, key) ?? '']
    return (typeof v === 'number' && pool?.includes(v)) || namesRowOfA(url, v)
  })
}

/** The rows a reply lists (its res, its res.list, or its res itself), for their ids. */
function rowsOf(res: unknown): { id?: unknown }[] {
  if (Array.isArray(res)) return res
  const list = (res as { list?: unknown })?.list
  if (Array.isArray(list)) return list
  return res && typeof res === 'object' ? [res] : []
}

/** A reply to a caller of site B: B's own data or a refusal, never A's. */
function assertNothingOfA(route: ApiRoute, sent: unknown, response: LightMyRequestResponse, reply: Envelope) {
  for (const secret of secrets)
    assert.ok(!response.body.includes(secret), `A's ${secret} in ${response.body.slice(0, 300)}`)
  if (reply.code === Code.OK || (route.errEnvelope && reply.code === 0)) {
    const pool = a.pools[poolName(route.url, 'id') ?? ''] ?? []
    for (const row of rowsOf(reply.res))
      assert.ok(!pool.includes(row.id as number), `A's row ${row.id} in ${response.body.slice(0, 300)}`)
    // Naming A's row is not found or refused, unless the id only filters a list (of B's rows).
    assert.ok(route.list || !namesRowOfA(route.url, sent), `granted on A's rows: ${JSON.stringify(sent).slice(0, 300)}`)
  } else {
    const res = reply.res as { errors?: unknown } | null
    assert.ok(res === null || (typeof res === 'object' && 'errors' in res), `a refusal carries ${JSON.stringify(res)}`)
  }
}

const CALLERS: Caller[] = [
  'no token',
  'unknown token',
  'expired token',
  'token of another site',
  'must change password',
]

describe('access to every route', () => {
  for (const caller of CALLERS) {
    it(`${caller}: the right code, and nothing of another site`, async () => {
      const before = await siteFingerprint(app, a.site.siteId)
      for (const route of routes) {
        for (const sent of bodiesOf(route)) {
          const response = await request(route, await tokenOf(caller), sent)
          counts.accessCases++
          const where = `${caller} → ${route.method} ${route.url} ${JSON.stringify(sent)?.slice(0, 200)}: ${response.body.slice(0, 300)}`
          const reply = assertEnvelope(route, response, JSON.stringify(sent) ?? '')
          const expected = expectedCode(route, caller)
          if (expected !== undefined) {
            // The upload's envelope says 401 for both missing and expired sessions (its `err`, which the app reads).
            const code =
              route.errEnvelope && (expected === Code.TOKEN_MISSING || expected === Code.TOKEN_EXPIRED) ? 401 : expected
            assert.equal(reply.code, code, where)
            assert.equal(reply.res, null, where)
          } else {
            assert.ok(!AUTH_CODES.includes(reply.code) && reply.code !== 401, where)
          }
          if (caller === 'token of another site') assertNothingOfA(route, sent, response, reply)
        }
      }
      assert.deepEqual(changedTables(before, await siteFingerprint(app, a.site.siteId)), [], `${caller} changed site A`)
    })
  }
})

/** The code the caller must get from the route, or undefined when the route itself answers (public, allowed, own site). */
function expectedCode(route: ApiRoute, caller: Caller): number | undefined {
  if (route.public || caller === 'token of another site') return undefined
  if (caller === 'no token' || caller === 'unknown token') return Code.TOKEN_MISSING
  if (caller === 'expired token') return Code.TOKEN_EXPIRED
  return ALLOWED_BEFORE_CHANGE.has(route.url) ? undefined : Code.MUST_CHANGE_PASSWORD
}

it('documents as public exactly the routes that answer without a session', () => {
  assert.deepEqual(
    routes
      .filter((route) => route.public)
      .map((route) => route.url)
      .sort(),
    ['/api/care/account/login_old', '/api/health', '/api/pdf/:token', '/api/ready', '/api/sheet/:token'],
  )
})

describe("access to site A's uploaded files", () => {
  it('opens them only through their own link or a session of A, for none of the callers of the matrix', async () => {
    const signed = new URL((await uploadFile(app, 'a.png', PNG, { token: a.site.token })).json().data.url)
    const bare = signed.pathname
    const link = `${bare}${signed.search}`
    const get = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token === undefined ? {} : { token } })
    assert.equal((await get(link)).statusCode, 200)
    assert.equal((await get(bare, a.site.token)).statusCode, 200)

    // A session of its own: the matrix's callers of site B sign its other devices out.
    const bToken = (await tokenOf('token of another site')) as string
    const bLink = new URL((await uploadFile(app, 'b.png', PNG, { token: bToken })).json().data.url).search
    const refused: [string, string, string | undefined][] = [
      ['bare address', bare, undefined],
      ['altered link', link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), undefined],
      ["a link of site B's file", `${bare}${bLink}`, undefined],
      ...(await Promise.all(
        CALLERS.map(async (caller) => [caller, bare, await tokenOf(caller)] as [string, string, string | undefined]),
      )),
    ]
    for (const [what, url, token] of refused) {
      const response = await get(url, token)
      counts.accessCases++
      assert.equal(response.statusCode, 403, what)
      assert.equal(response.json().err, Code.FORBIDDEN, what)
    }
  })
})

it("shows another site's manager none of the access log of a customer of A", async () => {
  // A's staff opens a signed record of A's customer: an entry of A's.
  const [record] = a.pools.record
  assert.equal((await call(app, '/api/care/index/getFormRecordInfo', { id: record }, { token: a.site.token })).code, 1)
  const [customer] = a.site.customers
  const own = await call(app, '/api/care/customer/accessLog', { customer_id: customer.id }, { token: a.site.token })
  assert.ok(own.res.total >= 1)
  // B's staff may read access logs, of B's customers only.
  const bToken = (await tokenOf('token of another site')) as string
  const theirs = await call(app, '/api/care/customer/accessLog', { customer_id: customer.id }, { token: bToken })
  assert.deepEqual({ code: theirs.code, res: theirs.res }, { code: Code.NOT_FOUND, res: null })
})
