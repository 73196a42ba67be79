import type { Db } from '../../../db/types.js'
import { AppError, Code, FormInvalidError } from '../../../errors.js'
import { specialCare as definition } from '@yuezi/contract/forms/definitions/stock'
import { idOf, ITEMS } from '@yuezi/contract/forms/definitions/stockRules'
import type { FormData } from '@yuezi/contract/forms/types'
import { futureDateErrors, isEmpty, validateForm, withComputed, type UploadCheck } from '@yuezi/contract/forms/validate'
import { withoutComputed } from '@yuezi/contract/forms/validate'
import { siteCustomer } from '../../../repositories/customers.js'
import { specialCareReads } from '../../../repositories/specialCare.js'
import { fenText, productsAmong } from '../../../repositories/stock.js'
import { orderService, type OrderInput } from '../engine.js'
import { checkTakenRows, takenItem, textOf } from '../forms.js'

// Self-paid item orders of a customer (specialCare, 自费物品消费表, ZF…): each item at its product's
// price in the site's list, subtotals and the total computed here in fen. Approval takes the items
// out of their batches; a signed order's reads are in the access log.

export interface SpecialCareInput extends OrderInput {
  /** The fields of 自费物品消费表 (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/**
 * The rows at their products' prices in the site's product list now, whatever the client sent: a
 * row whose product is not the site's keeps what it has (the site check refuses it).
 */
async function atListPrices(db: Db, siteId: number, data: FormData): Promise<FormData> {
  if (!Array.isArray(data[ITEMS])) return data
  const rows = data[ITEMS] as unknown[]
  const ids = rows.map((row) => idOf((row as FormData | null)?.product_id)).filter((id) => id !== undefined)
  const listed = await productsAmong(db, siteId, ids)
  const priced = rows.map((row) => {
    const price = listed.get(idOf((row as FormData | null)?.product_id) ?? 0)?.price
    return price === undefined ? row : { ...(row as FormData), price }
  })
  return { ...data, [ITEMS]: priced }
}

/**
 * Validated with its form (consume_date defaults to today, the room to the customer's) and the
 * site's records and stock; a price the client sends is ignored.
 */
export const specialCare = orderService({
  reads: specialCareReads,
  prefix: (_input: SpecialCareInput) => 'ZF',
  stock: 'out',
  handedOut: (order) => ({
    kind: 'specialCare',
    id: order.id,
    customerId: order.customer_id,
    definition,
    data: { signature: order.signature },
  }),

  prepare: async (db, actor, input, today) => {
    const data = withoutComputed(definition, input.data)
    data.consume_date ??= today
    // Another site's customer is not found (before the form's rules: her room would be missing); the room defaults to hers.
    const customerId = typeof data.customer_id === 'number' ? idOf(data.customer_id) : undefined
    if (customerId !== undefined) {
      const customer = await siteCustomer(db, actor.siteId, customerId)
      if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
      if (isEmpty(data.room)) data.room = customer.room
    }
    return data
  },

  build: async (tx, { actor, input, ready: data, saved, today }) => {
    // Priced inside the save, so that the order holds the price its transaction read.
    const priced = await atListPrices(tx, actor.siteId, data)
    const errors = [...validateForm(definition, priced, input.isUpload), ...futureDateErrors(definition, priced, today)]
    if (errors.length) throw new FormInvalidError(errors)
    const computed = withComputed(definition, priced, { today })
    const customer = await siteCustomer(tx, actor.siteId, data.customer_id as number)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const batches = await checkTakenRows(tx, actor.siteId, definition, priced, today, {
      data: saved,
      room: customer.room,
    })

    const remark = textOf(data.remark)
    const items = (computed[ITEMS] as FormData[]).map((row) => ({
      ...takenItem(row, batches, row.price as number),
      subtotal: row.subtotal as number,
    }))
    return {
      values: {
        customerId: customer.id,
        room: data.room as string,
        consumeDate: data.consume_date as string,
        remark,
        signature: typeof data.signature === 'string' && data.signature ? data.signature : null,
        total: fenText(Math.round((computed.total as number) * 100)),
      },
      searchText: (no) => [no, remark, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (careId) =>
        items.map((item) => ({ careId, ...item.columns, subtotal: fenText(Math.round(item.subtotal * 100)) })),
    }
  },
})
