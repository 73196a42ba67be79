// A form's history popup: its records page by page, whether it is shown, and what a tap on one does.
import { makeAutoObservable } from 'mobx'
import { openServerFile, type ServerFile } from '@/api/files'
import { PagedList, type FetchPage } from '@/stores/pagedList'

export class RecordHistory<T> {
  visible = false
  readonly records: PagedList<T>
  private readonly onPick: (id: number) => void
  private readonly makeSheet?: () => Promise<ServerFile>

  /** `makeSheet` has the server make the same records as a spreadsheet; none for a kind it does not export. */
  constructor(fetchPage: FetchPage<T>, onPick: (id: number) => void, makeSheet?: () => Promise<ServerFile>) {
    this.records = new PagedList<T>(fetchPage)
    this.onPick = onPick
    this.makeSheet = makeSheet
    makeAutoObservable<this, 'onPick' | 'makeSheet'>(
      this,
      { records: false, onPick: false, makeSheet: false },
      { autoBind: true },
    )
  }

  /** The records the popup lists, every page, as a spreadsheet to download. */
  exportSheet() {
    if (this.makeSheet) openServerFile(this.makeSheet, { download: true })
  }

  get canExport() {
    return !!this.makeSheet
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
