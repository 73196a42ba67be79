import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import {
  accounts,
  customers,
  outApplies,
  outApplyItems,
  specialCareItems,
  specialCares,
  type OrderKind,
  type OrderStatus,
} from '../db/schema.js';
import { AppError, Code, FormInvalidError } from '../errors.js';
import {
  fieldsOf,
  idOf,
  isExpired,
  isNearExpiry,
  ITEMS,
  stockErrors,
  type FormData,
  type FormDefinition,
} from '../lib/forms.js';
import { findRequest, writeAudit, type AuditEntry } from './audit.js';
import type { Actor } from './formRecords.js';
import { checkAgainstSite } from './siteOptions.js';
import { batchesByIds, moveStock, yuan, type MovingItem } from './stock.js';

// What outbound orders (outApplies.ts) and self-paid orders (specialCares.ts) share: saving once
// per request_id, the save's transaction, deleting, the check (approve, reject, reverse), who did
// what, and how items read.

// ---------------------------------------------------------------------------------------------
// The kinds of order

/**
 * One kind of order, as the shared helpers below need it: its table and its items' table, the
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

export const orderNotFound = () => new AppError(Code.NOT_FOUND, 'order.notFound');

/** The order `id` of the site, if not deleted. */
export const liveOrder = (t: OrderTables, siteId: number, id: number) =>
  and(eq(t.orders.id, id), eq(t.orders.siteId, siteId), isNull(t.orders.deletedAt));

/**
 * Locks a live order of the site until the transaction ends and answers its status and number:
 * a second save, delete or check of the same order waits, then sees what the first one did.
 */
async function lockOrder(tx: Db, t: OrderTables, siteId: number, id: number) {
  const [order] = await tx
    .select({ status: t.orders.status, no: t.orders.no })
    .from(t.orders)
    .where(liveOrder(t, siteId, id))
    .for('update');
  if (!order) throw orderNotFound();
  return order;
}

// ---------------------------------------------------------------------------------------------
// Saving

/** Thrown inside a save's transaction when another save with its request_id got in first: roll back, answer that one. */
class AlreadySaved extends Error {}

/**
 * Runs `save` in one transaction, once per request_id of the site: a retried save answers the
 * first one's id and changes nothing. `save` records its audit entry with `auditSave`.
 */
export async function saveOnce(
  db: Db,
  siteId: number,
  requestId: string | undefined,
  save: (tx: Db) => Promise<number>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      if (requestId !== undefined) {
        const saved = await findRequest(tx, siteId, requestId);
        if (saved !== undefined) return saved;
      }
      return save(tx);
    });
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    // The other save has committed: the audit log's unique index made this one wait for it.
    const saved = await findRequest(db, siteId, requestId!);
    if (saved === undefined) throw new Error('a save with this request_id conflicted but is not recorded');
    return saved;
  }
}

/** The audit entry of a save in `saveOnce`; a second save with the entry's request_id rolls back. */
export async function auditSave(db: Db, entry: AuditEntry): Promise<void> {
  if (!(await writeAudit(db, entry))) throw new AlreadySaved();
}

/** An order as its kind's `build` in `saveOrder` makes it from the validated form. */
export interface OrderToSave {
  /** The order's columns, set when it is made and each time it is changed. */
  values: Record<string, unknown>;
  /** Columns set only when it is made (an outbound order's type, which cannot change). */
  createOnly?: Record<string, unknown>;
  /** The prefix of its number (see orderNo). */
  prefix: string;
  /** What the keyword search looks in, given the order's number. */
  searchText: (no: string) => string;
  /** The item rows to insert, with their order's id. */
  items: (orderId: number) => Record<string, unknown>[];
}

/**
 * Saves an order with its items and the audit entry in one transaction, once per request_id (see
 * saveOnce): with `input.id` it changes that order, locked first and only while pending (its
 * number stays; its items are replaced), else it makes one and numbers it after the insert (the
 * number holds the id). `build` makes the order inside the transaction, after the lock, so that
 * its checks against the site and stock see what a concurrent save did. Answers the order's id.
 */
