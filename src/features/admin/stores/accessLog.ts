// 查阅记录: who opened the chosen customer's records that hold her ID number, photos or
// signatures, newest first, page by page.
import { makeAutoObservable } from 'mobx'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import { customerStore } from '@/stores'
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

  constructor() {
    makeAutoObservable(this, { list: false }, { autoBind: true })
  }

  /** Whose entries are shown: the current customer. */
  get customer() {
    return customerStore.customerInfo
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

  /** The picker closed (the sheet may say so twice): the chosen customer's entries, once. */
  customerPicked() {
    if (!this.pickingCustomer) return Promise.resolve()
    this.pickingCustomer = false
    return this.list.reload()
  }
}
