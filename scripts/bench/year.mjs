// Year section: a 40-room centre's year of writes, compressed, on each engine, with kill -9 at
// random moments and a restart after each: every day each mother in house gets her records (30),
// her photo and a read of her file (its access-log entry). Each save carries a request id and is
// retried until answered, as the app does; once the year is written, every save the server
// acknowledged must be there once, the counts must match, and the integrity check must be clean.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { startPostgres } from '../lib/postgres.mjs'
import { api, login, PG_PORT_FROM, printTable, ROOT, run, startServer, tempDir } from './lib.mjs'

/** A paediatric round of her first baby, every required field filled (as the e2e suites save one). */
const paediatricRound = (customerId, babyId, roundDate) => ({
  name: '儿科医生查房签到表',
  customer_id: customerId,
  data: {
    round_date: roundDate,
    doctor_name: '林慧敏',
    customer_id: customerId,
    baby_id: babyId,
    signin_location: { name: '护理站', address: '阳光月子中心·总店 3楼', latitude: 30.27952, longitude: 120.13078 },
    temperature: 36.6,
    umbilicus: 'dry',
    skin: 'normal',
    feeding: 'breast',
    doctor_signature: '/uploads/doctor.png',
    family_signature: '/uploads/family.png',
  },
})

/** The centre's mothers in house each day, and the records each gets a day. */
const CUSTOMERS = 40
const RECORDS_A_DAY = 30
/** Saves under way at once: a front desk and the nurses' phones. */
const WRITERS = 8
/** A 1×1 PNG: her photo of the day. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The server's answer, or undefined when it did not answer (killed under it, or not up yet): the
 * caller retries. A refusal is the bench's error: it throws.
 */
async function attempt(send) {
  try {
    return await send()
  } catch (error) {
    if (error instanceof TypeError || error instanceof SyntaxError) return undefined
    throw error
  }
}

async function upload(url, token) {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png')
  const reply = await (
    await fetch(`${url}/api/admin/oss/upload`, { method: 'POST', headers: { token }, body: form })
  ).json()
  if (reply.err !== 0) throw new Error(`upload: ${JSON.stringify(reply)}`)
  return reply
}

/** One engine's year: the writes, the kills, and what is found after. */
async function year(name, env, days) {
  const server = await startServer({ env: { ...env, SEED: '1', UPLOAD_SWEEP_HOURS: '0', INTEGRITY_CHECK_HOURS: '0' } })
  let token = (await login(server.url)).token
  const customers = (await api(server.url, 'care/customer/index', { page: 1, limit: 100 }, token)).list
    .filter((customer) => customer.children.length)
    .slice(0, CUSTOMERS)
  const today = new Date().toISOString().slice(0, 10)
  const acknowledged = new Map()
  let uploads = 0
  let reads = 0
  let kills = 0
  let retries = 0
  let writing = true
  const started = Date.now()

  // kill -9 every 5 to 20 s, restarted at once: whatever the server was doing.
  const killer = (async () => {
    while (writing) {
      await pause(5_000 + Math.random() * 15_000)
      if (!writing) break
      await server.kill()
      kills++
      await server.restart()
      token = (await attempt(() => login(server.url)))?.token ?? token
    }
  })()
  // A retry of a save killed under it; the session survives restarts, the login is for good measure.

  /** Retries `send` until the server answers: a save's request id makes a retry the same save. */
  async function until(send) {
    for (;;) {
      const reply = await attempt(() => send(token))
      if (reply) return reply
      retries++
      await pause(200)
      token = (await attempt(() => login(server.url)))?.token ?? token
    }
  }

  const jobs = []
  for (let day = 0; day < days; day++)
    for (const customer of customers) {
      for (let n = 0; n < RECORDS_A_DAY; n++) jobs.push({ kind: 'record', day, customer, n })
      jobs.push({ kind: 'photo', customer }, { kind: 'read', customer })
    }
  let next = 0
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]
        if (job.kind === 'record') {
          const requestId = `${name}-${job.day}-${job.customer.id}-${job.n}`
          const round = paediatricRound(job.customer.id, job.customer.children[0].id, today)
          const saved = await until((t) =>
            api(server.url, 'care/index/saveForm', { ...round, request_id: requestId }, t),
          )
          acknowledged.set(requestId, saved.id)
        } else if (job.kind === 'photo') {
          await until((t) => upload(server.url, t))
          uploads++
        } else {
          await until((t) =>
            api(server.url, 'care/customer/timeline', { customer_id: job.customer.id, page: 1, limit: 20 }, t),
          )
          reads++
        }
      }
    }),
  )
  writing = false
  await killer
  const writeSeconds = (Date.now() - started) / 1000
  await server.stop({ keepData: true })

  // What is there, read after the last stop: every acknowledged save, once.
  const file = path.join(tempDir(`year-${name}-acknowledged`), 'acknowledged.json')
  writeFileSync(file, JSON.stringify(Object.fromEntries(acknowledged)))
  const found = await run('node', ['--import', 'tsx', 'scripts/yearFound.ts', file], {
    cwd: path.join(ROOT, 'server'),
    env: { ...env, SEED: '0' },
  })
  const { present, duplicates, records, check } = JSON.parse(found.trim().split('\n').at(-1))
  return {
    name,
    days,
    acknowledged: acknowledged.size,
    lost: acknowledged.size - present,
    duplicates,
    records,
    uploads,
    reads,
    kills,
    retries,
    writeSeconds,
    check,
  }
}

export async function yearSection({ quick }) {
  const days = quick ? 3 : Number(process.env.BENCH_YEAR_DAYS || 30)
  const results = [await year('embedded', { DATA_DIR: tempDir('year-embedded') }, days)]
  const pg = await startPostgres({ portFrom: PG_PORT_FROM })
  try {
    results.push(await year('postgres', { DATABASE_URL: pg.url, DATA_DIR: tempDir('year-pg') }, days))
  } finally {
    pg.stop()
  }
  printTable(
    `Year: ${CUSTOMERS} mothers × ${RECORDS_A_DAY} records a day, a photo and a read of her file each, ${days} days, ` +
      `${WRITERS} writers, kill -9 every 5–20 s`,
    [
      'engine',
      'acknowledged',
      'lost',
      'twice',
      'records',
      'photos',
      'file reads',
      'kills',
      'retries',
      'writes/s',
      'check',
    ],
    results.map((r) => [
      r.name,
      r.acknowledged,
      r.lost,
      r.duplicates,
      r.records,
      r.uploads,
      r.reads,
      r.kills,
      r.retries,
      Math.round(r.acknowledged / r.writeSeconds),
      r.check,
    ]),
    [
      'acknowledged: saves the server answered; lost: of those, not in the database after the last restart; twice: a request id saved more than once.',
      'records: form records in the database (the demo data included). A year is 365 days: BENCH_YEAR_DAYS=365 (30 by default, 3 with --quick).',
      'check: amcheck over every index and table (npm run check) after the last stop.',
    ],
  )
  if (results.some((r) => r.lost || r.duplicates || !r.check.startsWith('clean')))
    throw new Error('the year lost or broke data')
}
