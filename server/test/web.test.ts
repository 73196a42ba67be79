import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { precompress } from '../scripts/precompress.js'
import { startApp } from './helpers.js'

const INDEX_HTML =
  '<!doctype html><html><head><title>月子中心客服端</title><script defer src="/js/app.3f2a.js"></script></head><body></body></html>'
// What the build lists as the login page's own files (config/pageAssets.ts).
const LOGIN_FILES = ['css/login.5b1d.css', 'js/login.8a2c.js']
// Big enough to be worth compressing (over 1 KB).
const VENDORS_JS = Array.from({ length: 200 }, (_, i) => `console.log("chunk ${i}");`).join('\n')
const APP_CSS = Array.from({ length: 200 }, (_, i) => `.item-${i} { color: #e8627a; }`).join('\n')

const h5Dir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-h5-'))
let app: FastifyInstance
before(async () => {
  writeFileSync(path.join(h5Dir, 'index.html'), INDEX_HTML)
  writeFileSync(path.join(h5Dir, 'page-assets.json'), JSON.stringify({ 'pages/login/index': LOGIN_FILES }))
  mkdirSync(path.join(h5Dir, 'js'))
  writeFileSync(path.join(h5Dir, 'js', 'app.3f2a.js'), 'console.log(1)')
  writeFileSync(path.join(h5Dir, 'js', 'vendors.9d0e.js'), VENDORS_JS)
  await precompress(h5Dir)
  // Written after precompress: a file that has no compressed copy.
  mkdirSync(path.join(h5Dir, 'css'))
  writeFileSync(path.join(h5Dir, 'css', 'app.7c1e.css'), APP_CSS)
  app = await startApp({ h5Dir })
  app.get('/api/test-failure', async () => {
    throw new Error('relation "secret_table" does not exist')
  })
})
after(async () => {
  await app.close()
  rmSync(h5Dir, { recursive: true, force: true })
})

describe('the H5 app', () => {
  it('is served at / without caching its HTML', async () => {
    const response = await app.inject('/')
    assert.equal(response.statusCode, 200)
    assert.equal(response.body, INDEX_HTML)
    assert.equal(response.headers['cache-control'], 'no-cache')
  })

  it('answers index.html for the paths of its pages (history mode)', async () => {
    for (const url of ['/pages/tabPages/personalCenter', '/pagesHome/pages/form/visit/form?x=1']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.body, INDEX_HTML, url)
      assert.match(String(response.headers['content-type']), /text\/html/)
      assert.equal(response.headers['cache-control'], 'no-cache')
    }
  })

  it("preloads a page's own files after the app's scripts, low priority", async () => {
    for (const url of ['/pages/login/index', '/pages/login/index?lang=en']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.headers['cache-control'], 'no-cache')
      assert.equal(
        response.body,
        INDEX_HTML.replace(
          '</head>',
          '<link rel="preload" href="/css/login.5b1d.css" as="style" fetchpriority="low">' +
            '<link rel="preload" href="/js/login.8a2c.js" as="script" fetchpriority="low"></head>',
        ),
        url,
      )
    }
  })

  it('answers the new index.html once the build is replaced', async () => {
    const rebuilt = INDEX_HTML.replace('app.3f2a.js', 'app.77e0.js')
    writeFileSync(path.join(h5Dir, 'index.html'), rebuilt)
    utimesSync(path.join(h5Dir, 'index.html'), new Date(), new Date(Date.now() + 60_000))
    try {
      assert.equal((await app.inject('/pages/tabPages/index')).body, rebuilt)
      assert.match((await app.inject('/pages/login/index')).body, /app\.77e0\.js.*login\.8a2c\.js/)
    } finally {
      writeFileSync(path.join(h5Dir, 'index.html'), INDEX_HTML)
    }
  })

  it('lets hashed assets be cached for good', async () => {
    const response = await app.inject('/js/app.3f2a.js')
    assert.equal(response.body, 'console.log(1)')
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
  })

  it("sends the build's precompressed copies as they are, still cached for good", async () => {
    const decompress = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await app.inject({ url: '/js/vendors.9d0e.js', headers: { 'accept-encoding': encoding } })
      assert.equal(response.headers['content-encoding'], encoding)
      const copy = readFileSync(path.join(h5Dir, 'js', `vendors.9d0e.js.${encoding === 'br' ? 'br' : 'gz'}`))
      assert.deepEqual(response.rawPayload, copy, `the .${encoding} copy itself, not compressed again`)
      assert.equal(decompress[encoding](response.rawPayload).toString(), VENDORS_JS)
      assert.match(String(response.headers['content-type']), /javascript/)
      assert.match(String(response.headers.vary), /accept-encoding/i)
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
    }
    const plain = await app.inject('/js/vendors.9d0e.js')
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body, VENDORS_JS)
  })

  it('compresses on the fly a file that has no compressed copy', async () => {
    const response = await app.inject({ url: '/css/app.7c1e.css', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(response.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(response.rawPayload).toString(), APP_CSS)
    assert.match(String(response.headers['content-type']), /text\/css/)
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
  })
})

describe('paths that do not exist', () => {
  it('answer the not-found envelope under /api and /uploads', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/care/nothing/here'],
      ['GET', '/uploads/none/here.png'],
    ] as const) {
      const response = await app.inject({ method, url })
      assert.equal(response.statusCode, 404, url)
      assert.deepEqual(response.json(), { code: -2, msg: '请求的地址不存在', res: null }, url)
    }
  })
})

describe('the API itself', () => {
  it('hides the details of an unexpected failure', async () => {
    assert.deepEqual((await app.inject('/api/test-failure')).json(), { code: -500, msg: '服务器内部错误', res: null })
    const english = await app.inject({ url: '/api/test-failure', headers: { lang: 'en' } })
    assert.deepEqual(english.json(), { code: -500, msg: 'server internal error', res: null })
  })

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/care/account/login_old',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    assert.deepEqual(response.json(), { code: -1, msg: '请求格式不正确', res: null })
  })
})
