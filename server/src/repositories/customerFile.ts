import { and, eq, sql, type SQL } from 'drizzle-orm'
import { plannedWithout, prepared } from '../db/prepared.js'
import { customers, timelineVersions } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { linesOf } from './accessLog.js'
import { customerColumns } from './customers.js'

// Her file in three prepared statements (each statement of a request is a round trip as dear as the
// work it carries): her file's version; her details and her babies' readings; and a page of what is
// recorded about her with what she owes. The service answers the last two again while her file's
// version is the same.

/** A row of her timeline's page as the statement reads it. */
export interface TimelineRow {
  kind: 'record' | 'answer' | 'specialCare' | 'outApply' | 'pdf'
  id: number
  name: string
  /** ISO 8601 in UTC, to the millisecond. */
  at: string
  /** The account that recorded it, and its name when the page was read. */
  by_id: number
  by: string
  no: string | null
  status: string | null
  /** For a PDF: the kind of what was printed (the access log's kind). */
  of: string | null
}

/** A reading of a baby at a paediatric round, as the round record holds it. */
export interface RoundReading {
  baby_id: number | string | null
  round_date: string
  weight: number | null
  temperature: number | null
  tcb_forehead: number | null
  tcb_chest: number | null
  /** When the round was saved, 'HH:MM' on the centre's clock: a baby's age in hours counts to it. */
  taken_at: string
}

// Its values hidden from the planner (see plannedWithout), so that it keeps one plan instead of
// planning each call anew.
const value = plannedWithout
/** The mother the statement reads, and her site. */
const her = sql`${value('customerId', 'int8')}`
const site = value('siteId', 'int8')
/** Each kind's newest rows up to the end of the page: the page is among them, whatever the mix. */
const upTo = value('upTo', 'int8')

// Each kind: her newest rows of it, newest first, as (kind, id, name, at, created_by, no, status, of),
// each reading its own index in the timeline's order and stopping at the rows a page needs.

/** Her form records of the timeline's forms: one range of her records, newest first. */
const records = sql`select 'record' as kind, x.id, x.name, x.created_at as at, x.created_by, null as no,
    null as status, null as of
  from form_records x
  where x.customer_id = ${her} and x.deleted_at is null and x.site_id = ${site}
    and x.name = any(${value('recordNames', 'text[]')}::text[])
  order by x.created_at desc, x.id desc limit ${upTo}`

/** Her check-in rules acknowledgements. */
const answers = sql`select 'answer', x.id, s.title, x.created_at, x.created_by, null, null, null
  from survey_answers x join surveys s on s.id = x.survey_id
  where x.customer_id = ${her} and x.site_id = ${site} and x.deleted_at is null
  order by x.created_at desc, x.id desc limit ${upTo}`

/** Her self-paid orders, and the gift orders among the outbound ones, with their numbers and statuses. */
const orders = (
  kind: 'specialCare' | 'outApply',
  table: SQL,
  only: SQL,
) => sql`select ${sql.raw(`'${kind}'`)}, x.id, '',
    x.created_at, x.created_by, x.no, x.status, null
  from ${table} x
  where ${only} and x.customer_id = ${her} and x.site_id = ${site} and x.deleted_at is null
  order by x.created_at desc, x.id desc limit ${upTo}`

/**
 * Each PDF of a record of hers (or of her bill) printed, as her access log holds it: the link asked
 * for, not its opens (the same printing).
 */
const pdfs = sql`select 'pdf', r.record_id, r.name, x.at, x.account_id, null, null, r.kind
  from ${linesOf(site, her)} and x.action = 'pdf' and not x.link_opened
  order by x.at desc, x.id desc, r.n limit ${upTo}`

const KINDS = [
  records,
  answers,
  orders('specialCare', sql`special_cares`, sql`true`),
  orders('outApply', sql`out_applies`, sql`x.type = 'gift'`),
  pdfs,
]

/** How many things of each kind are recorded about her. */
const COUNTS = [
  sql`(select count(*) from form_records where customer_id = ${her} and site_id = ${site} and deleted_at is null)`,
  sql`(select count(*) from survey_answers where customer_id = ${her} and site_id = ${site} and deleted_at is null)`,
  sql`(select count(*) from special_cares where customer_id = ${her} and site_id = ${site} and deleted_at is null)`,
  sql`(select count(*) from out_applies
    where customer_id = ${her} and site_id = ${site} and type = 'gift' and deleted_at is null)`,
  sql`(select count(*) from ${linesOf(site, her)} and x.action = 'pdf' and not x.link_opened)`,
]

