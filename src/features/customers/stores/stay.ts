// A mother's stay as the front desk handles it: checking in a booked mother, checking one out, undoing it.
import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo } from '@/api/customer'
import type { Customer } from '@/api/types'
import { t } from '@/i18n'
import { centreClock } from '@/stores'
import { chooseOne } from '@/utils/chooseOne'
import { confirm, toast } from '@/utils/feedback'
import type { EarlyLeave } from '@yuezi/contract/api/customers'
import { addDays } from '@yuezi/contract/forms/compute'
import { customersApi } from '../api/customers'
import { openReadmission } from './admission'

export class StayStore {
  customer: Customer | null = null
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''
  private readonly id: number | undefined

  /**
   * Her stay: the mother `id` the page hands; `stayChanged` tells the page her stay changed (the
   * app's current customer and the picker show it).
   */
  constructor(
    id: number | undefined,
    private readonly stayChanged: (customer: Customer) => void,
  ) {
    this.id = id || undefined
    makeAutoObservable<this, 'id' | 'stayChanged'>(this, { id: false, stayChanged: false }, { autoBind: true })
  }

  async load() {
    if (!this.id) return
    this.status = 'loading'
    try {
      const customer = await customerInfo(this.id, { loading: false, showError: false })
      runInAction(() => {
        this.customer = customer
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.error = (error as Error).message
        this.status = 'error'
      })
    }
  }

  /** Ends her stay today and frees her room, once the person confirms whom and which room. */
  async checkOut() {
    const customer = this.customer
    if (!customer?.stay) return
    const sure = await confirm(t('stay.checkOutConfirm', { name: customer.name, room: customer.stay.room }), {
      confirmText: t('customer.checkOut'),
      danger: true,
    })
    if (!sure) return
    await customersApi.checkOut(customer.id)
    await this.done(t('stay.checkedOut', { name: customer.name }))
  }

  /**
   * A booked mother has arrived: her stay is in house. Before her booked date she counts from
   * today, and the person chooses whether her leave date stays or moves with it.
   */
  async checkIn() {
    const customer = this.customer
    const stay = customer?.stay
    if (!customer || !stay) return
    const today = centreClock.today()
    let leave: EarlyLeave | undefined
    if (stay.check_in_date > today) {
      const moved = addDays(today, stay.planned_days)!
      leave = await chooseOne(
        [
          { value: 'keep' as const, label: t('stay.keepLeave', { date: stay.leave_date }) },
          { value: 'move' as const, label: t('stay.moveLeave', { date: moved }) },
        ],
        t('stay.earlyAsk', { name: customer.name, date: stay.check_in_date }),
      )
      if (!leave) return
    } else {
      const sure = await confirm(t('stay.checkInConfirm', { name: customer.name, room: stay.room }), {
        confirmText: t('customer.checkIn'),
      })
      if (!sure) return
    }
    await customersApi.checkIn(customer.id, leave)
    await this.done(t('stay.checkedIn', { name: customer.name }))
  }

  /** Whether her check-out can be undone: she left today (the centre's date). */
  get canUndoCheckOut() {
    const stay = this.customer?.stay
    return stay?.status === 'left' && stay.left_on === centreClock.today()
  }

  /** Her check-out of today undone, once the person confirms: she is in house again. */
  async undoCheckOut() {
    const customer = this.customer
    if (!customer?.stay) return
    const sure = await confirm(t('stay.undoConfirm', { name: customer.name, room: customer.stay.room }), {
      confirmText: t('stay.undoCheckOut'),
    })
    if (!sure) return
    await customersApi.undoCheckOut(customer.id)
    await this.done(t('stay.undone', { name: customer.name }))
  }

  /** 再次入住: she left, and is admitted again on the admission page. */
  readmit() {
    if (this.customer) openReadmission(this.customer.id)
  }

  /** Her stay afresh, for this page and, through the page, the current customer and the picker's list. */
  private async done(message: string) {
    toast(message, { success: true })
    await this.load()
    if (this.customer) this.stayChanged(this.customer)
  }
}
