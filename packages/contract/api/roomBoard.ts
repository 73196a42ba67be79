import { Type } from 'typebox'
import { Day, Envelope, Nullable } from './common.js'

// /api/care/room/board: the room board (房态), the site's rooms by floor and what each holds today.

/** The mother of a room's open stay, as its tile shows her. */
const Occupant = Type.Object({
  customer_id: Type.Integer(),
  name: Type.String(),
  check_in_date: Day,
  leave_date: Day,
  planned_days: Type.Integer(),
  day: Nullable(Type.Integer({ description: "Day N of her stay in the centre's time zone; null until she is in" })),
  leaving_today: Type.Boolean({ description: "In house, her planned leave date is the centre's today" }),
  overdue: Type.Boolean({ description: 'In house past her planned leave date' }),
})

export const BoardRoom = Type.Object({
  room: Type.String(),
  state: Type.Union(
    [Type.Literal('in_use'), Type.Literal('arriving'), Type.Literal('free'), Type.Literal('out_of_service')],
    {
      description:
        'in_use: a mother is in house; arriving: booked for a mother not yet in (check_in_date says when); free; ' +
        "out_of_service: retired or out of service in the centre's lists, and nobody in it",
    },
  ),
  occupant: Nullable(Occupant),
})

export const RoomBoard = Envelope(
  Type.Object({
    floors: Type.Array(Type.Object({ floor: Type.Integer(), rooms: Type.Array(BoardRoom) })),
    counts: Type.Object(
      {
        in_use: Type.Integer(),
        arriving: Type.Integer(),
        free: Type.Integer(),
        out_of_service: Type.Integer(),
      },
      { description: 'How many rooms are in each state: the legend' },
    ),
  }),
)
