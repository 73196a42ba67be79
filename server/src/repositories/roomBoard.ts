import { sql } from 'drizzle-orm'
import { plannedWithout, prepared } from '../db/prepared.js'
import { boardVersions, rooms, stays } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { stayDay } from './stays.js'

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
  /** Day N since her check-in date (day 1, never less) on the centre's today. */
  day: number | null
}

// A room holds one open stay at most (stays_open_room_idx): a plain join, which PostgreSQL answers
// by reading the site's rooms and open stays once each rather than looking a stay up per room. 'left'
// is written in, so that the open stays' partial indexes serve every plan of the statement; her name
// is looked up by key for each occupied room, never by reading every mother the centre has had. The
// rooms come as one JSON array of the joined rows (json_agg of a row, whose columns are its keys,
// builds it at a fraction of json_build_object's cost per room), parsed at once rather than as a row
// each mapped cell by cell; its values hidden from the planner (see plannedWithout), it keeps one plan.
const boardStatement = prepared((db) =>
  db
    .select({ rooms: sql<BoardRow[]>`coalesce(json_agg(b order by b.floor, b.room), '[]'::json)` })
    .from(
      sql`(select r.floor, r.room, r.in_service and r.retired_at is null as usable, s.customer_id,
        (select c.name from customers c where c.id = s.customer_id) as name, s.status, s.check_in_date,
        s.leave_date, s.planned_days, ${stayDay(plannedWithout('today', 'date'), sql`s.check_in_date`)} as day
      from ${rooms} r left join ${stays} s on s.site_id = r.site_id and s.room = r.room and s.status <> 'left'
      where r.site_id = ${plannedWithout('siteId', 'int8')}) b`,
    )
    .prepare('room_board'),
)

/** Every room of the site by floor, retired and out-of-service ones included, each with its open stay. */
export async function boardRooms(db: Db, siteId: number, today: string): Promise<BoardRow[]> {
  const [{ rooms }] = await boardStatement(db).execute({ siteId, today })
  return rooms
}

const versionStatement = prepared((db) =>
  db
    .select({ version: sql<number>`coalesce(sum(${boardVersions.version}), 0)`.mapWith(Number) })
    .from(boardVersions)
    .where(sql`${boardVersions.siteId} = ${plannedWithout('siteId', 'int8')}`)
    .prepare('room_board_version'),
)

/** How many times the site's rooms, stays and mothers have changed so far (its shards' sum). */
export async function boardVersion(db: Db, siteId: number): Promise<number> {
  const [{ version }] = await versionStatement(db).execute({ siteId })
  return version
}
