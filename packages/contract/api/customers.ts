import { Type } from 'typebox'
import { fieldsOf } from '../forms/validate.js'
import { admission } from '../forms/definitions/admission.js'
import { Day, Envelope, Id, Keyword, Nullable, Page, Paging, RequestId, Timestamp } from './common.js'
import { FormValue } from './orders.js'

// /api/care/customer: the site's mothers, their babies and stays; admitting, changing and checking
// them out; and who opened her records.

/** A stay as the lists and her details show it. */
export const Stay = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('month'), Type.Literal('small')], { description: 'month: 月子; small: 小月子' }),
  check_in_date: Day,
  planned_days: Type.Integer(),
  leave_date: Type.String({ format: 'date', description: 'Planned: the check-in date plus the planned days' }),
  room: Type.String(),
  package_id: Nullable(Type.Integer()),
  package_name: Nullable(Type.String()),
  status: Type.Union([Type.Literal('arriving'), Type.Literal('in_house'), Type.Literal('left')], {
    description: 'arriving: booked, not yet in; in_house; left: checked out',
  }),
  left_on: Nullable(Type.String({ format: 'date', description: 'The day she actually left' })),
  day: Nullable(
    Type.Integer({
      description: "Day N of her stay in the centre's time zone, the check-in date being day 1; null unless in house",
    }),
  ),
  overdue: Type.Boolean({ description: 'In house past her planned leave date (until she is checked out)' }),
  // Optional: a customer the app stored (customerInfo) before it was kept has none.
  late: Type.Optional(Type.Boolean({ description: 'Booked, her check-in date passed, and not yet in (逾期未入住)' })),
})

const Baby = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sex: Type.Union([Type.Literal('male'), Type.Literal('female')]),
  birth_date: Type.String({ format: 'date' }),
  birth_time: Type.Optional(Nullable(Type.String({ description: "'HH:MM', the centre's time" }))),
  birth_weight: Nullable(Type.Integer({ description: 'grams' })),
})

// A baby's birth_time and her stay are optional: a customer the app stored (customerInfo) before
// they were kept has neither.
const customerFields = {
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  room: Type.String({ description: 'The room of her latest stay' }),
  delivery_date: Nullable(Type.String({ format: 'date' })),
  children: Type.Array(Baby),
  stay: Type.Optional(
    Type.Union([Stay, Type.Null()], {
      description: 'Her open stay (arriving or in house), else her latest; null if she has none',
    }),
  ),
}

export const Customer = Type.Object(customerFields)

export const CUSTOMER_STATUSES = ['in_house', 'arriving', 'booked', 'left', 'all'] as const
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number]

export const CustomerListBody = Type.Object({
  ...Paging,
  keyword: Type.Optional(Keyword),
  status: Type.Optional(
    Type.Union(
      CUSTOMER_STATUSES.map((status) => Type.Literal(status)),
      {
        description:
          'in_house (the default): mothers in house; arriving: booked for today or earlier, not yet in; ' +
          'booked: booked for any day, not yet in; left: whose stays are all over; all',
      },
    ),
  ),
})
export const CustomerList = Page(Customer)
export const CustomerInfo = Envelope(
  Type.Object({
    ...customerFields,
    delivery_mode: Nullable(Type.Union([Type.Literal('vaginal'), Type.Literal('caesarean')])),
    hospital: Nullable(Type.String()),
    allergies: Nullable(Type.String()),
    diet_needs: Nullable(Type.String()),
    remark: Nullable(Type.String()),
  }),
)

/**
 * Admitting a mother (no `id`) or changing one (`id`): the admission form's fields. Her babies
 * are rows, matched to her babies in the order customer/info lists them; an update that leaves out
 * every stay field keeps her stay as it is.
 */
export const CustomerSaveBody = Type.Object({
  id: Type.Optional(Id),
  request_id: Type.Optional(RequestId),
  ...Object.fromEntries(fieldsOf(admission).map((field) => [field.key, FormValue])),
})

/** What a duplicate phone or ID number answers (code -9): the mother who holds it, to offer instead. */
export const DuplicateCustomer = Type.Object({
  duplicate: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    phone: Type.String(),
    room: Type.String(),
    field: Type.Union([Type.Literal('phone'), Type.Literal('id_card')]),
    left: Type.Boolean({
      description: 'She has no open stay (her room is her last one): the app offers to admit her again',
    }),
  }),
})

export const StayActionBody = Type.Object({ customer_id: Id })

/** What an early arrival does to her planned leave date: keep it (fewer days) or move it by as many days. */
export const EARLY_LEAVE = ['keep', 'move'] as const
export type EarlyLeave = (typeof EARLY_LEAVE)[number]

export const CheckInBody = Type.Object({
  customer_id: Id,
  leave: Type.Optional(
    Type.Union(
      EARLY_LEAVE.map((choice) => Type.Literal(choice)),
      {
        description:
          "Needed when she arrives before her booked date (else -1, stay.earlyLeave): her check-in date becomes the centre's today; " +
          'keep: the planned leave date stays; move: the planned days stay and the leave date moves as much',
      },
    ),
  ),
})

export const AccessLogBody = Type.Object({ customer_id: Id, ...Paging })

/** One opening of a record of hers that holds her ID number, photos or signatures. */
export const AccessEntry = Type.Object({
  id: Type.Integer({ description: "The entry's: the records one reply handed out share it" }),
  account_id: Type.Integer(),
  account_name: Type.String({ description: 'Who opened it' }),
  kind: Type.Union(
    [
      Type.Literal('record'),
      Type.Literal('answer'),
      Type.Literal('outApply'),
      Type.Literal('specialCare'),
      Type.Literal('inbound'),
      Type.Literal('customer'),
    ],
    {
      description:
        'A form record, a check-in rules acknowledgement, an outbound, self-paid or inbound order, or her file ' +
        '(customer/timeline: record_id is hers)',
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
