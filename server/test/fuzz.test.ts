import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { findSession, hashToken } from '../src/repositories/sessions.js'
import { createSession } from '../src/services/auth.js'
import { apiRoutes, assertEnvelope, type ApiRoute } from './apiRoutes.js'
import { addAccount, addSite, call, PNG, startApp } from './helpers.js'
import { changedTables, fillSite, picker, poolName, siteFingerprint, validBody, type SiteData } from './siteData.js'

// Property-based fuzz of every API route (apiRoutes: the app's own list): random and malformed
// bodies, one field of a valid body replaced by a hostile value, broken JSON, wrong content types
// and methods, missing and forged tokens, query strings, multipart garbage. Every reply must be an
// envelope with a readable message and no internal error, the server must keep answering, and a
// refused call must leave the database as it was. FUZZ_SEED replays a run; FUZZ_CASES sizes it.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122)
const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 10_000)
const UPLOAD_MAX_BYTES = 64 * 1024

const counts = { casesTried: 0, refusedCallsChecked: 0 }

let app: FastifyInstance
let routes: ApiRoute[]
/** The fuzz's own site, whose staff member (site.token) calls every route. */
let data: SiteData
let uploadDir: string
/** An account of the site whose sessions the session-ending routes (logout, change_pwd) use up; data.login is its password. */
let victimId: number
/** The rows made before the fuzz, which the delete routes leave to the other routes. */
const reserved = new Map<number[], Set<number>>()
/** Tokens that must not open a session, made before the fuzz: see forgedToken. */
const forged: Record<string, string> = {}

// On PostgreSQL the database is shared with the other test files: uploads go to a folder of this
// file's own, so that its count of stored files is its own. PGlite (scripts/test.sh's DATA_DIR) is
// opened by one file at a time.
const ownDataDir =
  process.env.DATABASE_URL || !process.env.DATA_DIR ? mkdtempSync(path.join(os.tmpdir(), 'yuezi-fuzz-')) : undefined

before(async () => {
  app = await startApp({ uploadMaxBytes: UPLOAD_MAX_BYTES, ...(ownDataDir && { dataDir: ownDataDir }) })
  routes = await apiRoutes(app)
  uploadDir = path.join(ownDataDir ?? process.env.DATA_DIR!, 'uploads')
  const site = await addSite(app)
  const victim = await addAccount(app, { siteIds: [site.siteId] })
  victimId = (await call(app, '/api/care/account/login_old', victim)).res.userInfo.id
  data = await fillSite(app, site, victim, { orders: 8 })
  for (const pool of Object.values(data.pools)) reserved.set(pool, new Set(pool))

  forged['hash-of-session'] = hashToken(site.token)
  // Of the fuzz's own account, whose sessions no case ends (the victim's change_pwd ends the victim's).
  const own = { accountId: site.accountId, siteId: site.siteId }
  forged['logged-out'] = await createSession(app.db, { ...own, ttlHours: 1 })
  await call(app, '/api/care/account/logout', {}, { token: forged['logged-out'] })
  forged.expired = await createSession(app.db, { ...own, ttlHours: -1 })
  console.log(
    `fuzz seed ${SEED}: FUZZ_SEED=${SEED} replays this run; ${TOTAL_CASES} cases over ${routes.length} routes`,
  )
})

after(async () => {
  console.log(`RELIABILITY ${JSON.stringify(counts)}`)
  await app.close()
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true })
})

/** The valid body of a case, built when it runs so that it refers to what exists then; a delete route takes the fuzz's own rows. */
function validBodyOf(route: ApiRoute, numbers: number[]) {
  const name = poolName(route.url, 'id')
  const pool = name && data.pools[name]
  if (!pool || !/del/i.test(route.url.split('/').pop()!)) return validBody(route, data, picker(numbers), numbers[0])
  // When none is left: an id that does not exist.
  const own = [...pool.filter((id) => !reserved.get(pool)?.has(id)), 2 ** 31]
  return validBody(route, data, picker(numbers), numbers[0], { ...data.pools, [name]: own })
}

