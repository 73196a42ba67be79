import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { babies, customers } from '../db/schema.js';
import type { Db } from '../db/types.js';

const customerColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  room: customers.room,
  delivery_date: customers.deliveryDate,
};

type CustomerRow = { id: number; name: string; phone: string; room: string; delivery_date: string | null };

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A customer whose name, room or phone holds the pattern. */
const customerMatches = (pattern: string) =>
  or(ilike(customers.name, pattern), ilike(customers.room, pattern), ilike(customers.phone, pattern))!;

/**
 * A list's keyword over records of the site's customers: the record's own text, or a customer
 * whose name, room or phone match. Two index-backed halves: the matching customers (few: fetched
 * first, so that the planner sees their ids) and the record's search text (trigram index);
 * PostgreSQL ORs the two indexes' bitmaps.
 */
export async function customerOrText(
  db: Db,
  siteId: number,
  keyword: string,
  record: { customerId: PgColumn; searchText: PgColumn },
): Promise<SQL> {
  const pattern = containing(keyword);
  const matching = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), customerMatches(pattern)));
  const inText = ilike(record.searchText, pattern);
  return matching.length ? or(inArray(record.customerId, matching.map((c) => c.id)), inText)! : inText;
}

export async function listCustomers(db: Db, siteId: number, query: { page: number; limit: number; keyword?: string }) {
  const conditions: SQL[] = [eq(customers.siteId, siteId)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    conditions.push(customerMatches(containing(keyword)));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(asc(customers.room), asc(customers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { list: await withChildren(db, rows), total };
}

/** The site's customer (her name, room and phone), or undefined. */
export async function siteCustomer(db: Db, siteId: number, id: number) {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, room: customers.room, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)));
  return customer;
}

/** A customer of the site, or undefined (also for another site's customer). */
export async function getCustomer(db: Db, siteId: number, id: number) {
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)));
  return (await withChildren(db, rows))[0];
}

/** Adds each customer's babies, fetched for all of them in one query. */
async function withChildren(db: Db, rows: CustomerRow[]) {
  const ids = rows.map((row) => row.id);
  const children = ids.length
    ? await db
        .select({
          id: babies.id,
          customerId: babies.customerId,
          name: babies.name,
          sex: babies.sex,
          birth_date: babies.birthDate,
          birth_weight: babies.birthWeight,
        })
        .from(babies)
        .where(inArray(babies.customerId, ids))
        .orderBy(asc(babies.birthDate), asc(babies.id))
    : [];
  return rows.map((row) => ({
    ...row,
    children: children.filter((child) => child.customerId === row.id).map(({ customerId: _, ...child }) => child),
  }));
}
