import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm'
import {
  accounts,
  giftTypes,
  inboundOrders,
  outApplies,
  productPackageItems,
  productPackages,
  products,
  specialCares,
  stockBatches,
  stockMovements,
} from '../db/schema.js'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { prepared } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import {
  isExpired,
  isNearExpiry,
  NEAR_EXPIRY_DAYS,
  type StockBatch,
} from '@yuezi/contract/forms/definitions/stockRules'
import { containing } from './customers.js'

// The site's stock: products, packages, gift types and batches, and the movements that approving
// and reversing orders make (what may move is services/orders/engine.ts's). Everything is scoped
// to the site.

/** numeric(10,2) columns come back as strings ("12.50"). */
export const yuan = (value: string | number) => Number(value)
/** Fen (integer) as numeric(10,2) text. */
export const fenText = (fen: number) => (fen / 100).toFixed(2)

// ---------------------------------------------------------------------------------------------
// Products, packages, gift types

export interface ProductQuery {
  page: number
  limit: number
  keyword?: string
  category?: string
  /** Only the products sold as self-paid items. */
  selfPaid?: boolean
}

/**
 * A page of the site's products in catalogue order, found by name, specification or category
 * (`filter` narrows them more), each with `columns` over its batches (joined, grouped by product).
 */
async function productPage<Columns extends Record<string, SQL<unknown> | AnyPgColumn>>(
  db: Db,
  siteId: number,
  query: { page: number; limit: number; keyword?: string },
  columns: Columns,
  filter?: SQL,
) {
  const conditions: (SQL | undefined)[] = [eq(products.siteId, siteId), filter]
  const keyword = query.keyword?.trim()
  if (keyword) {
    const pattern = containing(keyword)
    conditions.push(or(ilike(products.name, pattern), ilike(products.spec, pattern), ilike(products.category, pattern)))
  }
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns as Record<string, SQL<unknown> | AnyPgColumn>)
      .from(products)
      .leftJoin(stockBatches, eq(stockBatches.productId, products.id))
      .where(where)
      .groupBy(products.id)
      .orderBy(asc(products.sort), asc(products.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(products).where(where),
  ])
  return { rows: rows as { [K in keyof Columns]: ColumnValue<Columns[K]> }[], total }
}

/** What a selected column or SQL expression reads as. */
type ColumnValue<Column> = Column extends SQL<infer T> ? T : Column extends AnyPgColumn ? Column['_']['data'] : never

/** What the product's batches hold, of those that meet `filter`. */
const held = (filter: SQL) => sql<number>`coalesce(sum(${stockBatches.quantity}) filter (where ${filter}), 0)::int`

/**
 * The site's products in use in catalogue order, each with its stock: the quantity of its
 * unexpired batches. A retired one is left out: an order shows its products' names from its items.
 */
export async function listProducts(db: Db, siteId: number, query: ProductQuery, today: string) {
  const { rows, total } = await productPage(
    db,
    siteId,
    query,
    {
      id: products.id,
      name: products.name,
      spec: products.spec,
      unit: products.unit,
      price: products.price,
      category: products.category,
      stock: held(sql`${stockBatches.expiryDate} >= ${today}`),
      self_paid: products.selfPaid,
    },
    and(
      isNull(products.retiredAt),
      query.category ? eq(products.category, query.category) : undefined,
      query.selfPaid ? eq(products.selfPaid, true) : undefined,
    ),
  )
  return { list: rows.map((row) => ({ ...row, price: yuan(row.price), stock: Number(row.stock) })), total }
}

/** Whether a list entry is retired, as list replies flag it. */
export const isRetired = (column: AnyColumn) => sql<boolean>`${column} is not null`

/** The site's packages, each with its products and quantities; retired ones flagged. */
export async function listPackages(db: Db, siteId: number) {
  const [packages, items] = await Promise.all([
    db
      .select({ id: productPackages.id, name: productPackages.name, retired: isRetired(productPackages.retiredAt) })
      .from(productPackages)
      .where(eq(productPackages.siteId, siteId))
      .orderBy(asc(productPackages.sort), asc(productPackages.id)),
    db
      .select({
        package_id: productPackageItems.packageId,
        product_id: productPackageItems.productId,
        product_name: products.name,
        spec: products.spec,
        unit: products.unit,
        price: products.price,
        quantity: productPackageItems.quantity,
      })
      .from(productPackageItems)
      .innerJoin(productPackages, eq(productPackages.id, productPackageItems.packageId))
      .innerJoin(products, eq(products.id, productPackageItems.productId))
      .where(eq(productPackages.siteId, siteId))
      .orderBy(asc(productPackageItems.id)),
  ])
  return packages.map((pack) => ({
    ...pack,
    items: items
      .filter((item) => item.package_id === pack.id)
      .map(({ package_id: _, ...item }) => ({ ...item, price: yuan(item.price) })),
  }))
}

