// One list behind a badge of the desk's day: the mothers arriving (late ones too), leaving
// (overdue ones too), booked for a later day or without a round today, the visitors still inside, or the orders waiting for approval by list.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { openFormStore } from '@/features/forms'
import { featureById } from '@/features/registry'
import { CUSTOMER_FILE_PAGE, STAY_PAGE } from '@/routes'
import { customerInfo } from '@/api/customer'
import type { Customer } from '@/api/types'
import { deskToday, type DeskDay, type DeskCustomer, type DeskVisit } from '../api/deskDay'
import type { DeskBadge } from './deskDay'

/** The order lists an approver checks, by the key the server counts them under. */
export const ORDER_LISTS = {
  outApplyGeneral: 'outApplyGeneralList',
  outApplyGift: 'outApplyGiftList',
  specialCare: 'specialCareList',
  inbound: 'inboundList',
} as const
export type WaitingList = keyof typeof ORDER_LISTS

export type RoundForm = 'obstetricianRounds' | 'pediatricianRounds'

export class DeskDayListStore {
  readonly list: DeskBadge
  day: DeskDay | null = null
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''

  /** `select` makes a mother the app's current customer (the page's to do). */
  constructor(
    list: DeskBadge,
    private readonly select: (customer: Customer) => void,
  ) {
    this.list = list
    makeAutoObservable<this, 'select'>(this, { list: false, select: false }, { autoBind: true })
  }

  async load() {
    try {
      const day = await deskToday(this.list === 'orders' ? undefined : this.list)
      runInAction(() => {
        this.day = day
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.error = (error as Error).message
        this.status = 'error'
      })
    }
  }

  get customers(): DeskCustomer[] {
    return this.day?.customers ?? []
  }

  get visits(): DeskVisit[] {
    return this.day?.visits ?? []
  }

  /** The lists with orders waiting, and how many. */
  get waiting(): [WaitingList, number][] {
    return Object.entries(this.day?.waiting ?? {}).filter(([, n]) => n > 0) as [WaitingList, number][]
  }

  /** An arriving, booked or leaving mother opens her stay (check-in, check-out); one without a round, her file. */
  openCustomer(row: DeskCustomer) {
    const page = this.list === 'noRound' ? CUSTOMER_FILE_PAGE : STAY_PAGE
    Taro.navigateTo({ url: `${page}?id=${row.customer_id}` })
  }

  /** A round for her: she becomes the current customer and the round's form opens. */
  async openRound(row: DeskCustomer, form: RoundForm) {
    const customer = await customerInfo(row.customer_id)
    this.select(customer)
    openFormStore.open(featureById(form)!, { customer })
  }

  /** A visitor's record opens in the visit form, to sign them out. */
  openVisit(visit: DeskVisit) {
    openFormStore.open(featureById('visit')!, { id: visit.id })
  }

  /** The order list with its pending orders of every day. */
  openOrders(list: WaitingList) {
    Taro.navigateTo({ url: `${featureById(ORDER_LISTS[list])!.route}?status=pending` })
  }
}
