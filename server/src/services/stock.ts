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
 * Locks the items' batches (in id order) and works out how taking the items' quantities out of
 * them (approve) or putting them back (reverse) changes them, inside the caller's transaction; the
 * check writes it (orders.recordCheck). Approving checks every batch under its row lock first and
 * fails when one is expired or has too few: the AppError names the row (1-based), the product and
 * the batch.
 */
export async function lockStockMove(
  db: Db,
  siteId: number,
  order: { kind: OrderKind; id: number },
  items: stock.MovingItem[],
  action: 'approve' | 'reverse',
  today: string,
): Promise<stock.StockMove> {
  const batches = await stock.batchesByIds(db, siteId, items.map((item) => item.batch_id), true);
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
  return {
    batchDeltas: new Map([...perBatch].map(([batchId, quantity]) => [batchId, sign * quantity])),
    movements: items.map((item) => ({ itemId: item.id, batchId: item.batch_id, delta: sign * item.quantity })),
  };
}