/** The site's gift types; retired ones flagged. */
export function listGiftTypes(db: Db, siteId: number) {
  return db
    .select({
      id: giftTypes.id,
      name: giftTypes.name,
      package_id: giftTypes.packageId,
      retired: isRetired(giftTypes.retiredAt),
    })
    .from(giftTypes)
    .where(eq(giftTypes.siteId, siteId))
    .orderBy(asc(giftTypes.sort), asc(giftTypes.id))
}

/** The names and prices (yuan: what the product list asks now) of the site's products among `ids`, by id. */
export async function productsAmong(
  db: Db,
  siteId: number,
  ids: number[],
): Promise<Map<number, { name: string; price: number }>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(and(eq(products.siteId, siteId), inArray(products.id, [...new Set(ids)])))
  return new Map(rows.map((row) => [row.id, { name: row.name, price: yuan(row.price) }]))
}

/** The names of the site's products among `ids`, by id. */
export const productNames = async (db: Db, siteId: number, ids: number[]): Promise<Map<number, string>> =>
  new Map([...(await productsAmong(db, siteId, ids))].map(([id, product]) => [id, product.name]))

/** Those of the ids that are the site's products. */
export async function existingProducts(db: Db, siteId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, siteId), inArray(products.id, ids)))
  return new Set(rows.map((row) => row.id))
}

// ---------------------------------------------------------------------------------------------
// Batches

/** A batch with what messages and orders need of its product. */
export interface Batch extends StockBatch {
  site_id: number
  product_name: string
  price: number
  production_date: string | null
}

const batchColumns = {
  id: stockBatches.id,
  site_id: stockBatches.siteId,
  product_id: stockBatches.productId,
  product_name: products.name,
  price: products.price,
  batch_no: stockBatches.batchNo,
  production_date: stockBatches.productionDate,
  expiry_date: stockBatches.expiryDate,
  quantity: stockBatches.quantity,
}

const batchesAmong = (db: Db) =>
  db
    .select(batchColumns)
    .from(stockBatches)
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(
      and(
        eq(stockBatches.siteId, sql.placeholder('siteId')),
        sql`${stockBatches.id} = any(${sql.placeholder('ids')}::bigint[])`,
      ),
    )
    .orderBy(asc(stockBatches.id))
const batchesStatement = prepared((db) => batchesAmong(db).prepare('batches_by_ids'))

/** The site's batches among `ids`, by id. */
export async function batchesByIds(db: Db, siteId: number, ids: number[]): Promise<Map<number, Batch>> {
  if (!ids.length) return new Map()
  const rows = await batchesStatement(db).execute({ siteId, ids: [...new Set(ids)] })
  return new Map(rows.map((row) => [row.id, { ...row, price: yuan(row.price) }]))
}

/**
 * The batches of a product of the site that can be chosen on `today`: in stock and not expired,
 * earliest expiry first, `near_expiry` when they expire within 30 days.
 */
export async function choosableBatches(db: Db, siteId: number, productId: number, today: string) {
  const rows = await db
    .select({
      id: stockBatches.id,
      product_id: stockBatches.productId,
      batch_no: stockBatches.batchNo,
      production_date: stockBatches.productionDate,
      expiry_date: stockBatches.expiryDate,
      quantity: stockBatches.quantity,
    })
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.productId, productId),
        eq(stockBatches.siteId, siteId),
        gt(stockBatches.quantity, 0),
        gte(stockBatches.expiryDate, today),
      ),
    )
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id))
  return rows.map((row) => ({ ...row, near_expiry: isNearExpiry(row.expiry_date, today) }))
}

// ---------------------------------------------------------------------------------------------
// The stock page

