import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  isNull,
  lt,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core'
import {
  accounts,
  auditLog,
  inboundOrderItems,
  inboundOrders,
  outApplies,
  outApplyItems,
  products,
  specialCareItems,
  specialCares,
  stockBatches,
  type OrderKind,
  type OrderStatus,
} from '../db/schema.js'
import { prepared, preparedByName } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import { isExpired, isNearExpiry } from '@yuezi/contract/forms/definitions/stockRules'
import { containing, customerOrText } from './customers.js'
import { yuan, type MovingItem, type StockMove } from './stock.js'

// What the tables of outbound orders (outApplies.ts), self-paid orders (specialCares.ts) and
// inbound orders (inbound.ts) share: locking, writing and deleting an order and its items, who did
// what, how items read, and the builder of each kind's list, one order and count (orderReads).

// ---------------------------------------------------------------------------------------------
// The kinds of order

/**
 * One kind of order, as the shared functions below need it: its table and its items' table, the
 * kind its stock movements record and its audit entity. Each kind's repository defines its one.
 */
export interface OrderTables {
  kind: OrderKind
  /** The audit log's entity: the table's name. */
  entity: string
  orders: typeof outApplies | typeof specialCares | typeof inboundOrders
  items: typeof outApplyItems | typeof specialCareItems | typeof inboundOrderItems
  /** The items' column naming their order (apply_id, care_id, order_id): the tables name it differently. */
  itemOrderId: typeof outApplyItems.applyId | typeof specialCareItems.careId | typeof inboundOrderItems.orderId
}

/** A kind's tables, its audit entity the name of its table. */
export const orderTables = (
  kind: OrderKind,
  orders: OrderTables['orders'],
  items: OrderTables['items'],
  itemOrderId: OrderTables['itemOrderId'],
): OrderTables => ({ kind, entity: getTableName(orders), orders, items, itemOrderId })

/**
 * The order `id` of the site, deleted or not: whoever reads it by id leaves a deleted one out
 * itself (see isLive). With `deleted_at is null` in the statement, PostgreSQL may read the order
 * through a list's partial index (site, …, id) instead of the primary key, a scan of all the
 * site's orders, whenever its statistics lag behind the table (a new centre's first busy weeks, or
 * the embedded database, which never gathers them).
 */
const orderOfSite = (t: OrderTables, siteId: number | SQLWrapper, id: number | SQLWrapper) =>
  and(eq(t.orders.id, id), eq(t.orders.siteId, siteId))

/** Whether an order read by orderOfSite is live (not deleted). */
const isLive = (order: { deleted_at: Date | null }) => order.deleted_at === null

/**
 * Who changed an order after it was made: the accounts of its `update` audit entries, as a JSON
 * array of ids (the order's columns keep only the last of them, and four eyes needs them all).
 */
const changedBy = (orders: OrderTables['orders']) => {
  // Qualified by hand: Drizzle leaves a one-table statement's columns bare, and a bare id here is the entry's.
  const table = getTableName(orders)
  return sql<number[]>`(select coalesce(json_agg(distinct a.account_id), '[]'::json) from ${auditLog} a
    where a.entity = ${table} and a.entity_id = ${sql.identifier(table)}.id and a.action = 'update')`
}

/** A statement of each kind of order, prepared (`name` is its kind's prefix). */
function preparedPerKind<Statement extends object>(build: (db: Db, t: OrderTables, name: string) => Statement) {
  const kinds = preparedByName<Statement>()
  return (db: Db, t: OrderTables) => kinds(db, t.kind, (db) => build(db, t, t.kind))
}

const lockStatement = preparedPerKind((db, t, name) =>
  db
    .select({
      status: t.orders.status,
      no: t.orders.no,
      created_by: t.orders.createdBy,
      changed_by: changedBy(t.orders),
      deleted_at: t.orders.deletedAt,
    })
    .from(t.orders)
    .where(orderOfSite(t, sql.placeholder('siteId'), sql.placeholder('id')))
    .for('update')
    .prepare(`${name}_lock`),
)

/**
 * Locks a live order of the site until the transaction ends and answers its status, number, maker
 * and who changed it since (undefined when there is none): a second save, delete or check of the
 * same order waits, then sees what the first one did.
 */