/** Keeps the pools to what exists: a save adds its row, a delete takes its row out. */
function updatePools(url: string, body: unknown, res: unknown) {
  const pool = data.pools[poolName(url, 'id') ?? '']
  const action = url.split('/').pop()!
  const saved = (res as { id?: unknown } | null)?.id
  if (pool && /save/i.test(action) && typeof saved === 'number' && !pool.includes(saved)) pool.push(saved)
  const at = pool && /del/i.test(action) ? pool.indexOf((body as { id: number }).id) : -1
  if (at >= 0) pool!.splice(at, 1)
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 'A'.repeat(1_000_000) // 1 MB: just under the body limit, so it reaches the handlers
const HUGE_WIDE = '汉'.repeat(400_000) // 1.2 MB of UTF-8: over the limit
const nest = (depth: number, leaf: unknown) => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}
const DEEP = nest(1000, 'x')
const DEEP_TEXT = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
/** A key that makes the JSON parser look through the whole body for prototype pollution. */
const DEEP_WITH_CONSTRUCTOR = `{"constructor":1,"a":${'{"b":'.repeat(20_000)}1${'}'.repeat(20_000)}}`
const PROTO = JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  minLength: 1,
})
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      HUGE,
      HUGE_WIDE,
      DEEP,
      "'; DROP TABLE customers; --",
      "1' OR '1'='1",
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '\u202Eفارسی\u202D עברית',
      '👩‍👩‍👧‍👦🏳️‍🌈',
      '\uD800',
      '\u0000',
      '%00%ff',
      '../../etc/passwd',
      '${7*7}{{7*7}}',
      'toString',
      '__proto__',
      'constructor',
      '',
      ' \t\n',
      'null',
      'NaN',
      '1e309',
      '2024-02-30',
      '9999-12-31',
      -1,
      0,
      -0,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      true,
      null,
      [],
      {},
      [1, 2, 3],
      { $gt: '' },
      PROTO,
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
)

const MALFORMED_TEXT = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  '{"a":1}{"b":2}',
  'NaN',
  'undefined',
  '\uFEFF{}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"page":1e99999}',
  '"text"',
  '12345678901234567890123',
  'null',
  '[]',
  '',
  ' ',
  JSON.stringify(PROTO),
  DEEP_TEXT,
  DEEP_WITH_CONSTRUCTOR,
]

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data; boundary=zzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/json',
  '*/*',
]

// ---------------------------------------------------------------------------------------------
// Cases

/** How the case calls: the route's own session, none, or a forged one. */
type TokenChoice = { kind: 'session' } | { kind: 'none' } | { kind: 'forged'; value: string | string[]; expect: number }

interface FuzzCase {
  kind: string
  method: string
  /** Numbers from which the valid body is built (see picker). */
  numbers: number[]
  /** What is done to the valid body. */
  mutate?: { op: 'set' | 'delete' | 'add'; at: number; key: string; value: unknown; field?: string }
  /** A body instead of the valid one. */
  body?: unknown
  /** A payload sent as is (then contentType says what it claims to be). */
  raw?: string | Buffer
  contentType?: string | null
  query?: string
  token: TokenChoice
  lang?: string
}

