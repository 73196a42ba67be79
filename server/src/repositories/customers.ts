import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { CustomerStatus, Stay } from '@yuezi/contract/api/customers'
import type { Static } from 'typebox'
import { babies, customers } from '../db/schema.js'
import { listPlan, prepared, preparedByName, type StatementValue } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import { currentStay } from './stays.js'

interface Baby {
  id: number
  name: string
  sex: 'male' | 'female'
  birth_date: string
  birth_time: string | null
  birth_weight: number | null
}

// Written out: Drizzle leaves a lone table's columns unqualified, and in a subquery an unqualified
// "id" would be the baby's or the stay's.
const customerId = sql`"customers"."id"`

/**
 * A customer as the API answers her, her babies (oldest first) and her current stay (day N of M
 * counted on `today`, the centre's date) fetched in the same statement; named, so that a statement
 * can read them from a subquery of hers.
 */
export const customerColumns = (today: SQL) => ({
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  room: customers.room,
  delivery_date: customers.deliveryDate,
  children: sql<Baby[]>`coalesce((
    select json_agg(json_build_object(
      'id', b.id, 'name', b.name, 'sex', b.sex, 'birth_date', b.birth_date, 'birth_time', b.birth_time,
      'birth_weight', b.birth_weight
    ) order by b.birth_date, b.id)
    from babies b where b.customer_id = ${customerId}), '[]'::json)`.as('children'),
  stay: sql<Static<typeof Stay> | null>`${currentStay(customerId, today)}`.as('stay'),
})

/**
 * Which of the site's mothers a list shows, `id` the customer's id: those with a stay in house,
 * those expected by `today` (booked for today, or late and not yet checked in), every one booked
 * and not yet in whatever her date, those whose stays are all over, or every one.
 */
function statusMatches(status: CustomerStatus, id: SQL, today: SQL): SQL | undefined {
  const hasStay = (condition: SQL) => sql`exists (select 1 from stays s where s.customer_id = ${id} and ${condition})`
  switch (status) {
    case 'in_house':
      return hasStay(sql`s.status = 'in_house'`)
    case 'arriving':
      return hasStay(sql`s.status = 'arriving' and s.check_in_date <= ${today}`)
    case 'booked':
      return hasStay(sql`s.status = 'arriving'`)
    case 'left':
      return sql`${hasStay(sql`s.status = 'left'`)} and not ${hasStay(sql`s.status <> 'left'`)}`
    case 'all':
      return undefined
  }
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
const siteCount = (value: StatementValue, status: CustomerStatus, today: SQL) => {
  const matches = statusMatches(status, sql`c.id`, today)
  return sql<number>`(select count(*) from customers c where c.site_id = ${value('siteId', 'int8')}${
    matches ? sql` and ${matches}` : sql``
  })`.mapWith(Number)
}
const matchingCount = sql<number>`count(*) over ()`.mapWith(Number)

/**
 * A keyword's rooms first: the room it names, then rooms holding it, then the mothers whose name or
 * phone hold it ("830" is room 830 before a phone with 830 in it).
 */
const roomsFirst = (keyword: string) => [
  sql`${customers.room} = ${keyword} desc`,
  sql`${customers.room} ilike ${containing(keyword)} desc`,
]

/**
 * A page of the site's customers of a status by room (those a keyword matches, its rooms first),
 * each row with `total`, the number of all that match; a first page as listPlan says.
 */
const customerPage = (
  db: Db,
  { firstPageOf, keyword, status }: { firstPageOf?: number; keyword?: string; status: CustomerStatus },
) => {
  const { value, limit, offset } = listPlan(firstPageOf)
  const today = sql`${value('today', 'text')}::date`
  const matching = keyword ? customerMatches(containing(keyword)) : undefined
  return db
    .select({ ...customerColumns(today), total: matching ? matchingCount : siteCount(value, status, today) })
    .from(customers)
    .where(and(eq(customers.siteId, value('siteId', 'int8')), statusMatches(status, customerId, today), matching))
    .orderBy(...(keyword ? roomsFirst(keyword) : []), asc(customers.room), asc(customers.id))
    .limit(limit)
    .offset(offset)
}

/** The site's first pages, by page size (a keyword's list is planned for its pattern). */
const firstPages = preparedByName<ReturnType<ReturnType<typeof customerPage>['prepare']>>()

export interface CustomerQuery {
  page: number
  limit: number
  keyword?: string
  status: CustomerStatus
  /** The centre's date: her day of stay is counted on it. */
  today: string
}

/** A page of the site's customers with their babies and stays, and how many there are: one statement. */
export async function listCustomers(db: Db, siteId: number, query: CustomerQuery) {
  const keyword = query.keyword?.trim()
  const { status } = query
  let page
  if (keyword || query.page > 1) {
    // An unnamed statement (an empty name), planned for its values each time.
    page = customerPage(db, { keyword, status }).prepare('')
  } else {
    page = firstPages(db, `customer_list_${status}_${query.limit}`, (db, name) =>
      customerPage(db, { firstPageOf: query.limit, status }).prepare(name),
    )
  }
  const rows = await page.execute({
    siteId,
    today: query.today,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  // A page past the last has no row to carry the number.
  const total = rows[0]?.total ?? (query.page > 1 ? await countCustomers(db, siteId, keyword, query) : 0)
  return { list: rows.map(({ total: _, ...customer }) => customer), total }
}

async function countCustomers(
  db: Db,
  siteId: number,
  keyword: string | undefined,
  { status, today }: Pick<CustomerQuery, 'status' | 'today'>,
) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(customers)
    .where(
      and(
        eq(customers.siteId, siteId),
        statusMatches(status, customerId, sql`${today}::date`),
        keyword ? customerMatches(containing(keyword)) : undefined,
      ),
    )
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

/**
 * A customer of the site with her details, or undefined (also for another site's customer). Not her
 * ID number: the app keeps this answer on the phone (customerInfo), and an ID number read is logged.
 */
export async function getCustomer(db: Db, siteId: number, id: number, today: string) {
  const [customer] = await db
    .select({
      ...customerColumns(sql`${today}::date`),
      delivery_mode: customers.deliveryMode,
      hospital: customers.hospital,
      allergies: customers.allergies,
      diet_needs: customers.dietNeeds,
      remark: customers.remark,
    })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)))
  return customer
}

