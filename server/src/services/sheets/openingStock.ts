import { openingStock } from '@yuezi/contract/forms/definitions/openingStock'
import {
  batchKey,
  batchNumbersOf,
  insertImportedBatches,
  productKey,
  productsByNameAndSpec,
  type NewBatch,
} from '../../repositories/imports.js'
import type { ImportKindSpec, RowProblem } from './import.js'

// 期初库存: a batch per row, of a product the site has (by name and specification), with a new
// batch number, not yet expired; each comes in with a movement under the import.

export const openingStockImport: ImportKindSpec<NewBatch[]> = {
  definition: openingStock,
  async check(db, siteId, rows, today) {
    const productIds = await productsByNameAndSpec(db, siteId)
    const problems: RowProblem[] = []
    const batches: NewBatch[] = []
    const found = rows.map(({ row, data }) => {
      const productId = productIds.get(productKey(String(data.product_name), String(data.specification ?? '')))
      if (productId === undefined) problems.push({ row, key: 'product_name', message: 'import.productUnknown' })
      return { row, data, productId }
    })
    const existing = await batchNumbersOf(
      db,
      found.flatMap((one) => (one.productId === undefined ? [] : [one.productId])),
    )
    const seen = new Map<string, number>()
    for (const { row, data, productId } of found) {
      const expiry = String(data.expiry_date)
      const production = data.production_date === undefined ? null : String(data.production_date)
      if (expiry < today) problems.push({ row, key: 'expiry_date', message: 'import.expired', params: { today } })
      if (production !== null && production > expiry) {
        problems.push({ row, key: 'production_date', message: 'import.producedAfterExpiry' })
      }
      if (productId === undefined) continue
      const batchNo = String(data.batch_no).trim()
      const key = batchKey(productId, batchNo)
      if (existing.has(key)) problems.push({ row, key: 'batch_no', message: 'import.batchExists' })
      else if (seen.has(key)) {
        problems.push({ row, key: 'batch_no', message: 'import.batchRepeated', params: { row: seen.get(key)! } })
      } else seen.set(key, row)
      batches.push({
        siteId,
        productId,
        batchNo,
        productionDate: production,
        expiryDate: expiry,
        quantity: Number(data.quantity),
      })
    }
    return { problems, prepared: batches }
  },
  write: (tx, actor, importId, batches) => insertImportedBatches(tx, importId, actor.accountId, batches),
}
