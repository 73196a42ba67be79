import type { OutApplyType } from '../../../db/schema.js'
import { AppError, Code, FormInvalidError } from '../../../errors.js'
import { outApplyGeneral, outApplyGift } from '@yuezi/contract/forms/definitions/stock'
import { idOf, ITEMS } from '@yuezi/contract/forms/definitions/stockRules'
import type { FormData } from '@yuezi/contract/forms/types'
import { futureDateErrors, validateForm, type UploadCheck } from '@yuezi/contract/forms/validate'
import { siteCustomer } from '../../../repositories/customers.js'
import { outApplyReads } from '../../../repositories/outApply.js'
import { departmentName, giftTypeName } from '../../../repositories/siteLists.js'
import { orderService, type OrderInput } from '../engine.js'
import { checkTakenRows, takenItem, textOf } from '../forms.js'

// Outbound orders (outApply): `general` draws supplies for a department (出库单, CK…), `gift` hands
// a gift pack to a customer (入住礼包出库, LB…). Approval takes the items out of their batches.

/** The form of each type of outbound order. */
export const OUT_APPLY_FORMS = { general: outApplyGeneral, gift: outApplyGift } as const

export interface OutApplyInput extends OrderInput {
  type: OutApplyType
  /** The fields of the type's form (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
  /** Who saves it: a general order's requester when the body names none. */
  staffName: string
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/**
 * Validated with its type's form (apply_date defaults to today, a general order's requester to
 * whoever saves it) and the site's records and stock. Its type cannot change.
 */
export const outApply = orderService({
  reads: outApplyReads,
  prefix: (input: OutApplyInput) => ({ general: 'CK', gift: 'LB' })[input.type],
  stock: 'out',

  prepare: (_db, _actor, input, today) => {
    const definition = OUT_APPLY_FORMS[input.type]
    const data = { ...input.data }
    data.apply_date ??= today
    if (input.type === 'general' && !textOf(data.requester)) data.requester = input.staffName
    const errors = [...validateForm(definition, data, input.isUpload), ...futureDateErrors(definition, data, today)]
    if (errors.length) throw new FormInvalidError(errors)
    return data
  },

  build: async (tx, { actor, input, ready: data, saved, today }) => {
    if (saved && saved.type !== input.type) throw new AppError(Code.INVALID_INPUT, 'order.typeFixed')
    const customerId = input.type === 'gift' ? (data.customer_id as number) : null
    if (customerId !== null && !(await siteCustomer(tx, actor.siteId, customerId))) {
      throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    }
    const batches = await checkTakenRows(tx, actor.siteId, OUT_APPLY_FORMS[input.type], data, today, { data: saved })

    const departmentId = idOf(data.department_id) ?? null
    const giftTypeId = idOf(data.gift_type_id) ?? null
    // Names for the keyword search (both checked as the site's above).
    const department = departmentId ? await departmentName(tx, actor.siteId, departmentId) : undefined
    const giftType = giftTypeId ? await giftTypeName(tx, actor.siteId, giftTypeId) : undefined
    const requester = textOf(data.requester)
    const remark = textOf(data.remark)
    const items = (data[ITEMS] as FormData[]).map((row) => takenItem(row, batches))
    return {
      values: { departmentId, customerId, giftTypeId, requester, applyDate: data.apply_date as string, remark },
      createOnly: { type: input.type },
      searchText: (no) =>
        [no, requester, remark, department, giftType, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (applyId) => items.map((item) => ({ applyId, ...item.columns })),
    }
  },
})
