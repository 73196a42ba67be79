import { Type } from 'typebox'
import { Envelope, Keyword, Nullable, Page, Paging } from './common.js'

// /api/care/customer: the site's customers and their babies.

export const Customer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  room: Type.String(),
  delivery_date: Nullable(Type.String({ format: 'date' })),
  children: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      sex: Type.Union([Type.Literal('male'), Type.Literal('female')]),
      birth_date: Type.String({ format: 'date' }),
      birth_weight: Nullable(Type.Integer({ description: 'grams' })),
    }),
  ),
})

export const CustomerListBody = Type.Object({ ...Paging, keyword: Type.Optional(Keyword) })
export const CustomerList = Page(Customer)
export const CustomerInfo = Envelope(Customer)
