import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { babies, customers, stayPackages, rooms, stays } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { isOpen } from './stays.js'

// The mothers in house as a spreadsheet: what an import checks its rows against, and what an
// export writes.

/** The site's mothers holding any of these phones or ID numbers. */
export async function holdersOf(db: Db, siteId: number, phones: string[], idCards: string[]) {
  if (!phones.length && !idCards.length) return []
  return db
    .select({ name: customers.name, phone: customers.phone, idCard: customers.idCard })
    .from(customers)
    .where(
      and(
        eq(customers.siteId, siteId),
        or(
          phones.length ? inArray(customers.phone, phones) : undefined,
          idCards.length ? inArray(customers.idCard, idCards) : undefined,
        ),
      ),
    )
}

/** The site's rooms by number: whether each is in service and retired, and whether an open stay holds it. */
export async function roomsByNumber(db: Db, siteId: number) {
  const rows = await db
    .select({ room: rooms.room, inService: rooms.inService, retired: sql<boolean>`${rooms.retiredAt} is not null` })
    .from(rooms)
    .where(eq(rooms.siteId, siteId))
  const held = await db
    .selectDistinct({ room: stays.room })
    .from(stays)
    .where(and(eq(stays.siteId, siteId), isOpen))
  const taken = new Set(held.map((stay) => stay.room))
  return new Map(rows.map(({ room, ...rest }) => [room, { ...rest, taken: taken.has(room) }]))
}

/** The site's stay packages by name: the live one when a retired one has the same name. */
export async function packagesByName(db: Db, siteId: number) {
  const rows = await db
    .select({
      id: stayPackages.id,
      name: stayPackages.name,
      retired: sql<boolean>`${stayPackages.retiredAt} is not null`,
    })
    .from(stayPackages)
    .where(eq(stayPackages.siteId, siteId))
    .orderBy(sql`${stayPackages.retiredAt} is null`, asc(stayPackages.id))
  return new Map(rows.map(({ name, ...rest }) => [name, rest]))
}

/** The site's mothers with an open stay (in house or booked), by room, each with her stay and babies. */
export async function openStayCustomers(db: Db, siteId: number) {
  const open = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      idCard: customers.idCard,
      deliveryDate: customers.deliveryDate,
      deliveryMode: customers.deliveryMode,
      hospital: customers.hospital,
      allergies: customers.allergies,
      dietNeeds: customers.dietNeeds,
      remark: customers.remark,
      kind: stays.kind,
      room: stays.room,
      checkInDate: stays.checkInDate,
      plannedDays: stays.plannedDays,
      leaveDate: stays.leaveDate,
      packageName: stayPackages.name,
    })
    .from(stays)
    .innerJoin(customers, eq(customers.id, stays.customerId))
    .leftJoin(stayPackages, eq(stayPackages.id, stays.packageId))
    .where(and(eq(stays.siteId, siteId), isOpen))
    .orderBy(asc(stays.room), asc(customers.id))
  const ids = open.map((customer) => customer.id)
  const kids = ids.length
    ? await db
        .select({
          customerId: babies.customerId,
          name: babies.name,
          sex: babies.sex,
          birthDate: babies.birthDate,
          birthTime: babies.birthTime,
          birthWeight: babies.birthWeight,
        })
        .from(babies)
        .where(inArray(babies.customerId, ids))
        .orderBy(asc(babies.birthDate), asc(babies.id))
    : []
  return open.map((customer) => ({ ...customer, babies: kids.filter((kid) => kid.customerId === customer.id) }))
}