export async function saveOrder(
  db: Db,
  actor: Actor,
  t: OrderTables,
  input: { id?: number; requestId?: string },
  today: string,
  build: (tx: Db) => Promise<OrderToSave>,
): Promise<number> {
  return saveOnce(db, actor.siteId, input.requestId, async (tx) => {
    let existingNo = '';
    if (input.id !== undefined) {
      const existing = await lockOrder(tx, t, actor.siteId, input.id);
      if (existing.status !== 'pending') throw notInStatus('edit', existing.status);
      existingNo = existing.no;
    }
    const order = await build(tx);
    const values = { ...order.values, updatedAt: new Date(), updatedBy: actor.accountId };

    let id: number;
    if (input.id === undefined) {
      // The two tables' columns differ; `build` made them for `t.orders`, which TypeScript cannot follow.
      const [created] = await tx
        .insert(t.orders)
        .values({ ...values, ...order.createOnly, siteId: actor.siteId, createdBy: actor.accountId } as never)
        .returning({ id: t.orders.id });
      id = created.id;
      const no = orderNo(order.prefix, today, id);
      await tx.update(t.orders).set({ no, searchText: order.searchText(no) }).where(eq(t.orders.id, id));
    } else {
      id = input.id;
      await tx
        .update(t.orders)
        .set({ ...values, searchText: order.searchText(existingNo) })
        .where(eq(t.orders.id, id));
      await tx.delete(t.items).where(eq(t.itemOrderId, id));
    }
    await tx.insert(t.items).values(order.items(id) as never);
    await auditSave(tx, {
      ...actor,
      action: input.id === undefined ? 'create' : 'update',
      entity: t.entity,
      entityId: id,
      requestId: input.requestId,
    });
    return id;
  });
}

/** The site's customer with what orders show of her, or undefined. */
export async function siteCustomer(db: Db, siteId: number, id: number) {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, room: customers.room, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)));
  return customer;
}

/** The order number people read: a prefix, the Shanghai day it was made, the id: CK20261122-00042. */
export const orderNo = (prefix: string, today: string, id: number) =>
  `${prefix}${today.replaceAll('-', '')}-${String(id).padStart(5, '0')}`;

// ---------------------------------------------------------------------------------------------
// Checking: approve, reject, reverse

export type CheckAction = { approve: true } | { approve: false; reason: string } | { reverse: true; reason?: string };

/** The action of a check body: `{approve: true}`, `{approve: false, reason}` or `{reverse: true, reason?}`. */
export function checkActionOf(body: { approve?: boolean; reverse?: boolean; reason?: string }): CheckAction {
  const reason = body.reason?.trim() || undefined;
  if (body.reverse === true && body.approve === undefined) return { reverse: true, reason };
  if (body.reverse !== undefined) throw new AppError(Code.INVALID_INPUT, 'order.checkAction');
  if (body.approve === true) return { approve: true };
  if (body.approve === false) {
    if (!reason) throw new AppError(Code.INVALID_INPUT, 'order.reasonRequired');
    return { approve: false, reason };
  }
  throw new AppError(Code.INVALID_INPUT, 'order.checkAction');
}

/** Checking, reversing, editing or deleting an order whose status does not allow it: -6, saying what it is. */
export const notInStatus = (verb: 'check' | 'reverse' | 'edit' | 'delete', status: OrderStatus) =>
  new AppError(Code.CONFLICT, `order.${verb}.${status}`);

/**
 * Carries out a check of a locked, live order inside the caller's transaction: approving takes its
 * items out of stock (or fails, changing nothing), reversing puts them back, rejecting records the
 * reason. Only a pending order can be approved or rejected, only an approved one reversed. Answers
 * the order's columns to set and the audit action.
 */
