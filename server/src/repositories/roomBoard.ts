import { sql } from 'drizzle-orm'
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

/**
 * Every room of the site by floor, retired and out-of-service ones included, each with its open
 * stay: one index probe per room (stays_open_room_idx), never the stays the site had before.
 */
export async function boardRooms(db: Db, siteId: number, today: string): Promise<BoardRow[]> {
  const result = (await db.execute(sql`
    select r.floor, r.room, r.in_service and r.retired_at is null as usable,
           s.customer_id, c.name, s.status, s.check_in_date::text as check_in_date,
           s.leave_date::text as leave_date, s.planned_days, (${today}::date - s.check_in_date) + 1 as day
    from rooms r
    left join lateral (
      select x.customer_id, x.status, x.check_in_date, x.leave_date, x.planned_days from stays x
      where x.site_id = r.site_id and x.room = r.room and x.status <> 'left' limit 1
    ) s on true
    left join customers c on c.id = s.customer_id
    where r.site_id = ${siteId}
    order by r.floor, r.room`)) as unknown as { rows: BoardRow[] }
  return result.rows.map((row) => ({
    ...row,
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
  }))
}