const base64url = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 43,
  maxLength: 43,
})
const headerText = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
})
const FORGED = 'forged'
/** Tokens that must not open a session: unknown, malformed, a hash of a real one, ended or expired ones. */
const forgedToken: fc.Arbitrary<TokenChoice> = fc.oneof(
  fc
    .oneof(base64url, headerText, fc.constantFrom('', ' ', 'null', 'undefined', 'Bearer x', 'a'.repeat(10_000)))
    .map((value) => ({ kind: FORGED, value, expect: -90001 }) as const),
  fc.constantFrom<TokenChoice>(
    { kind: FORGED, value: 'hash-of-session', expect: -90001 },
    { kind: FORGED, value: 'logged-out', expect: -90001 },
    { kind: FORGED, value: 'expired', expect: -90002 },
    { kind: FORGED, value: ['two', 'tokens'], expect: -90001 },
  ),
)
const numbers = fc.array(fc.nat(), { minLength: 6, maxLength: 6 })
const langs = fc.constantFrom(undefined, 'zh', 'en', 'en-US', 'EN', 'fr', '', 'zh-CN;q=0.9')
const session: TokenChoice = { kind: 'session' }

function casesOf(route: ApiRoute): fc.Arbitrary<FuzzCase> {
  const own = route.method
  const wrongMethods = fc.constantFrom(...['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].filter((m) => m !== own))
  const tokens = route.public ? fc.constantFrom<TokenChoice>(session, { kind: 'none' }) : fc.constant(session)
  const common = { numbers, token: tokens, lang: langs }
  const record = <T extends object>(kind: string, extra: T) =>
    fc.record({ ...common, ...extra, kind: fc.constant(kind), method: fc.constant(own) })
  const query = fc.oneof(
    fc
      .dictionary(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 40 }), { maxKeys: 4 })
      .map((q) => `?${new URLSearchParams(q)}`),
    fc.constantFrom(
      '?%',
      '?a=%E0%A4%A',
      '?__proto__[x]=1&constructor[prototype][y]=2',
      `?q=${'a'.repeat(100_000)}`,
      '?a=1&a=2&a=3',
    ),
  )
  const mutation = fc.record({
    op: fc.constantFrom('set', 'set', 'delete', 'add'),
    at: fc.nat(),
    key: fc.string({ maxLength: 30 }),
    value: hostile,
  })

  const shared: fc.WeightedArbitrary<FuzzCase>[] = [
    { weight: 1, arbitrary: record('wrong method', {}).chain((c) => wrongMethods.map((method) => ({ ...c, method }))) },
    { weight: route.public ? 0 : 2, arbitrary: record('forged token', { token: forgedToken }) },
  ]
  if (route.method === 'GET') {
    return fc.oneof(...shared, { weight: 8, arbitrary: record('query', { query }) })
  }
  if (route.multipart) {
    return fc.oneof(
      ...shared,
      {
        weight: 2,
        arbitrary: record('valid upload', {
          raw: fc.constantFrom(...['a.png', '签名.png', 'b.JPG'].map(upload)),
          contentType: fc.constant(MULTIPART),
        }),
      },
      { weight: 8, arbitrary: record('multipart garbage', { raw: multipartPayload, contentType: multipartType }) },
    )
  }
  return fc.oneof(
    ...shared,
    { weight: 4, arbitrary: record('valid', {}) },
    { weight: 7, arbitrary: record('one field hostile', { mutate: mutation }) },
    { weight: 2, arbitrary: record('random JSON', { body: fc.oneof(fc.jsonValue({ maxDepth: 4 }), hostile) }) },
    {
      weight: 1,
      arbitrary: record('random object', {
        body: fc.dictionary(fc.string({ maxLength: 20 }), hostile, { maxKeys: 5 }),
      }),
    },
    {
      weight: 2,
      arbitrary: record('malformed JSON', {
        raw: fc.oneof(
          fc.constantFrom(...MALFORMED_TEXT),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
        ),
        contentType: fc.constant('application/json'),
      }),
    },
    {
      weight: 1,
      arbitrary: record('truncated JSON', { contentType: fc.constant('application/json'), raw: fc.constant(TRUNCATE) }),
    },
    { weight: 2, arbitrary: record('wrong content type', { contentType: fc.constantFrom(...CONTENT_TYPES, null) }) },
    { weight: 1, arbitrary: record('query on POST', { query }) },
  )
}
/**
 * Cases every run tries first, whatever the seed: each field of the route's body set to a value
 * that once broke a route (an Object method's name as a form name, a string the validator turns
 * into Infinity, an id beyond bigint, a NUL character).
 */
