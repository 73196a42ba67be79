import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { customers, departments, rooms } from '../db/schema.js';

/** The site's rooms by floor, each with the customer staying in it (the latest to check in) or null. */
export async function listFloors(db: Db, siteId: number) {
  const [roomRows, occupants] = await Promise.all([
    db
      .select({ floor: rooms.floor, room: rooms.room })
      .from(rooms)
      .where(eq(rooms.siteId, siteId))
      .orderBy(asc(rooms.floor), asc(rooms.room)),
    db
      .select({ id: customers.id, room: customers.room })
      .from(customers)
      .where(eq(customers.siteId, siteId))
      .orderBy(sql`${customers.checkInDate} desc nulls last`, desc(customers.id)),
  ]);
  const occupantOf = new Map<string, number>();
  for (const { id, room } of occupants) if (!occupantOf.has(room)) occupantOf.set(room, id);
  const floors: { floor: number; rooms: { room: string; customer_id: number | null }[] }[] = [];
  for (const { floor, room } of roomRows) {
    if (floors.at(-1)?.floor !== floor) floors.push({ floor, rooms: [] });
    floors.at(-1)!.rooms.push({ room, customer_id: occupantOf.get(room) ?? null });
  }
  return floors;
}

export function listDepartments(db: Db, siteId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.siteId, siteId))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/** Those of the rooms that the site has. */
export async function existingRooms(db: Db, siteId: number, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db
    .select({ room: rooms.room })
    .from(rooms)
    .where(and(eq(rooms.siteId, siteId), inArray(rooms.room, names)));
  return new Set(rows.map((row) => row.room));
}

/** Those of the department ids that are the site's. */
export async function existingDepartments(db: Db, siteId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.siteId, siteId), inArray(departments.id, ids)));
  return new Set(rows.map((row) => row.id));
}
