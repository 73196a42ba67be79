import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import {
  customers,
  departments,
  giftTypes,
  productPackages,
  products,
  rooms,
  sites,
  stayPackages,
  stays,
  stockBatches,
} from '../db/schema.js'
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

/** The site's lists that forms choose from: rooms by their number, the others by id. */
export type SiteList = 'rooms' | 'departments' | 'products' | 'packages' | 'giftTypes' | 'stayPackages' | 'batches'

/**
 * An entry of the site that a form chose: `closed` when retired (a room also when out of
 * service); a product's `selfPaid`, a batch's product.
 */
export interface SiteEntry {
  list: SiteList
  key: string
  name: string
  closed: boolean
  selfPaid: boolean
  productId: number | null
}

/**
 * The site's entries among those chosen (a list and its key each), in one statement: a save
 * checks every choice of its form in one round trip, whichever lists they come from.
 */
export async function siteEntries(db: Db, siteId: number, chosen: { list: SiteList; key: string }[]) {
  const keys = (list: SiteList) => [...new Set(chosen.filter((c) => c.list === list).map((c) => c.key))]
  const named = (
    list: SiteList,
    table: typeof departments | typeof giftTypes | typeof stayPackages | typeof productPackages,
  ) =>
    sql`select ${list}::text as list, id::text as key, name, retired_at is not null as closed, false as self_paid,
      null::text as product_id from ${table} where ${and(eq(table.siteId, siteId), inArray(table.id, keys(list).map(Number)))}`
  const branches = [
    keys('rooms').length &&
      sql`select 'rooms' as list, room as key, room as name, (retired_at is not null or not in_service) as closed,
        false as self_paid, null::text as product_id
        from ${rooms} where ${and(eq(rooms.siteId, siteId), inArray(rooms.room, keys('rooms')))}`,
    keys('departments').length && named('departments', departments),
    keys('giftTypes').length && named('giftTypes', giftTypes),
    keys('stayPackages').length && named('stayPackages', stayPackages),
    keys('packages').length && named('packages', productPackages),
    keys('products').length &&
      sql`select 'products' as list, id::text as key, name, retired_at is not null as closed, self_paid,
        null::text as product_id
        from ${products} where ${and(eq(products.siteId, siteId), inArray(products.id, keys('products').map(Number)))}`,
    keys('batches').length &&
      sql`select 'batches' as list, id::text as key, batch_no as name, false as closed, false as self_paid,
        product_id::text as product_id
        from ${stockBatches} where ${and(eq(stockBatches.siteId, siteId), inArray(stockBatches.id, keys('batches').map(Number)))}`,
  ].filter((branch): branch is SQL => branch !== 0)
  if (!branches.length) return []
  const result = await db.execute(sql.join(branches, sql` union all `))
  type Row = Omit<SiteEntry, 'selfPaid' | 'productId'> & { self_paid: boolean; product_id: string | null }
  return (result as unknown as { rows: Row[] }).rows.map(({ self_paid, product_id, ...entry }): SiteEntry => ({
    ...entry,
    selfPaid: self_paid,
    productId: product_id === null ? null : Number(product_id),
  }))
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