const CLASSICS: unknown[] = ['toString', '1e309', 2 ** 64, 'a\u0000b']
function examplesOf(route: ApiRoute): [FuzzCase][] {
  if (route.method !== 'POST' || route.multipart) return []
  return Object.keys(route.body?.properties ?? {}).flatMap((field) =>
    CLASSICS.map((value): [FuzzCase] => [
      {
        kind: 'classic',
        method: 'POST',
        numbers: [0],
        token: session,
        mutate: { op: 'set', at: 0, key: field, value, field },
      },
    ]),
  )
}

/** Marks a case whose payload is the valid body's JSON cut short (where: its first number). */
const TRUNCATE = '\u0000truncate'

// Multipart: the upload route's own garbage.
const BOUNDARY = 'fuzzboundary'
const JPG = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(40, 1)])
const part = (headers: string, content: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')])
const closing = Buffer.from(`--${BOUNDARY}--\r\n`)
const fileHeaders = (name: string, field = 'file') =>
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png`
const upload = (name: string) => Buffer.concat([part(fileHeaders(name), name.endsWith('JPG') ? JPG : PNG), closing])
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`
const multipartPayload: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom('../x.png', 'x.png\u0000.txt', '', 'a'.repeat(5000) + '.png', '"quoted".png', 'x.gif')
    .map((name) => Buffer.concat([part(fileHeaders(name), PNG), closing])),
  fc.string({ unit: 'binary', maxLength: 80 }).map((name) => Buffer.concat([part(fileHeaders(name), PNG), closing])),
  fc
    .uint8Array({ maxLength: 500 })
    .map((bytes) => Buffer.concat([part(fileHeaders('r.png'), Buffer.from(bytes)), closing])),
  fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    Buffer.concat([part(fileHeaders('a.png'), PNG), part(fileHeaders('b.png'), PNG), closing]),
    Buffer.concat([part('Content-Disposition: form-data; name="other"', 'x'), closing]),
    Buffer.concat([part(fileHeaders('a.png', 'other'), PNG), closing]),
    Buffer.concat([part(fileHeaders('big.png'), Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)])), closing]),
    part(fileHeaders('cut.png'), PNG),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
    Buffer.concat([part('X-Nothing: here', PNG), closing]),
    closing,
    Buffer.alloc(0),
  ),
)
const multipartType = fc.constantFrom(
  MULTIPART,
  MULTIPART,
  'multipart/form-data',
  'multipart/form-data; boundary=other',
  'application/json',
  'text/plain',
)

/**
 * The valid body with the case's mutation: a field set to a hostile value, removed, or added, at
 * the top or deeper (form data, item rows, lists of choices), as the case's `at` says.
 */
function bodyOf(route: ApiRoute, c: FuzzCase): unknown {
  if (c.body !== undefined) return c.body
  const body = validBodyOf(route, c.numbers)
  if (!c.mutate) return body
  const { op, key: newKey, value, field } = c.mutate
  if (field !== undefined) return { ...body, [field]: value }
  let target: Record<string, unknown> | unknown[] = body
  let at = c.mutate.at
  for (let depth = 0; depth < 4 && at % 3 === 0; depth++) {
    const children = Object.values(target).filter(
      (child): child is object => child !== null && typeof child === 'object',
    )
    if (!children.length) break
    at = Math.floor(at / 3)
    target = children[at % children.length] as typeof target
  }
  if (Array.isArray(target)) {
    if (op === 'add' || !target.length) target.push(value)
    else if (op === 'delete') target.splice(at % target.length, 1)
    else target[at % target.length] = value
    return body
  }
  const keys = Object.keys(target === body ? { ...body, ...route.body?.properties } : target)
  const key = op === 'add' || !keys.length ? newKey : keys[at % keys.length]
  if (op === 'delete') delete target[key]
  else target[key] = value
  return body
}

