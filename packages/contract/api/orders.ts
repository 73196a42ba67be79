import { Type, type TProperties, type TSchema } from 'typebox'
import { Day, Envelope, Id, Keyword, madeAndChanged, Nullable, Page, Paging, Timestamp } from './common.js'

// What the stock orders (/api/care/outApply, /api/care/specialCare, /api/care/inbound) share:
// statuses, items, who did what, the list filters and the check.

export const Status = Type.Union(
  [Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('reversed')],
  {
    description:
      'pending until checked; then approved (stock moved: out, or in for an inbound order) or rejected; an approved ' +
      'order reversed (the move undone)',
  },
)

export const Item = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  batch_id: Type.Integer(),
  batch_no: Type.String(),
  production_date: Nullable(Day),
  expiry_date: Day,
  near_expiry: Type.Boolean({ description: 'The batch expires within 30 days' }),
  expired: Type.Boolean(),
  available: Type.Integer({ description: "The batch's stock now" }),
  quantity: Type.Integer(),
  price: Type.Number({ description: 'Yuan' }),
  subtotal: Type.Number(),
})

/** What a list row shows of the items, and who did what when. */
const orderFields = {
  items_summary: Type.String({ description: 'e.g. 婴儿湿巾 ×2、一次性内裤 ×5' }),
  item_count: Type.Integer(),
  total_quantity: Type.Integer(),
  total: Type.Number({ description: 'Yuan: the items at their prices' }),
  reason: Nullable(Type.String({ description: 'Why it was rejected (or reversed)' })),
  ...madeAndChanged,
  checked_at: Nullable(Timestamp),
  checked_by: Nullable(Type.Integer()),
  checked_by_name: Nullable(Type.String()),
  reversed_at: Nullable(Timestamp),
  reversed_by: Nullable(Type.Integer()),
  reversed_by_name: Nullable(Type.String()),
  may_approve: Type.Boolean({
    description:
      'The caller may approve or reject it while pending: she has the approve right in the site and did not make ' +
      'it herself (unless the site lets makers check their own orders)',
  }),
}

/**
 * A kind of order's replies, from its own fields: a page of the list (rows without their items),
 * one order with its items (an outbound order's Item unless the kind has its own).
 */
export const orderReplies = <T extends TProperties, I extends TSchema = typeof Item>(fields: T, item?: I) => ({
  OrderList: Page(Type.Object({ ...fields, ...orderFields })),
  OrderInfo: Envelope(Type.Object({ ...fields, ...orderFields, items: Type.Array(item ?? Item) })),
})

/** The filters of every order list: keyword, status, dates (of the order's own date, both included). */
export const dateFilters = {
  keyword: Type.Optional(Keyword),
  status: Type.Optional(Status),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  ...Paging,
}

/** The filters of the lists of orders for customers and departments. */
export const listFilters = { ...dateFilters, customer_id: Type.Optional(Id) }

export const CheckBody = Type.Object({
  id: Id,
  approve: Type.Optional(Type.Boolean()),
  reverse: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
})

/** A field of the form: checked by the form definition (../forms/definitions/stock.ts), which names it as the app does. */
export const FormValue = Type.Optional(Type.Unknown())
