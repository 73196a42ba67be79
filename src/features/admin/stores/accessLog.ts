// 查阅记录: who opened the chosen customer's records that hold her ID number, photos or
// signatures, newest first, page by page.
import { makeAutoObservable } from 'mobx'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import type { Customer } from '@/api/types'
import { PagedList } from '@/stores/pagedList'
import { accessLog, type AccessEntry } from '../api/accessLog'

export type { AccessEntry }

/** The locale key of a record's form title, from its form name; undefined for a form the app does not know. */
export const titleKeyOf = (entry: AccessEntry) =>
  Object.values(FORM_PAGES).find((form) => form.name === entry.name)?.titleKey

export class AccessLogStore {
  /** The customer picker is open. */
  pickingCustomer = false
  readonly list = new PagedList<AccessEntry>((page, limit) => this.fetch(page, limit))

  /** Whose entries are shown: the mother the page hands, then the one chosen in the picker. */
  constructor(public customer: Customer | null) {
    makeAutoObservable(this, { list: false }, { autoBind: true })
  }

  private fetch(page: number, limit: number) {
    const customer = this.customer
    return customer ? accessLog({ customer_id: customer.id, page, limit }) : Promise.resolve({ list: [], total: 0 })
  }

  /** The page opened or came back: her entries afresh; without a customer, the picker opens. */
  refresh() {
    if (!this.customer) this.pickingCustomer = true
    return this.list.reload()
  }

  pickCustomer() {
    this.pickingCustomer = true
  }

  /** The picker closed with `customer` chosen (the sheet may say so twice): her entries, once. */
  customerPicked(customer: Customer | null) {
    if (!this.pickingCustomer) return Promise.resolve()
    this.pickingCustomer = false
    this.customer = customer
    return this.list.reload()
  }
}