// ---------------------------------------------------------------------------------------------
// What a refused call must not change: every row of the fuzz site (siteFingerprint), and the files stored.

async function fingerprint(): Promise<Record<string, string>> {
  return { ...(await siteFingerprint(app, data.site.siteId)), uploadedFiles: String(readdirSync(uploadDir).length) }
}

// ---------------------------------------------------------------------------------------------
// Running a case

/**
 * Refused calls are checked in batches: the fingerprint before a batch and after it must be equal
 * unless a call of the batch was granted. A route seen writing has its valid cases (the ones likely
 * to be granted) run alone, so that the refused calls around them are still checked.
 */
const BATCH = 16
const batch = { refused: 0, granted: 0, cases: [] as string[] }
let print: Record<string, string>
let writes = false

async function settle(): Promise<void> {
  if (!batch.cases.length) return
  const now = await fingerprint()
  const changed = changedTables(print, now)
  if (!changed.length) counts.refusedCallsChecked += batch.refused
  else if (!batch.granted) {
    assert.fail(
      `a refused call changed ${changed.join(', ')}; the calls since the last check:\n  ${batch.cases.join('\n  ')}`,
    )
  } else writes = true
  print = now
  Object.assign(batch, { refused: 0, granted: 0, cases: [] })
}

/**
 * Routes that end the session they are called with (logout) or the account's other sessions
 * (change_pwd, signing out the other devices): they run on sessions of the victim, made ahead in
 * bulk (a write of the test's own, so between two checks) and used until one has ended.
 */
const SESSION_ENDING = new Set([
  '/api/care/account/logout',
  '/api/care/account/change_pwd',
  '/api/care/account/sessions/end',
])
const victimTokens: string[] = []

async function sessionFor(route: ApiRoute): Promise<string> {
  if (!SESSION_ENDING.has(route.url)) return data.site.token
  while (victimTokens.length && !(await findSession(app.db, victimTokens[0]))) victimTokens.shift()
  if (!victimTokens.length) {
    await settle()
    for (let i = 0; i < 20; i++)
      victimTokens.push(await createSession(app.db, { accountId: victimId, siteId: data.site.siteId, ttlHours: 1 }))
    print = await fingerprint()
  }
  return victimTokens[0]
}

async function tokenFor(route: ApiRoute, choice: TokenChoice): Promise<string | string[] | undefined> {
  if (choice.kind === 'none') return undefined
  if (choice.kind === 'session') return sessionFor(route)
  return typeof choice.value === 'string' && choice.value in forged ? forged[choice.value] : choice.value
}

/** Every string of a value (keys included), which a message may quote back. */
const stringsOf = (value: unknown, depth = 0): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object' && depth < 50
      ? Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v, depth + 1)])
      : []

