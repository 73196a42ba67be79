import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import securityHeadersPlugin from '../src/plugins/securityHeaders.js'
import { DEFAULT_MAP_TILE_URL, loadConfig } from '../src/config.js'
import { login, PNG, startApp, uploadFile } from './helpers.js'

// Security headers on every reply, whatever answers it (the H5 app, the API, an error, a 404), and
// error messages that never show what went wrong inside (SQL, stack traces).

const h5Dir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-h5-'))
const SECRET_SQL = 'select password_hash from accounts where account = $1'

let app: FastifyInstance
let token: string
before(async () => {
  writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><title>月子中心客服端</title>')
  mkdirSync(path.join(h5Dir, 'js'))
  writeFileSync(path.join(h5Dir, 'js', 'app.3f2a.js'), 'console.log(1)')
  app = await startApp({ h5Dir })
  // Failures as they come from inside: a bug, a query the database refuses, the database gone.
  app.post('/api/test/bug', async () => {
    throw new TypeError(`Cannot read properties of undefined (reading 'id') in ${SECRET_SQL}`)
  })
  app.post('/api/test/bad-query', async () => app.db.execute(sql.raw('select secret_column from no_such_table')))
  app.post('/api/test/database-gone', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    throw new Error(`Failed query: ${SECRET_SQL}`, { cause: refused })
  })
  app.post('/api/test/connection-dropped', async () => {
    throw new Error('Connection terminated unexpectedly')
  })
  app.post('/api/test/shutting-down', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
  })
  token = await login(app, 'demo', 'demo1234')
})
after(async () => {
  await app.close()
  rmSync(h5Dir, { recursive: true, force: true })
})

