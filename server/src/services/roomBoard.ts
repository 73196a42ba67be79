import type { Static } from 'typebox'
import type { BoardRoom } from '@yuezi/contract/api/roomBoard'
import type { Db } from '../db/types.js'
import { KeptReplies } from '../lib/keptReplies.js'
import type { WrittenJson } from '../lib/writtenJson.js'
import { boardRooms, boardVersion, type BoardRow } from '../repositories/roomBoard.js'

// The room board (房态): what each room of the site holds on the centre's today.

type Room = Static<typeof BoardRoom>
type RoomState = Room['state']

/** A mother in it comes first: a room taken out of service while she stays still holds her. */
function stateOf(row: BoardRow): RoomState {
  if (row.status === 'in_house') return 'in_use'
  if (row.status === 'arriving') return 'arriving'
  return row.usable ? 'free' : 'out_of_service'
}

function roomOf(row: BoardRow, today: string): Room {
  const state = stateOf(row)
  if (row.customer_id === null || !row.check_in_date || !row.leave_date)
    return { room: row.room, state, occupant: null }
  const inHouse = state === 'in_use'
  return {
    room: row.room,
    state,
    occupant: {
      customer_id: row.customer_id,
      name: row.name ?? '',
      check_in_date: row.check_in_date,
      leave_date: row.leave_date,
      planned_days: Number(row.planned_days),
      day: inHouse ? Number(row.day) : null,
      leaving_today: inHouse && row.leave_date === today,
      overdue: inHouse && today > row.leave_date,
    },
  }
}

/** The site's rooms by floor with their states, and how many rooms are in each state. */
async function roomBoard(db: Db, siteId: number, today: string) {
  const floors: { floor: number; rooms: Room[] }[] = []
  const counts: Record<RoomState, number> = { in_use: 0, arriving: 0, free: 0, out_of_service: 0 }
  for (const row of await boardRooms(db, siteId, today)) {
    const room = roomOf(row, today)
    counts[room.state]++
    if (floors.at(-1)?.floor !== row.floor) floors.push({ floor: row.floor, rooms: [] })
    floors.at(-1)!.rooms.push(room)
  }
  return { floors, counts }
}

/** How many sites' boards an instance keeps: every site of a chain. */
const SITES_KEPT = 10_000

/**
 * The board of each site as this instance last wrote it (JSON, and compressed as clients asked for
 * it), answered again while the site's rooms, stays and mothers are as they were (its board
 * version, read first: a change committed meanwhile makes the board built newer than the version
 * it is kept under, never older) and the centre's day is the same. Kept in this instance's memory
 * only, for signed-in staff of the site.
 */
export class KeptBoards {
  private readonly kept = new KeptReplies<{ version: number; today: string }>({ most: SITES_KEPT })

  async board(db: Db, siteId: number, today: string): Promise<WrittenJson> {
    const version = await boardVersion(db, siteId)
    return this.kept.answer(String(siteId), { version, today }, () => roomBoard(db, siteId, today))
  }
}
