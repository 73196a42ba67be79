import { and, asc, count, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { customers } from '../db/schema.js'
import { listPlan, preparedByName, type StatementValue } from '../db/prepared.js'
import type { Db } from '../db/types.js'

interface Baby {
  id: number
  name: string
  sex: 'male' | 'female'
  birth_date: string
  birth_weight: number | null
}

/** A customer as the API answers her, her babies (oldest first) fetched in the same statement. */
const customerColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  room: customers.room,
  delivery_date: customers.deliveryDate,
  // Written out: Drizzle leaves a lone table's columns unqualified, and in the subquery an
  // unqualified "id" would be the baby's.
  children: sql<Baby[]>`coalesce((
    select json_agg(json_build_object(
      'id', b.id, 'name', b.name, 'sex', b.sex, 'birth_date', b.birth_date, 'birth_weight', b.birth_weight
    ) order by b.birth_date, b.id)
    from babies b where b.customer_id = "customers"."id"), '[]'::json)`,
}

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A customer whose name, room or phone holds the pattern. */
const customerMatches = (pattern: string | SQLWrapper) =>
  or(ilike(customers.name, pattern), ilike(customers.room, pattern), ilike(customers.phone, pattern))!

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
  const pattern = containing(keyword)
  const matching = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), customerMatches(pattern)))
  const inText = ilike(record.searchText, pattern)
  return matching.length
    ? or(
        inArray(
          record.customerId,
          matching.map((c) => c.id),
        ),
        inText,
      )!
    : inText
}

// All the site's customers are counted once, by a subquery of their own: a window count would read
// and keep every customer's whole row for one page. The few a keyword matches are counted as the
// page is read.
const siteCount = (value: StatementValue) =>
  sql<number>`(select count(*) from customers c where c.site_id = ${value('siteId', 'int8')})`.mapWith(Number)
const matchingCount = sql<number>`count(*) over ()`.mapWith(Number)

/**
 * A page of the site's customers by room (those a pattern matches), each row with `total`, the
 * number of all that match; a first page as listPlan says.
 */
const customerPage = (db: Db, { firstPageOf, matching }: { firstPageOf?: number; matching?: SQL }) => {
  const { value, limit, offset } = listPlan(firstPageOf)
  return db
    .select({ ...customerColumns, total: matching ? matchingCount : siteCount(value) })
    .from(customers)
    .where(and(eq(customers.siteId, value('siteId', 'int8')), matching))
    .orderBy(asc(customers.room), asc(customers.id))
    .limit(limit)
    .offset(offset)
}

/** The site's first pages, by page size (a keyword's list is planned for its pattern). */
const firstPages = preparedByName<ReturnType<ReturnType<typeof customerPage>['prepare']>>()

/** A page of the site's customers with their babies, and how many there are: one statement. */
export async function listCustomers(db: Db, siteId: number, query: { page: number; limit: number; keyword?: string }) {
  const keyword = query.keyword?.trim()
  let page
  if (keyword || query.page > 1) {
    // An unnamed statement (an empty name), planned for its values each time.
    page = customerPage(db, { matching: keyword ? customerMatches(containing(keyword)) : undefined }).prepare('')
  } else {
    page = firstPages(db, `customer_list_${query.limit}`, (db, name) =>
      customerPage(db, { firstPageOf: query.limit }).prepare(name),
    )
  }
  const rows = await page.execute({ siteId, limit: query.limit, offset: (query.page - 1) * query.limit })
  // A page past the last has no row to carry the number.
  const total = rows[0]?.total ?? (query.page > 1 ? await countCustomers(db, siteId, keyword) : 0)
  return { list: rows.map(({ total: _, ...customer }) => customer), total }
}

async function countCustomers(db: Db, siteId: number, keyword: string | undefined) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), keyword ? customerMatches(containing(keyword)) : undefined))
  return total
}

/** The site's customer (her name, room and phone), or undefined. */
export async function siteCustomer(db: Db, siteId: number, id: number) {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, room: customers.room, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)))
  return customer
}

/** A customer of the site, or undefined (also for another site's customer). */
export async function getCustomer(db: Db, siteId: number, id: number) {
  const [customer] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)))
  return customer
}