/** The headers helmet adds, with this app's content security policy. */
function assertSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '')
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "frame-src 'none'",
    "connect-src 'self' data: blob:",
    // The map pages' default tiles (AutoNavi's four hosts), unless MAP_TILE_URL says otherwise.
    `img-src 'self' data: blob: ${[1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com`).join(' ')}`,
  ]) {
    assert.ok(csp.split(';').includes(directive), `${what}: content-security-policy lacks "${directive}": ${csp}`)
  }
  // The policy must not let scripts in by the back door.
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-(inline|eval)'/, what)
  assert.equal(headers['x-content-type-options'], 'nosniff', what)
  assert.equal(headers['x-frame-options'], 'SAMEORIGIN', what)
  assert.match(String(headers['strict-transport-security']), /max-age=\d+/, what)
  assert.equal(headers['referrer-policy'], 'no-referrer', what)
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin', what)
  assert.equal(headers['x-dns-prefetch-control'], 'off', what)
  assert.equal(headers['x-powered-by'], undefined, what)
}

describe('security headers', () => {
  it('are on every reply: the H5 app, API answers, refusals, failures, uploads and paths that do not exist', async () => {
    const uploaded = await uploadFile(app, 'photo.png', PNG, { token })
    assert.equal(uploaded.json().err, 0)
    const requests = [
      { what: 'H5 index', method: 'GET', url: '/', status: 200 },
      { what: 'H5 page (history fallback)', method: 'GET', url: '/pages/login/index', status: 200 },
      { what: 'H5 asset', method: 'GET', url: '/js/app.3f2a.js', status: 200 },
      { what: 'health', method: 'GET', url: '/api/health', status: 200 },
      { what: 'OpenAPI', method: 'GET', url: '/api/openapi.json', status: 200 },
      { what: 'API answer', method: 'POST', url: '/api/care/account/info', status: 200, headers: { token } },
      { what: 'logged out', method: 'POST', url: '/api/care/account/info', status: 200 },
      {
        what: 'invalid body',
        method: 'POST',
        url: '/api/care/account/login_old',
        status: 200,
        payload: { account: '' },
      },
      {
        what: 'malformed JSON',
        method: 'POST',
        url: '/api/care/account/login_old',
        status: 200,
        payload: '{',
        json: true,
      },
      { what: 'API 404', method: 'POST', url: '/api/care/nothing', status: 404 },
      { what: 'upload refused', method: 'POST', url: '/api/admin/oss/upload', status: 200, headers: { token } },
      { what: 'uploaded file', method: 'GET', url: uploaded.json().data.url, status: 200 },
      { what: 'upload without a link', method: 'GET', url: '/uploads/none.png', status: 403 },
      { what: 'failure', method: 'POST', url: '/api/test/bug', status: 500 },
      { what: 'database gone', method: 'POST', url: '/api/test/database-gone', status: 503 },
      { what: 'HEAD', method: 'HEAD', url: '/', status: 200 },
    ] as const
    for (const request of requests) {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: {
          ...('headers' in request ? request.headers : {}),
          ...('json' in request ? { 'content-type': 'application/json' } : {}),
        },
        payload: 'payload' in request ? request.payload : undefined,
      })
      assert.equal(response.statusCode, request.status, `${request.what}: ${response.body.slice(0, 200)}`)
      assertSecurityHeaders(response.headers, request.what)
    }
  })

  it('let the allowed origins in: web-view pages and the back-office in frames, and the map tiles', async () => {
    const bare = Fastify()
    await bare.register(securityHeadersPlugin, {
      apiOrigins: ['https://api.example.com'],
      webviewOrigins: ['https://docs.example.com', 'https://news.example.com'],
      embedOrigins: ['https://pc.example.com'],
      tileOrigins: ['https://tiles.example.com'],
    })
    bare.get('/', async () => 'ok')
    const { headers } = await bare.inject('/')
    await bare.close()
    const directives = String(headers['content-security-policy']).split(';')
    assert.ok(directives.includes('frame-src https://docs.example.com https://news.example.com'), directives.join(';'))
    assert.ok(directives.includes("frame-ancestors 'self' https://pc.example.com"))
    assert.ok(directives.includes("connect-src 'self' data: blob: https://api.example.com"))
    // Uploaded images come through the server (the API's origin); the map pages' tiles.
    assert.ok(directives.includes("img-src 'self' data: blob: https://api.example.com https://tiles.example.com"))
    // X-Frame-Options cannot allow another origin: frame-ancestors alone decides.
    assert.equal(headers['x-frame-options'], undefined)
  })

  it('take their origins from the environment, refusing anything but an origin', () => {
    const config = loadConfig({
      TARO_APP_API_BASE: 'https://api.example.com/base/',
      TARO_APP_WEBVIEW_ORIGINS: 'https://docs.example.com, https://news.example.com/',
      EMBED_ORIGINS: 'https://pc.example.com',
    })
    assert.deepEqual(config.csp, {
      apiOrigins: ['https://api.example.com'],
      webviewOrigins: ['https://docs.example.com', 'https://news.example.com'],
      embedOrigins: ['https://pc.example.com'],
      tileOrigins: [1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com`),
    })
    assert.deepEqual(config.mapTiles, { url: DEFAULT_MAP_TILE_URL, subdomains: ['1', '2', '3', '4'] })
    for (const bad of [
      "https://pc.example.com; script-src 'unsafe-inline'",
      'pc.example.com',
      'https://pc.example.com/page',
      '*',
    ]) {
      assert.throws(() => loadConfig({ EMBED_ORIGINS: bad }), /EMBED_ORIGINS must list origins/, bad)
    }
  })

  it('let the map tiles in from the hosts MAP_TILE_URL names, one per subdomain', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'http://t{s}.tiles.example.com:8080/{z}/{x}/{y}.png',
      MAP_TILE_SUBDOMAINS: 'a, b',
    })
    assert.deepEqual(config.csp.tileOrigins, ['http://ta.tiles.example.com:8080', 'http://tb.tiles.example.com:8080'])
    assert.deepEqual(config.mapTiles, {
      url: 'http://t{s}.tiles.example.com:8080/{z}/{x}/{y}.png',
      subdomains: ['a', 'b'],
    })
    assert.deepEqual(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:9000/{z}/{x}/{y}.png' }).csp.tileOrigins, [
      'http://127.0.0.1:9000',
    ])
    for (const bad of [
      'tiles.example.com/{z}/{x}/{y}.png',
      'https://tiles.example.com/tile.png',
      "https://x.example.com; script-src 'unsafe-inline'/{z}/{x}/{y}",
    ]) {
      assert.throws(() => loadConfig({ MAP_TILE_URL: bad }), /MAP_TILE_URL must be a tile URL template/, bad)
    }
  })
})

describe('failure messages', () => {
  const post = (url: string, lang = 'zh') => app.inject({ method: 'POST', url, headers: { lang } })

  it('never show a failure’s own message, SQL or stack: only that the server failed, in the user’s language', async () => {
    for (const url of ['/api/test/bug', '/api/test/bad-query']) {
      const response = await post(url)
      assert.equal(response.statusCode, 500, url)
      assert.deepEqual(response.json(), { code: -500, msg: '服务器内部错误', res: null }, url)
      assert.deepEqual((await post(url, 'en')).json(), { code: -500, msg: 'server internal error', res: null }, url)
    }
  })

  it('say that the database cannot be reached when it cannot, whatever the driver said', async () => {
    for (const url of ['/api/test/database-gone', '/api/test/connection-dropped', '/api/test/shutting-down']) {
      const response = await post(url)
      assert.equal(response.statusCode, 503, url)
      assert.deepEqual(response.json(), { code: -500, msg: '数据库暂时无法连接，请稍后再试', res: null }, url)
      assert.equal(
        (await post(url, 'en')).json().msg,
        'The database cannot be reached right now. Please try again shortly.',
        url,
      )
      assert.doesNotMatch(response.body, /select|ECONNREFUSED|127\.0\.0\.1|terminat/i, url)
    }
  })
})
