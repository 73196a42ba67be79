import { and, asc, eq, sql } from 'drizzle-orm'
import { prepared } from '../db/prepared.js'
import { rooms, stays } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** A room of the site with the mother of its open stay (booked or in house), if any. */
export interface BoardRow {
  floor: number
  room: string
  /** In service and not retired in the centre's lists. */
  usable: boolean
  customer_id: number | null
  name: string | null
  status: 'arriving' | 'in_house' | null
  check_in_date: string | null
  leave_date: string | null
  planned_days: number | null
  /** Day N since her check-in date (day 1) on the centre's today. */
  day: number | null
}

// A room holds one open stay at most (stays_open_room_idx): a plain join, which PostgreSQL answers
// by reading the site's rooms and open stays once each rather than looking a stay up per room. 'left'
// is written in, so that the open stays' partial indexes serve every plan of the statement; her name
// is looked up by key for each occupied room, never by reading every mother the centre has had.
const boardStatement = prepared((db) =>
  db
    .select({
      floor: rooms.floor,
      room: rooms.room,
      usable: sql<boolean>`${rooms.inService} and ${rooms.retiredAt} is null`,
      customer_id: stays.customerId,
      name: sql<string | null>`(select c.name from customers c where c.id = ${stays.customerId})`,
      status: sql<BoardRow['status']>`${stays.status}`,
      check_in_date: stays.checkInDate,
      leave_date: stays.leaveDate,
      planned_days: stays.plannedDays,
      day: sql<number | null>`(${sql.placeholder('today')}::date - ${stays.checkInDate}) + 1`,
    })
    .from(rooms)
    .leftJoin(stays, and(eq(stays.siteId, rooms.siteId), eq(stays.room, rooms.room), sql`${stays.status} <> 'left'`))
    .where(eq(rooms.siteId, sql.placeholder('siteId')))
    .orderBy(asc(rooms.floor), asc(rooms.room))
    .prepare('room_board'),
)

/** Every room of the site by floor, retired and out-of-service ones included, each with its open stay. */
export async function boardRooms(db: Db, siteId: number, today: string): Promise<BoardRow[]> {
  return boardStatement(db).execute({ siteId, today })
}
