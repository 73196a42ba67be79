// One of the centre's lists: its entries in use or retired, searched by keyword, page by page;
// deleting one that records refer to offers to retire it instead.
import { makeAutoObservable } from 'mobx'
import { RequestError } from '@/api/request'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { t } from '@/i18n'
import { PagedList } from '@/stores/pagedList'
import { alert, confirm, toast } from '@/utils/feedback'
import { CODE_IN_USE, masterApi, type MasterEntry } from '../api/masterData'

export type { MasterEntry }

export class MasterListStore {
  readonly kind: MasterKind
  keyword = ''
  /** Showing the retired entries rather than those in use. */
  retired = false
  readonly list = new PagedList<MasterEntry>((page, limit) =>
    masterApi.list(this.kind, { keyword: this.keyword || undefined, retired: this.retired, page, limit }),
  )

  constructor(kind: MasterKind) {
    this.kind = kind
    makeAutoObservable(this, { list: false, kind: false }, { autoBind: true })
  }

  refresh() {
    return this.list.reload()
  }

  search(keyword: string) {
    if (keyword === this.keyword) return Promise.resolve()
    this.keyword = keyword
    return this.list.reload()
  }

  showRetired(retired: boolean) {
    if (retired === this.retired) return Promise.resolve()
    this.retired = retired
    return this.list.reload()
  }

  /**
   * Deletes an entry once confirmed. One that records refer to is refused: the refusal says so and
   * offers to retire it instead.
   */
  async remove(entry: MasterEntry) {
    if (!(await confirm(t('master.confirmDelete', { name: entry.name }), { danger: true }))) return
    try {
      await masterApi.remove(this.kind, entry.id)
      toast(t('master.deleted'))
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      if (error.code !== CODE_IN_USE) {
        alert(error.message)
        return
      }
      const retire = await confirm(error.message, { title: t('master.inUseTitle'), confirmText: t('master.retire') })
      if (retire) await this.setRetired(entry, true, true)
      return
    }
    await this.list.reload()
  }

  /**
   * Takes an entry out of use once confirmed (as deleting is; `confirmed` when the person already
   * chose it), or puts it back. A refusal (a room a mother is in) is shown by the request layer.
   */
  async setRetired(entry: MasterEntry, retired: boolean, confirmed = false) {
    if (retired && !confirmed && !(await confirm(t('master.confirmRetire', { name: entry.name }), { danger: true })))
      return
    try {
      await (retired ? masterApi.retire : masterApi.restore)(this.kind, entry.id)
    } catch (error) {
      if (error instanceof RequestError) return
      throw error
    }
    toast(t(retired ? 'master.retiredDone' : 'master.restoredDone'))
    await this.list.reload()
  }
}
