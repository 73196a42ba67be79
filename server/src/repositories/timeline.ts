import { sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'

// What is recorded about one mother, for her file: one statement per kind, each reading its own
// index in the timeline's order (newest first) and stopping at the rows a page needs.

/** A row of her timeline as a kind's statement reads it. */
export interface TimelineRow {
  kind: 'record' | 'answer' | 'specialCare' | 'outApply'
  id: number
  name: string
  at: Date
  by: string
  no: string | null
  status: string | null
}

interface RawRow {
  id: number | string
  name: string
  at: Date | string
  by: string
  no?: string | null
  status?: string | null
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

/** How many things of each kind are recorded about her. */
export async function countTimeline(db: Db, siteId: number, customerId: number): Promise<number> {
  const [row] = (
    (await db.execute(sql`select
      (select count(*) from form_records where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from survey_answers where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from special_cares where customer_id = ${customerId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from out_applies
          where customer_id = ${customerId} and site_id = ${siteId} and type = 'gift' and deleted_at is null) as total`)) as unknown as {
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

/**
 * What she owes for the days [from, to]: her self-paid orders consumed on them (pending or approved:
 * a rejected or reversed order is not charged), and the amounts of her family's meals on them.
 */
export async function owedBetween(db: Db, customerId: number, mealsName: string, from: string, to: string) {
  const result = await db.execute(sql`select
    (select coalesce(sum(total), 0) from special_cares
      where customer_id = ${customerId} and deleted_at is null and status in ('pending', 'approved')
        and consume_date between ${from}::date and ${to}::date) as self_paid,
    (select coalesce(sum((data->>'amount')::numeric), 0) from form_records
      where customer_id = ${customerId} and name = ${mealsName} and deleted_at is null
        and data->>'meal_date' between ${from} and ${to}) as meals`)
  const [row] = (result as unknown as { rows: { self_paid: string | number; meals: string | number }[] }).rows
  return { selfPaid: Number(row.self_paid), meals: Number(row.meals) }
}
