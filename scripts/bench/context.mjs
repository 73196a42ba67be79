// Context section: what an AsyncLocalStorage context around every request would cost the server,
// the reason the request's id travels with the actor instead. The list of visits on PostgreSQL at
// one connection, the server restarted with and without an outer context, runs interleaved; the
// figure is the server process's CPU a request as the system counts it.
import path from 'node:path'
import { startPostgres } from '../lib/postgres.mjs'
import { api, login, PG_PORT_FROM, printTable, ROOT, startServer, tempDir } from './lib.mjs'
import { cpuSeconds } from './profile.mjs'
import { BENCH_FORM } from './server.mjs'

const PRELOAD = path.join(ROOT, 'scripts/bench/outerContext.mjs')
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const µs = (value) => `${Math.round(value)} µs`

export async function contextSection({ quick }) {
  const requests = quick ? 500 : 2000
  const runs = quick ? 1 : 5
  const postgres = await startPostgres({ portFrom: PG_PORT_FROM })
  const dataDir = tempDir('context')
  const perRequest = { without: [], with: [] }
  try {
    for (let run = 0; run < runs; run++) {
      for (const [label, outer] of [
        ['without', '0'],
        ['with', '1'],
      ]) {
        const server = await startServer({
          env: { DATABASE_URL: postgres.url, SEED: '1', DATA_DIR: dataDir, OUTER_CONTEXT: outer },
          nodeArgs: ['--import', PRELOAD],
        })
        try {
          const { token } = await login(server.url)
          const body = { name: BENCH_FORM, page: 1, limit: 20 }
          // Warm: the statements prepared and the functions optimised before counting.
          for (let i = 0; i < 500; i++) await api(server.url, 'care/index/getFormRecord', body, token)
          const pid = String(server.pid())
          const before = cpuSeconds([pid]).get(pid)
          for (let i = 0; i < requests; i++) await api(server.url, 'care/index/getFormRecord', body, token)
          perRequest[label].push(((cpuSeconds([pid]).get(pid) - before) * 1e6) / requests)
        } finally {
          await server.stop()
        }
      }
    }
  } finally {
    postgres.stop()
  }
  printTable(
    `Context: the server's CPU a request, with and without an outer AsyncLocalStorage context (${process.version})`,
    ['outer context', 'median', 'runs'],
    Object.entries(perRequest).map(([label, values]) => [label, µs(median(values)), values.map(µs).join(', ')]),
    [
      `care/index/getFormRecord {${BENCH_FORM}, limit 20} on PostgreSQL, ${requests} requests at one connection a run, runs interleaved.`,
    ],
  )
}
