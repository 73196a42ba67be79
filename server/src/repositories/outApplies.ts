import { and, count, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import {
  customers,
  departments,
  giftTypes,
  outApplies,
  outApplyItems,
  type OrderStatus,
  type OutApplyType,
} from '../db/schema.js'
import { prepared } from '../db/prepared.js'
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

// Outbound orders (outApply): `general` for a department (出库单), `gift` a gift pack for a customer
// (入住礼包出库). Pending until checked; approval takes the items out of their batches.

export const outApplyTables: OrderTables = {
  kind: 'out_apply',
  entity: 'out_applies',
  orders: outApplies,
  items: outApplyItems,
  itemOrderId: outApplyItems.applyId,
}

// ---------------------------------------------------------------------------------------------
// Reading

const headerColumns = {
  id: outApplies.id,
  no: outApplies.no,
  type: outApplies.type,
  status: outApplies.status,
  department_id: outApplies.departmentId,
  department_name: departments.name,
  customer_id: outApplies.customerId,
  customer_name: customers.name,
  room: customers.room,
  gift_type_id: outApplies.giftTypeId,
  gift_type_name: giftTypes.name,
  requester: outApplies.requester,
  apply_date: outApplies.applyDate,
  remark: outApplies.remark,
  reason: outApplies.reason,
  ...trailColumns(outApplies),
  items: itemsInOrder(outApplyTables),
}

const selectHeaders = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...headerColumns, deleted_at: outApplies.deletedAt })
    .from(outApplies)
    .leftJoin(departments, eq(departments.id, outApplies.departmentId))
    .leftJoin(customers, eq(customers.id, outApplies.customerId))
    .leftJoin(giftTypes, eq(giftTypes.id, outApplies.giftTypeId))
    .where(where)

type HeaderRow = Awaited<ReturnType<typeof selectHeaders>>[number]

/** An order as the API answers it: with its items and their digest. */
function view({ items, deleted_at: _, ...row }: HeaderRow, today: string) {
  const views = itemViews(items, today)
  return { ...withTrail(row), ...itemsDigest(views), items: views }
}

export interface OrderQuery {
  page: number
  limit: number
  /** The number, requester, remark, department, gift type or a product's name; or the customer's name, room or phone. */
  keyword?: string
  status?: OrderStatus
  type?: OutApplyType
  customerId?: number
  departmentId?: number
  /** apply_date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string
  dateTo?: string
}

/** The site's live orders, latest date first. */
export async function listOutApplies(db: Db, siteId: number, query: OrderQuery, today: string) {
  const conditions: (SQL | undefined)[] = [eq(outApplies.siteId, siteId), isNull(outApplies.deletedAt)]
  if (query.status) conditions.push(eq(outApplies.status, query.status))
  if (query.type) conditions.push(eq(outApplies.type, query.type))
  if (query.customerId !== undefined) conditions.push(eq(outApplies.customerId, query.customerId))
  if (query.departmentId !== undefined) conditions.push(eq(outApplies.departmentId, query.departmentId))
  if (query.dateFrom) conditions.push(gte(outApplies.applyDate, query.dateFrom))
  if (query.dateTo) conditions.push(lte(outApplies.applyDate, query.dateTo))
  const keyword = query.keyword?.trim()
  if (keyword) {
    conditions.push(await customerOrText(db, siteId, keyword, outApplies))
  }
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    selectHeaders(db, where)
      // The order of out_applies_site_date_idx.
      .orderBy(sql`${outApplies.applyDate} desc nulls last`, sql`${outApplies.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(outApplies).where(where),
  ])
  // A list row shows the digest; info has the items.
  const list = rows.map((row) => view(row, today)).map(({ items: _, ...row }) => row)
  return { list, total }
}

// One order: what outApply/info and every save's and check's answer read, prepared.
const oneOrder = prepared((db) =>
  selectHeaders(db, orderOfSite(outApplyTables, sql.placeholder('siteId'), sql.placeholder('id'))).prepare(
    'out_apply_one',
  ),
)

/** One live order of the site with its items, or undefined. */
export async function getOutApply(db: Db, siteId: number, id: number, today: string) {
  const [row] = await oneOrder(db).execute({ id, siteId })
  return row && isLive(row) ? view(row, today) : undefined
}

/** The type of an order (which cannot change). */
export async function outApplyType(db: Db, id: number): Promise<OutApplyType> {
  const [order] = await db.select({ type: outApplies.type }).from(outApplies).where(eq(outApplies.id, id))
  return order.type
}

// ---------------------------------------------------------------------------------------------
// Counting

/** How many orders of each type the site made in [from, to), deleted ones left out. */
export function countOutApplies(db: Db, siteId: number, from: Date, to: Date) {
  return db
    .select({ type: outApplies.type, n: count() })
    .from(outApplies)
    .where(
      and(
        eq(outApplies.siteId, siteId),
        gte(outApplies.createdAt, from),
        lt(outApplies.createdAt, to),
        isNull(outApplies.deletedAt),
      ),
    )
    .groupBy(outApplies.type)
}
