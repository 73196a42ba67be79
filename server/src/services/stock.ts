import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import * as stock from '../repositories/stock.js'

// The site's products, packages and gift types that forms choose from, and the stock page: what
// each product holds, its batches and a batch's movements. What an order's check moves is
// orders/engine.ts's.

/** The site's products in use in catalogue order, each with its stock (see listProducts). */
export const listProducts = (db: Db, siteId: number, query: stock.ProductQuery, today: string) =>
  stock.listProducts(db, siteId, query, today)

/** The site's packages, each with its products and quantities; retired ones flagged. */
export const listPackages = (db: Db, siteId: number) => stock.listPackages(db, siteId)

/** The site's gift types; retired ones flagged. */
export const listGiftTypes = (db: Db, siteId: number) => stock.listGiftTypes(db, siteId)

/** A page of the site's products, each with what its batches hold (see stockLevels). */
export const stockLevels = (
  db: Db,
  siteId: number,
  query: { page: number; limit: number; keyword?: string },
  today: string,
) => stock.stockLevels(db, siteId, query, today)

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
