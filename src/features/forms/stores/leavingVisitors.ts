// A visitor leaving: the working date's visits without a time out, to pick the one leaving.
import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import type { FormRecord } from '@/api/types'
import { visit } from '@yuezi/contract/forms/definitions/visit'
import { CUSTOMER_FILE_PAGE } from '@/routes'
import { workingDateStore } from '@/stores'
import { centreClock } from '@/stores/centreClock'
import { getFormRecord } from '../api/formRecords'
import type { FormPageStore } from './formPage'

/** Pages of visits read to find those still inside (a day's visits fit in a few). */
const LIMIT = 100
const MAX_PAGES = 5

/** The working date's visits without a time out, newest first. */
async function visitorsInside(date: string): Promise<FormRecord[]> {
  const inside: FormRecord[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await getFormRecord({ name: visit.name, date_from: date, date_to: date, page, limit: LIMIT })
    inside.push(...result.list.filter((record) => !record.data.time_out))
    if (page * LIMIT >= result.total || result.list.length < LIMIT) break
  }
  return inside
}

export class LeavingVisitorsStore {
  open = false
  visitors: FormRecord[] = []
  loading = false
  error = ''
  private readonly form: FormPageStore

  constructor(form: FormPageStore) {
    this.form = form
    makeAutoObservable<this, 'form'>(this, { form: false }, { autoBind: true })
  }

  async load() {
    this.loading = true
    this.error = ''
    try {
      const visitors = await visitorsInside(workingDateStore.today)
      runInAction(() => (this.visitors = visitors))
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  show() {
    this.open = true
    this.load()
  }

  close() {
    this.open = false
  }

  /** The file of the mother a visitor still inside came to see (the row's button marks them left). */
  openFile(record: FormRecord) {
    if (record.customer_id) Taro.navigateTo({ url: `${CUSTOMER_FILE_PAGE}?id=${record.customer_id}` })
  }

  /** The visitor leaving: their visit opens in the form with the time out set to now. */
  pick(id: number) {
    this.open = false
    this.form.open(id, { time_out: centreClock.now() })
  }
}
