// The stock page (/api/care/inoutstore): what each product holds, its batches and their movements.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, type RequestOptions } from '@/api/request'
import type { Page, ResOf } from '@/api/types'
import type { BatchMovements, StockBatches, StockList } from '@yuezi/contract/api/stock'

const QUIET: RequestOptions = { loading: false, showError: false }

export type ProductStock = ResOf<typeof StockList>['list'][number]
export type StockBatch = ResOf<typeof StockBatches>[number]
export type BatchMovement = ResOf<typeof BatchMovements>['list'][number]

export const stockLevelsApi = {
  products: (query: { page: number; limit: number; keyword?: string }, options: RequestOptions = QUIET) =>
    request<Page<ProductStock>>('/api/care/inoutstore/stock', query, options),
  batches: (product_id: number, options: RequestOptions = QUIET) =>
    request<StockBatch[]>('/api/care/inoutstore/stockBatches', { product_id }, options),
  movements: (query: { batch_id: number; page: number; limit: number }, options: RequestOptions = QUIET) =>
    request<Page<BatchMovement>>('/api/care/inoutstore/batchMovements', query, options),
  /** Every product's quantities and the batches holding them, as a spreadsheet to download. */
  exportSheet: (options: RequestOptions = FILE_CALL) =>
    request<ServerFile>('/api/care/inoutstore/stockExport', {}, options),
}