// ---------------------------------------------------------------------------------------------
// Admitting and changing her

export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'siteId' | 'createdAt' | 'updatedAt'>
export type BabyValues = Omit<typeof babies.$inferInsert, 'id' | 'customerId'>

/**
 * Admissions and changes that name a phone or an ID number (`key`, e.g. phone:139…) wait for each
 * other until their transactions end, so that two of them cannot both find it free.
 */
export async function lockIdentity(db: Db, siteId: number, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${siteId}::int4, hashtext(${key}))`)
}

/** The site's customer, locked until the transaction ends; undefined when there is none. */
export async function lockCustomer(db: Db, siteId: number, id: number) {
  const [customer] = await db
    .select({ id: customers.id, room: customers.room })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)))
    .for('update')
  return customer
}

/**
 * Another mother of the site than `exceptId` who holds the phone (among those in house or booked,
 * with `openOnly`) or the ID number; the ID number's holder first.
 */
export async function findHolder(
  db: Db,
  siteId: number,
  { phone, idCard, exceptId, openOnly }: { phone: string; idCard: string | null; exceptId?: number; openOnly: boolean },
) {
  const phoneHeld = and(
    eq(customers.phone, phone),
    openOnly
      ? sql`exists (select 1 from stays s where s.customer_id = ${customerId} and s.status <> 'left')`
      : undefined,
  )
  // 'id_card' sorts before 'phone'.
  const field = sql<
    'phone' | 'id_card'
  >`case when ${customers.idCard} = ${idCard ?? ''} then 'id_card' else 'phone' end`
  const [holder] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      room: customers.room,
      field,
      left: sql<boolean>`not exists (select 1 from stays s where s.customer_id = ${customerId} and s.status <> 'left')`,
    })
    .from(customers)
    .where(
      and(
        eq(customers.siteId, siteId),
        exceptId ? ne(customers.id, exceptId) : undefined,
        idCard ? or(phoneHeld, eq(customers.idCard, idCard)) : phoneHeld,
      ),
    )
    .orderBy(field, asc(customers.id))
    .limit(1)
  return holder
}

export async function insertCustomer(db: Db, siteId: number, values: CustomerValues): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({ ...values, siteId })
    .returning({ id: customers.id })
  return row.id
}

export async function updateCustomer(db: Db, id: number, values: Partial<CustomerValues>): Promise<void> {
  await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id))
}

/** Her babies' ids in the order customer/info lists them (oldest first). */
export async function babyIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: babies.id })
    .from(babies)
    .where(eq(babies.customerId, customerId))
    .orderBy(asc(babies.birthDate), asc(babies.id))
  return rows.map((row) => row.id)
}

export async function insertBabies(db: Db, customerId: number, rows: BabyValues[]): Promise<void> {
  if (rows.length) await db.insert(babies).values(rows.map((row) => ({ ...row, customerId })))
}

export async function updateBaby(db: Db, id: number, values: BabyValues): Promise<void> {
  await db.update(babies).set(values).where(eq(babies.id, id))
}

/** The babies of the site's mothers `customerIds`: what their rounds' ranges read (birth, birth weight). */
const babiesStatement = prepared((db) =>
  db
    .select({
      id: babies.id,
      customer_id: babies.customerId,
      birth_date: babies.birthDate,
      birth_time: babies.birthTime,
      birth_weight: babies.birthWeight,
    })
    .from(babies)
    .innerJoin(customers, eq(customers.id, babies.customerId))
    .where(
      and(
        eq(customers.siteId, sql.placeholder('siteId')),
        sql`${babies.customerId} = any(${sql.placeholder('customerIds')}::int8[])`,
      ),
    )
    .prepare('babies_of_customers'),
)

export async function babiesOfCustomers(db: Db, siteId: number, customerIds: number[]) {
  if (!customerIds.length) return []
  return babiesStatement(db).execute({ siteId, customerIds })
}
