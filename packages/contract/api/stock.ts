import { Type } from 'typebox'
import { Day, Envelope, Id, Keyword, Nullable, Page, Paging, Retired, Timestamp } from './common.js'

// The site's stock: its products and packages (/api/care/index), a product's batches, the stock
// page's quantities on hand and a batch's movements (/api/care/inoutstore).

export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  price: Type.Number({ description: 'Yuan' }),
  category: Type.String(),
  stock: Type.Integer({ description: 'On hand in batches that have not expired' }),
  self_paid: Type.Boolean({ description: 'Sold to customers as a self-paid item' }),
})

export const ProductListBody = Type.Object({
  keyword: Type.Optional(Keyword),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  self_paid: Type.Optional(Type.Boolean({ description: 'true: only the products sold as self-paid items' })),
  ...Paging,
})
export const ProductList = Page(Product)

export const ProductPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  retired: Retired,
  items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      product_name: Type.String(),
      spec: Type.String(),
      unit: Type.String(),
      price: Type.Number(),
      quantity: Type.Integer(),
    }),
  ),
})
export const ProductPackageList = Envelope(Type.Array(ProductPackage))

export const ProductBatchBody = Type.Object({ product_id: Id })
export const ProductBatchList = Envelope(
  Type.Array(
    Type.Object({
      id: Type.Integer(),
      product_id: Type.Integer(),
      batch_no: Type.String(),
      production_date: Nullable(Day),
      expiry_date: Day,
      quantity: Type.Integer(),
      near_expiry: Type.Boolean(),
    }),
  ),
)

export const StockListBody = Type.Object({ keyword: Type.Optional(Keyword), ...Paging })
export const StockList = Page(
  Type.Object({
    product_id: Type.Integer(),
    name: Type.String(),
    spec: Type.String(),
    unit: Type.String(),
    category: Type.String(),
    on_hand: Type.Integer({ description: 'In all its batches, expired ones included' }),
    expired: Type.Integer({ description: 'Of that, in batches past their expiry date' }),
    near_expiry: Type.Integer({ description: 'Of that, in batches expiring within 30 days' }),
  }),
)

export const StockBatches = Envelope(
  Type.Array(
    Type.Object({
      id: Type.Integer(),
      batch_no: Type.String(),
      production_date: Nullable(Day),
      expiry_date: Day,
      quantity: Type.Integer(),
      near_expiry: Type.Boolean(),
      expired: Type.Boolean(),
    }),
  ),
)

export const BatchMovementsBody = Type.Object({ batch_id: Id, ...Paging })
export const BatchMovements = Page(
  Type.Object({
    id: Type.Integer(),
    delta: Type.Integer({ description: 'In (> 0) or out (< 0)' }),
    action: Type.Union([Type.Literal('approve'), Type.Literal('reverse')]),
    at: Timestamp,
    by_name: Type.String(),
    order_kind: Type.String({
      description: 'out_apply, special_care, inbound, or another kind of order (e.g. an import of opening stock)',
    }),
    order_id: Type.Integer(),
    order_type: Nullable(Type.String({ description: "An outbound order's type: general or gift" })),
    order_no: Nullable(Type.String({ description: "The order's number, when its kind has one" })),
    order_date: Nullable(Day),
  }),
)
