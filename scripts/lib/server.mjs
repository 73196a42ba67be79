// The product's server as a child process, for tests that need the real thing: end to end tests,
// reliability tests (kill -9, restarts, load). It listens on 127.0.0.1 with its own data folder.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './postgres.mjs'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** A port the system hands out now. */
function anyFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/**
 * The environment that starts a process's clock at `at` (a Date) and lets it run on: Debian's
 * libfaketime, preloaded. The server's zone is UTC then, as on a machine abroad: the centre's days
 * must not depend on it.
 */
function clockEnv(at) {
  const lib = ['/usr/lib', ...readdirSync('/usr/lib').map((dir) => path.join('/usr/lib', dir))]
    .map((dir) => path.join(dir, 'faketime', 'libfaketimeMT.so.1'))
    .find((file) => existsSync(file))
  if (!lib) throw new Error('libfaketime is missing: apt-get install faketime')
  return {
    LD_PRELOAD: lib,
    FAKETIME: `@${at.toISOString().replace('T', ' ').slice(0, 19)}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    TZ: 'UTC',
  }
}

/** The sources a seeded data folder depends on: the server's (migrations and demo data included) and the contract. */
const SEEDED_FROM = ['server/src', 'packages/contract']

/** The files under `dir`, each path relative to ROOT, sorted. */
function filesUnder(dir) {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'))
    .sort()
}

/**
 * A data folder as a server's first start leaves it (migrated, the demo data seeded), made once
 * for these sources and the centre's day and then copied: each test server that needs only the
 * demo then skips the migrations and the seeding, half of its start. Made in a folder of its own
 * and renamed into place, so that two suites making it at once never share a half-made one.
 */
async function seededTemplate() {
  const hash = createHash('sha256')
  for (const file of SEEDED_FROM.flatMap(filesUnder)) hash.update(file).update(readFileSync(path.join(ROOT, file)))
  // The demo's records are dated from the centre's today (its default zone).
  hash.update(new Date().toLocaleDateString('sv', { timeZone: 'Asia/Shanghai' }))
  const template = path.join(tmpdir(), `yuezi-seeded-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(template)) return template
  // Others of earlier sources or days, a day old: no run still copies them.
  for (const name of readdirSync(tmpdir()).filter((name) => name.startsWith('yuezi-seeded-'))) {
    const old = path.join(tmpdir(), name)
    if (Date.now() - statSync(old).mtimeMs > 86_400_000) rmSync(old, { recursive: true, force: true })
  }
  const making = mkdtempSync(`${template}-making-`)
  const server = await startServer({ env: { DATA_DIR: making, SEED: '1' } })
  await server.stop()
  try {
    renameSync(making, template)
  } catch (error) {
    // Another suite made it first: its copy is as good.
    rmSync(making, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}

/**
 * Starts `node --import tsx server/src/main.ts` and resolves once /api/health answers code 1.
 * `env` adds to (and overrides) the server's environment; `port` or `portFrom` choose where it
 * listens (default: any free port); without env.DATA_DIR it gets a temporary data folder. `clockAt`
 * (a Date) starts the server's clock at that instant. `onOutput` is told each chunk the server writes.
 * `nodeArgs` go to node before the script (the bench's CPU profile); `script` replaces what node runs
 * (the production start's test runs the compiled server). `seeded`: without env.DATA_DIR, its data
 * folder starts as a copy of the demo's (seededTemplate) instead of empty.
 */
export async function startServer({
  env = {},
  port,
  portFrom,
  startTimeoutMs = 90_000,
  clockAt,
  onOutput,
  nodeArgs = [],
  script = ['--import', 'tsx', 'server/src/main.ts'],
  seeded = false,
} = {}) {
  const fixedPort = env.PORT ? Number(env.PORT) : port
  const choosePort = async () => fixedPort ?? (portFrom ? await freePort(portFrom) : await anyFreePort())
  let listenPort = await choosePort()
  const dataDir = env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'yuezi-server-'))
  if (seeded && !env.DATA_DIR) cpSync(await seededTemplate(), dataDir, { recursive: true })
  let url = `http://127.0.0.1:${listenPort}`
  let output = ''
  let child

  async function spawnServer() {
    child = spawn(process.execPath, [...nodeArgs, ...script], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(listenPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Stopping it (SIGTERM) needs no wait for a load balancer: there is none.
        SHUTDOWN_DRAIN_MS: '0',
        ...(clockAt ? clockEnv(clockAt) : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk
        onOutput?.(chunk)
      })
    }
    const deadline = Date.now() + startTimeoutMs
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`)
      // Its own "Ready" line as well: a server of another run that took the port answers health too.
      try {
        const res = await fetch(`${url}/api/health`)
        if (res.ok && /^Ready: /m.test(output)) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  const running = () => child.exitCode === null && child.signalCode === null
  const exited = () => new Promise((r) => (running() ? child.once('exit', r) : r()))

  async function stopChild() {
    if (!running()) return
    child.kill('SIGTERM')
    // The grace timer is cleared once the process is gone, so it never holds the caller open.
    let grace
    await Promise.race([exited(), new Promise((r) => (grace = setTimeout(r, 10_000)))])
    clearTimeout(grace)
    if (running()) {
      child.kill('SIGKILL')
      await exited()
    }
  }

  // A port found free can be taken before the server listens on it (by any process's outgoing
  // connection: the ports tests use lie in the system's ephemeral range), so a first start that
  // finds it in use tries another one.
  for (let attempt = 1; ; attempt++) {
    try {
      await spawnServer()
      break
    } catch (error) {
      if (fixedPort !== undefined || attempt >= 5 || !/EADDRINUSE/.test(String(error.message))) throw error
      output = ''
      listenPort = await choosePort()
      url = `http://127.0.0.1:${listenPort}`
    }
  }
  return {
    url,
    port: listenPort,
    dataDir,
    /** The server process's id (for /proc/<pid>/status). */
    pid: () => child.pid,
    output: () => output,
    /** How the process ended: { code, signal }, or null while it runs. */
    exit: () => (running() ? null : { code: child.exitCode, signal: child.signalCode }),
    /** Sends the process `signal` (SIGTERM: the shutdown a deployment asks for) and resolves once it has exited. */
    async signal(signal) {
      if (!running()) return
      child.kill(signal)
      await exited()
    },
    /** kill -9: no shutdown, whatever it was doing. Resolves once the process is gone. */
    async kill() {
      if (!running()) return
      child.kill('SIGKILL')
      await exited()
    },
    async stop({ keepData = false } = {}) {
      await stopChild()
      if (!keepData && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
    /** Starts the same server again (same port, same data folder), after stop({ keepData: true }) or kill(). */
    async restart() {
      await stopChild()
      await spawnServer()
    },
  }
}