export async function runCheck(
  db: Db,
  actor: Actor,
  order: { kind: OrderKind; id: number; status: OrderStatus },
  items: MovingItem[],
  action: CheckAction,
  today: string,
) {
  const now = new Date();
  if ('reverse' in action) {
    if (order.status !== 'approved') throw notInStatus('reverse', order.status);
    await moveStock(db, actor, order, items, 'reverse', today);
    return {
      audit: 'reverse' as const,
      set: {
        status: 'reversed' as const,
        reversedAt: now,
        reversedBy: actor.accountId,
        ...(action.reason ? { reason: action.reason } : {}),
      },
    };
  }
  if (order.status !== 'pending') throw notInStatus('check', order.status);
  if (action.approve) {
    await moveStock(db, actor, order, items, 'approve', today);
    return { audit: 'approve' as const, set: { status: 'approved' as const, checkedAt: now, checkedBy: actor.accountId } };
  }
  return {
    audit: 'reject' as const,
    set: { status: 'rejected' as const, reason: action.reason, checkedAt: now, checkedBy: actor.accountId },
  };
}

/** Soft-deletes a pending order of the site (kept for audit). */
export async function deleteOrder(db: Db, actor: Actor, t: OrderTables, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, t, actor.siteId, id);
    if (order.status !== 'pending') throw notInStatus('delete', order.status);
    await tx.update(t.orders).set({ deletedAt: new Date(), deletedBy: actor.accountId }).where(eq(t.orders.id, id));
    await writeAudit(tx, { ...actor, action: 'delete', entity: t.entity, entityId: id });
  });
}

/**
 * Approves, rejects or reverses an order of the site in one transaction: the order row is locked
 * first, so that a second check of the same order waits and then finds it checked; then its
 * batches (see moveStock). The caller answers the order as it is now.
 */
export async function checkOrder(
  db: Db,
  actor: Actor,
  t: OrderTables,
  body: { id: number; approve?: boolean; reverse?: boolean; reason?: string },
  today: string,
): Promise<void> {
  const action = checkActionOf(body);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, t, actor.siteId, body.id);
    const items = await tx
      .select({ id: t.items.id, batch_id: t.items.batchId, quantity: t.items.quantity })
      .from(t.items)
      .where(eq(t.itemOrderId, body.id))
      .orderBy(asc(t.items.id));
    const { audit, set } = await runCheck(tx, actor, { kind: t.kind, id: body.id, status: order.status }, items, action, today);
    await tx.update(t.orders).set(set).where(eq(t.orders.id, body.id));
    await writeAudit(tx, { ...actor, action: audit, entity: t.entity, entityId: body.id });
  });
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

// ---------------------------------------------------------------------------------------------
// Validating an order's data against the site

/**
 * The order's data against the site (inside the save's transaction): its department, room, gift
 * type, products and batches are the site's, each batch of its row's product and not expired, and
 * no batch is asked for more than it has now. Throws the field errors; answers the rows' batches.
 */
export async function checkOrderData(db: Db, siteId: number, definition: FormDefinition, data: FormData, today: string) {
  const errors = await checkAgainstSite(db, siteId, fieldsOf(definition), data, []);
  const rows = Array.isArray(data[ITEMS]) ? (data[ITEMS] as FormData[]) : [];
  const batches = await batchesByIds(
    db,
    siteId,
    rows.map((row) => idOf(row.batch_id)).filter((id): id is number => id !== undefined),
  );
  const productNames = new Map([...batches.values()].map((batch) => [batch.product_id, batch.product_name]));
  const stock = stockErrors(rows, (id) => batches.get(id), today, (id) => productNames.get(id) ?? '');
  // One message a field: a batch of another product is already an `option` error of the site check.
  const all = [...errors, ...stock].filter((error, i, list) => list.findIndex((e) => e.path === error.path) === i);
  if (all.length) throw new FormInvalidError(all);
  return batches;
}

/** Text of a validated text field, '' when empty. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
