// A form's history popup: its records page by page, whether it is shown, and what a tap on one does.
import { makeAutoObservable } from 'mobx'
import { PagedList, type FetchPage } from '@/stores/pagedList'

export class RecordHistory<T> {
  visible = false
  readonly records: PagedList<T>
  private readonly onPick: (id: number) => void

  constructor(fetchPage: FetchPage<T>, onPick: (id: number) => void) {
    this.records = new PagedList<T>(fetchPage)
    this.onPick = onPick
    makeAutoObservable<this, 'onPick'>(this, { records: false, onPick: false }, { autoBind: true })
  }

  open() {
    this.visible = true
    this.records.reload()
  }

  close() {
    this.visible = false
  }

  /** A record tapped: the popup closes and the form shows it. */
  pick(id: number) {
    this.visible = false
    this.onPick(id)
  }
}
