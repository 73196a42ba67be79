import { and, desc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Static } from 'typebox'
import type { Stay } from '@yuezi/contract/api/customers'
import type { StayKind, StayStatus } from '@yuezi/contract/forms/definitions/admission'
import { rooms, stays } from '../db/schema.js'
import type { Db } from '../db/types.js'

// Mothers' stays: booked, in house, over. An open stay (not left) holds its room.

/** An open stay: booked or in house. */
export const isOpen = ne(stays.status, 'left')

/**
 * Day N of a stay on `today` (the centre's date), its check-in date `checkInDate` being day 1; never
 * below 1, as a mother in house has arrived whatever her booked date said.
 */
export const stayDay = (today: SQLWrapper, checkInDate: SQLWrapper) => sql`greatest((${today} - ${checkInDate}) + 1, 1)`

/**
 * A stay as the API answers it, `s` the stay's alias and `p` its package's, with day N of M and
 * the overdue flag counted on `today` (the centre's date).
 */
export const stayJson = (today: SQL) => sql`json_build_object(
  'id', s.id, 'kind', s.kind, 'check_in_date', s.check_in_date, 'planned_days', s.planned_days,
  'leave_date', s.leave_date, 'room', s.room, 'package_id', s.package_id, 'package_name', p.name,
  'status', s.status, 'left_on', s.left_on,
  'day', case when s.status = 'in_house' then ${stayDay(today, sql`s.check_in_date`)} end,
  'overdue', s.status = 'in_house' and ${today} > s.leave_date,
  'late', s.status = 'arriving' and ${today} > s.check_in_date)`

/** Her stay that lists show, of the customer whose id is `customerId`: the open one, else the latest. */
export const currentStay = (customerId: SQL, today: SQL) => sql`(
  select ${stayJson(today)} from stays s left join stay_packages p on p.id = s.package_id
  where s.customer_id = ${customerId}
  order by (s.status <> 'left') desc, s.check_in_date desc, s.id desc limit 1)`

/** The customer's open stay, locked until the transaction ends; undefined when she has none. */
export async function lockOpenStay(db: Db, customerId: number) {
  const [stay] = await db
    .select({
      id: stays.id,
      room: stays.room,
      packageId: stays.packageId,
      status: stays.status,
      checkInDate: stays.checkInDate,
      leaveDate: stays.leaveDate,
      plannedDays: stays.plannedDays,
    })
    .from(stays)
    .where(and(eq(stays.customerId, customerId), isOpen))
    .for('update')
  return stay
}

/** The customer's latest stay (its status, room and the day she left), locked until the transaction ends. */
export async function lockLatestStay(db: Db, customerId: number) {
  const [stay] = await db
    .select({ id: stays.id, siteId: stays.siteId, room: stays.room, status: stays.status, leftOn: stays.leftOn })
    .from(stays)
    .where(eq(stays.customerId, customerId))
    .orderBy(desc(stays.checkInDate), desc(stays.id))
    .limit(1)
    .for('update')
  return stay
}

/** Every stay of the customer, newest first, as the API answers a stay (day N counted on `today`). */
export async function staysOf(db: Db, customerId: number, today: string) {
  const result = await db.execute(sql`
    select ${stayJson(sql`${today}::date`)} as stay
    from stays s left join product_packages p on p.id = s.package_id
    where s.customer_id = ${customerId}
    order by s.check_in_date desc, s.id desc`)
  return (result as unknown as { rows: { stay: Static<typeof Stay> }[] }).rows.map((row) => row.stay)
}

/** Whether another open stay than `exceptId` holds the site's room. */
export async function roomTaken(db: Db, siteId: number, room: string, exceptId?: number): Promise<boolean> {
  const [other] = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.siteId, siteId), eq(stays.room, room), isOpen, exceptId ? ne(stays.id, exceptId) : undefined))
    .limit(1)
  return other !== undefined
}

/**
 * The site's room as admission needs it (whether in service, retired), or undefined; locked until
 * the transaction ends, so that two admissions into it wait for each other.
 */
export async function lockRoom(db: Db, siteId: number, room: string) {
  const [row] = await db
    .select({ inService: rooms.inService, retired: sql<boolean>`${rooms.retiredAt} is not null` })
    .from(rooms)
    .where(and(eq(rooms.siteId, siteId), eq(rooms.room, room)))
    .for('update')
  return row
}

export interface StayValues {
  kind: StayKind
  checkInDate: string
  plannedDays: number
  room: string
  packageId: number | null
}

export async function insertStay(
  db: Db,
  values: StayValues & { siteId: number; customerId: number; status: StayStatus; checkedInBy: number | null },
): Promise<number> {
  const [row] = await db.insert(stays).values(values).returning({ id: stays.id })
  return row.id
}

export async function updateStay(db: Db, id: number, values: StayValues & { status: StayStatus }): Promise<void> {
  await db
    .update(stays)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stays.id, id))
}

/**
 * Ends an open stay: she left on `leftOn`, checked out by `accountId`. A check-in date after it
 * becomes that day too, so that a departure is never before the arrival.
 */
export async function endStay(db: Db, id: number, leftOn: string, accountId: number): Promise<void> {
  await db
    .update(stays)
    .set({
      status: 'left',
      leftOn,
      checkInDate: sql`least(${stays.checkInDate}, ${leftOn}::date)`,
      checkedOutBy: accountId,
      updatedAt: new Date(),
    })
    .where(eq(stays.id, id))
}

/** An ended stay is open again (in house): its check-out undone. */
export async function reopenStay(db: Db, id: number): Promise<void> {
  await db
    .update(stays)
    .set({ status: 'in_house', leftOn: null, checkedOutBy: null, updatedAt: new Date() })
    .where(eq(stays.id, id))
}

/**
 * A booked stay begins: she is in house, checked in by `accountId`; `arrival` moves its check-in
 * date (and planned days) to the day she came, when she came before it.
 */
export async function beginStay(
  db: Db,
  id: number,
  accountId: number,
  arrival?: { checkInDate: string; plannedDays: number },
): Promise<void> {
  await db
    .update(stays)
    .set({ status: 'in_house', checkedInBy: accountId, ...arrival, updatedAt: new Date() })
    .where(eq(stays.id, id))
}
