import { and, count, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import { customers, specialCareItems, specialCares, type OrderStatus } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { customerOrText } from './customers.js'
import {
  isLive,
  itemsDigest,
  itemsInOrder,
  itemViews,
  orderOfSite,
  trailColumns,
  withTrail,
  type OrderTables,
} from './orders.js'
import { yuan } from './stock.js'

// Self-paid item orders of a customer (specialCare, 自费物品消费表): items at a unit price,
// subtotals and the total computed by the server in fen. Pending until checked; approval takes
// the items out of their batches.

export const specialCareTables: OrderTables = {
  kind: 'special_care',
  entity: 'special_cares',
  orders: specialCares,
  items: specialCareItems,
  itemOrderId: specialCareItems.careId,
}

// ---------------------------------------------------------------------------------------------
// Reading

const headerColumns = {
  id: specialCares.id,
  no: specialCares.no,
  status: specialCares.status,
  customer_id: specialCares.customerId,
  customer_name: customers.name,
  room: specialCares.room,
  consume_date: specialCares.consumeDate,
  remark: specialCares.remark,
  signature: specialCares.signature,
  total: specialCares.total,
  reason: specialCares.reason,
  ...trailColumns(specialCares),
  items: itemsInOrder(specialCareTables),
}

const selectHeaders = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...headerColumns, deleted_at: specialCares.deletedAt })
    .from(specialCares)
    .innerJoin(customers, eq(customers.id, specialCares.customerId))
    .where(where)

type HeaderRow = Awaited<ReturnType<typeof selectHeaders>>[number]

/** An order as the API answers it: with its items and their digest, and the stored total (what the customer signed for). */
function view({ items, deleted_at: _, ...row }: HeaderRow, today: string) {
  const views = itemViews(items, today)
  return { ...withTrail(row), ...itemsDigest(views), total: yuan(row.total), items: views }
}

export interface SpecialCareQuery {
  page: number
  limit: number
  /** The number, remark or a product's name; or the customer's name, room or phone. */
  keyword?: string
  status?: OrderStatus
  customerId?: number
  /** consume_date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string
  dateTo?: string
}

/** The site's live self-paid orders, latest date first. */
export async function listSpecialCares(db: Db, siteId: number, query: SpecialCareQuery, today: string) {
  const conditions: (SQL | undefined)[] = [eq(specialCares.siteId, siteId), isNull(specialCares.deletedAt)]
  if (query.status) conditions.push(eq(specialCares.status, query.status))
  if (query.customerId !== undefined) conditions.push(eq(specialCares.customerId, query.customerId))
  if (query.dateFrom) conditions.push(gte(specialCares.consumeDate, query.dateFrom))
  if (query.dateTo) conditions.push(lte(specialCares.consumeDate, query.dateTo))
  const keyword = query.keyword?.trim()
  if (keyword) {
    conditions.push(await customerOrText(db, siteId, keyword, specialCares))
  }
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    selectHeaders(db, where)
      // The order of special_cares_site_date_idx.
      .orderBy(sql`${specialCares.consumeDate} desc nulls last`, sql`${specialCares.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(specialCares).where(where),
  ])
  // A list row shows the digest; info has the items.
  const list = rows.map((row) => view(row, today)).map(({ items: _, ...row }) => row)
  return { list, total }
}

/** One live self-paid order of the site with its items, or undefined. */
export async function getSpecialCare(db: Db, siteId: number, id: number, today: string) {
  const [row] = await selectHeaders(db, orderOfSite(specialCareTables, siteId, id))
  return row && isLive(row) ? view(row, today) : undefined
}

// ---------------------------------------------------------------------------------------------
// Counting

/** How many self-paid orders the site made in [from, to), deleted ones left out. */
export async function countSpecialCares(db: Db, siteId: number, from: Date, to: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(specialCares)
    .where(
      and(
        eq(specialCares.siteId, siteId),
        gte(specialCares.createdAt, from),
        lt(specialCares.createdAt, to),
        isNull(specialCares.deletedAt),
      ),
    )
  return n
}
