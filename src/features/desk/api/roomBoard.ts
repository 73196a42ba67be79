// The room board (/api/care/room/board): the site's rooms by floor and what each holds today.
import type { Static } from 'typebox'
import { request, type RequestOptions } from '@/api/request'
import type { RoomBoard } from '@yuezi/contract/api/roomBoard'

export type RoomBoardReply = Static<typeof RoomBoard>['res']
export type BoardRoom = RoomBoardReply['floors'][number]['rooms'][number]

/** Quiet: the page shows its own loading and error states. */
export function roomBoard(options: RequestOptions = { loading: false, showError: false }) {
  return request<RoomBoardReply>('/api/care/room/board', {}, options)
}
