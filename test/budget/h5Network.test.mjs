// The H5 first load as Chromium downloads it: a cold start (empty cache) of the login page, and of
// home and a form signed in, against the real server; every script and stylesheet response counted at the
// bytes that crossed the network, gzip (what the server sends a browser that asks for gzip).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { launchBrowser, startServer, ROOT } from '../e2e/support.mjs'

const H5 = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')
const KB = 1024
/** gzip bytes of JS on a cold start, a little above what each page downloads, so that growth shows. */
const BUDGETS = { login: 165 * KB, home: 175 * KB, form: 237 * KB }

let server
before(async () => {
  assert.ok(existsSync(path.join(H5, 'index.html')), 'dist/h5 is missing: run `npm run build:h5`')
  server = await startServer()
})
after(() => server?.stop())

/** Opens `route` in a new browser with an empty cache; resolves to the scripts' and stylesheets' bytes as sent. */
async function coldStart(route, { token } = {}) {
  const browser = await launchBrowser()
  try {
    // Only gzip offered: the figure is the gzip one whatever else the server could send.
    await browser.context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' })
    const page = await browser.context.newPage()
    if (token)
      await page.addInitScript((value) => localStorage.setItem('token', JSON.stringify({ data: value })), token)
    const responses = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      if (type === 'script' || type === 'stylesheet') responses.push(response)
    })
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' })
    const files = await Promise.all(
      responses.map(async (response) => ({
        url: new URL(response.url()).pathname,
        type: response.request().resourceType(),
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
        bytes: (await response.request().sizes()).responseBodySize,
        firstLine: (await response.text()).split('\n', 1)[0],
      })),
    )
    return files
  } finally {
    await browser.close()
  }
}

const sum = (files, type) => files.filter((f) => f.type === type).reduce((n, f) => n + f.bytes, 0)
const report = (name, files) =>
  console.log(
    `H5 cold start of ${name}: JS ${(sum(files, 'script') / KB).toFixed(1)} KB gzip, ` +
      `CSS ${(sum(files, 'stylesheet') / KB).toFixed(1)} KB gzip, ${files.length} files`,
  )

test(`the login page downloads ≤ ${BUDGETS.login / KB} KB of JS gzip`, async () => {
  const files = await coldStart('/pages/login/index')
  report('login', files)
  assert.ok(
    files.some((f) => f.type === 'script'),
    'no script was downloaded',
  )
  assert.deepEqual(
    files.filter((f) => f.bytes > 1024 && f.encoding !== 'gzip').map((f) => f.url),
    [],
    'sent without gzip',
  )
  assert.ok(sum(files, 'script') <= BUDGETS.login, `${(sum(files, 'script') / KB).toFixed(1)} KB`)
})

async function demoToken() {
  const reply = await fetch(`${server.url}/api/care/account/login_old`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo1234' }),
  })
  return (await reply.json()).res.token
}

test(`home, signed in, downloads ≤ ${BUDGETS.home / KB} KB of JS gzip`, async () => {
  const files = await coldStart('/', { token: await demoToken() })
  report('home', files)
  assert.ok(
    files.some((f) => f.type === 'script'),
    'no script was downloaded',
  )
  assert.ok(sum(files, 'script') <= BUDGETS.home, `${(sum(files, 'script') / KB).toFixed(1)} KB`)
})

// V8 compiles a script's functions while it downloads, off the main thread, only when the script
// asks for it; otherwise each function is compiled on the main thread when it first runs.
test("home's scripts, the page's own included, each ask V8 to compile all their functions as they load", async () => {
  const files = await coldStart('/', { token: await demoToken() })
  const scripts = files.filter((f) => f.type === 'script')
  assert.ok(scripts.length >= 4, `${scripts.length} scripts`)
  assert.deepEqual(
    scripts.filter((f) => f.firstLine !== '//# allFunctionsCalledOnLoad').map((f) => f.url),
    [],
    'scripts without the compile hint on their first line',
  )
})

// The photo viewer's slider comes only when a photo is tapped.
test(`a form (访客出入登记表), signed in, downloads ≤ ${BUDGETS.form / KB} KB of JS gzip`, async () => {
  const files = await coldStart('/pagesHome/pages/form/visit/form', { token: await demoToken() })
  report('the visit form', files)
  assert.ok(
    files.some((f) => f.type === 'script'),
    'no script was downloaded',
  )
  assert.ok(sum(files, 'script') <= BUDGETS.form, `${(sum(files, 'script') / KB).toFixed(1)} KB`)
})

// The page's own code is asked for by index.html itself (preloaded with it), not only once the
// app's scripts have run and the router has asked for it: one round trip fewer before the page draws.
test("the visit form's scripts and stylesheets are all asked for by index.html itself", async () => {
  const route = '/pagesHome/pages/form/visit/form'
  const pages = JSON.parse(readFileSync(path.join(H5, 'page-assets.json'), 'utf8'))
  const own = pages[route.slice(1)].map((file) => `/${file}`)
  const token = await demoToken()
  const browser = await launchBrowser()
  try {
    const page = await browser.context.newPage()
    await page.addInitScript((value) => localStorage.setItem('token', JSON.stringify({ data: value })), token)
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('Network.enable')
    const firstAsked = new Map()
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const file = new URL(request.url).pathname
      if (!firstAsked.has(file)) firstAsked.set(file, initiator.type)
    })
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' })
    assert.ok(own.length > 0)
    assert.deepEqual(
      own.filter((file) => firstAsked.get(file) !== 'parser'),
      [],
      'asked for by a script, not by index.html',
    )
  } finally {
    await browser.close()
  }
})
