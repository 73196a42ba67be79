import assert from 'node:assert/strict'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

// The API as the app itself declares it, for the tests that go over every route (fuzz, access):
// a route added later is covered without touching them.

/** A JSON schema as the OpenAPI document gives it. */
export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
}

export interface ApiRoute {
  method: 'GET' | 'POST'
  url: string
  /** Open without a session: documented with `security: []` (auth.ts: config.public). */
  public: boolean
  /** The JSON body's schema. */
  body?: JsonSchema
  /** Takes multipart/form-data (the upload). */
  multipart: boolean
  /** Answers `{err, message}` rather than `{code, msg, res}`. */
  errEnvelope: boolean
  /** Answers something else than an envelope (the OpenAPI document). */
  raw: boolean
  /** Answers a page of a list, `res: {list, total}`, or a list's export: ids in its body only filter it. */
  list: boolean
}

/** Routes that the OpenAPI document hides on purpose, with what they answer. */
const HIDDEN: ApiRoute[] = [
  {
    method: 'GET',
    url: '/api/openapi.json',
    public: true,
    multipart: false,
    errEnvelope: false,
    raw: true,
    list: false,
  },
]

/** Every path under /api that the router knows, from its printed tree (children continue their parent's path). */
function routerPaths(app: FastifyInstance): string[] {
  const stack: string[] = []
  const paths: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    stack[depth] = (stack[depth - 1] ?? '') + match[2]
    stack.length = depth + 1
    if (match[3] && stack[depth].startsWith('/api/')) paths.push(stack[depth])
  }
  return paths
}

/** The API's routes from the OpenAPI document, checked against the router so that none is missed. */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  await app.ready()
  const doc = app.swagger() as { paths: Record<string, Record<string, any>> }
  const routes: ApiRoute[] = []
  for (const [url, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const content = op.requestBody?.content ?? {}
      const reply = op.responses?.['200']?.content?.['application/json']?.schema
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        // The router's form of a path parameter (/api/pdf/:token); called as is, it is a value like any other.
        url: url.replace(/\{(\w+)\}/g, ':$1'),
        public: Array.isArray(op.security) && op.security.length === 0,
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        errEnvelope: Boolean(reply?.properties?.err),
        raw: false,
        list: Boolean(reply?.properties?.res?.properties?.list) || /export$/i.test(url),
      })
    }
  }
  routes.push(...HIDDEN)
  assert.deepEqual(
    [...new Set(routerPaths(app))].sort(),
    [...new Set(routes.map((r) => r.url))].sort(),
    'every /api route is in the OpenAPI document (or listed in HIDDEN)',
  )
  return routes
}

/** Error envelopes of this API, parsed: `{code, msg, res}` or, for the upload, `{err, message}`. */
export interface Envelope {
  code: number
  msg: string
  res: unknown
}

/** Signs of internals in a message: a stack, a file of the server, SQL or the database's own words. */
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bdelete from\b/i,
  /relation "|violates|duplicate key|syntax error|invalid input syntax|stack depth/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/,
  /Cannot read propert/,
  /\[object Object\]/,
  /\bFST_\w+/,
]

/**
 * The reply is a well-formed envelope with a message a person can read (not a message key, not an
 * internal error). Text that the request itself sent may come back in a message (e.g. the name of
 * an unknown form field) and does not count as a leak.
 */
export function assertEnvelope(route: ApiRoute, response: LightMyRequestResponse, sent = ''): Envelope {
  assert.ok(response.statusCode < 500, `HTTP ${response.statusCode}`)
  let body: any
  assert.doesNotThrow(() => (body = response.json()), `not JSON: ${response.body.slice(0, 200)}`)
  const envelope: Envelope = route.errEnvelope
    ? { code: body.err, msg: body.message, res: body.data ?? null }
    : { code: body.code, msg: body.msg, res: body.res }
  assert.equal(typeof envelope.code, 'number', `no code in ${response.body.slice(0, 200)}`)
  assert.ok(Number.isInteger(envelope.code), `code ${envelope.code}`)
  assert.equal(typeof envelope.msg, 'string', `no message in ${response.body.slice(0, 200)}`)
  assert.ok(envelope.msg.trim().length > 0, 'empty message')
  if (!route.errEnvelope) assert.ok('res' in body, 'no res')
  // -500 is the envelope of an unexpected failure (HTTP 200 like the others): a fault to fix.
  assert.notEqual(envelope.code, -500, `internal error: ${envelope.msg}`)
  for (const leak of LEAKS) {
    const found = leak.exec(envelope.msg)?.[0]
    if (found && !sent.includes(found)) assert.fail(`message shows internals (${found}): ${envelope.msg.slice(0, 300)}`)
  }
  const key = /^[a-z]+(\.[A-Za-z]+)+$/.exec(envelope.msg)?.[0]
  if (key && !sent.includes(key)) assert.fail(`untranslated message key ${key}`)
  return envelope
}
