// The stock rules that the app and the server share: whether rows of an order fit the batches'
// stock, and the dates of the batches an inbound order receives (which batches may be offered is
// in stockBatches.ts). Pure functions.
import type { FieldError, FormData } from '../types.js'
import { allocateEarliestExpiry, isExpired, type StockBatch } from './stockBatches.js'

export * from './stockBatches.js'

/** The rows' key in the stock forms, and so in outApply/save and specialCare/save. */
export const ITEMS = 'items'

/** An id as a number: ids arrive as numbers, or as digit strings from some pickers; undefined otherwise. */
export function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined
}

export interface PackageItem {
  product_id: number
  quantity: number
}

/**
 * The order rows of a package (productPackageList: a gift type's package_id): each product's
 * quantity taken from its batches earliest expiry first. What no batch covers is in `missing`.
 */
export function rowsFromPackage(
  items: PackageItem[],
  batchesOf: (productId: number) => StockBatch[],
  today: string,
): { rows: { product_id: number; batch_id: number; quantity: number }[]; missing: PackageItem[] } {
  const rows: { product_id: number; batch_id: number; quantity: number }[] = []
  const missing: PackageItem[] = []
  for (const item of items) {
    const taken = allocateEarliestExpiry(batchesOf(item.product_id), item.quantity, today)
    rows.push(...taken.rows.map((row) => ({ product_id: item.product_id, ...row })))
    if (taken.missing > 0) missing.push({ product_id: item.product_id, quantity: taken.missing })
  }
  return { rows, missing }
}

/**
 * The stock problems of an order's rows: a batch of another product (rule `option`), an expired
 * batch (`expired`), and more asked of a batch than it has, rows of the same batch added up in
 * order (`stock` on each row past the stock). Batches that `batchOf` does not know are left to the
 * options check. `productName` names the product in the messages.
 */
export function stockErrors(
  rows: unknown,
  batchOf: (id: number) => StockBatch | undefined,
  today: string,
  productName: (id: number) => string = () => '',
  rowsKey = ITEMS,
): FieldError[] {
  if (!Array.isArray(rows)) return []
  const errors: FieldError[] = []
  const asked = new Map<number, number>()
  rows.forEach((value, i) => {
    if (!value || typeof value !== 'object') return
    const row = value as FormData
    const batchId = idOf(row.batch_id)
    const batch = batchId === undefined ? undefined : batchOf(batchId)
    if (!batch) return
    const path = `${rowsKey}.${i}.`
    const product = productName(batch.product_id)
    if (batch.product_id !== idOf(row.product_id)) {
      errors.push({ path: `${path}batch_id`, labelKey: 'form.field.batch_id', rule: 'option' })
      return
    }
    if (isExpired(batch.expiry_date, today)) {
      errors.push({
        path: `${path}batch_id`,
        labelKey: 'form.field.batch_id',
        rule: 'expired',
        params: { product, batch: batch.batch_no, expiry: batch.expiry_date },
      })
      return
    }
    const quantity = typeof row.quantity === 'number' && row.quantity > 0 ? row.quantity : 0
    const total = (asked.get(batch.id) ?? 0) + quantity
    asked.set(batch.id, total)
    if (total > batch.quantity) {
      errors.push({
        path: `${path}quantity`,
        labelKey: 'form.field.quantity',
        rule: 'stock',
        params: { product, batch: batch.batch_no, available: batch.quantity },
      })
    }
  })
  return errors
}

/**
 * The date problems of an inbound order's rows on the centre's `today`: a batch that has already
 * expired (`pastExpiry`) or made after it expires (`afterExpiry`). Dates that are not dates, and a
 * production date after today, are left to the form's own rules.
 */
export function receivingErrors(rows: unknown, today: string, rowsKey = ITEMS): FieldError[] {
  if (!Array.isArray(rows)) return []
  const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)
  return rows.flatMap((value, i): FieldError[] => {
    if (!value || typeof value !== 'object') return []
    const row = value as FormData
    const expiry = day(row.expiry_date)
    const made = day(row.production_date)
    const error = (key: string, rule: FieldError['rule'], params: Record<string, string>): FieldError => ({
      path: `${rowsKey}.${i}.${key}`,
      labelKey: `form.field.${key}`,
      rule,
      params,
    })
    const errors: FieldError[] = []
    if (expiry && isExpired(expiry, today)) errors.push(error('expiry_date', 'pastExpiry', { today }))
    if (made && made <= today && expiry && made > expiry) {
      errors.push(error('production_date', 'afterExpiry', { expiry }))
    }
    return errors
  })
}