/** The page of the kinds merged newest first, with who recorded each (read for the page's rows only). */
const page = sql<TimelineRow[]>`(select coalesce(json_agg(json_build_object(
    'kind', e.kind, 'id', e.id, 'name', e.name,
    'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'by_id', e.created_by, 'by', a.name, 'no', e.no, 'status', e.status, 'of', e.of) order by e.at desc, e.id desc), '[]'::json)
  from (
    ${sql.join(
      KINDS.map((kind) => sql`(${kind})`),
      sql` union all `,
    )}
    order by at desc, id desc limit ${value('limit', 'int8')} offset ${value('offset', 'int8')}
  ) e join accounts a on a.id = e.created_by)`

/**
 * Her babies' newest readings at paediatric rounds, newest first: a twins' round holds the first
 * baby's at its top and each other baby's in its `babies` list.
 */
const readings = sql<RoundReading[]>`(select coalesce(json_agg(json_build_object(
    'baby_id', b.baby_id, 'round_date', b.round_date, 'weight', b.weight, 'temperature', b.temperature,
    'tcb_forehead', b.tcb_forehead, 'tcb_chest', b.tcb_chest, 'taken_at', b.taken_at) order by b.at desc, b.id desc), '[]'::json)
  from (
  select r.created_at as at, r.id, b.reading->'baby_id' as baby_id, r.data->>'round_date' as round_date,
    (b.reading->>'weight')::float8 as weight, (b.reading->>'temperature')::float8 as temperature,
    (b.reading->>'tcb_forehead')::float8 as tcb_forehead, (b.reading->>'tcb_chest')::float8 as tcb_chest,
    to_char(r.created_at at time zone (select s.time_zone from sites s where s.id = r.site_id), 'HH24:MI') as taken_at
  from form_records r
  cross join lateral (
    select r.data as reading
    union all
    select twin from jsonb_array_elements(
      case when jsonb_typeof(r.data->'babies') = 'array' then r.data->'babies' else '[]'::jsonb end) as twin
  ) b
  where r.customer_id = "file"."id" and r.name = ${value('roundName', 'text')} and r.deleted_at is null
  order by r.created_at desc, r.id desc limit ${value('roundsRead', 'int8')}) b)`

/** Her self-paid orders charged for the days [from, to]: pending or approved (a rejected or reversed order is not). */
const chargedOrders = (customer: SQL, from: SQL, to: SQL) =>
  sql`c.customer_id = ${customer} and c.deleted_at is null and c.status in ('pending', 'approved')
    and c.consume_date between ${from} and ${to}`

/** Her family's meals ordered for the days [from, to]. */
const mealsOrdered = (customer: SQL, mealsName: SQL, from: SQL, to: SQL) =>
  sql`m.customer_id = ${customer} and m.name = ${mealsName} and m.deleted_at is null
    and m.data->>'meal_date' between ${from}::text and ${to}::text`

/** What she owes for the days [from, to]: her charged self-paid orders, and her family's meals. */
const owedSums = (customer: SQL, mealsName: SQL, from: SQL, to: SQL) => ({
  self_paid: sql<number>`(select coalesce(sum(c.total), 0) from special_cares c
    where ${chargedOrders(customer, from, to)})`.mapWith(Number),
  meals: sql<number>`(select coalesce(sum((m.data->>'amount')::numeric), 0) from form_records m
    where ${mealsOrdered(customer, mealsName, from, to)})`.mapWith(Number),
})

/** How many times what her file shows has changed (her shards' sum). */
const version = sql<number>`(select coalesce(sum(v.version), 0) from ${timelineVersions} v
  where v.customer_id = "her"."id")`.mapWith(Number)

/** The names of the accounts that recorded a page's rows, by their ids. */
const names = sql<Record<string, string>>`(select coalesce(json_object_agg(a.id, a.name), '{}'::json)
  from accounts a where a.id = any(${value('byIds', 'int8[]')}::int8[]))`

/** The site's time zone: the time of day her babies' readings were taken is told in it. */
const timeZone = sql<string>`(select s.time_zone from sites s where s.id = ${site})`

const readStatement = prepared((db) => {
  const customer = db.$with('her').as(
    db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, her), eq(customers.siteId, site))),
  )
  return db.with(customer).select({ version, names, time_zone: timeZone }).from(customer).prepare('customer_file_read')
})

export interface ReadQuery {
  siteId: number
  customerId: number
  /** The accounts whose names a kept page of her timeline shows. */
  byIds: number[]
}

/**
 * Her file's version, the names of `byIds` and the site's time zone; undefined for another site's
 * customer or none.
 */
