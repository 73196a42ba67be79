// What the bench's sections share: where things are, printing a table, running a command, starting
// the real server and the bare route, calling the API, and one autocannon run.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { freePort } from '../lib/postgres.mjs'
import { startServer as startProductServer } from '../lib/server.mjs'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const DIST = process.env.DIST_DIR || path.join(ROOT, 'dist')
/** The bench's own ports (servers here, PostgreSQL clusters from PG_PORT_FROM). */
export const PORT_FROM = 57200
export const PG_PORT_FROM = 57300
export const DEMO = { account: 'demo', password: 'demo1234' }
/** Who checks the demo's orders: nobody approves her own. */
export const MANAGER = { account: 'manager', password: 'demo1234' }

// ---------------------------------------------------------------------------------------------
// Printing

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (value) => (value === undefined || value === null ? '–' : `${Math.round(value * 10) / 10} ms`)
export const seconds = (value) => `${value.toFixed(1)} s`

/** One section's table: a title, a header row, the rows (cells are printed as they are), notes under it. */
export function printTable(title, header, rows, notes = []) {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '–')))
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(`\n## ${title}\n`)
  console.log(line(cells[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  cells.slice(1).forEach((row) => console.log(line(row)))
  for (const note of notes) console.log(`  ${note}`)
}

// ---------------------------------------------------------------------------------------------
// Processes

/** What to undo when the bench exits, however it exits: servers left running, temporary folders. */
const atExit = new Set()
process.once('exit', () => atExit.forEach((undo) => undo()))

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command, args, { env = {}, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output.slice(-4000)}`)),
    )
  })
}

/** A temporary folder removed when the bench ends. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `yuezi-bench-${prefix}-`))
  atExit.add(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * The real server (scripts/lib/server.mjs) on a port of the bench's range, with the login limit
 * raised: the bench logs in as one account thousands of times. Request logging is off (warn), as
 * it is for the bare route.
 */
export const startServer = ({ env = {}, nodeArgs } = {}) =>
  startProductServer({ portFrom: PORT_FROM, nodeArgs, env: { LOGIN_RATE_MAX: '1000000', LOG_LEVEL: 'warn', ...env } })

/** The bare Fastify route (bare.mjs) in its own process, as the server runs in its own. */
export async function startBare() {
  const port = await freePort(PORT_FROM)
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/bare.mjs')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stopOnExit = () => child.kill('SIGKILL')
  atExit.add(stopOnExit)
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the bare route's server exited (${child.exitCode})`)
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (tries > 300) throw new Error("the bare route's server did not start")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        atExit.delete(stopOnExit)
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

// ---------------------------------------------------------------------------------------------
// The API

/** POSTs to the API; answers the envelope's `res`, or throws with its code and message. */
export async function api(url, route, body = {}, token) {
  const response = await fetch(`${url}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  })
  const envelope = await response.json()
  if (envelope.code !== 1) throw new Error(`${route}: ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.res)}`)
  return envelope.res
}

export const login = (url) => api(url, 'care/account/login_old', DEMO)

// ---------------------------------------------------------------------------------------------
// Load

/** A reply that is the success envelope (the envelope's code comes first: see the response schemas). */
export const succeeded = (body) => body.startsWith('{"code":1,')

/**
 * Waits until the server has worked off what a run left queued (a run ends with its last replies,
 * not with the server's work): until /api/health answers within 50 ms, at most 30 s.
 */
async function settle(url) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const started = Date.now()
    await fetch(`${url}/api/health`)
    if (Date.now() - started < 50) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * One autocannon run of POSTs at `connections` connections for `duration` seconds (or `amount`
 * requests), after a one-second warm-up that is not counted: requests per second, p50/p99
 * latency, and failures (transport errors, non-2xx, and replies that are not the success envelope;
 * with `acceptEncoding`, as a phone's browser sends it, the compressed replies are not read).
 */
export async function load({
  url,
  route,
  body = {},
  token,
  connections = 50,
  duration = 10,
  amount,
  requests,
  warmUp = true,
  acceptEncoding,
}) {
  const options = {
    url: `${url}/api/${route}`,
    method: 'POST',
    connections,
    headers: {
      'content-type': 'application/json',
      ...(token ? { token } : {}),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify(body),
    requests,
    verifyBody: acceptEncoding ? undefined : succeeded,
  }
  if (warmUp) {
    await autocannon({ ...options, duration: 1 })
    await settle(url)
  }
  const result = await autocannon({ ...options, duration, amount })
  await settle(url)
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures,
  }
}
