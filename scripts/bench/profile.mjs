// Profile section: where a request's time goes, for the endpoints the server section measures, on
// PostgreSQL. The server runs under `node --cpu-prof`; each endpoint gets a load run, and for its
// run the section prints the CPU a request takes as the system counts it (the server, PostgreSQL's
// processes, the load generator), what share of the server's profile each package takes, and
// PostgreSQL's own view (pg_stat_statements): each statement the endpoint sends, how many times per
// request, how often it is planned, and its time in the database. The room board and her file's
// timeline come last, on the customers section's data (seeded once the others are measured).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { startPostgres } from '../lib/postgres.mjs'
import { load, login, ms, PG_PORT_FROM, printTable, startServer, tempDir } from './lib.mjs'
import { customersEndpoints, ROOMS } from './customers.mjs'
import { seed } from './scale.mjs'
import { checkRuns, saveFormBody } from './server.mjs'

/** Where a sample's function comes from: its npm package, the project's folder, node's own module, or V8. */
function ownerOf({ url, functionName }) {
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (inPackage) return inPackage[1]
  if (url.startsWith('node:')) return 'node (JS)'
  const own = url.match(/\/((?:server\/src|packages\/contract)\/[^/]+)/)
  if (own) return own[1]
  // Work outside JavaScript: (garbage collector), (program), (idle), native calls (writev, …).
  return functionName.startsWith('(') ? functionName : `native ${functionName}`
}

/** Self time per owner within [from, to] (µs of the monotonic clock, as the profile counts time). */
function cpuByOwner(profile, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const owners = new Map()
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]
    if (at < from || at > to) continue
    const owner = ownerOf(nodes.get(profile.samples[i]).callFrame)
    owners.set(owner, (owners.get(owner) ?? 0) + profile.timeDeltas[i])
  }
  return owners
}

const now = () => Number(process.hrtime.bigint() / 1000n)

/** The CPU seconds (user and system) the processes have used so far, by process id. */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
export function cpuSeconds(pids) {
  return new Map(
    pids.map((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
        return [String(pid), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond]
      } catch {
        return [String(pid), 0] // gone: a backend that closed
      }
    }),
  )
}
/** CPU seconds used between two readings of cpuSeconds (processes of the later one only). */
const cpuBetween = (before, after) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0)

export async function profileSection({ quick }) {
  const options = { connections: 50, duration: quick ? 3 : 8 }
  const pg = await startPostgres({
    portFrom: PG_PORT_FROM,
    settings: {
      shared_preload_libraries: 'pg_stat_statements',
      'pg_stat_statements.track': 'top',
      'pg_stat_statements.track_planning': 'on',
    },
  })
  const profiles = tempDir('profile')
  const runs = []
  try {
    const env = { SEED: '1', DATABASE_URL: pg.url }
    const server = await startServer({
      env,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profiles}`],
    })
    try {
      pg.psql('create extension if not exists pg_stat_statements')
      const { url } = server
      const { token } = await login(url)
      // Each run: statements counted from zero, the window of the CPU profile noted, the CPU used
      // by each process read before and after.
      let from
      let cpuFrom
      const cpuNow = () => ({
        server: cpuSeconds([server.pid()]),
        postgres: cpuSeconds(pg.processIds()),
        load: cpuSeconds([process.pid]),
      })
      const start = () => {
        pg.psql('select pg_stat_statements_reset()')
        from = now()
        cpuFrom = cpuNow()
      }
      const measure = async (name, go) => {
        const result = await go()
        const cpuTo = cpuNow()
        const cpu = Object.fromEntries(Object.keys(cpuTo).map((key) => [key, cpuBetween(cpuFrom[key], cpuTo[key])]))
        runs.push({ name, from, to: now(), result, cpu, statements: statementsOf(pg) })
      }
      // Warmed up first (not counted): the statements are counted from the measured run's start.
      const run = async (route, body) => {
        await load({ url, route, body, token, ...options, duration: 1, warmUp: false })
        start()
        return load({ url, route, body, token, ...options, warmUp: false })
      }
      await measure('customer/index', () => run('care/customer/index', { page: 1, limit: 20 }))
      await measure('getFormRecord', () =>
        run('care/index/getFormRecord', { name: '访客出入登记表', page: 1, limit: 20 }),
      )
      await measure('saveForm', async () => run('care/index/saveForm', await saveFormBody(url, token)))
      // outApply/check's pending orders are made first (outApply/save): only the checks are counted.
      await measure('outApply/check', async () => (await checkRuns(url, token, options, start)).check)
      await seed(env, quick ? 10_000 : 1_000_000, ROOMS)
      for (const [name, { route, body }] of Object.entries(await customersEndpoints(url, token))) {
        await measure(name, () => run(route, body))
      }
    } finally {
      await server.stop()
    }
  } finally {
    pg.stop()
  }

  // tsx's loader thread writes a profile too: the server's is the one that ran the routes.
  const profile = readdirSync(profiles)
    .map((file) => JSON.parse(readFileSync(path.join(profiles, file), 'utf8')))
    .find((candidate) => candidate.nodes.some((node) => node.callFrame.url.includes('/server/src/routes/')))
  for (const { name, from, to, result, cpu, statements } of runs) {
    const owners = cpuByOwner(profile, from, to)
    const busy = [...owners].filter(([owner]) => owner !== '(idle)').reduce((sum, [, us]) => sum + us, 0)
    const requests = result.total
    const perRequest = (seconds) => ms((seconds * 1000) / requests)
    printTable(
      `Profile: ${name}, ${Math.round(result.rps)} req/s; CPU a request: server ${perRequest(cpu.server)}, ` +
        `PostgreSQL ${perRequest(cpu.postgres)}, load generator ${perRequest(cpu.load)}`,
      ["where the server's profile goes", 'share', 'per request'],
      [...owners]
        .filter(([owner]) => owner !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([owner, us]) => [owner, `${((100 * us) / busy).toFixed(1)} %`, ms(us / 1000 / requests)]),
      [
        'CPU: as the system counts it (user + system time of the processes during the run).',
        "The profile samples the server's clock, not its CPU: time it waits for a core is counted to the call",
        'it was in, mostly writev, whose wake-up hands the core to PostgreSQL or autocannon.',
      ],
    )
    printTable(
      `PostgreSQL: what one ${name} sends`,
      ['statement', 'per request', 'planned', 'planning', 'in database'],
      statements.map((s) => [
        s.query,
        (s.calls / requests).toFixed(2),
        `${Math.round((100 * s.plans) / s.calls)} %`,
        ms(s.planMean),
        ms(s.mean),
      ]),
      [
        'planned: the share of its calls PostgreSQL planned (a prepared statement keeps its plan); planning: the mean time of a plan.',
      ],
    )
  }
  return runs
}

/** pg_stat_statements since its last reset: every statement the server sent, most called first. */
function statementsOf(pg) {
  return pg
    .psql(
      `select calls, plans, round(mean_plan_time::numeric, 3), round(mean_exec_time::numeric, 3),
              regexp_replace(left(query, 90), '\\s+', ' ', 'g')
       from pg_stat_statements where query not like '%pg_stat_statements%' order by calls desc, total_exec_time desc limit 16`,
    )
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [calls, plans, planMean, mean, ...query] = line.split('|')
      return {
        calls: Number(calls),
        plans: Number(plans),
        planMean: Number(planMean),
        mean: Number(mean),
        query: query.join('|'),
      }
    })
}
