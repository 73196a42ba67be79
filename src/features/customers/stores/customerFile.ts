// 客户档案: one mother's stay, babies, allergies and diet, what she owes (and its PDF), and her timeline page by page.
import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { ADMISSION_PAGE } from '@/routes'
import { FEATURES } from '@/features/registry'
import { openFormStore } from '@/features/forms'
import { PagedList } from '@/stores/pagedList'
import { openServerFile } from '@/api/files'
import { openReadmission } from './admission'
import { customerBillPdf, customerFilePage, type CustomerFile, type TimelineEntry } from '../api/customerFile'

export type { CustomerFile, TimelineEntry }

export class CustomerFileStore {
  /** Her file's head, from the first page's answer; null until it comes. */
  file: CustomerFile | null = null
  readonly list = new PagedList<TimelineEntry>((page, limit) => this.fetch(page, limit))

  /** Whose file, as the page hands her id (none: an empty file). */
  readonly customerId: number | undefined

  constructor(customerId?: number) {
    this.customerId = customerId || undefined
    makeAutoObservable(this, { list: false, customerId: false }, { autoBind: true })
  }

  private async fetch(page: number, limit: number) {
    if (!this.customerId) return { list: [], total: 0 }
    const answer = await customerFilePage({ customer_id: this.customerId, page, limit })
    runInAction(() => (this.file = answer.file))
    return answer
  }

  /** The page opened or was pulled: her file afresh. */
  refresh() {
    return this.list.reload()
  }

  /** 编辑: her details and babies on the admission page; her file is read afresh on the way back. */
  edit() {
    if (this.customerId) void Taro.navigateTo({ url: `${ADMISSION_PAGE}?edit=${this.customerId}` })
  }

  /** The sums of her stay: whether she owes anything. */
  get owes() {
    return (this.file?.owed.total ?? 0) > 0
  }

  /** Her bill for the stay as a PDF, opened to print or forward. */
  exportBill() {
    const customerId = this.customerId
    if (customerId) openServerFile(() => customerBillPdf({ customer_id: customerId }))
  }

  /**
   * Opens an entry's record on the page its lists open it with (a PDF of her bill: a new one);
   * false when the app has no such page.
   */
  openEntry(entry: TimelineEntry): boolean {
    if (entry.pdf_of === 'bill') {
      this.exportBill()
      return true
    }
    const feature = FEATURES.find((candidate) => candidate.route === entry.route)
    return feature ? openFormStore.open(feature, { id: entry.id }) : false
  }

  /** 再次入住: a mother who left is admitted again, her details on the admission page. */
  readmit() {
    if (this.file) openReadmission(this.file.id)
  }
}