export async function lockOrder(tx: Db, t: OrderTables, siteId: number, id: number) {
  const [order] = await lockStatement(tx, t).execute({ id, siteId })
  return order && isLive(order)
    ? { status: order.status, no: order.no, createdBy: order.created_by, changedBy: order.changed_by }
    : undefined
}

// ---------------------------------------------------------------------------------------------
// Writing

// The tables' columns differ: callers make the values for `t.orders` and `t.items`, which
// TypeScript cannot follow through the union.

/** Inserts an order; answers its id. */
export async function insertOrder(tx: Db, t: OrderTables, values: Record<string, unknown>): Promise<number> {
  const [created] = await tx
    .insert(t.orders)
    .values(values as never)
    .returning({ id: t.orders.id })
  return created.id
}

/** Sets columns of an order. */
export async function updateOrder(tx: Db, t: OrderTables, id: number, set: Record<string, unknown>): Promise<void> {
  await tx.update(t.orders).set(set).where(eq(t.orders.id, id))
}

export async function insertItems(tx: Db, t: OrderTables, items: Record<string, unknown>[]): Promise<void> {
  await tx.insert(t.items).values(items as never)
}

export async function deleteItems(tx: Db, t: OrderTables, orderId: number): Promise<void> {
  await tx.delete(t.items).where(eq(t.itemOrderId, orderId))
}

const movingItemsStatement = preparedPerKind((db, t, name) =>
  db
    .select({
      id: t.items.id,
      // The batch's own id: an inbound item's names its batch only once approval found it.
      batch_id: stockBatches.id,
      quantity: t.items.quantity,
      batch_site_id: stockBatches.siteId,
      product_name: products.name,
      batch_no: stockBatches.batchNo,
      expiry_date: stockBatches.expiryDate,
      available: stockBatches.quantity,
    })
    .from(t.items)
    .innerJoin(stockBatches, eq(stockBatches.id, t.items.batchId))
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(eq(t.itemOrderId, sql.placeholder('id')))
    .orderBy(asc(stockBatches.id), asc(t.items.id))
    .for('update', { of: stockBatches })
    .prepare(`${name}_moving_items`),
)

/**
 * A locked order's items with their batches, the batch rows locked (FOR UPDATE) in id order, so
 * that two approvals of orders sharing batches wait for each other instead of deadlocking; in row
 * order. One statement: the order's lock, taken before, keeps its items as they are read here.
 */
export async function lockMovingItems(tx: Db, t: OrderTables, id: number): Promise<MovingItem[]> {
  const items = await movingItemsStatement(tx, t).execute({ id })
  return items.sort((a, b) => a.id - b.id)
}

/** What a check of an order writes (see recordCheck). */
export interface OrderCheck extends StockMove {
  siteId: number
  orderId: number
  action: 'approve' | 'reject' | 'reverse'
  /** Its maker checks it, as the site's creator_may_approve lets her: the audit entry says so. */
  own: boolean
  /** The order's new status, and its reason when one is given (kept otherwise). */
  status: OrderStatus
  reason: string | null
  /** Who checked or reversed it, and when: the columns of the one the action is. */
  by: number
  at: Date
  /** The HTTP request the check is made in (its audit row records it). */
  httpRequestId?: string
}

const checkStatement = preparedPerKind((db, t, name) => {
  const p = sql.placeholder
  const batchChanges = db.$with('batch_changes', { id: sql<number>`id` }).as(sql`
    update stock_batches b set quantity = b.quantity + c.delta, updated_at = ${p('at')}
    from unnest(${p('batchIds')}::bigint[], ${p('batchDeltas')}::int[]) as c(id, delta)
    where b.id = c.id and b.quantity + c.delta >= 0
    returning b.id`)
  const movements = db.$with('movements', {}).as(sql`
    insert into stock_movements (site_id, batch_id, delta, order_kind, order_id, item_id, action, by)
    select ${p('siteId')}, m.batch_id, m.delta, ${t.kind}, ${p('orderId')}, m.item_id, ${p('moveAction')}, ${p('by')}
    from unnest(${p('moveBatchIds')}::bigint[], ${p('moveItemIds')}::bigint[], ${p('moveDeltas')}::int[]) as m(batch_id, item_id, delta)`)
  const orderChange = db.$with('order_change', {}).as(sql`
    update ${t.orders} set status = ${p('status')}, reason = coalesce(${p('reason')}, reason),
      checked_at = coalesce(${p('checkedAt')}, checked_at), checked_by = coalesce(${p('checkedBy')}, checked_by),
      reversed_at = coalesce(${p('reversedAt')}, reversed_at), reversed_by = coalesce(${p('reversedBy')}, reversed_by)
    where id = ${p('orderId')}`)
  const audit = db.$with('audit', {}).as(sql`
    insert into audit_log (site_id, account_id, action, entity, entity_id, request_id, http_request_id)
    values (${p('siteId')}, ${p('by')}, ${p('action')}, ${t.entity}, ${p('orderId')}, null, ${p('httpRequestId')})`)
  return db
    .with(batchChanges, movements, orderChange, audit)
    .select({ changed: sql<number>`count(*)::int`.mapWith(Number) })
    .from(batchChanges)
    .prepare(`${name}_check`)
})

