// A mother's stay as the front desk handles it: checking in a booked mother, checking one out.
import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo } from '@/api/customer'
import type { Customer } from '@/api/types'
import { t } from '@/i18n'
import { customerStore } from '@/stores'
import { confirm, toast } from '@/utils/feedback'
import { customersApi } from '../api/customers'

export class StayStore {
  customer: Customer | null = null
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''
  private readonly id: number | undefined

  /** Her stay: the mother `id`, else the current customer. */
  constructor(id?: number) {
    this.id = id || customerStore.customerInfo?.id
    makeAutoObservable<this, 'id'>(this, { id: false }, { autoBind: true })
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

  /** A booked mother has arrived: her stay is in house. */
  async checkIn() {
    const customer = this.customer
    if (!customer?.stay) return
    const sure = await confirm(t('stay.checkInConfirm', { name: customer.name, room: customer.stay.room }), {
      confirmText: t('customer.checkIn'),
    })
    if (!sure) return
    await customersApi.checkIn(customer.id)
    await this.done(t('stay.checkedIn', { name: customer.name }))
  }

  /** Her stay afresh, for this page, the current customer (when it is her) and the picker's list. */
  private async done(message: string) {
    toast(message, { success: true })
    await this.load()
    if (this.customer && customerStore.customerInfo?.id === this.customer.id) customerStore.select(this.customer)
    customerStore.search(customerStore.keyword)
  }
}
