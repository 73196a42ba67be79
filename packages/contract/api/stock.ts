import { Type } from 'typebox'
import { Day, Envelope, Id, Keyword, Nullable, Page, Paging, Retired } from './common.js'

// The site's stock: its products and packages (/api/care/index) and a product's batches (/api/care/inoutstore).

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