export async function readFileVersion(db: Db, query: ReadQuery) {
  const [file] = await readStatement(db).execute({ ...query })
  return file
}

const fileStatement = prepared((db) => {
  const file = db.$with('file').as(
    db
      .select({
        ...customerColumns(sql`${value('today', 'date')}`),
        allergies: customers.allergies,
        diet_needs: customers.dietNeeds,
      })
      .from(customers)
      .where(and(eq(customers.id, her), eq(customers.siteId, site))),
  )
  return db
    .with(file)
    .select({
      id: file.id,
      name: file.name,
      phone: file.phone,
      room: file.room,
      allergies: file.allergies,
      diet_needs: file.diet_needs,
      stay: file.stay,
      children: file.children,
      readings,
    })
    .from(file)
    .prepare('customer_file')
})

export interface FileQuery {
  siteId: number
  customerId: number
  /** The centre's date: her day of stay counts to it. */
  today: string
  roundName: string
  /** How many round readings to read for her babies' trends. */
  roundsRead: number
}

/** Her file of the site: her details and her babies' readings; undefined for another site's customer or none. */
export async function readFile(db: Db, query: FileQuery) {
  const [file] = await fileStatement(db).execute({ ...query })
  return file
}

const timelineStatement = prepared((db) => {
  const days = [sql`${value('from', 'date')}`, sql`${value('to', 'date')}`] as const
  const owed = owedSums(her, sql`${value('mealsName', 'text')}`, ...days)
  return (
    db
      .select({
        page,
        total: sql<number>`${sql.join(COUNTS, sql` + `)}`.mapWith(Number),
        ...owed,
      })
      // Her row by key: on its own the statement answers nothing of another site's customer.
      .from(customers)
      .where(and(eq(customers.id, her), eq(customers.siteId, site)))
      .prepare('customer_timeline')
  )
})

export interface TimelineQuery {
  siteId: number
  customerId: number
  limit: number
  offset: number
  /** The forms whose records her timeline lists, and the family meals'. */
  recordNames: string[]
  mealsName: string
  /** The days of her stay what she owes is summed for: none without a stay. */
  from: string | null
  to: string | null
}

/** A page of her timeline (newest first), how many rows it has in all, and what she owes for the days [from, to]. */
export async function readTimeline(db: Db, query: TimelineQuery) {
  const [timeline] = await timelineStatement(db).execute({ ...query, upTo: query.offset + query.limit })
  return timeline
}

/** A self-paid item she is charged for, as her bill lists it. */
export interface BillItem {
  date: string
  product: string
  spec: string
  quantity: number
  price: number
  amount: number
}

/** A family meal order she is charged for: its day, how many of each meal, its amount. */
export interface BillMeal {
  date: string
  breakfast: number | null
  lunch: number | null
  dinner: number | null
  amount: number
}

/** Her bill for the days [from, to]: the items and meal orders her file sums, oldest first, and the sums. */
export async function billBetween(db: Db, customerId: number, mealsName: string, from: string, to: string) {
  const [customer, first, last] = [sql`${customerId}`, sql`${from}::date`, sql`${to}::date`]
  const owed = owedSums(customer, sql`${mealsName}`, first, last)
  const [items, meals, sums] = await Promise.all([
    db.execute(sql`select to_char(c.consume_date, 'YYYY-MM-DD') as date, p.name as product, p.spec, i.quantity,
        i.price::float8 as price, i.subtotal::float8 as amount
      from special_cares c join special_care_items i on i.care_id = c.id join products p on p.id = i.product_id
      where ${chargedOrders(customer, first, last)}
      order by c.consume_date, c.id, i.id`),
    db.execute(sql`select m.data->>'meal_date' as date, (m.data->>'breakfast')::float8 as breakfast,
        (m.data->>'lunch')::float8 as lunch, (m.data->>'dinner')::float8 as dinner,
        coalesce((m.data->>'amount')::float8, 0) as amount
      from form_records m where ${mealsOrdered(customer, sql`${mealsName}`, first, last)}
      order by m.data->>'meal_date', m.id`),
    db.execute(sql`select ${owed.self_paid} as self_paid, ${owed.meals} as meals`),
  ])
  const [sum] = (sums as unknown as { rows: { self_paid: string | number; meals: string | number }[] }).rows
  return {
    selfPaid: Number(sum.self_paid),
    mealsOwed: Number(sum.meals),
    items: (items as unknown as { rows: BillItem[] }).rows.map((row) => ({
      ...row,
      quantity: Number(row.quantity),
      price: Number(row.price),
      amount: Number(row.amount),
    })),
    meals: (meals as unknown as { rows: BillMeal[] }).rows,
  }
}
