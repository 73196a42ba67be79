// The desk's day on home: today's counts at the site, each opening the list behind it.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { DESK_DAY_PAGE } from '@/routes'
import { latestCall } from '@/utils/latest'
import { deskToday, type DeskDay } from '../api/deskDay'

// Only the newest load applies, so a slow reply never overwrites a fresher one.
const beginLoad = latestCall()

/** What a badge opens: one of the desk's lists. */
export type DeskBadge = 'arrivals' | 'departures' | 'booked' | 'visitors' | 'noRound' | 'orders'

class DeskDayStore {
  day: DeskDay | null = null
  error = ''

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  async load() {
    const isCurrent = beginLoad()
    try {
      const day = await deskToday()
      if (isCurrent())
        runInAction(() => {
          this.day = day
          this.error = ''
        })
    } catch (error) {
      if (isCurrent()) runInAction(() => (this.error = (error as Error).message))
    }
  }

  /** Pending orders the caller may approve, all lists together; null without the right. */
  get waiting(): number | null {
    const waiting = this.day?.waiting
    return waiting ? Object.values(waiting).reduce((sum, n) => sum + n, 0) : null
  }

  open(badge: DeskBadge) {
    Taro.navigateTo({ url: `${DESK_DAY_PAGE}?list=${badge}` })
  }
}

export const deskDayStore = new DeskDayStore()
