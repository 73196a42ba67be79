import { Type } from 'typebox'
import { Day, Id, Nullable, RequestId } from './common.js'
import { dateFilters, FormValue, orderReplies, Status } from './orders.js'

// /api/care/inbound: inbound orders (入库单), goods received from a supplier.

export const InboundItem = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  batch_id: Nullable(Type.Integer({ description: 'The batch it went into: set when the order is approved' })),
  batch_no: Type.String(),
  production_date: Nullable(Day),
  expiry_date: Day,
  near_expiry: Type.Boolean({ description: 'The batch expires within 30 days' }),
  expired: Type.Boolean(),
  available: Nullable(Type.Integer({ description: "The batch's stock now, once it exists" })),
  quantity: Type.Integer(),
  unit_cost: Type.Number({ description: 'Yuan' }),
  subtotal: Type.Number(),
})

export const { OrderList: InboundList, OrderInfo: Inbound } = orderReplies(
  {
    id: Type.Integer(),
    no: Type.String({ description: 'e.g. RK20261126-00001' }),
    status: Status,
    supplier: Type.String(),
    inbound_date: Day,
    remark: Type.String(),
  },
  InboundItem,
)

export const InboundListBody = Type.Object(dateFilters)

export const InboundSaveBody = Type.Object({
  id: Type.Optional(Id),
  supplier: FormValue,
  inbound_date: FormValue,
  items: FormValue,
  remark: FormValue,
  request_id: Type.Optional(RequestId),
})
