import { Type } from 'typebox'
import { Day, Envelope, Nullable } from './common.js'

// /api/care/desk: the front desk's day at the caller's site.

export const DESK_LISTS = ['arrivals', 'departures', 'booked', 'visitors', 'noRound'] as const
export type DeskList = (typeof DESK_LISTS)[number]

export const DeskTodayBody = Type.Object({
  list: Type.Optional(
    Type.Union(
      DESK_LISTS.map((list) => Type.Literal(list)),
      {
        description:
          'The rows behind one count as well: arrivals, departures, booked or noRound (customers), visitors (visits still open)',
      },
    ),
  ),
})

/** A customer behind a count: her stay's room and dates. */
export const DeskCustomer = Type.Object({
  customer_id: Type.Integer(),
  name: Type.String(),
  room: Type.String(),
  check_in_date: Day,
  leave_date: Day,
  status: Type.Union([Type.Literal('arriving'), Type.Literal('in_house')]),
  late: Type.Boolean({ description: 'Booked, her check-in date passed, and not yet in (逾期未入住)' }),
  overdue: Type.Boolean({ description: 'In house past her planned leave date' }),
})

/** A visit still open: the visitor, whom they visit and since when. */
export const DeskVisit = Type.Object({
  id: Type.Integer({ description: "The visit's form record" }),
  visitor_name: Type.String(),
  customer_id: Nullable(Type.Integer()),
  customer_name: Nullable(Type.String()),
  room: Nullable(Type.String()),
  time_in: Type.String({ description: "'YYYY-MM-DD HH:mm', the centre's time" }),
})

/** Pending orders the caller may approve, by list. */
export const DeskWaiting = Type.Object({
  outApplyGeneral: Type.Integer(),
  outApplyGift: Type.Integer(),
  specialCare: Type.Integer(),
  inbound: Type.Integer(),
})

export const DeskToday = Envelope(
  Type.Object({
    date: Day,
    arrivals: Type.Integer({
      description: 'Open stays whose check-in date is today, and bookings past their date not yet in (late)',
    }),
    departures: Type.Integer({
      description: 'Mothers in house whose planned leave date is today or past (overdue)',
    }),
    booked: Type.Integer({ description: 'Mothers booked for a later day than today, not yet in' }),
    visitors_inside: Type.Integer({ description: "Today's visits without a time out" }),
    longest_inside_minutes: Nullable(Type.Integer({ description: 'How long the earliest of them has been inside' })),
    no_round: Type.Integer({ description: 'Mothers in house with no obstetric or paediatric round recorded today' }),
    waiting: Nullable(DeskWaiting),
    customers: Type.Optional(Type.Array(DeskCustomer)),
    visits: Type.Optional(Type.Array(DeskVisit)),
  }),
)