/**
 * Writes a check of a locked order in one statement: the batches' quantities (each by its delta,
 * none that would go below zero), the stock movements, the order's status and who did it, and
 * the audit entry. Answers how many batches it changed. One statement rather than four: each
 * round trip to the database costs a request as much as the work it carries.
 */
export async function recordCheck(tx: Db, t: OrderTables, check: OrderCheck): Promise<number> {
  const at = check.at.toISOString()
  const reversing = check.action === 'reverse'
  const [{ changed }] = await checkStatement(tx, t).execute({
    at,
    batchIds: [...check.batchDeltas.keys()],
    batchDeltas: [...check.batchDeltas.values()],
    siteId: check.siteId,
    orderId: check.orderId,
    moveAction: reversing ? 'reverse' : 'approve',
    by: check.by,
    moveBatchIds: check.movements.map((move) => move.batchId),
    moveItemIds: check.movements.map((move) => move.itemId),
    moveDeltas: check.movements.map((move) => move.delta),
    status: check.status,
    reason: check.reason,
    checkedAt: reversing ? null : at,
    checkedBy: reversing ? null : check.by,
    reversedAt: reversing ? at : null,
    reversedBy: reversing ? check.by : null,
    action: check.own ? (`${check.action}Own` as const) : check.action,
    httpRequestId: check.httpRequestId ?? null,
  })
  return changed
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The name of the staff member an account column names, read in the order's own statement. */
const staffName = (account: AnyPgColumn) =>
  sql<string | null>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${account})`

/**
 * The header columns every kind's select starts with: the order's id, number, status and reason;
 * who made, changed, checked and reversed it, and when, with the staff's names, and everyone who
 * changed it (see changedBy; no reply shows it); whether it is deleted (see isLive). The headers
 * join other tables, so the columns are qualified.
 */
const headerColumns = (orders: OrderTables['orders']) => ({
  id: orders.id,
  no: orders.no,
  status: orders.status,
  reason: orders.reason,
  created_at: orders.createdAt,
  created_by: orders.createdBy,
  created_by_name: staffName(orders.createdBy),
  updated_at: orders.updatedAt,
  updated_by: orders.updatedBy,
  updated_by_name: staffName(orders.updatedBy),
  changed_by: changedBy(orders),
  checked_at: orders.checkedAt,
  checked_by: orders.checkedBy,
  checked_by_name: staffName(orders.checkedBy),
  reversed_at: orders.reversedAt,
  reversed_by: orders.reversedBy,
  reversed_by_name: staffName(orders.reversedBy),
  deleted_at: orders.deletedAt,
})

/** A column's key as the API names it, as its table's column is named: applyDate → apply_date. */
type ApiName<Key extends string> = Key extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${ApiName<Rest>}`
  : Key

/** Columns of an order table for a kind's select, each under its API name (see ApiName). */
export function columnsOf<Table extends OrderTables['orders'], Key extends keyof Table['_']['columns'] & string>(
  table: Table,
  ...keys: Key[]
) {
  const columns = getTableColumns(table) as Table['_']['columns']
  return Object.fromEntries(
    keys.map((key) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), columns[key]]),
  ) as { [K in Key as ApiName<K>]: Table['_']['columns'][K] }
}

/** An order's trail as `headerColumns` reads it. */
interface TrailRow {
  created_at: Date
  created_by_name: string | null
  updated_at: Date
  updated_by_name: string | null
  checked_at: Date | null
  reversed_at: Date | null
}