/** The site's products in catalogue order, each with what its batches hold, expired and expiring soon apart. */
export async function stockLevels(
  db: Db,
  siteId: number,
  query: { page: number; limit: number; keyword?: string },
  today: string,
) {
  const soon = sql`${today}::date + ${NEAR_EXPIRY_DAYS}::int`
  const { rows, total } = await productPage(db, siteId, query, {
    product_id: products.id,
    name: products.name,
    spec: products.spec,
    unit: products.unit,
    category: products.category,
    on_hand: held(sql`true`),
    expired: held(sql`${stockBatches.expiryDate} < ${today}`),
    near_expiry: held(sql`${stockBatches.expiryDate} >= ${today} and ${stockBatches.expiryDate} <= ${soon}`),
  })
  const list = rows.map((row) => ({
    ...row,
    on_hand: Number(row.on_hand),
    expired: Number(row.expired),
    near_expiry: Number(row.near_expiry),
  }))
  return { list, total }
}

/** Every batch of these products of the site, in stock or not, earliest expiry first, marked as the lists mark them. */
export async function productStockBatches(db: Db, siteId: number, productIds: number[], today: string) {
  if (!productIds.length) return []
  const rows = await db
    .select({
      id: stockBatches.id,
      product_id: stockBatches.productId,
      batch_no: stockBatches.batchNo,
      production_date: stockBatches.productionDate,
      expiry_date: stockBatches.expiryDate,
      quantity: stockBatches.quantity,
    })
    .from(stockBatches)
    .where(and(inArray(stockBatches.productId, productIds), eq(stockBatches.siteId, siteId)))
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id))
  return rows.map((row) => ({
    ...row,
    near_expiry: isNearExpiry(row.expiry_date, today),
    expired: isExpired(row.expiry_date, today),
  }))
}

/** Whether the batch is the site's. */
export async function isSiteBatch(db: Db, siteId: number, batchId: number): Promise<boolean> {
  const [batch] = await db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(and(eq(stockBatches.id, batchId), eq(stockBatches.siteId, siteId)))
  return batch !== undefined
}

/**
 * A page of a batch's movements, latest first, each with who made it and the order behind it: its
 * number, date and (an outbound order's) type for the kinds of order this server knows; only the
 * kind and id for others.
 */
export async function batchMovements(db: Db, siteId: number, batchId: number, query: { page: number; limit: number }) {
  const kind = (name: string) => eq(stockMovements.orderKind, sql`${name}`)
  const where = and(eq(stockMovements.siteId, siteId), eq(stockMovements.batchId, batchId))
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        delta: stockMovements.delta,
        action: stockMovements.action,
        at: stockMovements.at,
        by_name: sql<string>`coalesce(${accounts.name}, '')`,
        order_kind: sql<string>`${stockMovements.orderKind}`,
        order_id: stockMovements.orderId,
        order_type: outApplies.type,
        order_no: sql<string | null>`coalesce(${outApplies.no}, ${specialCares.no}, ${inboundOrders.no})`,
        order_date: sql<
          string | null
        >`coalesce(${outApplies.applyDate}, ${specialCares.consumeDate}, ${inboundOrders.inboundDate})::text`,
      })
      .from(stockMovements)
      .leftJoin(accounts, eq(accounts.id, stockMovements.by))
      .leftJoin(outApplies, and(kind('out_apply'), eq(outApplies.id, stockMovements.orderId)))
      .leftJoin(specialCares, and(kind('special_care'), eq(specialCares.id, stockMovements.orderId)))
      .leftJoin(inboundOrders, and(kind('inbound'), eq(inboundOrders.id, stockMovements.orderId)))
      .where(where)
      .orderBy(desc(stockMovements.at), desc(stockMovements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(stockMovements).where(where),
  ])
  return { list: list.map((row) => ({ ...row, at: row.at.toISOString() })), total }
}

// ---------------------------------------------------------------------------------------------
// Moving stock

/** An order's item as approving and reversing move it, with its batch as it is under its row lock. */
export interface MovingItem {
  id: number
  batch_id: number
  quantity: number
  /** The batch's site, product name, number, expiry and stock. */
  batch_site_id: number
  product_name: string
  batch_no: string
  expiry_date: string
  available: number
}

/** How a check moves stock: each batch's change, and a movement per item. */
export interface StockMove {
  batchDeltas: Map<number, number>
  movements: { itemId: number; batchId: number; delta: number }[]
}
