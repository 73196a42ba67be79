import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo, customerList } from '@/api/customer'
import type { Baby, Customer } from '@/api/types'
import type { CustomerStatus } from '@yuezi/contract/api/customers'
import { PAGE_SIZE } from '@/config'
import { latestCall } from '@/utils/latest'
import { persist } from '@/utils/storage'

export type { Baby, Customer, CustomerStatus }

// Only the newest page request applies: a new search supersedes one still on its way.
const beginLoad = latestCall()

/** The customer forms are filled in for, and the customer search of the picker. */
class CustomerStore {
  customerInfo: Customer | null = null
  /** The chosen customer's babies. */
  childrenData: Baby[] = []

  keyword = ''
  /** Which mothers the picker lists: in house unless the person chooses another filter. */
  status: CustomerStatus = 'in_house'
  /** The rows of the last search that answered: kept until a newer one answers, so that rows do not vanish under a finger. */
  list: Customer[] = []
  /** The search whose rows `list` holds; null before the first answer. */
  answered: { keyword: string; status: CustomerStatus } | null = null
  total = 0
  /** The last page loaded; 0 before the first. */
  page = 0
  loading = false
  error = ''
  finished = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    persist(this, { customerInfo: 'customerInfo', childrenData: 'childrenData' })
  }

  select(customer: Customer) {
    this.customerInfo = customer
    this.childrenData = customer.children ?? []
  }

  clear() {
    this.customerInfo = null
    this.childrenData = []
  }

  async loadById(id: number) {
    const customer = await customerInfo(id)
    this.select(customer)
  }

  /** Starts a new search (of `status` too when given); a page of the previous one still on its way is dropped. */
  search(keyword: string, status = this.status) {
    this.keyword = keyword
    this.status = status
    this.page = 0
    this.finished = false
    this.loading = false
    return this.loadMore()
  }

  /** The picker's opening: mothers in house, nothing of an earlier search (or account) shown meanwhile. */
  startOver() {
    this.list = []
    this.total = 0
    this.answered = null
    return this.search('', 'in_house')
  }

  /** Whether `list` is the answer to `typed` under the current filter. */
  answers(typed: string) {
    return this.answered?.keyword === typed && this.answered.status === this.status
  }

  /**
   * The rows to show for what is typed: the answer to it, or until that comes, the rows shown that
   * match it, so that the row a finger is on stays the mother it names.
   */
  rowsFor(typed: string): Customer[] {
    if (!typed || this.answers(typed)) return this.list
    const needle = typed.toLowerCase()
    return this.list.filter((c) => [c.name, c.room, c.phone].some((v) => v && v.toLowerCase().includes(needle)))
  }

  /** Loads the next page; the picker shows `error` itself, so no modal. */
  async loadMore() {
    if (this.loading || this.finished) return
    const isCurrent = beginLoad()
    this.loading = true
    this.error = ''
    try {
      const page = this.page + 1
      const result = await customerList(
        { page, limit: PAGE_SIZE, keyword: this.keyword || undefined, status: this.status },
        { loading: false, showError: false },
      )
      if (!isCurrent()) return
      runInAction(() => {
        this.list = page === 1 ? result.list : [...this.list, ...result.list]
        this.answered = { keyword: this.keyword, status: this.status }
        this.total = result.total
        this.page = page
        this.finished = this.list.length >= result.total || result.list.length < PAGE_SIZE
      })
    } catch (error) {
      if (isCurrent()) runInAction(() => (this.error = (error as Error).message))
    } finally {
      if (isCurrent()) runInAction(() => (this.loading = false))
    }
  }
}

export const customerStore = new CustomerStore()
