import type { Db } from '../../../db/types.js'
import { AppError, Code } from '../../../errors.js'
import { inbound as definition } from '@yuezi/contract/forms/definitions/stock'
import { idOf, ITEMS, receivingErrors } from '@yuezi/contract/forms/definitions/stockRules'
import type { FieldError, FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, futureDateErrors, validateForm } from '@yuezi/contract/forms/validate'
import { batchExpiries, inboundReads, receiveBatches } from '../../../repositories/inbound.js'
import { fenText, productNames } from '../../../repositories/stock.js'
import { checkAgainstSite, refuseClosedEntries } from '../../siteOptions.js'
import { orderService, type OrderInput } from '../engine.js'
import { textOf, throwFieldErrors } from '../forms.js'

// Inbound orders (入库单, RK…): goods received from a supplier, each row a batch by its number.
// Approval finds or makes each row's batch and puts the quantity in; reversal takes it back out.

export interface InboundInput extends OrderInput {
  /** The fields of 入库单 (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
}

/**
 * A row whose batch number the product already has (or an earlier row of the order gives) with
 * another expiry date: approval would refuse it, so the save does.
 */
async function batchExpiryErrors(db: Db, siteId: number, rows: FormData[]): Promise<FieldError[]> {
  const keyOf = (row: FormData) => `${idOf(row.product_id)}\n${textOf(row.batch_no)}`
  const known = await batchExpiries(
    db,
    siteId,
    rows.map((row) => ({ productId: idOf(row.product_id)!, batchNo: textOf(row.batch_no) })),
  )
  return rows.flatMap((row, i): FieldError[] => {
    const expiry = known.get(keyOf(row))
    if (expiry === undefined) known.set(keyOf(row), row.expiry_date as string)
    if (expiry === undefined || expiry === row.expiry_date) return []
    const path = `${ITEMS}.${i}.expiry_date`
    return [
      {
        path,
        labelKey: 'form.field.expiry_date',
        rule: 'batchExpiry',
        params: { batch: textOf(row.batch_no), expiry },
      },
    ]
  })
}

/**
 * Validated with its form (inbound_date defaults to today), the batches' dates against the
 * centre's today, and the site's products and batches.
 */
export const inbound = orderService({
  reads: inboundReads,
  prefix: (_input: InboundInput) => 'RK',
  stock: 'in',
  // Each item gets its batch (see receiveBatches), or the approval is refused naming the row.
  beforeApproval: async (tx, siteId, orderId) => {
    const mismatch = await receiveBatches(tx, siteId, orderId)
    if (mismatch) throw new AppError(Code.STOCK, 'stock.batchExpiry', mismatch)
  },

  prepare: (_db, _actor, input, today) => {
    const data = { ...input.data }
    data.inbound_date ??= today
    throwFieldErrors([
      ...validateForm(definition, data),
      ...futureDateErrors(definition, data, today),
      ...receivingErrors(data[ITEMS], today),
    ])
    return data
  },

  build: async (tx, { actor, ready: data, saved }) => {
    const rows = data[ITEMS] as FormData[]
    throwFieldErrors([
      ...(await checkAgainstSite(tx, actor.siteId, fieldsOf(definition), data, [])),
      ...(await batchExpiryErrors(tx, actor.siteId, rows)),
    ])
    await refuseClosedEntries(tx, actor.siteId, fieldsOf(definition), data, { data: saved })
    const names = await productNames(
      tx,
      actor.siteId,
      rows.map((row) => idOf(row.product_id)!),
    )
    const supplier = textOf(data.supplier)
    const remark = textOf(data.remark)
    const items = rows.map((row) => ({
      productId: idOf(row.product_id)!,
      batchNo: textOf(row.batch_no),
      productionDate: (row.production_date as string | undefined) ?? null,
      expiryDate: row.expiry_date as string,
      quantity: row.quantity as number,
      unitCost: fenText(Math.round((row.unit_cost as number) * 100)),
    }))
    return {
      values: { supplier, inboundDate: data.inbound_date as string, remark },
      searchText: (no) =>
        [no, supplier, remark, ...items.flatMap((item) => [names.get(item.productId), item.batchNo])]
          .filter(Boolean)
          .join('\n'),
      items: (orderId) => items.map((item) => ({ orderId, ...item })),
    }
  },
})
