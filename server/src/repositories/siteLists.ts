import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { customers, departments, giftTypes, rooms, sites, stayPackages, stays } from '../db/schema.js'
import { prepared } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import { isOpen } from './stays.js'
import { isRetired } from './stock.js'

/** A room as the forms' room picker shows it: the mother of its open stay, booked or in house. */
export interface FloorRoom {
  room: string
  customer_id: number | null
  name: string | null
  status: 'arriving' | 'in_house' | null
  check_in_date: string | null
}

/**
 * The site's rooms that take customers, by floor, each with the mother of its open stay (in house
 * or booked: her id, name, status and check-in date) or nulls. Retired rooms and those out of
 * service are left out: a record names its room as it is called, so it shows it all the same.
 */
export async function listFloors(db: Db, siteId: number) {
  // A room holds one open stay at most (stays_open_room_idx): one index probe per room.
  const roomRows = await db
    .select({
      floor: rooms.floor,
      room: rooms.room,
      customer_id: stays.customerId,
      name: customers.name,
      status: sql<FloorRoom['status']>`${stays.status}`,
      check_in_date: stays.checkInDate,
    })
    .from(rooms)
    .leftJoin(stays, and(eq(stays.siteId, rooms.siteId), eq(stays.room, rooms.room), isOpen))
    .leftJoin(customers, eq(customers.id, stays.customerId))
    .where(and(eq(rooms.siteId, siteId), eq(rooms.inService, true), isNull(rooms.retiredAt)))
    .orderBy(asc(rooms.floor), asc(rooms.room))
  const floors: { floor: number; rooms: FloorRoom[] }[] = []
  for (const { floor, ...room } of roomRows) {
    if (floors.at(-1)?.floor !== floor) floors.push({ floor, rooms: [] })
    floors.at(-1)!.rooms.push(room)
  }
  return floors
}

/** The site's departments; retired ones flagged. */
export function listDepartments(db: Db, siteId: number) {
  return db
    .select({ id: departments.id, name: departments.name, retired: isRetired(departments.retiredAt) })
    .from(departments)
    .where(eq(departments.siteId, siteId))
    .orderBy(asc(departments.sort), asc(departments.id))
}

/** The site's stay packages (their days, price in yuan and what they include); retired ones flagged. */
export async function listStayPackages(db: Db, siteId: number) {
  const rows = await db
    .select({
      id: stayPackages.id,
      name: stayPackages.name,
      days: stayPackages.days,
      price: stayPackages.price,
      includes: stayPackages.includes,
      retired: isRetired(stayPackages.retiredAt),
    })
    .from(stayPackages)
    .where(eq(stayPackages.siteId, siteId))
    .orderBy(asc(stayPackages.sort), asc(stayPackages.id))
  return rows.map((row) => ({ ...row, price: Number(row.price) }))
}

/** Those of the rooms that the site has. */
export async function existingRooms(db: Db, siteId: number, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set()
  const rows = await db
    .select({ room: rooms.room })
    .from(rooms)
    .where(and(eq(rooms.siteId, siteId), inArray(rooms.room, names)))
  return new Set(rows.map((row) => row.room))
}

/** Those of the room numbers of the site that are retired or out of service. */
export async function closedRooms(db: Db, siteId: number, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set()
  const rows = await db
    .select({ room: rooms.room })
    .from(rooms)
    .where(
      and(
        eq(rooms.siteId, siteId),
        inArray(rooms.room, names),
        or(isNotNull(rooms.retiredAt), eq(rooms.inService, false)),
      ),
    )
  return new Set(rows.map((row) => row.room))
}

/** Those of the department ids that are the site's. */
export async function existingDepartments(db: Db, siteId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.siteId, siteId), inArray(departments.id, ids)))
  return new Set(rows.map((row) => row.id))
}

/** The name of a department or gift type of the site, or undefined. */
async function nameOf(
  db: Db,
  table: typeof departments | typeof giftTypes,
  siteId: number,
  id: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, id), eq(table.siteId, siteId)))
  return row?.name
}

export const departmentName = (db: Db, siteId: number, id: number) => nameOf(db, departments, siteId, id)
export const giftTypeName = (db: Db, siteId: number, id: number) => nameOf(db, giftTypes, siteId, id)

/** A site's name, time zone, coordinates and sign-in radius, or undefined. */
// Asked by every list that marks ranges and every save that checks a place or visiting hours.
const siteStatement = prepared((db) =>
  db
    .select({
      name: sites.name,
      timeZone: sites.timeZone,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
      visitFrom: sites.visitFrom,
      visitTo: sites.visitTo,
      visitPolicy: sites.visitPolicy,
    })
    .from(sites)
    .where(eq(sites.id, sql.placeholder('id')))
    .prepare('site_by_id'),
)

export async function findSite(db: Db, id: number) {
  const [site] = await siteStatement(db).execute({ id })
  return site
}
