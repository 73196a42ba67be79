import { and, count, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { inboundOrderItems, inboundOrders, products, stockBatches, type OrderStatus } from '../db/schema.js'
import { prepared } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import { isExpired, isNearExpiry } from '@yuezi/contract/forms/definitions/stockRules'
import { containing } from './customers.js'
import { isLive, itemsDigest, orderOfSite, trailColumns, withTrail, type OrderTables } from './orders.js'
import { yuan } from './stock.js'

// Inbound orders (入库单): goods received from a supplier. Pending until checked; approval finds or
// makes each row's batch and puts the quantity in.

export const inboundTables: OrderTables = {
  kind: 'inbound',
  entity: 'inbound_orders',
  orders: inboundOrders,
  items: inboundOrderItems,
  itemOrderId: inboundOrderItems.orderId,
}

// ---------------------------------------------------------------------------------------------
// Reading

/** An inbound order's item as stored, with its product and, once approved, its batch's stock now. */
interface InboundItemRow {
  id: number
  product_id: number
  product_name: string
  spec: string
  unit: string
  batch_id: number | null
  batch_no: string
  production_date: string | null
  expiry_date: string
  available: number | null
  quantity: number
  unit_cost: string
}

/**
 * The order's items in its header's statement, as one JSON value in row order (see
 * orders.itemsInOrder); the order's id qualified, as its header joins no table that would make
 * the query builder qualify it.
 */
const inboundItems = sql<InboundItemRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', p.name, 'spec', p.spec, 'unit', p.unit,
    'batch_id', i.batch_id, 'batch_no', i.batch_no, 'production_date', i.production_date,
    'expiry_date', i.expiry_date, 'available', b.quantity, 'quantity', i.quantity,
    'unit_cost', i.unit_cost::text) order by i.id)
  from ${inboundOrderItems} i join ${products} p on p.id = i.product_id
  left join ${stockBatches} b on b.id = i.batch_id
  where i.order_id = ${inboundOrders}.id), '[]'::json)`

const headerColumns = {
  id: inboundOrders.id,
  no: inboundOrders.no,
  status: inboundOrders.status,
  supplier: inboundOrders.supplier,
  inbound_date: inboundOrders.inboundDate,
  remark: inboundOrders.remark,
  reason: inboundOrders.reason,
  ...trailColumns(inboundOrders),
  items: inboundItems,
}

const selectHeaders = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...headerColumns, deleted_at: inboundOrders.deletedAt })
    .from(inboundOrders)
    .where(where)

type HeaderRow = Awaited<ReturnType<typeof selectHeaders>>[number]

/** An order as the API answers it: its items at their costs, their batches' state today, and their digest. */
function view({ items, deleted_at: _, ...row }: HeaderRow, today: string) {
  const views = items.map((item) => ({
    ...item,
    unit_cost: yuan(item.unit_cost),
    subtotal: Math.round(yuan(item.unit_cost) * 100 * item.quantity) / 100,
    near_expiry: isNearExpiry(item.expiry_date, today),
    expired: isExpired(item.expiry_date, today),
  }))
  return { ...withTrail(row), ...itemsDigest(views), items: views }
}

export interface InboundQuery {
  page: number
  limit: number
  /** The number, supplier, remark, a product's name or a batch number. */
  keyword?: string
  status?: OrderStatus
  /** inbound_date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string
  dateTo?: string
}

/** The site's live inbound orders, latest date first. */
export async function listInbound(db: Db, siteId: number, query: InboundQuery, today: string) {
  const conditions: (SQL | undefined)[] = [eq(inboundOrders.siteId, siteId), isNull(inboundOrders.deletedAt)]
  if (query.status) conditions.push(eq(inboundOrders.status, query.status))
  if (query.dateFrom) conditions.push(gte(inboundOrders.inboundDate, query.dateFrom))
  if (query.dateTo) conditions.push(lte(inboundOrders.inboundDate, query.dateTo))
  const keyword = query.keyword?.trim()
  if (keyword) conditions.push(ilike(inboundOrders.searchText, containing(keyword)))
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    selectHeaders(db, where)
      // The order of inbound_orders_site_date_idx.
      .orderBy(sql`${inboundOrders.inboundDate} desc nulls last`, sql`${inboundOrders.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(inboundOrders).where(where),
  ])
  // A list row shows the digest; info has the items.
  const list = rows.map((row) => view(row, today)).map(({ items: _, ...row }) => row)
  return { list, total }
}

const oneOrder = prepared((db) =>
  selectHeaders(db, orderOfSite(inboundTables, sql.placeholder('siteId'), sql.placeholder('id'))).prepare(
    'inbound_one',
  ),
)

/** One live inbound order of the site with its items, or undefined. */
export async function getInbound(db: Db, siteId: number, id: number, today: string) {
  const [row] = await oneOrder(db).execute({ id, siteId })
  return row && isLive(row) ? view(row, today) : undefined
}

/** The expiry dates of the site's batches of these products among these numbers, by `${product_id}\n${batch_no}`. */
export async function batchExpiries(
  db: Db,
  siteId: number,
  rows: { productId: number; batchNo: string }[],
): Promise<Map<string, string>> {
  if (!rows.length) return new Map()
  const found = await db
    .select({ product_id: stockBatches.productId, batch_no: stockBatches.batchNo, expiry: stockBatches.expiryDate })
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.siteId, siteId),
        or(...rows.map((row) => and(eq(stockBatches.productId, row.productId), eq(stockBatches.batchNo, row.batchNo)))),
      ),
    )
  return new Map(found.map((row) => [`${row.product_id}\n${row.batch_no}`, row.expiry]))
}

// ---------------------------------------------------------------------------------------------
// Receiving

/**
 * Gives each item of a locked order its batch: the product's batch of that number, made empty
 * first when there is none (made in product and number order, so that two approvals making the
 * same batches wait for each other instead of deadlocking). Answers the first item whose batch
 * already has another expiry date (1-based row), else undefined; the caller's transaction then
 * rolls the new batches back.
 */
export async function receiveBatches(tx: Db, siteId: number, orderId: number) {
  await tx.execute(sql`
    insert into ${stockBatches} (site_id, product_id, batch_no, production_date, expiry_date, quantity)
    select ${siteId}, i.product_id, i.batch_no, i.production_date, i.expiry_date, 0
    from ${inboundOrderItems} i where i.order_id = ${orderId}
    order by i.product_id, i.batch_no, i.id
    on conflict (product_id, batch_no) do nothing`)
  await tx.execute(sql`
    update ${inboundOrderItems} i set batch_id = b.id from ${stockBatches} b
    where i.order_id = ${orderId} and b.product_id = i.product_id and b.batch_no = i.batch_no`)
  const [mismatch] = await tx
    .select({
      row: sql<number>`(select count(*) from ${inboundOrderItems} o where o.order_id = ${orderId} and o.id <= ${inboundOrderItems.id})`.mapWith(
        Number,
      ),
      product: products.name,
      batch: stockBatches.batchNo,
      expiry: stockBatches.expiryDate,
      arriving: inboundOrderItems.expiryDate,
    })
    .from(inboundOrderItems)
    .innerJoin(stockBatches, eq(stockBatches.id, inboundOrderItems.batchId))
    .innerJoin(products, eq(products.id, inboundOrderItems.productId))
    .where(
      and(eq(inboundOrderItems.orderId, orderId), sql`${stockBatches.expiryDate} <> ${inboundOrderItems.expiryDate}`),
    )
    .orderBy(inboundOrderItems.id)
    .limit(1)
  return mismatch
}
