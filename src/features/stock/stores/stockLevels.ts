// The stock page: what each product of the site holds, a product's batches and a batch's movements
// in and out, each opening the order behind it.
import { makeAutoObservable, runInAction } from 'mobx'
import { openServerFile } from '@/api/files'
import { openFormStore } from '@/features/forms'
import { featureByRoute } from '@/features/registry'
import { inbound, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import { PagedList } from '@/stores/pagedList'
import { stockLevelsApi, type BatchMovement, type ProductStock, type StockBatch } from '../api/stockLevels'

export type { BatchMovement, StockBatch }

/** The form a movement's order opens in: by its kind (and an outbound order's type); none for kinds without one. */
function formOf(movement: BatchMovement) {
  if (movement.order_kind === 'inbound') return inbound
  if (movement.order_kind === 'special_care') return specialCare
  if (movement.order_kind === 'out_apply') return movement.order_type === 'gift' ? outApplyGift : outApplyGeneral
  return undefined
}

/** What a movement's order is called on the page (stockLevels.kind.<key>); `other` for kinds without a form. */
export function orderKindKey(movement: BatchMovement) {
  if (movement.order_kind === 'out_apply') return movement.order_type === 'gift' ? 'outApplyGift' : 'outApplyGeneral'
  if (movement.order_kind === 'inbound' || movement.order_kind === 'special_care') return movement.order_kind
  return 'other'
}

export class StockLevelsStore {
  readonly products = new PagedList<ProductStock>((page, limit) => stockLevelsApi.products({ page, limit }))
  /** The product whose batches are open. */
  product: ProductStock | null = null
  batches: StockBatch[] = []
  batchesError = false
  /** The batch whose movements are open. */
  batch: StockBatch | null = null
  readonly movements = new PagedList<BatchMovement>(() => Promise.resolve({ list: [], total: 0 }))

  constructor() {
    makeAutoObservable(this, { products: false, movements: false }, { autoBind: true })
  }

  refresh() {
    return this.products.reload()
  }

  /** The stock as a spreadsheet: every product's quantities and the batches holding them. */
  exportSheet() {
    openServerFile(() => stockLevelsApi.exportSheet(), { download: true })
  }

  /** Opens a product's batches, every one of them, earliest expiry first. */
  async openProduct(product: ProductStock) {
    this.product = product
    this.batches = []
    this.batch = null
    this.batchesError = false
    try {
      const batches = await stockLevelsApi.batches(product.product_id)
      runInAction(() => {
        if (this.product === product) this.batches = batches
      })
    } catch {
      runInAction(() => (this.batchesError = true))
    }
  }

  closeProduct() {
    this.product = null
    this.batch = null
  }

  /** Opens a batch's movements (or closes them when open). */
  toggleBatch(batch: StockBatch) {
    if (this.batch?.id === batch.id) {
      this.batch = null
      return
    }
    this.batch = batch
    void this.movements.reload((page, limit) => stockLevelsApi.movements({ batch_id: batch.id, page, limit }))
  }

  /** Whether the movement's order opens in a form of the app. */
  opens(movement: BatchMovement) {
    return formOf(movement) !== undefined
  }

  /** Opens the order behind a movement in its form. */
  openOrder(movement: BatchMovement) {
    const form = formOf(movement)
    const feature = form && featureByRoute(form.route)
    if (feature) openFormStore.open(feature, { id: movement.order_id })
  }
}
