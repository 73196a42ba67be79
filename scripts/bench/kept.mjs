// Kept section: each reply an instance keeps (server/src/lib/keptReplies.ts) against the same reply
// built on every request, a server started with KEPT_REPLIES=off beside one that keeps them, at 40
// and 200 rooms on PostgreSQL: each endpoint measured on the two in turn, the ratio of their rates
// being what a run tells (this machine's speed moves too much between runs for the rates themselves).
import { startPostgres } from '../lib/postgres.mjs'
import { api, load, login, ms, PG_PORT_FROM, printTable, seconds, startServer, tempDir } from './lib.mjs'
import { mothersEndpoints } from './mothers.mjs'
import { seed } from './scale.mjs'

/** A small centre's board and a big one's: the demo's 50 rooms cut down to 40, topped up to 200. */
const SIZES = [40, 200]
/** Records enough for her file's pages to read; each customer has about 50 however many there are. */
const RECORDS = 10_000

/** Site 1's rooms down to `rooms`: the last rooms without an open stay go. */
function cutRooms(pg, rooms) {
  pg.psql(`delete from rooms where id in (
    select r.id from rooms r where r.site_id = 1
      and not exists (select 1 from stays s where s.site_id = 1 and s.room = r.room and s.status <> 'left')
    order by r.floor desc, r.room desc
    limit greatest((select count(*) from rooms where site_id = 1) - ${rooms}, 0))`)
  return Number(pg.psql('select count(*) from rooms where site_id = 1'))
}

export async function keptSection({ quick }) {
  const options = { connections: 50, duration: quick ? 2 : 5 }
  for (const size of SIZES) {
    const pg = await startPostgres({ portFrom: PG_PORT_FROM })
    try {
      const env = { DATABASE_URL: pg.url, DATA_DIR: tempDir('kept-pg'), SEED: '1' }
      const seeded = await seed(env, RECORDS, size)
      const rooms = cutRooms(pg, size)
      const kept = await startServer({ env })
      const afresh = await startServer({ env: { ...env, KEPT_REPLIES: 'off' } })
      try {
        const tokens = [(await login(kept.url)).token, (await login(afresh.url)).token]
        const endpoints = {
          ...(await mothersEndpoints(kept.url, tokens[0])),
          'customer/index': { route: 'care/customer/index', body: { page: 1, limit: 20 } },
        }
        // Both answer the same: a kept reply is the one built afresh.
        for (const { route, body } of Object.values(endpoints)) {
          const [one, other] = await Promise.all([
            api(kept.url, route, body, tokens[0]),
            api(afresh.url, route, body, tokens[1]),
          ])
          if (JSON.stringify(one) !== JSON.stringify(other)) throw new Error(`${route}: the kept reply differs`)
        }
        const rows = []
        for (const [name, { route, body }] of Object.entries(endpoints)) {
          const measure = (server, token) => load({ url: server.url, route, body, token, ...options })
          // Kept, afresh, afresh, kept: a drift of the machine's speed weighs on both alike.
          const runs = { kept: [], afresh: [] }
          for (const which of ['kept', 'afresh', 'afresh', 'kept']) {
            runs[which].push(await measure(which === 'kept' ? kept : afresh, tokens[which === 'kept' ? 0 : 1]))
          }
          const [on, off] = [runs.kept, runs.afresh].map((two) => ({
            rps: (two[0].rps + two[1].rps) / 2,
            p50: Math.max(two[0].p50, two[1].p50),
            p99: Math.max(two[0].p99, two[1].p99),
            failures: two[0].failures + two[1].failures,
          }))
          rows.push([
            name,
            Math.round(on.rps),
            `${ms(on.p50)} / ${ms(on.p99)}`,
            Math.round(off.rps),
            `${ms(off.p50)} / ${ms(off.p99)}`,
            `${(on.rps / off.rps).toFixed(2)}×`,
            on.failures + off.failures,
          ])
        }
        printTable(
          `Kept replies: PostgreSQL, ${rooms} rooms, ${seeded.customers} customers, ${seeded.records} form records ` +
            `(seeded in ${seconds(seeded.seconds)}), ${options.connections} connections, ${options.duration} s each`,
          ['endpoint', 'kept req/s', 'p50 / p99', 'afresh req/s', 'p50 / p99', 'kept / afresh', 'failed'],
          rows,
          [
            'afresh: the same server started with KEPT_REPLIES=off; each measured twice (kept, afresh, afresh, kept),',
            'req/s the mean of the two, p50 and p99 the worse.',
          ],
        )
      } finally {
        await Promise.all([kept.stop(), afresh.stop()])
      }
    } finally {
      pg.stop()
    }
  }
}
