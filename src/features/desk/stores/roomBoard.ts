// The room board (房态): the site's rooms as the front desk sees them, and where a tapped room leads.
import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { t } from '@/i18n'
import { ADMISSION_PAGE, CUSTOMER_FILE_PAGE, STAY_PAGE } from '@/routes'
import { toast } from '@/utils/feedback'
import { roomBoard, type BoardRoom, type RoomBoardReply } from '../api/roomBoard'

export type { BoardRoom }

export class RoomBoardStore {
  board: RoomBoardReply | null = null
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  async load() {
    if (!this.board) this.status = 'loading'
    try {
      const board = await roomBoard()
      runInAction(() => {
        this.board = board
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.error = (error as Error).message
        this.status = 'error'
      })
    }
  }

  /** Back on the board after an admission, a check-in or a check-out: the rooms afresh. */
  refresh() {
    if (this.board) void this.load()
  }

  /** In use: her file; arriving: her stay, to check her in; free: an admission into it; out of service: why not. */
  open(room: BoardRoom) {
    if (room.state === 'out_of_service') {
      void toast(t('roomBoard.outOfService', { room: room.room }))
      return
    }
    const url =
      room.state === 'free'
        ? `${ADMISSION_PAGE}?room=${encodeURIComponent(room.room)}`
        : `${room.state === 'in_use' ? CUSTOMER_FILE_PAGE : STAY_PAGE}?id=${room.occupant!.customer_id}`
    void Taro.navigateTo({ url })
  }
}
