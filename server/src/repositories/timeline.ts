import { sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'

// What is recorded about one mother, for her file: one statement per kind, each reading its own
// index in the timeline's order (newest first) and stopping at the rows a page needs.

/** A row of her timeline as a kind's statement reads it. */
export interface TimelineRow {
  kind: 'record' | 'answer' | 'specialCare' | 'outApply' | 'pdf'
  id: number
  name: string
  at: Date
  by: string
  no: string | null
  status: string | null
  /** For a PDF: the kind of what was printed (the access log's kind). */
  of?: string
}

interface RawRow {
  id: number | string
  name: string
  at: Date | string
  by: string
  no?: string | null
  status?: string | null
  of?: string
}

/** Both drivers answer a raw statement with its rows; a bigint may come as text, a timestamp as text. */
async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<RawRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows
}

const asRow = (kind: TimelineRow['kind']) => (row: RawRow) => ({
  kind,
  id: Number(row.id),
  name: row.name,
  at: new Date(row.at),
  by: row.by,
  no: row.no ?? null,
  status: row.status ?? null,
  ...(row.of ? { of: row.of } : {}),
})

/**
 * Her newest `limit` form records of the site. One index range per form name (customer, name,
 * created_at desc, id desc), each stopped at `limit`, merged: no record of hers beyond those is read.
 */
export async function newestRecords(db: Db, siteId: number, customerId: number, names: string[], limit: number) {
  const rows = await rowsOf(
    db,
    sql`select r.id, r.name, r.created_at as at, a.name as by
      from unnest(array[${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]) as f(name)
      cross join lateral (
        select x.id, x.name, x.created_at, x.created_by from form_records x
        where x.customer_id = ${customerId} and x.name = f.name and x.deleted_at is null and x.site_id = ${siteId}
        order by x.created_at desc, x.id desc limit ${limit}
      ) r
      join accounts a on a.id = r.created_by
      order by r.created_at desc, r.id desc limit ${limit}`,
  )
  return rows.map(asRow('record'))
}

/** Her newest `limit` check-in rules acknowledgements. */
export async function newestAnswers(db: Db, siteId: number, customerId: number, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select x.id, s.title as name, x.created_at as at, a.name as by
      from survey_answers x join surveys s on s.id = x.survey_id join accounts a on a.id = x.created_by
      where x.customer_id = ${customerId} and x.site_id = ${siteId} and x.deleted_at is null
      order by x.created_at desc, x.id desc limit ${limit}`,
  )
  return rows.map(asRow('answer'))
}

/** The orders her timeline lists: self-paid orders, and the gift orders among the outbound ones. */
const ORDERS = {
  specialCare: { table: sql`special_cares`, only: sql`true` },
  outApply: { table: sql`out_applies`, only: sql`x.type = 'gift'` },
}

/** Her newest `limit` orders of a kind, with their numbers and statuses. */
export async function newestOrders(
  db: Db,
  kind: keyof typeof ORDERS,
  siteId: number,
  customerId: number,
  limit: number,
) {
  const rows = await rowsOf(
    db,
    sql`select x.id, '' as name, x.created_at as at, a.name as by, x.no, x.status
      from ${ORDERS[kind].table} x join accounts a on a.id = x.created_by
      where ${ORDERS[kind].only} and x.customer_id = ${customerId} and x.site_id = ${siteId} and x.deleted_at is null
      order by x.created_at desc, x.id desc limit ${limit}`,
  )
  return rows.map(asRow(kind))
}

/** Her newest `limit` PDFs: each link to a record of hers (or her bill) asked for or opened, as the access log holds it. */
export async function newestPdfs(db: Db, siteId: number, customerId: number, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select x.record_id as id, x.name, x.at, a.name as by, x.kind as of
      from access_log x join accounts a on a.id = x.account_id
      where x.site_id = ${siteId} and x.customer_id = ${customerId} and x.action = 'pdf'
      order by x.at desc, x.id desc limit ${limit}`,
  )
  return rows.map(asRow('pdf'))
}

