import { Type } from 'typebox'
import { Day, Id, Nullable, RequestId } from './common.js'
import { FormValue, listFilters, orderReplies, Status } from './orders.js'

// /api/care/outApply: outbound orders, supplies for a department or a gift pack for a customer.

const OrderType = Type.Union([Type.Literal('general'), Type.Literal('gift')], {
  description: 'general: for a department (出库单); gift: a gift pack for a customer (入住礼包出库)',
})

export const { OrderList: OutApplyList, OrderInfo: OutApply } = orderReplies({
  id: Type.Integer(),
  no: Type.String({ description: 'e.g. CK20261122-00042 (general) or LB20261122-00043 (gift)' }),
  type: OrderType,
  status: Status,
  department_id: Nullable(Type.Integer()),
  department_name: Nullable(Type.String()),
  customer_id: Nullable(Type.Integer()),
  customer_name: Nullable(Type.String()),
  room: Nullable(Type.String({ description: "The customer's room" })),
  gift_type_id: Nullable(Type.Integer()),
  gift_type_name: Nullable(Type.String()),
  requester: Type.String(),
  apply_date: Day,
  remark: Type.String(),
})

export const OutApplyListBody = Type.Object({
  ...listFilters,
  type: Type.Optional(OrderType),
  department_id: Type.Optional(Id),
})

export const OutApplySaveBody = Type.Object({
  id: Type.Optional(Id),
  type: OrderType,
  department_id: FormValue,
  customer_id: FormValue,
  gift_type_id: FormValue,
  requester: FormValue,
  apply_date: FormValue,
  items: FormValue,
  remark: FormValue,
  request_id: Type.Optional(RequestId),
})
