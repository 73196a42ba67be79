import { Type } from 'typebox'
import { fieldsOf } from '../forms/validate.js'
import { MASTER_FORMS, type MasterKind } from '../forms/definitions/masterData.js'
import { Envelope, Id, Keyword, Page, Paging, Retired } from './common.js'
import { FormValue } from './orders.js'

// /api/admin/<kind>: the centre's rooms, departments, gift types, products and packages, each kind
// with the same routes: list, info, save, delete, retire, restore.

export const MasterListBody = Type.Object({
  keyword: Type.Optional(Keyword),
  retired: Type.Optional(Type.Boolean({ description: 'true: only retired entries; false or absent: those in use' })),
  ...Paging,
})

export const MasterEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** What else tells the entry apart (a room's floor and kind, a product's spec and price, …). */
  detail: Type.String(),
  retired: Retired,
  /** A room out of service; other kinds are always true. */
  in_service: Type.Boolean(),
})
export const MasterList = Page(MasterEntry)

export const MasterInfo = Envelope(
  Type.Object({
    id: Type.Integer(),
    retired: Retired,
    /** The entry as its form's values. */
    data: Type.Record(Type.String(), Type.Unknown()),
  }),
)

/** A kind's save: `id` to change that entry, else a new one; the rest its form's fields. */
export const masterSaveBody = (kind: MasterKind) =>
  Type.Object({
    id: Type.Optional(Id),
    ...Object.fromEntries(fieldsOf(MASTER_FORMS[kind]).map((field) => [field.key, FormValue])),
  })
