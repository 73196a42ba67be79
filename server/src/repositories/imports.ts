import { eq, inArray } from 'drizzle-orm'
import { imports, products, stockBatches, stockMovements, type ImportKind } from '../db/schema.js'
import type { Db } from '../db/types.js'

// Spreadsheet imports: the record of each, and what an opening stock writes (batches and their movements).

/** The site's products by name and specification, as a row names them. */
export async function productsByNameAndSpec(db: Db, siteId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: products.id, name: products.name, spec: products.spec })
    .from(products)
    .where(eq(products.siteId, siteId))
  return new Map(rows.map((row) => [productKey(row.name, row.spec), row.id]))
}

export const productKey = (name: string, spec: string) => JSON.stringify([name.trim(), spec.trim()])

/** The batch numbers the products already have, as product id and batch number. */
export async function batchNumbersOf(db: Db, productIds: number[]): Promise<Set<string>> {
  if (!productIds.length) return new Set()
  const rows = await db
    .select({ productId: stockBatches.productId, batchNo: stockBatches.batchNo })
    .from(stockBatches)
    .where(inArray(stockBatches.productId, [...new Set(productIds)]))
  return new Set(rows.map((row) => batchKey(row.productId, row.batchNo)))
}

export const batchKey = (productId: number, batchNo: string) => JSON.stringify([productId, batchNo.trim()])

export async function insertImport(
  tx: Db,
  values: {
    siteId: number
    kind: ImportKind
    fileName: string
    rowCount: number
    rows: Record<string, unknown>[]
    by: number
  },
): Promise<number> {
  const [row] = await tx.insert(imports).values(values).returning({ id: imports.id })
  return row.id
}

export interface NewBatch {
  siteId: number
  productId: number
  batchNo: string
  productionDate: string | null
  expiryDate: string
  quantity: number
}

/** The batches, each with the movement that brought its quantity in under the import. */
export async function insertImportedBatches(tx: Db, importId: number, by: number, batches: NewBatch[]): Promise<void> {
  if (!batches.length) return
  const ids = await tx.insert(stockBatches).values(batches).returning({ id: stockBatches.id })
  await tx.insert(stockMovements).values(
    batches.map((batch, i) => ({
      siteId: batch.siteId,
      batchId: ids[i].id,
      delta: batch.quantity,
      orderKind: 'import' as const,
      orderId: importId,
      itemId: ids[i].id,
      action: 'approve' as const,
      by,
    })),
  )
}
