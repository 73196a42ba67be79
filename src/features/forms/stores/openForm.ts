import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import type { Customer, FormRecord } from '@/api/types'
import type { Feature } from '@/features/registry'
import { t } from '@/i18n'
import { NOT_FOUND_PAGE } from '@/routes'
import { sessionStore } from '@/stores'
import { stripFormName } from '@/utils'
import { toast } from '@/utils/feedback'
import { latestCall } from '@/utils/latest'
import { persist } from '@/utils/storage'
import { getFormRecord } from '../api/formRecords'

// Only the newest lookup applies, so a slow reply for a form left behind never
// becomes the record of the form now open.
const beginLookup = latestCall()

/** Which form is open, and the current customer's existing record of it. */
class OpenFormStore {
  formName = ''
  department_id: number | null = null
  gift_type_id: number | null = null
  /** 月子 (true) or 小月子 (false) check-in. */
  is_month = true
  /** The customer's record of the open form (memory only). */
  formRecord: FormRecord | null = null

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    // Written for the PC back-office, which reads them; the app itself does not read them back.
    persist(this, {
      formName: 'formName',
      department_id: 'department_id',
      gift_type_id: 'gift_type_id',
      is_month: 'is_month',
    })
    sessionStore.onCustomerCleared(this.clearRecord)
  }

  /** Sets the form name; department and gift type are set when given and cleared otherwise. */
  setFormName(name: string, { department_id, gift_type_id }: { department_id?: number; gift_type_id?: number } = {}) {
    this.formName = name
    this.department_id = department_id ?? null
    this.gift_type_id = gift_type_id ?? null
  }

  /**
   * Opens a form or list page (a saved record of it with `id`), which becomes the open form.
   * A new record of a form filled in for a customer needs the one the caller has chosen: without,
   * says so and answers false (the caller offers the customer picker); a check-in notice opens for
   * a new arrival.
   */
  open(feature: Feature, { id, customer }: { id?: number; customer?: Customer | null } = {}): boolean {
    if (!id && feature.needsCustomer && !feature.admits && !customer) {
      toast(t('home.chooseCustomerFirst'))
      return false
    }
    this.setFormName(feature.name)
    if (feature.isMonth !== undefined) this.setIsMonth(feature.isMonth)
    // A page missing from the build fails to open in the mini program: the not-found page instead.
    Promise.resolve(Taro.navigateTo({ url: id ? `${feature.route}?id=${id}` : feature.route })).catch(() =>
      Taro.navigateTo({ url: NOT_FOUND_PAGE }),
    )
    return true
  }

  setIsMonth(isMonth: boolean) {
    this.is_month = isMonth
  }

  clearRecord() {
    beginLookup()
    this.formRecord = null
  }

  /** The customer's first record of the named form becomes formRecord; no name empties it. */
  async fetchFormRecord(name?: string, customerId?: number): Promise<FormRecord | null> {
    if (!name) {
      this.clearRecord()
      return null
    }
    const isCurrent = beginLookup()
    const result = await getFormRecord({
      name: stripFormName(name),
      customer_id: customerId,
      page: 1,
      limit: 1,
    })
    const record = result.list[0] ?? null
    if (isCurrent()) runInAction(() => (this.formRecord = record))
    return record
  }
}

export const openFormStore = new OpenFormStore()
