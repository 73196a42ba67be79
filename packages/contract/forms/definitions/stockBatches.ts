// Which batches of a product may be offered on a day, and the earliest-expiry choice: the forms'
// batch lists need only these, not the stock rules' order checks. Pure functions.
import { addDays } from '../compute.js'

/** A batch of a product as inoutstore/getProductBatch answers it (with the product it belongs to). */
export interface StockBatch {
  id: number
  product_id: number
  batch_no: string
  /** YYYY-MM-DD: the last day the batch may be used. */
  expiry_date: string
  /** On hand. */
  quantity: number
}

/** A batch expiring within this many days is flagged `near_expiry`. */
export const NEAR_EXPIRY_DAYS = 30

/** Past its expiry date on `today` (both YYYY-MM-DD): it may be used up to and including that day. */
export const isExpired = (expiryDate: string, today: string) => expiryDate < today

// The last near-expiry day of the latest `today` asked about: a list asks for each of its batches
// on the same day, and the date arithmetic costs more than the comparison.
let nearExpiryEnd = { today: '', last: '' }

/** Not expired, but expiring within NEAR_EXPIRY_DAYS of `today`. */
export function isNearExpiry(expiryDate: string, today: string): boolean {
  if (nearExpiryEnd.today !== today) nearExpiryEnd = { today, last: addDays(today, NEAR_EXPIRY_DAYS) ?? today }
  return !isExpired(expiryDate, today) && expiryDate <= nearExpiryEnd.last
}

/** Earliest expiry first; the older batch (smaller id) first on the same day. */
export const earliestExpiryFirst = (a: StockBatch, b: StockBatch) =>
  a.expiry_date < b.expiry_date ? -1 : a.expiry_date > b.expiry_date ? 1 : a.id - b.id

/** The batches that may be chosen on `today`: in stock and not expired, earliest expiry first. */
export function offeredBatches<T extends StockBatch>(batches: T[], today: string): T[] {
  return batches.filter((b) => b.quantity > 0 && !isExpired(b.expiry_date, today)).sort(earliestExpiryFirst)
}

/**
 * Takes `quantity` from the offered batches, earliest expiry first, spilling into the next batch
 * when one has too few. `missing` is what the batches could not cover (0 when all of it).
 */
export function allocateEarliestExpiry(
  batches: StockBatch[],
  quantity: number,
  today: string,
): { rows: { batch_id: number; quantity: number }[]; missing: number } {
  const rows: { batch_id: number; quantity: number }[] = []
  let left = quantity
  for (const batch of offeredBatches(batches, today)) {
    if (left <= 0) break
    const take = Math.min(left, batch.quantity)
    rows.push({ batch_id: batch.id, quantity: take })
    left -= take
  }
  return { rows, missing: Math.max(left, 0) }
}
