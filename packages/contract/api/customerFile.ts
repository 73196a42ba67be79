import { Type } from 'typebox'
import { Day, Envelope, Id, Nullable, Paging, Timestamp } from './common.js'
import { Stay } from './customers.js'
import { RangeFlag } from './formRecords.js'

// /api/care/customer/timeline: her file (客户档案), its head and a page of her timeline.

export const CustomerFileBody = Type.Object({ customer_id: Id, ...Paging })

/** One thing recorded about her, as her file's timeline lists it. */
export const TimelineEntry = Type.Object({
  kind: Type.Union(
    [
      Type.Literal('record'),
      Type.Literal('answer'),
      Type.Literal('specialCare'),
      Type.Literal('outApply'),
      Type.Literal('pdf'),
    ],
    {
      description:
        'record: a form record (visits, family meals and rounds included); answer: her check-in rules signed; ' +
        'specialCare: a self-paid order; outApply: a gift order; pdf: a PDF link to one of her records (as the ' +
        'access log holds them: those with her ID number, photos or signatures) or to her bill asked for or opened',
    },
  ),
  id: Type.Integer({ description: 'The record or order id its page opens (for her bill: hers)' }),
  name: Type.String({ description: "The form's name, e.g. 访客出入登记表" }),
  title_key: Type.String({ description: "The form's title in the app's locales" }),
  route: Type.String({ description: 'The page that opens it, with ?id=' }),
  at: Timestamp,
  by: Type.String({ description: 'Who recorded it' }),
  no: Nullable(Type.String({ description: "An order's number" })),
  status: Nullable(Type.String({ description: "An order's status: pending, approved, rejected or reversed" })),
  pdf_of: Type.Optional(
    Type.Union(
      [
        Type.Literal('record'),
        Type.Literal('answer'),
        Type.Literal('specialCare'),
        Type.Literal('outApply'),
        Type.Literal('bill'),
      ],
      { description: 'For a pdf: what was printed; bill: her bill (customer/billPdf makes a new one)' },
    ),
  ),
})

/** A reading of a baby at a paediatric round. */
const BabyReading = Type.Object({
  round_date: Day,
  weight: Nullable(Type.Number({ description: 'grams' })),
  temperature: Nullable(Type.Number({ description: '°C' })),
  jaundice: Nullable(Type.Number({ description: 'mg/dL: the higher of the forehead and chest readings' })),
  flags: Type.Optional(Type.Array(RangeFlag, { description: "The reading's values outside the centre's ranges" })),
})

/** A baby in her file: age in days, birth weight, and the last readings of the paediatric rounds. */
const FileBaby = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sex: Type.Union([Type.Literal('male'), Type.Literal('female')]),
  birth_date: Type.String({ format: 'date' }),
  birth_weight: Nullable(Type.Integer({ description: 'grams' })),
  age_days: Type.Integer({ description: "Days since birth on the centre's today" }),
  latest: Nullable(BabyReading),
  trend: Type.Array(BabyReading, { description: 'The last few readings, oldest first' }),
})

/** Her file's head: her stay, babies, allergies and diet, and what she owes for the stay. */
export const CustomerFile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  room: Type.String(),
  allergies: Nullable(Type.String()),
  diet_needs: Nullable(Type.String()),
  stay: Nullable(Stay),
  stays: Type.Array(Stay, { description: 'Every stay of hers, newest first' }),
  babies: Type.Array(FileBaby),
  owed: Type.Object(
    {
      self_paid: Type.Number({ description: 'yuan: her self-paid orders of the stay, pending or approved' }),
      meals: Type.Number({ description: "yuan: her family's meals of the stay" }),
      total: Type.Number(),
    },
    { description: 'From her check-in date to the day she left (or today); zero without a stay' },
  ),
})

/** A page of her file: its head, and a page of her timeline. */
export const CustomerFilePage = Envelope(
  Type.Object({ list: Type.Array(TimelineEntry), total: Type.Integer(), file: CustomerFile }),
)
