// What the stock order forms add to the form engine: where each saves, reads and lists its orders,
// orders read as records, the stock rule of the chosen batches, a gift type filling the rows from
// its package, and the dates of received batches. Imported by the stock pages only (pagesHome).
import { reaction } from 'mobx'
import type { GiftType, ProductBatch, ProductPackage } from '@/api/stock'
import type { FormRecord, Page } from '@/api/types'
import { formOptionsStore, type FormPageOptions, type FormSession, type SaveFormBody } from '@/features/forms'
import { ITEMS, receivingErrors, rowsFromPackage, stockErrors } from '@yuezi/contract/forms/definitions/stockRules'
import { inbound, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import type { FormData, OptionsSource } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { centreClock } from '@/stores/centreClock'
import { toast } from '@/utils/feedback'
import { inboundApi, type Inbound, type InboundItem } from '../api/inbound'
import type { OrderBase, OrderItem } from '../api/orders'
import { outApplyApi } from '../api/outApply'
import { specialCareApi } from '../api/specialCare'

/** An outbound order's item as its form's row. */
const outboundRow = (item: OrderItem): FormData => ({
  product_id: item.product_id,
  batch_id: item.batch_id,
  quantity: item.quantity,
  price: item.price,
})

/** An inbound order's item as its form's row. */
const inboundRow = (item: InboundItem): FormData => ({
  product_id: item.product_id,
  batch_no: item.batch_no,
  production_date: item.production_date ?? undefined,
  expiry_date: item.expiry_date,
  quantity: item.quantity,
  unit_cost: item.unit_cost,
})

/** An order (info) as the form engine reads a record: its fields in `data`, its items as rows. */
function orderRecord<Item>(
  name: string,
  order: (Omit<OrderBase, 'items'> | Omit<Inbound, 'items'>) & { items?: Item[] },
  rowOf: (item: Item) => FormData,
): FormRecord {
  const data: FormData = { ...order, order_items: order.items ?? [] }
  data[ITEMS] = (order.items ?? []).map(rowOf)
  // Only the orders for a customer name one.
  const customer = 'customer_id' in order ? order : undefined
  return {
    id: order.id,
    name,
    customer_id: customer?.customer_id ?? null,
    data,
    created_at: order.created_at,
    created_by: order.created_by,
    updated_at: order.updated_at,
    updated_by: order.updated_by,
    customer_name: customer?.customer_name,
    room: customer?.room,
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

/** The lists the rows' products come from: a self-paid order offers only the products sold as such. */
const PRODUCT_SOURCES: OptionsSource[] = ['productList', 'selfPaidProductList']

const productName = (id: number) =>
  PRODUCT_SOURCES.map((source) => formOptionsStore.state(source).choices.find((choice) => choice.value === id)).find(
    Boolean,
  )?.label ?? ''

/** Where the session's rows choose their product from. */
const productSourceOf = (session: FormSession): OptionsSource =>
  fieldsOf(session.definition)
    .find((field) => field.key === ITEMS)
    ?.rows?.find((field) => field.key === 'product_id')?.optionsSource ?? 'productList'

/** Quantities within the stock of the chosen batches (the messages the server gives too). */
function stockRule(data: FormData) {
  return stockErrors(data[ITEMS], batchOf, centreClock.today(), productName)
}

/** A page of orders as the form's history reads records. */
const orderRecords = async (name: string, page: Promise<Page<OrderBase | Inbound>>): Promise<Page<FormRecord>> => {
  const { list, total } = await page
  // A list row has no items.
  return { list: list.map(({ items: _, ...order }) => orderRecord(name, order, () => ({}))), total }
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
  const products = productSourceOf(session)
  formOptionsStore.load(products)
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
      formOptionsStore.remember(products, undefined, [{ value: item.product_id, label: item.product_name }])
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
    load: async (id) => orderRecord(outApplyGeneral.name, await outApplyApi.info(id), outboundRow),
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
    load: async (id) => orderRecord(outApplyGift.name, await outApplyApi.info(id), outboundRow),
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
    load: async (id) => orderRecord(specialCare.name, await specialCareApi.info(id), outboundRow),
    list: (name, query) => orderRecords(name, specialCareApi.index({ ...query })),
    remove: (id) => specialCareApi.del(id),
    pdf: (id) => specialCareApi.pdf(id),
    exportSheet: (_name, query) => specialCareApi.exportSheet(query),
  },
  setup: stockSetup,
  readOnly: notPending,
}

/** The dates of the received batches (the messages the server gives too), and the products the rows choose from. */
function receivingSetup(session: FormSession) {
  session.extraRules.push((data) => receivingErrors(data[ITEMS], centreClock.today()))
  formOptionsStore.load('productList')
  // An opened order's products as it has them, also when the product list's first page lacks them.
  const orderItems = session.record?.data.order_items
  if (Array.isArray(orderItems)) {
    const products = (orderItems as InboundItem[]).map((item) => ({ value: item.product_id, label: item.product_name }))
    formOptionsStore.remember('productList', undefined, products)
  }
}

/** 入库单: goods received from a supplier (inbound). */
export const INBOUND: FormPageOptions = {
  backend: {
    send: (body) => inboundApi.save(orderBody(body)),
    load: async (id) => orderRecord(inbound.name, await inboundApi.info(id), inboundRow),
    list: (name, query) => orderRecords(name, inboundApi.index({ ...query })),
    remove: (id) => inboundApi.del(id),
    pdf: (id) => inboundApi.pdf(id),
    exportSheet: (_name, query) => inboundApi.exportSheet(query),
  },
  setup: receivingSetup,
  readOnly: notPending,
}

/** 礼包领取明细表: what a customer received from a gift pack (a care form record, saveForm). */
export const GIFT_COLLECTION: FormPageOptions = { setup: withGiftType }
