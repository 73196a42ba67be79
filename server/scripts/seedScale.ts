// The bench's scale data (npm run bench, scale section): tops the demo database up to N form records
// of site 1, spread over its customers (one customer per 50 records, at least the demo's) and over
// the last year, then prints the query plans of the lists the bench measures. The records are
// copies of the demo's own records (one of each form), so their data is what the app saves.
//
//   DATABASE_URL=… | DATA_DIR=…  node --import tsx server/scripts/seedScale.ts --records 100000 --form 访客出入登记表
//
// --rooms N also tops the site's rooms up to N (a big centre's room board), floors of 20 above the
// demo's, and books its free rooms for customers whose stays are over: most in house, some arriving,
// a few left free or out of service.
//
// It prints one JSON line: {records, customers, seconds, plans}. The server must not be running on
// the same PGlite folder (only one process may open it).
import { count, eq, sql, type Logger } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { openDatabase, openEmbedded } from '../src/db/index.js'
import { accounts, customers, formRecords, rooms } from '../src/db/schema.js'
import type { Db } from '../src/db/types.js'
import { seed } from '../src/demo/seed.js'
import { centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { listCustomers } from '../src/repositories/customers.js'
import { listFormRecords } from '../src/repositories/formRecords.js'
import { boardRooms } from '../src/repositories/roomBoard.js'
import { KeptFiles } from '../src/services/customerFile.js'
import { openUploadStore } from '../src/services/uploads/index.js'

const SITE_ID = 1
const RECORDS_PER_CUSTOMER = 50

// --form: the form whose list (getFormRecord with `name`) the bench asks for.
const { values } = parseArgs({
  options: { records: { type: 'string' }, form: { type: 'string' }, rooms: { type: 'string' } },
})
const target = Number(values.records)
if (!Number.isInteger(target) || target < 1) throw new Error('--records N (a positive integer) is required')
if (!values.form) throw new Error('--form NAME is required')
const form = values.form
const roomTarget = Number(values.rooms ?? 0)
if (!Number.isInteger(roomTarget) || roomTarget < 0) throw new Error('--rooms N: a whole number')

keepFilesPrivate()
const config = loadConfig()
// Migrations and the demo data first (the server does the same at start; both are no-ops when done).
const uploads = await openUploadStore(config)
await (await openDatabase(config, { afterMigrate: (db) => seed(db, uploads) })).close()
uploads.close?.()

/** Each statement the repositories run, so that the plans are those of the very SQL the API sends. */
const captured: { sql: string; params: unknown[] }[] = []
const logger: Logger = { logQuery: (query, params) => void captured.push({ sql: query, params }) }

let db: Db
let explain: (query: string, params: unknown[]) => Promise<unknown>
let close: () => Promise<void>
if (config.databaseUrl) {
  const pool = new pg.Pool({ connectionString: config.databaseUrl })
  db = drizzlePg({ client: pool, logger })
  explain = async (query, params) => (await pool.query(query, params)).rows[0]['QUERY PLAN']
  close = () => pool.end()
} else {
  const embedded = await openEmbedded(path.join(config.dataDir, 'pglite'))
  const { client } = embedded
  db = drizzlePglite({ client, logger })
  explain = async (query, params) =>
    ((await client.query(query, params)).rows[0] as Record<string, unknown>)['QUERY PLAN']
  close = embedded.close
}

const started = Date.now()
const countOf = async (table: typeof formRecords | typeof customers | typeof rooms) =>
  (await db.select({ n: count() }).from(table).where(eq(table.siteId, SITE_ID)))[0].n

// Customers first: the records are spread over them. Rooms cycle through the site's rooms (former
// customers shared them, each stay over); names and phones are made from the number.
const customersNow = await countOf(customers)
const customerTarget = Math.max(customersNow, Math.ceil(target / RECORDS_PER_CUSTOMER))
if (customerTarget > customersNow) {
  await db.execute(sql`
    with r as (select row_number() over (order by room) - 1 as k, room from rooms where site_id = ${SITE_ID}),
         n as (select count(*) as n from r),
         made as (
           insert into customers (site_id, name, phone, room, delivery_date)
           select ${SITE_ID}, '客户' || g, '139' || lpad(g::text, 8, '0'), r.room, current_date - (g % 365)
           from generate_series(${customersNow + 1}::int, ${customerTarget}::int) g
           cross join n join r on r.k = g % n.n
           returning id, room, delivery_date)
    insert into stays (site_id, customer_id, kind, check_in_date, planned_days, room, status, left_on)
    select ${SITE_ID}, id, 'month', delivery_date + 3, 28, room, 'left', delivery_date + 31 from made`)
}

// Records: one INSERT … SELECT over generate_series. Each copies the first record of a form (the
// demo's), with a customer of the site and a time in the last year; the search text gets the
// number, so that rows differ.
const recordsNow = await countOf(formRecords)
if (target > recordsNow) {
  await db.execute(sql`
    with t as (
      select row_number() over (order by name) - 1 as k, name, data, search_text, customer_id is not null as has_customer,
             created_by
      from (select distinct on (name) * from form_records where site_id = ${SITE_ID} order by name, id) first_of_each),
    nt as (select count(*) as n from t),
    c as (select row_number() over (order by id) - 1 as k, id from customers where site_id = ${SITE_ID}),
    nc as (select count(*) as n from c)
    insert into form_records (site_id, name, customer_id, data, search_text, created_at, created_by, updated_at, updated_by)
    select ${SITE_ID}, t.name,
           case when t.has_customer then c.id end,
           case when t.data ? 'customer_id' then jsonb_set(t.data, '{customer_id}', to_jsonb(c.id)) else t.data end,
           t.search_text || ' #' || g,
           now() - make_interval(days => g % 365, secs => (g * 37) % 86400),
           t.created_by,
           now() - make_interval(days => g % 365, secs => (g * 37) % 86400),
           t.created_by
    from generate_series(${recordsNow + 1}::int, ${target}::int) g
    cross join nt cross join nc
    join t on t.k = g % nt.n
    join c on c.k = (g::bigint * 7919) % nc.n`)
}
// Rooms: the new ones on floors of 20 above the demo's; then each room without an open stay in the
// board's order is, by its place: booked for today or the next days (one in ten), left free (one in
// ten), or a mother in house since up to a month ago; every other free room out of service.
const today = centreToday(DEFAULT_ZONE)
const roomsNow = await countOf(rooms)
if (roomTarget > roomsNow) {
  await db.execute(sql`
    insert into rooms (site_id, floor, room)
    select ${SITE_ID}, 10 + g / 20, ((10 + g / 20) * 100 + g % 20 + 1)::text
    from generate_series(0, ${roomTarget - roomsNow - 1}::int) g
    on conflict do nothing`)
  await db.execute(sql`
    with open_rooms as (
      select room from stays where site_id = ${SITE_ID} and status <> 'left'),
    free as (
      select row_number() over (order by r.floor, r.room) as k, r.room from rooms r
      where r.site_id = ${SITE_ID} and r.room not in (select room from open_rooms)),
    mothers as (
      select row_number() over (order by c.id desc) as k, c.id from customers c
      where c.site_id = ${SITE_ID}
        and not exists (select 1 from stays s where s.customer_id = c.id and s.status <> 'left')
      limit ${roomTarget}),
    booked as (
      insert into stays (site_id, customer_id, kind, check_in_date, planned_days, room, status)
      select ${SITE_ID}, m.id, 'month',
             case when f.k % 10 = 8 then ${today}::date + (f.k % 3)::int else ${today}::date - (f.k % 31)::int end,
             28, f.room, case when f.k % 10 = 8 then 'arriving' else 'in_house' end
      from free f join mothers m on m.k = f.k
      where f.k % 10 <> 9
      returning room)
    update rooms set in_service = false
    where site_id = ${SITE_ID} and room in (select room from free where k % 20 = 9)`)
}

// As autovacuum would after a load: statistics for the planner, the visibility map for index-only
// scans; and the load's dirty pages written now, not by a checkpoint in the middle of a measurement.
await db.execute(sql`vacuum analyze form_records`)
await db.execute(sql`vacuum analyze customers`)
await db.execute(sql`vacuum analyze stays`)
await db.execute(sql`vacuum analyze rooms`)
await db.execute(sql`checkpoint`)
const seeded = (Date.now() - started) / 1000

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

/** The plan's top node and every index it reads, with the time it took. */
function summary(plan: { Plan: PlanNode; 'Execution Time': number }) {
  const indexes = new Set<string>()
  const seqScans = new Set<string>()
  const walk = (node: PlanNode) => {
    if (node['Index Name']) indexes.add(node['Index Name'])
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name'])
    node.Plans?.forEach(walk)
  }
  walk(plan.Plan)
  return { top: plan.Plan['Node Type'], indexes: [...indexes], seqScans: [...seqScans], ms: plan['Execution Time'] }
}

/** Runs a repository call, then EXPLAIN ANALYZE on each statement it sent (the list, its count, …). */
async function plansOf(call: () => Promise<unknown>) {
  captured.length = 0
  await call()
  const statements = [...captured]
  const plans = []
  for (const statement of statements) {
    const [plan] = (await explain(`explain (analyze, format json) ${statement.sql}`, statement.params)) as [
      { Plan: PlanNode; 'Execution Time': number },
    ]
    const table = statement.sql.match(/from "?(\w+)"?/)?.[1]
    const counting = /^select (count|coalesce\(sum)\(/.test(statement.sql)
    plans.push({ statement: `${counting ? 'count' : 'rows'} of ${table}`, ...summary(plan) })
  }
  return plans
}

// Her file's timeline: of the customer of the site's first room, as the bench asks for it.
const {
  list: [first],
} = await listCustomers(db, SITE_ID, { page: 1, limit: 1, status: 'in_house', today })
// Who reads her file: its read is written to her access log, as the API's is.
const [reader] = await db.select({ id: accounts.id }).from(accounts).limit(1)
const plans = {
  getFormRecord: await plansOf(() => listFormRecords(db, SITE_ID, { name: form, page: 1, limit: 20 })),
  'customer/index': await plansOf(() => listCustomers(db, SITE_ID, { page: 1, limit: 20, status: 'in_house', today })),
  'room/board': await plansOf(() => boardRooms(db, SITE_ID, today)),
  'customer/timeline': await plansOf(() =>
    new KeptFiles().read(
      db,
      { siteId: SITE_ID, accountId: reader.id },
      { customerId: first.id, page: 1, limit: 20 },
      today,
    ),
  ),
}
const result = {
  records: await countOf(formRecords),
  customers: await countOf(customers),
  rooms: await countOf(rooms),
  seconds: seeded,
  plans,
}
await close()
console.log(JSON.stringify(result))
