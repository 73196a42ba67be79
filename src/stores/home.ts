import { makeAutoObservable, runInAction } from 'mobx'
import { homeSummary } from '@/api/account'
import type { HomeSummary } from '@/api/types'
import { latestCall } from '@/utils/latest'
import { sessionStore } from './session'
import { workingDateStore } from './workingDate'

// Only the newest load applies, so a reply for a date left behind is dropped.
const beginLoad = latestCall()

/** Today's record counts shown as badges on the home screen. */
class HomeStore {
  summary: HomeSummary | null = null
  loading = false
  error = ''
  /** Whether home's customer picker is open: kept here, as H5 draws home afresh when a person comes back to it. */
  picking = false
  /** The id of the home entry that asked for a customer first: it opens once she is chosen. */
  waiting: string | null = null

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    // Signed out or moved to another site: the next home starts with the picker closed.
    sessionStore.onCustomerCleared(() => this.setPicking(false))
  }

  /** Loads the counts of the working date; the home screen shows `error` itself, so no modal. */
  async load() {
    const isCurrent = beginLoad()
    this.loading = true
    this.error = ''
    try {
      const summary = await homeSummary(workingDateStore.today, { loading: false, showError: false })
      if (isCurrent()) runInAction(() => (this.summary = summary))
    } catch (error) {
      if (isCurrent()) runInAction(() => (this.error = (error as Error).message))
    } finally {
      if (isCurrent()) runInAction(() => (this.loading = false))
    }
  }

  /** Opens or closes home's picker; opened by an entry, that entry waits for the customer. */
  setPicking(picking: boolean, entryId: string | null = null) {
    this.picking = picking
    this.waiting = picking ? entryId : null
  }

  /** Closes the picker: answers the id of the entry that waited for a customer when one was chosen, so that it opens. */
  closePicker(chosen: boolean): string | null {
    const entry = chosen ? this.waiting : null
    this.setPicking(false)
    return entry
  }

  /** Nothing recorded on the working date (a new centre's home looks so). */
  get isEmpty(): boolean {
    return !!this.summary && Object.values(this.summary.counts).every((count) => !count)
  }

  countFor(name: string): number {
    return this.summary?.counts[name] ?? 0
  }
}

export const homeStore = new HomeStore()
