import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { StayKind, StayStatus } from '@yuezi/contract/forms/definitions/admission'
import { rooms, stays } from '../db/schema.js'
import type { Db } from '../db/types.js'

// Mothers' stays: booked, in house, over. An open stay (not left) holds its room.

/** An open stay: booked or in house. */
export const isOpen = ne(stays.status, 'left')

/**
 * A stay as the API answers it, `s` the stay's alias and `p` its package's, with day N of M and
 * the overdue flag counted on `today` (the centre's date).
 */
export const stayJson = (today: SQL) => sql`json_build_object(
  'id', s.id, 'kind', s.kind, 'check_in_date', s.check_in_date, 'planned_days', s.planned_days,
  'leave_date', s.leave_date, 'room', s.room, 'package_id', s.package_id, 'package_name', p.name,
  'status', s.status, 'left_on', s.left_on,
  'day', case when s.status = 'in_house' then (${today} - s.check_in_date) + 1 end,
  'overdue', s.status = 'in_house' and ${today} > s.leave_date)`

/** Her stay that lists show, of the customer whose id is `customerId`: the open one, else the latest. */
export const currentStay = (customerId: SQL, today: SQL) => sql`(
  select ${stayJson(today)} from stays s left join stay_packages p on p.id = s.package_id
  where s.customer_id = ${customerId}
  order by (s.status <> 'left') desc, s.check_in_date desc, s.id desc limit 1)`

/** The customer's open stay, locked until the transaction ends; undefined when she has none. */
export async function lockOpenStay(db: Db, customerId: number) {
  const [stay] = await db
    .select({ id: stays.id, room: stays.room, packageId: stays.packageId, status: stays.status })
    .from(stays)
    .where(and(eq(stays.customerId, customerId), isOpen))
    .for('update')
  return stay
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

/** Ends an open stay: she left on `leftOn`, checked out by `accountId`. */
export async function endStay(db: Db, id: number, leftOn: string, accountId: number): Promise<void> {
  await db
    .update(stays)
    .set({ status: 'left', leftOn, checkedOutBy: accountId, updatedAt: new Date() })
    .where(eq(stays.id, id))
}

/** A booked stay begins: she is in house, checked in by `accountId`. */
export async function beginStay(db: Db, id: number, accountId: number): Promise<void> {
  await db
    .update(stays)
    .set({ status: 'in_house', checkedInBy: accountId, updatedAt: new Date() })
    .where(eq(stays.id, id))
}