/** An order's trail as the API answers it: timestamps as ISO text, a maker's and changer's name '' when unknown. */
function withTrail<T extends TrailRow>(row: T) {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    created_by_name: row.created_by_name ?? '',
    updated_at: row.updated_at.toISOString(),
    updated_by_name: row.updated_by_name ?? '',
    checked_at: row.checked_at?.toISOString() ?? null,
    reversed_at: row.reversed_at?.toISOString() ?? null,
  }
}

/** An order's item as stored, with its product and batch. */
interface ItemRow {
  id: number
  product_id: number
  product_name: string
  spec: string
  unit: string
  batch_id: number
  batch_no: string
  production_date: string | null
  expiry_date: string
  /** The batch's stock now. */
  available: number
  quantity: number
  price: string
}

/**
 * An order's items, read in its header's statement as one JSON value, in row order, with ItemRow's
 * fields (the price as text, as the driver gives numeric columns): a list or one order's answer is
 * one round trip.
 */
export const itemsInOrder = (t: OrderTables) => sql<ItemRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id,
    'product_name', p.name, 'spec', p.spec, 'unit', p.unit, 'batch_id', i.batch_id, 'batch_no', b.batch_no,
    'production_date', b.production_date, 'expiry_date', b.expiry_date, 'available', b.quantity,
    'quantity', i.quantity, 'price', i.price::text) order by i.id)
  from ${t.items} i join ${products} p on p.id = i.product_id join ${stockBatches} b on b.id = i.batch_id
  where i.${sql.identifier(t.itemOrderId.name)} = ${t.orders.id}), '[]'::json)`

/** The items as the API answers them (prices as numbers, subtotals in fen arithmetic, the batch's state today). */
export function itemViews(rows: ItemRow[], today: string) {
  return rows.map((row) => ({
    ...row,
    price: yuan(row.price),
    subtotal: Math.round(yuan(row.price) * 100 * row.quantity) / 100,
    near_expiry: isNearExpiry(row.expiry_date, today),
    expired: isExpired(row.expiry_date, today),
  }))
}

/** An item as the digest of its order reads it. */
interface DigestItem {
  product_name: string
  quantity: number
  subtotal: number
}

/** What a list row shows of the items: "婴儿湿巾 ×2、一次性内裤 ×5", how many rows and units, and their value. */
function itemsDigest(items: DigestItem[]) {
  return {
    items_summary: items.map((item) => `${item.product_name} ×${item.quantity}`).join('、'),
    item_count: items.length,
    total_quantity: items.reduce((n, item) => n + item.quantity, 0),
    total: items.reduce((fen, item) => fen + Math.round(item.subtotal * 100), 0) / 100,
  }
}

/** An order as the API answers it: its trail, its items as the kind shows them (`items`) and their digest. */
export function orderView<Row extends TrailRow & { items: unknown; deleted_at: Date | null }, Item extends DigestItem>(
  { items: _items, deleted_at: _deleted, ...row }: Row,
  items: Item[],
) {
  return { ...withTrail(row), ...itemsDigest(items), items }
}

// ---------------------------------------------------------------------------------------------
// One kind's reads

/** A kind's select of its headers: its rows have headerColumns' columns. */
type HeaderSelect = PgSelect & { _: { result: { deleted_at: Date | null }[] } }

/** What a kind's header selects: headerColumns, its own columns, and its items as one JSON value. */
type HeaderFields<Columns, Items> = ReturnType<typeof headerColumns> & Columns & { items: SQL<Items> }

/** What one kind of order's reads differ in (see orderReads). */
interface OrderReadsOf<
  Columns extends SelectedFields,
  Items,
  Select extends HeaderSelect,
  Filters extends Record<string, AnyPgColumn>,
  View,
  By,
> {
  tables: OrderTables
  /** Its header's own columns: its table's (columnsOf) and the names it shows from the tables it joins. */
  columns: Columns
  /** Its items as its header's statement reads them (itemsInOrder, or its own). */
  items: (t: OrderTables) => SQL<Items>
  /** The header's select from its table, joined to the tables its columns name; dynamic, for the lists' clauses. */
  from: (select: PgSelectBuilder<HeaderFields<Columns, Items>>) => Select
  /** The list's date: its filters' and, latest first, its order (that of the table's (site, date, id) index). */
  date: AnyPgColumn
  /** The list's filters besides status and dates: each answers the orders whose column equals its value. */
  filters: Filters
  /** The column of the customer a keyword also finds the orders of (by her name, room or phone). */
  keywordCustomer?: AnyPgColumn
  /** What the count of orders made (countMade) is by, if anything. */
  countBy?: By
  /** An order as the API answers it. */
  view: (row: Select['_']['result'][number], today: string) => View
}

/** The values a count of orders made is by: those of the countBy column, or one null. */
type CountKey<By> = By extends AnyPgColumn ? By['_']['data'] : null

/** A page of a kind's list: status, dates, a keyword and its own filters (see OrderReadsOf.filters). */
export type OrderQuery<Filters extends Record<string, AnyPgColumn>> = {
  page: number
  limit: number
  keyword?: string
  status?: OrderStatus
  /** The kind's date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string
  dateTo?: string
} & { [Key in keyof Filters]?: Filters[Key]['_']['data'] }

/**
 * One kind of order's reads from its declaration: a page of the site's live orders, latest date
 * first, each with the digest of its items; one live order of the site with its items (prepared:
 * every save's and check's answer reads it); how many the site made in a span of time.
 */
export function orderReads<
  Columns extends SelectedFields,
  Items,
  Select extends HeaderSelect,
  Filters extends Record<string, AnyPgColumn>,
  View extends { items: unknown },
  By extends AnyPgColumn | undefined = undefined,
>(kind: OrderReadsOf<Columns, Items, Select, Filters, View, By>) {
  const t = kind.tables
  const fields: HeaderFields<Columns, Items> = { ...headerColumns(t.orders), ...kind.columns, items: kind.items(t) }
  const select = (db: Db) => kind.from(db.select(fields))
  // Drizzle types a generic select's rows loosely: they are the kind's headers.
  const headersOf = (rows: unknown) => rows as Select['_']['result'][number][]
  const oneOrder = prepared((db) =>
    select(db)
      .where(orderOfSite(t, sql.placeholder('siteId'), sql.placeholder('id')))
      .prepare(`${t.kind}_one`),
  )
  return {
    tables: t,

    /** The site's live orders, latest date first. */
    async list(db: Db, siteId: number, query: OrderQuery<Filters>, today: string) {
      const conditions: (SQL | undefined)[] = [eq(t.orders.siteId, siteId), isNull(t.orders.deletedAt)]
      if (query.status) conditions.push(eq(t.orders.status, query.status))
      for (const [key, column] of Object.entries(kind.filters)) {
        const value = query[key]
        if (value !== undefined) conditions.push(eq(column, value))
      }
      if (query.dateFrom) conditions.push(gte(kind.date, query.dateFrom))
      if (query.dateTo) conditions.push(lte(kind.date, query.dateTo))
      const keyword = query.keyword?.trim()
      if (keyword) {
        conditions.push(
          kind.keywordCustomer
            ? await customerOrText(db, siteId, keyword, {
                customerId: kind.keywordCustomer,
                searchText: t.orders.searchText,
              })
            : ilike(t.orders.searchText, containing(keyword)),
        )
      }
      const where = and(...conditions)
      const [rows, [{ total }]] = await Promise.all([
        select(db)
          .where(where)
          .orderBy(sql`${kind.date} desc nulls last`, sql`${t.orders.id} desc nulls last`)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(t.orders).where(where),
      ])
      // A list row shows the digest; info has the items.
      const list = headersOf(rows)
        .map((row) => kind.view(row, today))
        .map(({ items: _, ...row }) => row)
      return { list, total }
    },

    /** One live order of the site with its items, or undefined. */
    async get(db: Db, siteId: number, id: number, today: string): Promise<View | undefined> {
      const [row] = headersOf(await oneOrder(db).execute({ id, siteId }))
      return row && isLive(row) ? kind.view(row, today) : undefined
    },

    /** How many orders the site made in [from, to), deleted ones left out: one count, or one by countBy's values. */
    countMade(db: Db, siteId: number, from: Date, to: Date): Promise<{ by: CountKey<By>; n: number }[]> {
      const by = kind.countBy ?? sql<null>`null`
      const made = db
        .select({ by, n: count() })
        .from(t.orders)
        .where(
          and(
            eq(t.orders.siteId, siteId),
            gte(t.orders.createdAt, from),
            lt(t.orders.createdAt, to),
            isNull(t.orders.deletedAt),
          ),
        )
      return kind.countBy ? made.groupBy(kind.countBy) : made
    },
  }
}
