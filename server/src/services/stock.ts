import type { OrderKind } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { isExpired } from '@yuezi/contract/forms/definitions/stockRules'
import * as stock from '../repositories/stock.js'

// The site's products, packages and gift types that forms choose from: plain reads.
export { listGiftTypes, listPackages, listProducts } from '../repositories/stock.js'

/**
 * The batches of a product of the site that can be chosen on `today` (see choosableBatches).
 * Another site's product is not found.
 */
export async function productBatches(db: Db, siteId: number, productId: number, today: string) {
  if (!(await stock.existingProducts(db, siteId, [productId])).has(productId)) {
    throw new AppError(Code.NOT_FOUND, 'product.notFound')
  }
  return stock.choosableBatches(db, siteId, productId, today)
}

/**
 * How taking the items' quantities out of their batches (approve) or putting them back (reverse)
 * changes them; the items come with their batches locked (orders.lockMovingItems), and the check
 * writes the move (orders.recordCheck). Approving checks every batch first and fails when one is
 * expired or has too few: the AppError names the row (1-based), the product and the batch.
 */
export function stockMove(
  siteId: number,
  order: { kind: OrderKind; id: number },
  items: stock.MovingItem[],
  action: 'approve' | 'reverse',
  today: string,
): stock.StockMove {
  const perBatch = new Map<number, number>()
  items.forEach((item, i) => {
    // Batches are never deleted and orders keep to their site's: another site's is a broken database.
    if (item.batch_site_id !== siteId)
      throw new Error(`batch ${item.batch_id} of ${order.kind} ${order.id} is not the site's`)
    const total = (perBatch.get(item.batch_id) ?? 0) + item.quantity
    perBatch.set(item.batch_id, total)
    if (action === 'reverse') return
    const params = { row: i + 1, product: item.product_name, batch: item.batch_no }
    if (isExpired(item.expiry_date, today)) {
      throw new AppError(Code.STOCK, 'stock.expired', { ...params, expiry: item.expiry_date })
    }
    if (total > item.available) {
      throw new AppError(Code.STOCK, 'stock.insufficient', { ...params, quantity: total, available: item.available })
    }
  })
  const sign = action === 'approve' ? -1 : 1
  return {
    batchDeltas: new Map([...perBatch].map(([batchId, quantity]) => [batchId, sign * quantity])),
    movements: items.map((item) => ({ itemId: item.id, batchId: item.batch_id, delta: sign * item.quantity })),
  }
}
