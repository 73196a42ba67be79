import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { accounts, customers, type OrderKind, type OrderStatus } from '../db/schema.js';
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
// per request_id, the check (approve, reject, reverse), who did what, and how items read.

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
