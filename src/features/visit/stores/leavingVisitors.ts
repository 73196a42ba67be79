// A visitor leaving: the working date's visits without a time out; one tap records the departure.
import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import type { FormRecord } from '@/api/types'
import { visit } from '@yuezi/contract/forms/definitions/visit'
import type { FormData } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { CUSTOMER_FILE_PAGE } from '@/routes'
import { workingDateStore } from '@/stores'
import { centreClock } from '@/stores/centreClock'
import { toast } from '@/utils/feedback'
import { getFormRecord, newRequestId, saveForm, type FormPageStore } from '@/features/forms'

/** Pages of visits read to find those still inside (a day's visits fit in a few). */
const LIMIT = 100
const MAX_PAGES = 5

/** The visit's own values (the list's record may carry what the server adds), computed ones left to the server. */
const VISIT_KEYS = new Set(fieldsOf(visit).flatMap((field) => (field.type === 'computed' ? [] : [field.key])))

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

/** A departure just recorded: the visit as it was before, and the time out saved. */
export interface Departure {
  record: FormRecord
  time: string
}

export const visitorName = (record: FormRecord) => String(record.data.visitor_name ?? '')

export class LeavingVisitorsStore {
  open = false
  visitors: FormRecord[] = []
  loading = false
  error = ''
  /** The last departure recorded, offered for undoing until the next one. */
  departure: Departure | null = null
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
  openCustomerFile(record: FormRecord) {
    if (record.customer_id) Taro.navigateTo({ url: `${CUSTOMER_FILE_PAGE}?id=${record.customer_id}` })
  }

  /** The visitor leaves now: her visit is saved with the time out, the form left as it is. */
  async markLeft(record: FormRecord) {
    const time = centreClock.now()
    if (!(await this.send(record, { ...record.data, time_out: time }))) return
    runInAction(() => {
      this.visitors = this.visitors.filter((other) => other.id !== record.id)
      this.departure = { record, time }
    })
  }

  /** Takes the last departure back: the visit is saved as it was, still inside. */
  async undo() {
    const departure = this.departure
    if (!departure || !(await this.send(departure.record, departure.record.data))) return
    runInAction(() => (this.departure = null))
    toast(t('visit.leftUndone', { name: visitorName(departure.record) }))
    if (this.open) this.load()
  }

  /** Saves the visit with these values; false when refused (the request layer has said why). */
  private async send(record: FormRecord, values: FormData): Promise<boolean> {
    const data = Object.fromEntries(Object.entries(values).filter(([key]) => VISIT_KEYS.has(key)))
    try {
      await saveForm(
        {
          name: visit.name,
          id: record.id,
          ...(record.customer_id ? { customer_id: record.customer_id } : {}),
          data,
          request_id: newRequestId(),
        },
        { loading: true, showError: true },
      )
    } catch {
      return false
    }
    // The form has that very visit open: it shows what is saved now.
    if (this.form.session?.recordId === record.id) this.form.start({ id: record.id })
    return true
  }
}
