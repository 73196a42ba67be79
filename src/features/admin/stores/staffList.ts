// 员工: the accounts of the site, searched by name or account, page by page.
import { makeAutoObservable } from 'mobx'
import { PagedList } from '@/stores/pagedList'
import { staffList, type StaffMember } from '../api/staff'

export type { StaffMember }

export class StaffListStore {
  keyword = ''
  readonly list = new PagedList<StaffMember>((page, limit) =>
    staffList({ page, limit, ...(this.keyword ? { keyword: this.keyword } : {}) }),
  )

  constructor() {
    makeAutoObservable(this, { list: false }, { autoBind: true })
  }

  refresh() {
    return this.list.reload()
  }

  search(keyword: string) {
    if (keyword === this.keyword) return Promise.resolve()
    this.keyword = keyword
    return this.list.reload()
  }
}

/** The locale keys of a member's rights in a site, as tags. */
export const rightKeys = (site: StaffMember['sites'][number]) => [
  ...(site.can_approve ? ['staff.approve'] : []),
  ...(site.can_administer ? ['staff.administer'] : []),
]
