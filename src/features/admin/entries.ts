// The administration home's entries, in order, one line each: a page of the pagesAdmin subpackage
// and the locale key of its label. Plain data, no Taro or React.
import { ACCESS_LOG_PAGE, IMPORT_PAGE } from '../../routes'

export interface AdminEntry {
  route: string
  labelKey: string
}

export const ADMIN_ENTRIES: AdminEntry[] = [
  { route: ACCESS_LOG_PAGE, labelKey: 'mine.accessLog' },
  { route: IMPORT_PAGE, labelKey: 'import.title' },
]
