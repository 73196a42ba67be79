import { Type, type TSchema } from 'typebox'

/** The success reply of `/api/care/*`: `{code: 1, msg, res}`. */
export const Envelope = <T extends TSchema>(res: T) =>
  Type.Object({ code: Type.Integer({ description: '1 = success; see src/errors.ts' }), msg: Type.String(), res })

/** A row's id; a bigger number is no id (and would overflow the query's bigint). */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/** A body that carries nothing. */
export const NoBody = Type.Object({})

/** A body that names one row. */
export const IdBody = Type.Object({ id: Id })

/** The reply of a change that answers nothing but success. */
export const Done = Envelope(Type.Null())

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * A photo's or signature's address in a reply, which the server signs for the caller: a reply is
 * signed only when its schema has one (`x-upload`, an OpenAPI extension) or a value of any shape.
 */
export const Upload = (options: { description?: string } = {}) => Type.String({ ...options, 'x-upload': true })

/** A row of a short list (sites, departments): its id and name. */
export const Named = Type.Object({ id: Type.Integer(), name: Type.String() })

/** A list entry taken out of use: shown on the records that name it, not offered for new ones. */
export const Retired = Type.Boolean()

/** A day, YYYY-MM-DD. */
export const Day = Type.String({ format: 'date' })
export const Timestamp = Type.String({ format: 'date-time' })

/** Who made a row and who last changed it, and when. */
export const madeAndChanged = {
  created_at: Timestamp,
  created_by: Type.Integer(),
  created_by_name: Type.String(),
  updated_at: Timestamp,
  updated_by: Type.Integer(),
  updated_by_name: Type.String(),
}

/** The paging of every list: pages of `limit` (at most 100), the first is 1. */
export const Paging = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
}

/** A page of a list: its rows and how many there are in all. */
export const Page = <T extends TSchema>(row: T) =>
  Envelope(Type.Object({ list: Type.Array(row), total: Type.Integer() }))

/** A list's keyword: text that the rows' fields are searched for. */
export const Keyword = Type.String({ maxLength: 50 })

/** A save's answer: the saved row's id. */
export const Saved = Envelope(Type.Object({ id: Type.Integer() }))

/** The app's id of a save: a retried save with the same one changes nothing and answers the first one's id. */
export const RequestId = Type.String({ minLength: 1, maxLength: 64 })
