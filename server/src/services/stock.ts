import type { Actor } from '../actor.js';
import type { OrderKind } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError, Code } from '../errors.js';
import { isExpired } from '@yuezi/contract/forms/definitions/stockRules';
import * as stock from '../repositories/stock.js';

/**
 * The batches of a product of the site that can be chosen on `today` (see choosableBatches).
 * Another site's product is not found.
 */
export async function productBatches(db: Db, siteId: number, productId: number, today: string) {
  if (!(await stock.existingProducts(db, siteId, [productId])).has(productId)) {
    throw new AppError(Code.NOT_FOUND, 'product.notFound');
  }
  return stock.choosableBatches(db, siteId, productId, today);
}

/**
 * Takes the items' quantities out of their batches (approve) or puts them back (reverse), with a
 * movement per item, inside the caller's transaction. Approving checks every batch under its row
 * lock first and changes nothing when one is expired or has too few: the AppError names the row
 * (1-based), the product and the batch. The movements' unique index refuses a second move of an item.
 */
export async function moveStock(
  db: Db,
  actor: Actor,
  order: { kind: OrderKind; id: number },
  items: stock.MovingItem[],
  action: 'approve' | 'reverse',
  today: string,
): Promise<void> {
  const batches = await stock.batchesByIds(db, actor.siteId, items.map((item) => item.batch_id), true);
  const perBatch = new Map<number, number>();
  items.forEach((item, i) => {
    const batch = batches.get(item.batch_id);
    // Batches are never deleted and orders keep to their site's: a missing one is a broken database.
    if (!batch) throw new Error(`batch ${item.batch_id} of ${order.kind} ${order.id} is not the site's`);
    const total = (perBatch.get(batch.id) ?? 0) + item.quantity;
    perBatch.set(batch.id, total);
    if (action === 'reverse') return;
    const params = { row: i + 1, product: batch.product_name, batch: batch.batch_no };
    if (isExpired(batch.expiry_date, today)) {
      throw new AppError(Code.STOCK, 'stock.expired', { ...params, expiry: batch.expiry_date });
    }
    if (total > batch.quantity) {
      throw new AppError(Code.STOCK, 'stock.insufficient', { ...params, quantity: total, available: batch.quantity });
    }
  });
  const sign = action === 'approve' ? -1 : 1;
  const deltas = new Map([...perBatch].map(([batchId, quantity]) => [batchId, sign * quantity]));
  // The guard of changeBatches repeats the check above in SQL: the rows are locked, so it holds.
  if ((await stock.changeBatches(db, deltas)) !== perBatch.size) {
    throw new Error(`batches of ${order.kind} ${order.id} changed under their lock`);
  }
  await stock.insertMovements(
    db,
    items.map((item) => ({
      siteId: actor.siteId,
      batchId: item.batch_id,
      delta: sign * item.quantity,
      orderKind: order.kind,
      orderId: order.id,
      itemId: item.id,
      action,
      by: actor.accountId,
    })),
  );
}
