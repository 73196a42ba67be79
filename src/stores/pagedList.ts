// One list loaded page by page (record lists, search results): reload, load more, and what the
// list shows meanwhile (loading, failed, finished). Imported by subpackage pages only.
import { makeAutoObservable, runInAction } from 'mobx'
import type { Page } from '@/api/types'
import { PAGE_SIZE } from '@/config'
import { latestCall } from '@/utils/latest'

export type FetchPage<T> = (page: number, limit: number) => Promise<Page<T>>

export class PagedList<T> {
  items: T[] = []
  total = 0
  /** The last page loaded; 0 before the first. */
  page = 0
  loading = false
  error = ''
  finished = false
  /** The first page has answered (the list may show "empty"). */
  loaded = false

  private fetchPage: FetchPage<T>
  private readonly begin = latestCall()
  readonly limit: number

  constructor(fetchPage: FetchPage<T>, limit = PAGE_SIZE) {
    this.fetchPage = fetchPage
    this.limit = limit
    makeAutoObservable<this, 'fetchPage' | 'begin'>(
      this,
      { fetchPage: false, begin: false, limit: false },
      { autoBind: true },
    )
  }

  /** From the first page again (a new filter, pull to refresh); a page still on its way is dropped. */
  reload(fetchPage?: FetchPage<T>) {
    if (fetchPage) this.fetchPage = fetchPage
    this.page = 0
    this.finished = false
    this.loading = false
    this.error = ''
    return this.load(true)
  }

  /** The next page, unless one is loading or all are there. */
  loadMore() {
    if (this.loading || this.finished) return Promise.resolve()
    return this.load(false)
  }

  private async load(fresh: boolean) {
    const isCurrent = this.begin()
    this.loading = true
    this.error = ''
    const page = this.page + 1
    try {
      const result = await this.fetchPage(page, this.limit)
      if (!isCurrent()) return
      runInAction(() => {
        this.items = fresh ? result.list : [...this.items, ...result.list]
        this.total = result.total
        this.page = page
        this.finished = this.items.length >= result.total || result.list.length < this.limit
        this.loaded = true
      })
    } catch (error) {
      if (isCurrent()) runInAction(() => (this.error = (error as Error).message || 'error'))
    } finally {
      if (isCurrent()) runInAction(() => (this.loading = false))
    }
  }

  /** Changes items where they stand (an item the server has changed). */
  update(change: (item: T) => T) {
    this.items = this.items.map(change)
  }

  /** Drops items (after a delete) and counts them out of the total. */
  remove(predicate: (item: T) => boolean) {
    const before = this.items.length
    this.items = this.items.filter((item) => !predicate(item))
    this.total = Math.max(0, this.total - (before - this.items.length))
  }
}
