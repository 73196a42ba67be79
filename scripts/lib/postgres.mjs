// A throwaway PostgreSQL cluster for benchmarks and reliability tests: its own data folder, a free
// port on 127.0.0.1, trust auth and fsync off. Needs Debian's `postgresql` (or PG_BIN). As root the
// cluster runs as the `postgres` user, which initdb requires.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : []
  const bin = versions.length ? path.join(root, versions.at(-1), 'bin') : ''
  if (!bin || !existsSync(path.join(bin, 'initdb'))) {
    throw new Error('PostgreSQL binaries not found: apt-get install postgresql, or set PG_BIN')
  }
  return bin
}

/** A port nobody listens on now, starting from `from`. */
export async function freePort(from = 56000) {
  for (let port = from; port < from + 1000; port++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port from ${from}`)
}

/**
 * Creates and starts a cluster with one database; `settings` sets more of postgresql.conf, by name.
 * `stop()` removes it; `pause()` and `resume()` stop and start the same cluster (the database
 * going away and coming back).
 */
export async function startPostgres({ port, database = 'yuezi', portFrom = 56000, settings = {} } = {}) {
  const bin = pgBin()
  const asRoot = process.getuid?.() === 0
  const run = (tool, args, opts = {}) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe', ...opts })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe', ...opts })
  const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-pg-'))
  if (asRoot) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0)
  const dataDir = path.join(work, 'pg')
  let listenPort = port ?? (await freePort(portFrom))
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync'])
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(work, 'pg.log'),
      '-w',
      '-o',
      `-p ${listenPort} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300` +
        Object.entries(settings)
          .map(([name, value]) => ` -c ${name}=${value}`)
          .join(''),
      'start',
    ])
  const halt = () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop'])
  // The port found free can be taken meanwhile (initdb takes a while, and the ports tests use lie in
  // the system's ephemeral range): a first start that fails tries another one.
  for (let attempt = 1; ; attempt++) {
    try {
      start()
      break
    } catch (error) {
      if (port !== undefined || attempt >= 5) throw error
      listenPort = await freePort(listenPort + 1)
    }
  }
  run('createdb', ['-h', '127.0.0.1', '-p', String(listenPort), '-U', 'postgres', database])
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      halt()
    } catch {
      /* already stopped */
    }
    rmSync(work, { recursive: true, force: true })
  }
  process.once('exit', stop)
  return {
    url: `postgresql://postgres@127.0.0.1:${listenPort}/${database}`,
    port: listenPort,
    /** Runs SQL through psql (as the superuser) and returns its unaligned output. */
    psql: (sql) =>
      execFileSync(
        path.join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(listenPort), '-U', 'postgres', '-d', database, '-At', '-c', sql],
        { encoding: 'utf8' },
      ),
    /** The database as pg_dump writes it with `args` (its output, as a Buffer). */
    dump: (args = []) =>
      execFileSync(
        path.join(bin, 'pg_dump'),
        ['-h', '127.0.0.1', '-p', String(listenPort), '-U', 'postgres', '-d', database, ...args],
        { maxBuffer: 1 << 30 },
      ),
    /** The cluster's processes now: the postmaster and its children (backends, writers). */
    processIds: () => {
      const postmaster = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] === postmaster
          } catch {
            return false // gone since the listing
          }
        })
      return [postmaster, ...children]
    },
    pause: halt,
    resume: start,
    stop,
  }
}