/** How many things of each kind are recorded about her. */
export async function countTimeline(db: Db, siteId: number, customerId: number): Promise<number> {
  const [row] = (
    (await db.execute(sql`select
      (select count(*) from form_records where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from survey_answers where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from special_cares where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from out_applies
          where customer_id = ${customerId} and site_id = ${siteId} and type = 'gift' and deleted_at is null)
      + (select count(*) from access_log where site_id = ${siteId} and customer_id = ${customerId} and action = 'pdf')
      as total`)) as unknown as {
      rows: { total: number | string }[]
    }
  ).rows
  return Number(row.total)
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

/**
 * Her babies' newest `limit` readings at paediatric rounds, newest first: a twins' round holds the
 * first baby's at its top and each other baby's in its `babies` list.
 */
export async function newestReadings(db: Db, customerId: number, roundName: string, limit: number) {
  const result = await db.execute(sql`select b.reading->'baby_id' as baby_id, r.data->>'round_date' as round_date,
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
    where r.customer_id = ${customerId} and r.name = ${roundName} and r.deleted_at is null
    order by r.created_at desc, r.id desc limit ${limit}`)
  return (result as unknown as { rows: RoundReading[] }).rows
}

/** Her self-paid orders charged for the days [from, to]: pending or approved (a rejected or reversed order is not). */
const chargedOrders = (customerId: number, from: string, to: string) =>
  sql`c.customer_id = ${customerId} and c.deleted_at is null and c.status in ('pending', 'approved')
    and c.consume_date between ${from}::date and ${to}::date`

/** Her family's meals ordered for the days [from, to]. */
const mealsOrdered = (customerId: number, mealsName: string, from: string, to: string) =>
  sql`m.customer_id = ${customerId} and m.name = ${mealsName} and m.deleted_at is null
    and m.data->>'meal_date' between ${from} and ${to}`

/** What she owes for the days [from, to]: her charged self-paid orders, and the amounts of her family's meals. */
export async function owedBetween(db: Db, customerId: number, mealsName: string, from: string, to: string) {
  const result = await db.execute(sql`select
    (select coalesce(sum(c.total), 0) from special_cares c where ${chargedOrders(customerId, from, to)}) as self_paid,
    (select coalesce(sum((m.data->>'amount')::numeric), 0) from form_records m
      where ${mealsOrdered(customerId, mealsName, from, to)}) as meals`)
  const [row] = (result as unknown as { rows: { self_paid: string | number; meals: string | number }[] }).rows
  return { selfPaid: Number(row.self_paid), meals: Number(row.meals) }
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

/** The items and meal orders owedBetween sums, oldest first. */
export async function billBetween(db: Db, customerId: number, mealsName: string, from: string, to: string) {
  const [items, meals] = await Promise.all([
    db.execute(sql`select to_char(c.consume_date, 'YYYY-MM-DD') as date, p.name as product, p.spec, i.quantity,
        i.price::float8 as price, i.subtotal::float8 as amount
      from special_cares c join special_care_items i on i.care_id = c.id join products p on p.id = i.product_id
      where ${chargedOrders(customerId, from, to)}
      order by c.consume_date, c.id, i.id`),
    db.execute(sql`select m.data->>'meal_date' as date, (m.data->>'breakfast')::float8 as breakfast,
        (m.data->>'lunch')::float8 as lunch, (m.data->>'dinner')::float8 as dinner,
        coalesce((m.data->>'amount')::float8, 0) as amount
      from form_records m where ${mealsOrdered(customerId, mealsName, from, to)}
      order by m.data->>'meal_date', m.id`),
  ])
  return {
    items: (items as unknown as { rows: BillItem[] }).rows.map((row) => ({
      ...row,
      quantity: Number(row.quantity),
      price: Number(row.price),
      amount: Number(row.amount),
    })),
    meals: (meals as unknown as { rows: BillMeal[] }).rows,
  }
}
