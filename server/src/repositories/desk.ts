import { sql } from 'drizzle-orm'
import type { DeskList } from '@yuezi/contract/api/desk'
import type { Db } from '../db/types.js'

// The front desk's day: counts over the site's stays, visits, rounds and pending orders, each
// served by the index of its table, in one statement.

export interface DayQuery {
  siteId: number
  accountId: number
  today: string
  /** The centre's today as instants, [from, to). */
  from: Date
  to: Date
  visitName: string
  roundNames: string[]
  /** Counts the pending orders the caller may approve; none without the right. */
  approver: { creatorMayApprove: boolean } | null
}

export interface DayCounts {
  arrivals: number
  departures: number
  booked: number
  visitors_inside: number
  earliest_in: string | null
  no_round: number
  out_apply_general: number | null
  out_apply_gift: number | null
  special_care: number | null
  inbound: number | null
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

// Today's arrivals hold those booked for an earlier day who have not come (late), and today's
// departures those in house past their leave date (overdue): both still the desk's to settle.
const arriving = (q: DayQuery) => sql`s.site_id = ${q.siteId} and (
  (s.status in ('arriving', 'in_house') and s.check_in_date = ${q.today}::date)
  or (s.status = 'arriving' and s.check_in_date < ${q.today}::date))`
const leaving = (q: DayQuery) =>
  sql`s.site_id = ${q.siteId} and s.status = 'in_house' and s.leave_date <= ${q.today}::date`
const booked = (q: DayQuery) =>
  sql`s.site_id = ${q.siteId} and s.status = 'arriving' and s.check_in_date > ${q.today}::date`
const openVisit = (q: DayQuery) => sql`r.site_id = ${q.siteId} and r.name = ${q.visitName}
  and r.created_at >= ${q.from.toISOString()} and r.created_at < ${q.to.toISOString()} and r.deleted_at is null
  and coalesce(r.data->>'time_out', '') = ''`
const noRound = (q: DayQuery) => sql`s.site_id = ${q.siteId} and s.status = 'in_house' and not exists (
  select 1 from form_records r where r.customer_id = s.customer_id
    and r.name in (${sql.join(
      q.roundNames.map((name) => sql`${name}`),
      sql`, `,
    )})
    and r.created_at >= ${q.from.toISOString()} and r.created_at < ${q.to.toISOString()} and r.deleted_at is null)`

/**
 * Pending orders of a table that the caller may check: not her own unless the site allows it, and
 * not one of someone else's that she changed (its `update` audit entries say who did).
 */
const waiting = (q: DayQuery, table: string, extra = sql``) =>
  q.approver
    ? sql`(select count(*)::int from ${sql.identifier(table)} o where o.site_id = ${q.siteId} and o.status = 'pending'
        and o.deleted_at is null ${extra}
        ${q.approver.creatorMayApprove ? sql`` : sql`and o.created_by <> ${q.accountId}`}
        and (o.created_by = ${q.accountId} or not exists (select 1 from audit_log a where a.entity = ${table}
          and a.entity_id = o.id and a.action = 'update' and a.account_id = ${q.accountId})))`
    : sql`null::int`

export async function dayCounts(db: Db, q: DayQuery): Promise<DayCounts> {
  const [row] = await rowsOf<DayCounts>(
    db,
    sql`select
      (select count(*)::int from stays s where ${arriving(q)}) as arrivals,
      (select count(*)::int from stays s where ${leaving(q)}) as departures,
      (select count(*)::int from stays s where ${booked(q)}) as booked,
      (select count(*)::int from form_records r where ${openVisit(q)}) as visitors_inside,
      (select min(r.data->>'time_in') from form_records r where ${openVisit(q)}) as earliest_in,
      (select count(*)::int from stays s where ${noRound(q)}) as no_round,
      ${waiting(q, 'out_applies', sql`and o.type = 'general'`)} as out_apply_general,
      ${waiting(q, 'out_applies', sql`and o.type = 'gift'`)} as out_apply_gift,
      ${waiting(q, 'special_cares')} as special_care,
      ${waiting(q, 'inbound_orders')} as inbound`,
  )
  return row
}

export interface DeskCustomerRow {
  customer_id: number
  name: string
  room: string
  check_in_date: string
  leave_date: string
  status: 'arriving' | 'in_house'
  late: boolean
  overdue: boolean
}

export interface VisitRow {
  id: number
  visitor_name: string
  customer_id: number | null
  customer_name: string | null
  room: string | null
  time_in: string
}

/** The mothers behind a count, by room; those booked ahead by their day, then room. */
export function customersOf(db: Db, q: DayQuery, list: Exclude<DeskList, 'visitors'>): Promise<DeskCustomerRow[]> {
  const where = { arrivals: arriving, departures: leaving, booked, noRound }[list](q)
  const order = list === 'booked' ? sql`s.check_in_date, s.room, c.id` : sql`s.room, c.id`
  return rowsOf<DeskCustomerRow>(
    db,
    sql`select c.id::int as customer_id, c.name, s.room, s.check_in_date::text as check_in_date,
      s.leave_date::text as leave_date, s.status,
      s.status = 'arriving' and s.check_in_date < ${q.today}::date as late,
      s.status = 'in_house' and s.leave_date < ${q.today}::date as overdue
    from stays s join customers c on c.id = s.customer_id where ${where} order by ${order}`,
  )
}

/** Today's visits still open, the longest inside first. */
export function openVisits(db: Db, q: DayQuery): Promise<VisitRow[]> {
  return rowsOf<VisitRow>(
    db,
    sql`select r.id::int as id, coalesce(r.data->>'visitor_name', '') as visitor_name,
      c.id::int as customer_id, c.name as customer_name, c.room, coalesce(r.data->>'time_in', '') as time_in
    from form_records r left join customers c on c.id = r.customer_id
    where ${openVisit(q)} order by r.data->>'time_in', r.id`,
  )
}
