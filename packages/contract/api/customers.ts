import { Type } from 'typebox'
import { Envelope, Id, Keyword, Nullable, Page, Paging, Timestamp } from './common.js'

// /api/care/customer: the site's customers and their babies, and who opened her records.

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

export const AccessLogBody = Type.Object({ customer_id: Id, ...Paging })

/** One opening of a record of hers that holds her ID number, photos or signatures. */
export const AccessEntry = Type.Object({
  id: Type.Integer(),
  account_id: Type.Integer(),
  account_name: Type.String({ description: 'Who opened it' }),
  kind: Type.Union(
    [
      Type.Literal('record'),
      Type.Literal('answer'),
      Type.Literal('outApply'),
      Type.Literal('specialCare'),
      Type.Literal('inbound'),
    ],
    {
      description: 'A form record, a check-in rules acknowledgement, an outbound, self-paid or inbound order',
    },
  ),
  record_id: Type.Integer(),
  name: Type.String({ description: "The record's form name, e.g. 月子入住通知单" }),
  action: Type.Union([Type.Literal('read'), Type.Literal('pdf'), Type.Literal('export')], {
    description:
      'read: handed out in a reply (the record, or a row of a list); pdf: a PDF link asked for or opened; ' +
      'export: a row of a spreadsheet downloaded',
  }),
  request_id: Nullable(Type.String({ description: "The HTTP request's x-request-id, as in the server's log" })),
  at: Timestamp,
})
export const AccessLog = Page(AccessEntry)
