// `npm run start:prod` as a centre runs it: the server compiled by `npm run build` (compiled here,
// the H5 app being the e2e stage's build), started by node alone in production with .env.example's
// settings on an empty embedded database, serves the API and the app; without a build it refuses.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { buildServer } from '../../scripts/lib/buildServer.mjs'
import { ROOT, startServer } from '../../scripts/lib/server.mjs'

const H5_DIR = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')
const START_PROD = 'scripts/startProd.mjs'

/** A centre's settings: .env.example's, with its secrets filled in; the test's own port and data folder. */
function centreSettings() {
  const { PORT, DATA_DIR, ...settings } = parseEnv(readFileSync(path.join(ROOT, '.env.example'), 'utf8'))
  assert.ok(PORT && DATA_DIR, '.env.example sets the port and the data folder')
  return {
    ...settings,
    PDF_LINK_SECRET: randomBytes(48).toString('base64'),
    UPLOAD_LINK_SECRET: randomBytes(48).toString('base64'),
    H5_DIR,
  }
}

let server
before(async () => {
  if (!existsSync(path.join(H5_DIR, 'index.html'))) throw new Error(`${H5_DIR} is missing: run \`npm run build:h5\``)
  await buildServer()
  // start:prod makes it production itself, whatever the caller's environment says.
  server = await startServer({ script: [START_PROD], env: { ...centreSettings(), NODE_ENV: '' } })
})
after(() => server?.stop())

test('the compiled server runs under node alone, in production, and answers /api/health', async () => {
  const argv = readFileSync(`/proc/${server.pid()}/cmdline`, 'utf8').split('\0').filter(Boolean)
  assert.deepEqual(argv, [process.execPath, START_PROD])
  const nodeOptions = readFileSync(`/proc/${server.pid()}/environ`, 'utf8')
    .split('\0')
    .find((item) => item.startsWith('NODE_OPTIONS='))
  assert.doesNotMatch(`${argv.join(' ')} ${nodeOptions ?? ''}`, /tsx/)
  const health = await (await fetch(`${server.url}/api/health`)).json()
  assert.equal(health.code, 1)
  // Production: no demo data, so the demo account does not exist.
  const login = await fetch(`${server.url}/api/care/account/login_old`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo1234' }),
  })
  assert.notEqual((await login.json()).code, 1)
})

test('the compiled server serves the built H5 app', async () => {
  const res = await fetch(`${server.url}/`)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('content-type'), /text\/html/)
  const page = await res.text()
  const scripts = [...readFileSync(path.join(H5_DIR, 'index.html'), 'utf8').matchAll(/<script[^>]* src="([^"]+)"/g)]
  assert.ok(scripts.length)
  for (const [tag, src] of scripts) {
    assert.ok(page.includes(tag), `${tag} is in the page`)
    const script = await fetch(`${server.url}${src}`)
    assert.equal(script.status, 200, src)
    assert.match(script.headers.get('content-type'), /javascript/)
  }
})

test('start:prod refuses to start without the built app, naming npm run build', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'yuezi-no-build-'))
  try {
    const run = spawnSync(process.execPath, [START_PROD], {
      cwd: ROOT,
      env: { ...process.env, H5_DIR: empty },
      encoding: 'utf8',
    })
    assert.equal(run.status, 1)
    assert.match(run.stderr, /Missing the H5 app/)
    assert.match(run.stderr, /npm run build/)
  } finally {
    rmSync(empty, { recursive: true, force: true })
  }
})
