// What the stock order forms add to the form engine: where each saves, reads and lists its orders,
// orders read as records, the stock rule of the chosen batches, and a gift type filling the rows
// from its package. Imported by the stock pages only (pagesHome).
import { reaction } from 'mobx'
import type { GiftType, ProductBatch, ProductPackage } from '@/api/stock'
import type { FormRecord, Page } from '@/api/types'
import { formOptionsStore, type FormPageOptions, type FormSession, type SaveFormBody } from '@/features/forms'
import { ITEMS, rowsFromPackage, stockErrors } from '@yuezi/contract/forms/definitions/stockRules'
import { outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import type { FormData } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { centreClock } from '@/stores/centreClock'
import { toast } from '@/utils/feedback'
import type { OrderBase, OrderItem } from '../api/orders'
import { outApplyApi } from '../api/outApply'
import { specialCareApi } from '../api/specialCare'

/** An order (info) as the form engine reads a record: its fields in `data`, its items as rows. */
function orderRecord(name: string, order: OrderBase): FormRecord {
  const data: FormData = { ...order, order_items: order.items ?? [] }
  data[ITEMS] = (order.items ?? []).map((item) => ({
    product_id: item.product_id,
    batch_id: item.batch_id,
    quantity: item.quantity,
    price: item.price,
  }))
  return {
    id: order.id,
    name,
    customer_id: order.customer_id ?? null,
    data,
    created_at: order.created_at,
    created_by: order.created_by,
    updated_at: order.updated_at,
    updated_by: order.updated_by,
    customer_name: order.customer_name,
    room: order.room,
    created_by_name: order.created_by_name,
    updated_by_name: order.updated_by_name,
  }
}

/** Only a pending order can be changed. */
const notPending = (record: FormRecord) => record.data.status !== undefined && record.data.status !== 'pending'

/** A batch loaded for any product of the form. */
function batchOf(id: number): (ProductBatch & { product_id: number }) | undefined {
  for (const [key, state] of Object.entries(formOptionsStore.lists)) {
    if (!key.startsWith('getProductBatch:')) continue
    const found = state.choices.find((choice) => choice.value === id)
    if (found) return found.data as ProductBatch
  }
  return undefined
}

const productName = (id: number) =>
  formOptionsStore.state('productList').choices.find((choice) => choice.value === id)?.label ?? ''

/** Quantities within the stock of the chosen batches (the messages the server gives too). */
function stockRule(data: FormData) {
  return stockErrors(data[ITEMS], batchOf, centreClock.today(), productName)
}

/** A page of orders as the form's history reads records. */
const orderRecords = async (name: string, page: Promise<Page<OrderBase>>): Promise<Page<FormRecord>> => {
  const { list, total } = await page
  return { list: list.map((order) => orderRecord(name, order)), total }
}

/** The rows of a gift type's package, earliest-expiry batches first; what no batch covers is reported. */
async function giftRows(giftTypeId: number) {
  await Promise.all([formOptionsStore.load('giftTypeList'), formOptionsStore.load('productPackageList')])
  const gift = formOptionsStore.itemsOf<GiftType>('giftTypeList').find((g) => g.id === giftTypeId)
  const pack =
    gift && formOptionsStore.itemsOf<ProductPackage>('productPackageList').find((p) => p.id === gift.package_id)
  if (!pack) return null
  await Promise.all(pack.items.map((item) => formOptionsStore.load('getProductBatch', false, item.product_id)))
  return rowsFromPackage(
    pack.items,
    (productId) => formOptionsStore.itemsOf<ProductBatch>('getProductBatch', productId),
    centreClock.today(),
  )
}

/** Choosing a gift type fills the rows from its package (on a form that can be changed). */
function fillFromGiftType(session: FormSession) {
  return reaction(
    () => session.values.gift_type_id,
    async (giftTypeId) => {
      if (typeof giftTypeId !== 'number') return
      formOptionsStore.load('productList')
      const result = await giftRows(giftTypeId)
      if (!result || session.values.gift_type_id !== giftTypeId) return
      session.setValue(ITEMS, result.rows.length ? result.rows : undefined)
      if (result.missing.length) {
        const names = result.missing
          .map((m) => `${productName(m.product_id) || m.product_id} ×${m.quantity}`)
          .join('、')
        toast(t('stock.packageShort', { items: names }), { long: true })
      }
    },
  )
}

/** The stock rule and the lists the rows need. */
function stockSetup(session: FormSession) {
  session.extraRules.push(stockRule)
  formOptionsStore.load('productList')
  // An opened order's batches as it has them (a spent batch is no longer offered, but is shown).
  const orderItems = session.record?.data.order_items
  if (Array.isArray(orderItems)) {
    for (const item of orderItems as OrderItem[]) {
      formOptionsStore.remember('getProductBatch', item.product_id, [
        {
          value: item.batch_id,
          label: item.batch_no,
          note: t(item.near_expiry ? 'stock.batchNoteNear' : 'stock.batchNote', {
            quantity: item.available,
            expiry: item.expiry_date,
          }),
          warn: item.near_expiry,
          data: {
            id: item.batch_id,
            product_id: item.product_id,
            batch_no: item.batch_no,
            expiry_date: item.expiry_date,
            quantity: item.available,
          },
        },
      ])
      formOptionsStore.remember('productList', undefined, [{ value: item.product_id, label: item.product_name }])
    }
  }
  // The batches of rows already there (a draft, an opened order), for the stock rule and the notes.
  const rows = session.values[ITEMS]
  if (Array.isArray(rows)) {
    for (const row of rows as FormData[])
      if (row?.product_id) formOptionsStore.load('getProductBatch', false, row.product_id as number)
  }
}

/** An order's save body: the form's values, the record being changed and the save's id. */
const orderBody = (body: SaveFormBody) => ({ ...body.data, id: body.id, request_id: body.request_id })

const withGiftType = (session: FormSession) => {
  stockSetup(session)
  return fillFromGiftType(session)
}

/** 出库单: a department draws supplies (outApply type general). */
export const OUT_APPLY_GENERAL: FormPageOptions = {
  backend: {
    send: (body) => outApplyApi.save({ type: 'general', ...orderBody(body) }),
    load: async (id) => orderRecord(outApplyGeneral.name, await outApplyApi.info(id)),
    list: (name, query) => orderRecords(name, outApplyApi.index({ type: 'general', ...query })),
    remove: (id) => outApplyApi.del(id),
    pdf: (id) => outApplyApi.pdf(id),
    exportSheet: (_name, query) => outApplyApi.exportSheet({ type: 'general', ...query }),
  },
  setup: stockSetup,
  readOnly: notPending,
}

/** 入住礼包出库: a gift pack for the current customer (outApply type gift). */
export const OUT_APPLY_GIFT: FormPageOptions = {
  backend: {
    send: (body) => outApplyApi.save({ type: 'gift', ...orderBody(body) }),
    load: async (id) => orderRecord(outApplyGift.name, await outApplyApi.info(id)),
    list: (name, query) => orderRecords(name, outApplyApi.index({ type: 'gift', ...query })),
    remove: (id) => outApplyApi.del(id),
    pdf: (id) => outApplyApi.pdf(id),
    exportSheet: (_name, query) => outApplyApi.exportSheet({ type: 'gift', ...query }),
  },
  setup: withGiftType,
  readOnly: notPending,
}

/** 自费物品消费表: self-paid items of the current customer (specialCare). */
export const SPECIAL_CARE: FormPageOptions = {
  backend: {
    send: (body) => specialCareApi.save(orderBody(body)),
    load: async (id) => orderRecord(specialCare.name, await specialCareApi.info(id)),
    list: (name, query) => orderRecords(name, specialCareApi.index({ ...query })),
    remove: (id) => specialCareApi.del(id),
    pdf: (id) => specialCareApi.pdf(id),
    exportSheet: (_name, query) => specialCareApi.exportSheet(query),
  },
  setup: stockSetup,
  readOnly: notPending,
}

/** 礼包领取明细表: what a customer received from a gift pack (a care form record, saveForm). */
export const GIFT_COLLECTION: FormPageOptions = { setup: withGiftType }
