// Every page's route. The paths are fixed (typos included): the PC back-office and saved links
// open them. Plain data, no Taro: the build reads it in Node for app.config.ts. The forms and
// lists of the pagesHome subpackage are listed in features/registry.ts.

import { HOME_PAGE } from '../config/homePage'

export { HOME_PAGE }
export const PERSONAL_CENTRE_PAGE = '/pages/tabPages/personalCenter'
export const LOGIN_PAGE = '/pages/login/index'
export const MODIFY_PASSWORD_PAGE = '/pages/modifyPwd/index'
export const NOT_FOUND_PAGE = '/pages/notFound/index'
export const WEB_VIEW_PAGE = '/pages/webView/index'
export const UPDATE_PAGE = '/uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update'
export {
  CHOOSE_LOCATION_PAGE,
  OPEN_LOCATION_PAGE,
  PDF_VIEWER_PAGE,
  MAP_PAGES_ROOT,
  MAP_PAGES,
} from '../config/mapPages'

/** The subpackage of the forms and lists (loaded when one is first opened). */
export const PAGES_HOME_ROOT = '/pagesHome'
export const CHOOSE_DATE_PAGE = `${PAGES_HOME_ROOT}/pages/form/chooseDate`

/** The account's own pages, which most visits never open: a subpackage of their own. */
export const PAGES_ACCOUNT_ROOT = '/pagesAccount'
/** The devices the account is signed in on (personal centre). */
export const DEVICES_PAGE = `${PAGES_ACCOUNT_ROOT}/devices/index`
/** The subpackage of the pages most staff never open: the centre's administration. */
export const PAGES_ADMIN_ROOT = '/pagesAdmin'
/** The administration's own home: the centre's staff, settings and lists, entered from the personal centre. */
export const ADMIN_HOME_PAGE = `${PAGES_ADMIN_ROOT}/pages/index/index`
/** Who opened a customer's records: entered from the personal centre by staff with the right. */
export const ACCESS_LOG_PAGE = `${PAGES_ADMIN_ROOT}/pages/accessLog/index`
/** The site's staff accounts, searched by name or account. */
export const STAFF_PAGE = `${PAGES_ADMIN_ROOT}/pages/staff/index`
/** One staff account (`?id=`), or a new one. */
export const STAFF_EDIT_PAGE = `${PAGES_ADMIN_ROOT}/pages/staffEdit/index`
/** The centre's settings. */
export const CENTRE_PAGE = `${PAGES_ADMIN_ROOT}/pages/centre/index`
/** The centre's lists (rooms, departments, gift types, products, packages): `?kind=` says which. */
export const MASTER_LIST_PAGE = `${PAGES_ADMIN_ROOT}/pages/masterList/index`
/** An entry of one of those lists, new or `&id=`. */
export const MASTER_EDIT_PAGE = `${PAGES_ADMIN_ROOT}/pages/masterEdit/index`
/** Spreadsheets brought in: opening stock, from a template. */
export const IMPORT_PAGE = `${PAGES_ADMIN_ROOT}/pages/import/index`
/** The administration subpackage's pages. */
export const ADMIN_PAGES = [
  ADMIN_HOME_PAGE,
  ACCESS_LOG_PAGE,
  STAFF_PAGE,
  STAFF_EDIT_PAGE,
  CENTRE_PAGE,
  MASTER_LIST_PAGE,
  MASTER_EDIT_PAGE,
  IMPORT_PAGE,
]

/** The subpackage of a mother's own pages: admitting her, her stay, her file. */
export const PAGES_CUSTOMER_ROOT = '/pagesCustomer'
/** Admitting a new mother (新建客户), from the customer picker. */
export const ADMISSION_PAGE = `${PAGES_CUSTOMER_ROOT}/pages/admission/index`
/** A mother's stay (`?id=`): checking her in or out. */
export const STAY_PAGE = `${PAGES_CUSTOMER_ROOT}/pages/stay/index`
/** Her file (客户档案, `?id=`): her stay, babies, sums owed and everything recorded about her. */
export const CUSTOMER_FILE_PAGE = `${PAGES_CUSTOMER_ROOT}/pages/file/index`
/** The mothers' subpackage's pages. */
export const CUSTOMER_PAGES = [ADMISSION_PAGE, STAY_PAGE, CUSTOMER_FILE_PAGE]

/** The front desk's pages' subpackage. */
export const PAGES_DESK_ROOT = '/pagesDesk'
/** The room board (房态): the site's rooms by floor, each tapped to her file, her stay or an admission. */
export const ROOM_BOARD_PAGE = `${PAGES_DESK_ROOT}/pages/roomBoard/index`
/** One list behind the desk's day (`?list=` arrivals, departures, visitors, noRound or orders). */
export const DESK_DAY_PAGE = `${PAGES_DESK_ROOT}/pages/today/index`
/** The front desk's subpackage's pages. */
export const DESK_PAGES = [ROOM_BOARD_PAGE, DESK_DAY_PAGE]

/** The main package's pages, the first being the one the app opens on. */
export const MAIN_PAGES = [
  HOME_PAGE,
  PERSONAL_CENTRE_PAGE,
  LOGIN_PAGE,
  MODIFY_PASSWORD_PAGE,
  NOT_FOUND_PAGE,
  WEB_VIEW_PAGE,
  UPDATE_PAGE,
]

/** A route as app.config.ts lists it: without the leading slash (and without `root` inside a subpackage). */
export const pagePath = (route: string, root = '') => route.slice(root.length).replace(/^\//, '')
