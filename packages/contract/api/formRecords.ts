import { Type } from 'typebox'
import { RANGE_RULES } from '../forms/ranges.js'
import { Day, Envelope, Id, Keyword, madeAndChanged, Nullable, Page, Paging, RequestId, Timestamp } from './common.js'

// /api/care/index: form records, their medicines and the check-in rules' acknowledgements.

/** Form data: checked by the form definitions (../forms), which name fields as the app does, not by the schema. */
export const FormData = Type.Record(Type.String(), Type.Unknown(), {
  description: "The form's fields by key; see src/forms",
})
const FormName = Type.String({ minLength: 1, maxLength: 50, description: "The form's title, e.g. 访客出入登记表" })

const recordFields = {
  id: Type.Integer(),
  name: Type.String(),
  customer_id: Nullable(Type.Integer()),
  customer_name: Nullable(Type.String()),
  room: Nullable(Type.String({ description: "The customer's room" })),
  data: FormData,
  ...madeAndChanged,
}

export const Medicine = Type.Object({
  id: Type.Integer(),
  record_id: Type.Integer(),
  medicine: Type.String(),
  dose: Type.String(),
  route: Nullable(Type.String()),
  frequency: Nullable(Type.String()),
  days: Nullable(Type.Integer()),
  note: Nullable(Type.String()),
  created_at: Timestamp,
  created_by: Type.Integer(),
  updated_at: Timestamp,
  updated_by: Type.Integer(),
})

export const SaveFormBody = Type.Object({
  name: FormName,
  customer_id: Type.Optional(Id),
  data: FormData,
  admission: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "A check-in notice for a new arrival, without customer_id: her admission, customer/save's fields; " +
        'she, her babies and her stay are saved with the record',
    }),
  ),
  customer_update: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "A check-in notice for customer_id that changes her file: customer/save's fields of her details and " +
        "babies (no stay fields), checked as customer/save checks a change and saved in the record's transaction",
    }),
  ),
  id: Type.Optional(Id),
  request_id: Type.Optional(RequestId),
})

export const FormRecordListBody = Type.Object({
  name: Type.Optional(FormName),
  customer_id: Type.Optional(Id),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  keyword: Type.Optional(Keyword),
  ...Paging,
})
/** A value outside the centre's range (forms/ranges.ts): the rule, the value and the bound it passed. */
export const RangeFlag = Type.Object({
  path: Type.String(),
  rule: Type.Enum(RANGE_RULES),
  value: Type.Union([Type.Number(), Type.String()]),
  bound: Type.Union([Type.Number(), Type.String()]),
  hours: Type.Optional(Type.Integer({ description: "jaundice: the baby's age in hours the bound is read at" })),
})

export const FormRecordList = Page(
  Type.Object({
    ...recordFields,
    flags: Type.Optional(Type.Array(RangeFlag, { description: "The record's values outside the centre's ranges" })),
  }),
)

export const FormRecordInfo = Envelope(Type.Object({ ...recordFields, medicines: Type.Optional(Type.Array(Medicine)) }))

export const FormRecordCountBody = Type.Object({ name: Type.Optional(FormName), date: Type.Optional(Day) })
export const FormRecordCount = Envelope(
  Type.Union([
    Type.Object({ count: Type.Integer() }),
    Type.Object({ counts: Type.Record(Type.String(), Type.Integer()) }),
  ]),
)

export const FormPrefillBody = Type.Object({ name: FormName })
export const FormPrefill = Envelope(
  Type.Record(Type.String(), Type.Unknown(), {
    description:
      "A new record's first values taken from the site's latest record of the form (its fields marked site.latest)",
  }),
)
