import type { OrderKind } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { isExpired } from '@yuezi/contract/forms/definitions/stockRules'
import * as stock from '../repositories/stock.js'

// The site's products, packages and gift types that forms choose from, and the stock page's
// quantities on hand: plain reads.
export { listGiftTypes, listPackages, listProducts, stockLevels } from '../repositories/stock.js'

/**
 * The batches of a product of the site that can be chosen on `today` (see choosableBatches).
 * Another site's product is not found.
 */
export async function productBatches(db: Db, siteId: number, productId: number, today: string) {
  await siteProduct(db, siteId, productId)
  return stock.choosableBatches(db, siteId, productId, today)
}

/** Refuses a product that is not the site's as not found. */
async function siteProduct(db: Db, siteId: number, productId: number) {
  if (!(await stock.existingProducts(db, siteId, [productId])).has(productId)) {
    throw new AppError(Code.NOT_FOUND, 'product.notFound')
  }
}

/** Every batch of a product of the site, for the stock page; another site's product is not found. */
export async function stockBatchesOf(db: Db, siteId: number, productId: number, today: string) {
  await siteProduct(db, siteId, productId)
  return stock.productStockBatches(db, siteId, [productId], today)
}

/** A page of a batch's movements with the orders behind them; another site's batch is not found. */
export async function movementsOf(db: Db, siteId: number, batchId: number, query: { page: number; limit: number }) {
  if (!(await stock.isSiteBatch(db, siteId, batchId))) throw new AppError(Code.NOT_FOUND, 'batch.notFound')
  return stock.batchMovements(db, siteId, batchId, query)
}

/**
 * How a check changes the items' batches: approving an outbound order takes the quantities out and
 * reversing it puts them back; an inbound order the other way round. The items come with their
 * batches locked (orders.lockMovingItems), and the check writes the move (orders.recordCheck).
 * Taking out checks every batch first and fails when one has too few, or, approving an outbound
 * order, is expired: the AppError names the row (1-based), the product and the batch.
 */
export function stockMove(
  siteId: number,
  order: { kind: OrderKind; id: number },
  items: stock.MovingItem[],
  action: 'approve' | 'reverse',
  today: string,
): stock.StockMove {
  const takesOut = (order.kind === 'inbound') === (action === 'reverse')
  const perBatch = new Map<number, number>()
  items.forEach((item, i) => {
    // Batches are never deleted and orders keep to their site's: another site's is a broken database.
    if (item.batch_site_id !== siteId)
      throw new Error(`batch ${item.batch_id} of ${order.kind} ${order.id} is not the site's`)
    const total = (perBatch.get(item.batch_id) ?? 0) + item.quantity
    perBatch.set(item.batch_id, total)
    if (!takesOut) return
    const params = { row: i + 1, product: item.product_name, batch: item.batch_no }
    if (action === 'approve' && isExpired(item.expiry_date, today)) {
      throw new AppError(Code.STOCK, 'stock.expired', { ...params, expiry: item.expiry_date })
    }
    if (total > item.available) {
      // Reversing an inbound order: what it brought in has gone out since.
      const key = action === 'approve' ? 'stock.insufficient' : 'stock.reverseUsed'
      throw new AppError(Code.STOCK, key, { ...params, quantity: total, available: item.available })
    }
  })
  const sign = takesOut ? -1 : 1
  return {
    batchDeltas: new Map([...perBatch].map(([batchId, quantity]) => [batchId, sign * quantity])),
    movements: items.map((item) => ({ itemId: item.id, batchId: item.batch_id, delta: sign * item.quantity })),
  }
}
