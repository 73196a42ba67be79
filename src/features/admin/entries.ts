// The administration home's entries, in order, one line each: a page of the pagesAdmin subpackage
// and the locale key of its label. Plain data, no Taro or React.
import { ACCESS_LOG_PAGE, CENTRE_PAGE, IMPORT_PAGE, STAFF_PAGE } from '../../routes'
import { MASTER_VIEWS, masterListRoute } from './masterKinds'

export interface AdminEntry {
  route: string
  labelKey: string
}

export const ADMIN_ENTRIES: AdminEntry[] = [
  { route: STAFF_PAGE, labelKey: 'staff.title' },
  { route: CENTRE_PAGE, labelKey: 'centre.title' },
  { route: masterListRoute('rooms'), labelKey: MASTER_VIEWS.rooms.labelKey },
  { route: masterListRoute('departments'), labelKey: MASTER_VIEWS.departments.labelKey },
  { route: masterListRoute('products'), labelKey: MASTER_VIEWS.products.labelKey },
  { route: masterListRoute('stayPackages'), labelKey: MASTER_VIEWS.stayPackages.labelKey },
  { route: masterListRoute('packages'), labelKey: MASTER_VIEWS.packages.labelKey },
  { route: masterListRoute('giftTypes'), labelKey: MASTER_VIEWS.giftTypes.labelKey },
  { route: ACCESS_LOG_PAGE, labelKey: 'mine.accessLog' },
  { route: IMPORT_PAGE, labelKey: 'import.title' },
]