async function runCase(route: ApiRoute, c: FuzzCase): Promise<void> {
  const token = await tokenFor(route, c.token)
  const body = bodyOf(route, c)
  let payload: string | Buffer | undefined
  if (c.raw === TRUNCATE)
    payload = JSON.stringify(body).slice(0, c.numbers[0] % Math.max(1, JSON.stringify(body).length))
  else if (c.raw !== undefined) payload = c.raw
  else if (route.method === 'POST' || c.method !== 'GET') payload = JSON.stringify(body)
  const headers: Record<string, string | string[]> = {}
  if (token !== undefined) headers.token = token
  if (c.lang !== undefined) headers.lang = c.lang
  const contentType =
    c.contentType === undefined
      ? payload === undefined || route.multipart
        ? undefined
        : 'application/json'
      : c.contentType
  if (contentType !== null && contentType !== undefined) headers['content-type'] = contentType
  const method = c.method as 'GET'
  const isolate = writes && c.kind.startsWith('valid')
  if (isolate) await settle()
  const response = await app.inject({
    method,
    url: route.url + (c.query ?? ''),
    payload: method === 'GET' ? undefined : payload,
    headers,
  })
  counts.casesTried++

  const described = () =>
    `${c.kind}: ${method} ${route.url}${(c.query ?? '').slice(0, 80)} token=${String(headers.token ?? '').slice(0, 50)} ` +
    `type=${headers['content-type']} body=${String(payload ?? '').slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`
  try {
    if (method !== route.method) {
      assert.equal(response.statusCode, 404)
      assert.equal(assertEnvelope({ ...route, errEnvelope: false }, response).code, -2)
    } else if (route.raw) {
      assert.equal(response.statusCode, 200)
      assert.equal(typeof response.json().openapi, 'string')
    } else {
      const sent = [String(payload ?? ''), c.query ?? '', ...stringsOf(body)].join('\n')
      const envelope = assertEnvelope(route, response, sent)
      if (c.token.kind === FORGED) assert.equal(envelope.code, route.errEnvelope ? 401 : c.token.expect)
      const granted = route.errEnvelope
        ? envelope.code === 0
        : envelope.code === 1 || Boolean((envelope.res as { token?: string })?.token)
      if (granted) {
        if (route.url.endsWith('/change_pwd')) data.login.password = (body as { password: string }).password
        updatePools(route.url, body, envelope.res)
      }
      batch[granted ? 'granted' : 'refused']++
    }
    batch.cases.push(described().slice(0, 600))
    if (isolate || batch.cases.length >= BATCH) await settle()
  } catch (error) {
    throw new Error(`${(error as Error).message}\n  case ${described()}`, { cause: error })
  }
}

/** A seed per route, so that one route's run can be replayed alone. */
const seedOf = (url: string) => [...url].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED)

describe('fuzz of every API route', () => {
  it('answers every case with an envelope, keeps running, and a refused call writes nothing', async () => {
    const numRuns = Math.ceil(TOTAL_CASES / routes.length)
    print = await fingerprint()
    for (const route of routes) {
      writes = false
      await fc.assert(
        fc.asyncProperty(casesOf(route), (c) => runCase(route, c)),
        {
          seed: seedOf(route.url),
          numRuns,
          examples: examplesOf(route),
          endOnFailure: true,
          includeErrorInReport: true,
        },
      )
      await settle()
      // The server still answers, and the fuzz's own session is still open.
      const health = await app.inject({ method: 'GET', url: '/api/health' })
      assert.equal(health.json().code, 1, `health after ${route.url}`)
      assert.equal(
        (await call(app, '/api/care/account/info', {}, { token: data.site.token })).code,
        1,
        `session after ${route.url}`,
      )
    }
    assert.ok(counts.casesTried >= TOTAL_CASES)
  })
})

