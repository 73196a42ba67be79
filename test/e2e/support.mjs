// End-to-end support: the real server (on a fresh embedded database, serving
// the built dist/h5) and Debian's Chromium driven by playwright-core.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const H5_DIR = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** Starts the product's server on 127.0.0.1 with its own data folder; resolves once /api/health answers. */
export async function startServer(env = {}) {
  if (!existsSync(path.join(H5_DIR, 'index.html'))) throw new Error(`${H5_DIR} is missing: run \`npm run build:h5\` first`)
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const dataDir = env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'yuezi-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  let child

  /** Spawns the server on `port` with `dataDir` and waits for /api/health. */
  async function spawnServer() {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, H5_DIR, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 90_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
      try {
        const res = await fetch(`${url}/api/health`)
        if (res.ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`server did not start in 90 s:\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 250))
    }
  }

  async function stopChild() {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }

  await spawnServer()
  return {
    url,
    port,
    dataDir,
    output: () => output,
    async stop({ keepData = false } = {}) {
      await stopChild()
      if (!keepData && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
    /** Starts the same server again (same port, same data folder), after stop({ keepData: true }). */
    async restart() {
      await stopChild()
      await spawnServer()
    },
  }
}

/** A phone-sized Chromium (375×812) with a throwaway profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(path.join(tmpdir(), 'yuezi-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // A step that takes longer than this on a 2-core machine is a failure, not slowness.
  context.setDefaultTimeout(15_000)
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
