import { Type } from 'typebox'
import { Day, Id, Nullable, RequestId, Upload } from './common.js'
import { FormValue, listFilters, orderReplies, Status } from './orders.js'

// /api/care/specialCare: self-paid item orders of customers (自费物品消费表).

export const { OrderList: SpecialCareList, OrderInfo: SpecialCare } = orderReplies({
  id: Type.Integer(),
  no: Type.String({ description: 'e.g. ZF20261122-00042' }),
  status: Status,
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  room: Type.String(),
  consume_date: Day,
  remark: Type.String(),
  signature: Nullable(Upload({ description: "The customer's signature (an upload's URL)" })),
})

export const SpecialCareListBody = Type.Object(listFilters)

export const SpecialCareSaveBody = Type.Object({
  id: Type.Optional(Id),
  customer_id: FormValue,
  room: FormValue,
  consume_date: FormValue,
  items: FormValue,
  remark: FormValue,
  signature: FormValue,
  request_id: Type.Optional(RequestId),
})
