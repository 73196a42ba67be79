import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  accounts,
  outApplies,
  outApplyItems,
  specialCareItems,
  specialCares,
  type OrderKind,
} from '../db/schema.js';
import type { Db } from '../db/types.js';
import { isExpired, isNearExpiry } from '@yuezi/contract/forms/definitions/stockRules';
import { yuan, type MovingItem } from './stock.js';

// What the tables of outbound orders (outApplies.ts) and self-paid orders (specialCares.ts) share:
// locking, writing and deleting an order and its items, who did what, and how items read. What
// may be saved and checked is services/orders.ts's.

// ---------------------------------------------------------------------------------------------
// The kinds of order

/**
 * One kind of order, as the shared functions below need it: its table and its items' table, the
 * kind its stock movements record and its audit entity. Each kind's repository defines its one.
 */
export interface OrderTables {
  kind: OrderKind;
  /** The audit log's entity: the table's name. */
  entity: string;
  orders: typeof outApplies | typeof specialCares;
  items: typeof outApplyItems | typeof specialCareItems;
  /** The items' column naming their order (apply_id, care_id): the two tables name it differently. */
  itemOrderId: typeof outApplyItems.applyId | typeof specialCareItems.careId;
}

/** The order `id` of the site, if not deleted. */
export const liveOrder = (t: OrderTables, siteId: number, id: number) =>
  and(eq(t.orders.id, id), eq(t.orders.siteId, siteId), isNull(t.orders.deletedAt));

/**
 * Locks a live order of the site until the transaction ends and answers its status and number
 * (undefined when there is none): a second save, delete or check of the same order waits, then
 * sees what the first one did.
 */
export async function lockOrder(tx: Db, t: OrderTables, siteId: number, id: number) {
  const [order] = await tx
    .select({ status: t.orders.status, no: t.orders.no })
    .from(t.orders)
    .where(liveOrder(t, siteId, id))
    .for('update');
  return order;
}

// ---------------------------------------------------------------------------------------------
// Writing

// The two tables' columns differ: callers make the values for `t.orders` and `t.items`, which
// TypeScript cannot follow through the union.

/** Inserts an order; answers its id. */
export async function insertOrder(tx: Db, t: OrderTables, values: Record<string, unknown>): Promise<number> {
  const [created] = await tx.insert(t.orders).values(values as never).returning({ id: t.orders.id });
  return created.id;
}

/** Sets columns of an order. */
export async function updateOrder(tx: Db, t: OrderTables, id: number, set: Record<string, unknown>): Promise<void> {
  await tx.update(t.orders).set(set).where(eq(t.orders.id, id));
}

export async function insertItems(tx: Db, t: OrderTables, items: Record<string, unknown>[]): Promise<void> {
  await tx.insert(t.items).values(items as never);
}

export async function deleteItems(tx: Db, t: OrderTables, orderId: number): Promise<void> {
  await tx.delete(t.items).where(eq(t.itemOrderId, orderId));
}

/** An order's items as approving and reversing move them, in row order. */
export function movingItems(tx: Db, t: OrderTables, id: number): Promise<MovingItem[]> {
  return tx
    .select({ id: t.items.id, batch_id: t.items.batchId, quantity: t.items.quantity })
    .from(t.items)
    .where(eq(t.itemOrderId, id))
    .orderBy(asc(t.items.id));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Who made, changed, checked and reversed an order, and when, as the order's columns hold it. */
export interface TrailRow {
  created_at: Date;
  created_by: number;
  updated_at: Date;
  updated_by: number;
  checked_at: Date | null;
  checked_by: number | null;
  reversed_at: Date | null;
  reversed_by: number | null;
}

/** The orders' trails with the staff's names, timestamps as ISO text. */
export async function withTrail<T extends TrailRow>(db: Db, rows: T[]) {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.created_by, row.updated_by, row.checked_by, row.reversed_by])),
  ].filter((id): id is number => id !== null);
  const staff = ids.length
    ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids))
    : [];
  const names = new Map(staff.map((account) => [account.id, account.name]));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    created_by_name: nameOf(row.created_by) ?? '',
    updated_at: row.updated_at.toISOString(),
    updated_by_name: nameOf(row.updated_by) ?? '',
    checked_at: row.checked_at?.toISOString() ?? null,
    checked_by_name: nameOf(row.checked_by),
    reversed_at: row.reversed_at?.toISOString() ?? null,
    reversed_by_name: nameOf(row.reversed_by),
  }));
}

/** An order's item as stored, with its product and batch. */
export interface ItemRow {
  order_id: number;
  id: number;
  product_id: number;
  product_name: string;
  spec: string;
  unit: string;
  batch_id: number;
  batch_no: string;
  production_date: string | null;
  expiry_date: string;
  /** The batch's stock now. */
  available: number;
  quantity: number;
  price: string;
}

/** The items as the API answers them (prices as numbers, subtotals in fen arithmetic, the batch's state today). */
export function itemViews(rows: ItemRow[], today: string) {
  return rows.map(({ order_id: _, ...row }) => ({
    ...row,
    price: yuan(row.price),
    subtotal: Math.round(yuan(row.price) * 100 * row.quantity) / 100,
    near_expiry: isNearExpiry(row.expiry_date, today),
    expired: isExpired(row.expiry_date, today),
  }));
}

/** What a list row shows of the items: "婴儿湿巾 ×2、一次性内裤 ×5", how many rows and units, and their value. */
export function itemsDigest(items: { product_name: string; quantity: number; subtotal: number }[]) {
  return {
    items_summary: items.map((item) => `${item.product_name} ×${item.quantity}`).join('、'),
    item_count: items.length,
    total_quantity: items.reduce((n, item) => n + item.quantity, 0),
    total: items.reduce((fen, item) => fen + Math.round(item.subtotal * 100), 0) / 100,
  };
}

/** The items of each order, in row order. */
export function groupByOrder<T extends { order_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}