describe('what the fuzz found, pinned', () => {
  const as = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app
      .inject({ method: 'POST', url, payload: body as object, headers: { token: data.site.token, ...headers } })
      .then((r) => r.json())

  it('refuses text the database cannot store, naming the field', async () => {
    const body = validBody(
      routes.find((r) => r.url.endsWith('/saveForm'))!,
      data,
      (list) => list[0],
      0,
    ) as { data: object }
    const withNul = { ...body, name: '访客出入登记表', data: { ...body.data, visitor_name: 'a\u0000b' } }
    assert.deepEqual(await as('/api/care/index/saveForm', withNul), {
      code: -1,
      msg: 'data.visitor_name 含有无法保存的字符（如空字符或残缺的表情符号）',
      res: null,
    })
    const halfEmoji = await as('/api/care/customer/index', { keyword: '\uD83D' }, { lang: 'en' })
    assert.equal(
      halfEmoji.msg,
      'keyword contains characters that cannot be stored (such as a null character or a broken emoji)',
    )
  })

  it('refuses numbers beyond the safe integers, Infinity from "1e309" included', async () => {
    assert.deepEqual(await as('/api/care/customer/info', { id: '1e309' }), { code: -1, msg: 'id 的值无效', res: null })
    const gift = { type: 'gift', customer_id: 2 ** 64, gift_type_id: 1, items: [] }
    assert.deepEqual(await as('/api/care/outApply/save', gift), { code: -1, msg: 'customer_id 的值无效', res: null })
  })

  it('refuses a body nested past any form, in the user’s language, and keeps answering', async () => {
    // Ten thousand levels overflowed JSON.stringify when an export link wrote its filters (HTTP 500).
    const deep = (levels: number) => `{"a":${'{"b":'.repeat(levels)}1${'}'.repeat(levels)}}`
    const headers = { token: data.site.token, 'content-type': 'application/json' }
    for (const levels of [64, 10_000]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/care/index/answerExport',
        payload: deep(levels),
        headers,
      })
      assert.deepEqual(response.json(), { code: -1, msg: 'a.b.b 嵌套层级过深', res: null }, `${levels} levels`)
    }
    const english = await app.inject({
      method: 'POST',
      url: '/api/care/index/answerExport',
      payload: deep(10_000),
      headers: { ...headers, lang: 'en' },
    })
    assert.equal(english.json().msg, 'a.b.b is nested too deeply')
    // One level less is a body like any other.
    const within = await app.inject({ method: 'POST', url: '/api/care/index/answerExport', payload: deep(63), headers })
    assert.equal(within.json().code, 1)
  })

  it('answers a multipart body it cannot parse as a malformed request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/oss/upload',
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { token: data.site.token, 'content-type': 'multipart/form-data' },
    })
    assert.deepEqual(response.json(), { err: -1, message: '请求格式不正确' })
  })

  it('counts no records of a form named like an Object method', async () => {
    assert.deepEqual((await as('/api/care/index/getFormRecordCount', { name: 'toString' })).res, { count: 0 })
  })
})

describe('fuzz of the upload links', () => {
  it('opens a file only through its link as signed: any change of its name or link is refused', async () => {
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/admin/oss/upload',
      payload: upload('a.png'),
      headers: { token: data.site.token, 'content-type': MULTIPART },
    })
    const signed = new URL(uploaded.json().data.url)
    const link = `${signed.pathname}${signed.search}`
    assert.equal((await app.inject(link)).statusCode, 200)
    const token = signed.searchParams.get('link')!
    const name = signed.pathname.slice('/uploads/'.length)
    const changed = fc.oneof(
      // One character of the link replaced, dropped or added.
      fc
        .tuple(
          fc.nat({ max: token.length }),
          fc.constantFrom(...'AZaz09-_.%'),
          fc.constantFrom('replace', 'drop', 'add'),
        )
        .map(([i, ch, how]) => {
          const rest = token.slice(i + (how === 'add' ? 0 : 1))
          return `/uploads/${name}?link=${token.slice(0, i)}${how === 'drop' ? '' : ch}${rest}`
        }),
      // Any text as the link, or as the name with the real link.
      fc.string({ maxLength: 120 }).map((text) => `/uploads/${name}?link=${encodeURIComponent(text)}`),
      // (Not the dot segments, which the address resolves to another path before the server sees it.)
      fc
        .string({ minLength: 1, maxLength: 60 })
        .filter((text) => text !== '.' && text !== '..')
        .map((text) => `/uploads/${encodeURIComponent(text)}?link=${token}`),
    )
    await fc.assert(
      fc.asyncProperty(changed, async (url) => {
        if (url === link) return
        const response = await app.inject(url)
        counts.casesTried++
        assert.ok([403, 404].includes(response.statusCode), `${url} → ${response.statusCode}`)
        const reply = response.json()
        assert.ok(typeof reply.err === 'number' && reply.err !== 0 && typeof reply.message === 'string', url)
      }),
      { seed: SEED, numRuns: 300 },
    )
  })
})
