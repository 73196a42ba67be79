// The centre's lists on the administration pages, each described by data: its label (the entry
// and the list's title) and what its search looks in. One list page and one edit page serve them
// all, told apart by the `kind` in their address. Plain data, no Taro or React.
import { MASTER_KINDS, type MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { MASTER_EDIT_PAGE, MASTER_LIST_PAGE } from '../../routes'

export interface MasterView {
  /** The list's title and its entry on the administration home. */
  labelKey: string
  /** What the search box says it looks through. */
  searchKey: string
}

export const MASTER_VIEWS: Record<MasterKind, MasterView> = {
  rooms: { labelKey: 'master.list.rooms', searchKey: 'master.search.rooms' },
  departments: { labelKey: 'master.list.departments', searchKey: 'master.search.name' },
  giftTypes: { labelKey: 'master.list.giftTypes', searchKey: 'master.search.name' },
  products: { labelKey: 'master.list.products', searchKey: 'master.search.products' },
  packages: { labelKey: 'master.list.packages', searchKey: 'master.search.name' },
  stayPackages: { labelKey: 'master.list.stayPackages', searchKey: 'master.search.name' },
}

/** The kind named by a page's address, or undefined for one the app does not know. */
export const kindOf = (value: unknown): MasterKind | undefined => MASTER_KINDS.find((kind) => kind === value)

export const masterListRoute = (kind: MasterKind) => `${MASTER_LIST_PAGE}?kind=${kind}`
export const masterEditRoute = (kind: MasterKind, id?: number) =>
  `${MASTER_EDIT_PAGE}?kind=${kind}${id ? `&id=${id}` : ''}`
