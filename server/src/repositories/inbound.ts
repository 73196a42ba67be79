import { and, eq, or, sql } from 'drizzle-orm'
import { inboundOrderItems, inboundOrders, products, stockBatches } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { isExpired, isNearExpiry } from '@yuezi/contract/forms/definitions/stockRules'
import { columnsOf, orderReads, orderTables, orderView, type OrderQuery } from './orders.js'
import { yuan } from './stock.js'

// Inbound orders (入库单): goods received from a supplier. Pending until checked; approval finds or
// makes each row's batch and puts the quantity in.

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

/** A page of inbound orders: the keyword looks in the number, supplier, remark, products and batch numbers. */
export type InboundQuery = OrderQuery<Record<never, never>>

export const inboundReads = orderReads({
  tables: orderTables('inbound', inboundOrders, inboundOrderItems, inboundOrderItems.orderId),
  columns: columnsOf(inboundOrders, 'supplier', 'inboundDate', 'remark'),
  items: () => inboundItems,
  from: (select) => select.from(inboundOrders).$dynamic(),
  date: inboundOrders.inboundDate,
  filters: {},
  // Its items at their costs, their batches' state today.
  view: (row, today) =>
    orderView(
      row,
      row.items.map((item) => ({
        ...item,
        unit_cost: yuan(item.unit_cost),
        subtotal: Math.round(yuan(item.unit_cost) * 100 * item.quantity) / 100,
        near_expiry: isNearExpiry(item.expiry_date, today),
        expired: isExpired(item.expiry_date, today),
      })),
    ),
})

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
