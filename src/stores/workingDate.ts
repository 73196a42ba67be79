import { makeAutoObservable } from 'mobx'
import { persist } from '@/utils/storage'
import { centreClock } from './centreClock'

/** The working date records are filed under and lists and counts are read for. */
class WorkingDateStore {
  /** The working date, YYYY-MM-DD: the centre's today unless a date was chosen. */
  today = centreClock.today()
  /** The centre's day the working date was last set for: on a later day it starts on today again. */
  workingDay = ''

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    persist(this, { today: 'today', workingDay: 'working_day' })
  }

  setToday(date: string) {
    this.today = date
    this.workingDay = centreClock.today()
  }

  /**
   * The working date is kept while the app runs and through a restart on the same centre day;
   * the first launch (or sign-in to a site) on a new centre day starts on that day.
   */
  startDay() {
    const centreToday = centreClock.today()
    if (this.workingDay === centreToday) return
    this.today = centreToday
    this.workingDay = centreToday
  }

  /** The working date is not the centre's today (home says so, so that no one files under another day unawares). */
  get isNotToday() {
    return this.today !== centreClock.today()
  }
}

export const workingDateStore = new WorkingDateStore()
