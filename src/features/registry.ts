// Every form and list of the pagesHome subpackage, one line each, and the pages of other
// subpackages that have a home tile. Derived from it: the home entries (features/home), the
// subpackage's pages in app.config.ts and each page's title (features/pageConfig.ts). A form's
// route, title, record name and whether it needs a customer come from FORM_PAGES, which its
// definition starts from; the definition itself, fields and all, is left to the form's pages, so
// that the mini program's main package does not carry it.
// Plain data, no Taro or React: the build reads it in Node for app.config.ts and the page configs.
import { FORM_PAGES, type FormId } from '@yuezi/contract/forms/definitions/pages'
import type { FormPageInfo } from '@yuezi/contract/forms/types'
import { CHOOSE_DATE_PAGE, PAGES_HOME_ROOT, pagePath, ROOM_BOARD_PAGE } from '../routes'

/** The home screen's groups, in order; each titled `home.group.<id>` (locales/*.json). */
export const ENTRY_GROUPS = ['rounds', 'checkIn', 'outbound', 'registers'] as const
export type EntryGroupId = (typeof ENTRY_GROUPS)[number]

/** The icons a home entry may show (drawn by features/home/entryIcons.ts). */
export type EntryIcon =
  | 'Articles'
  | 'Clock'
  | 'Doctor'
  | 'Edit'
  | 'Gift'
  | 'Health'
  | 'List'
  | 'Notice'
  | 'Prices'
  | 'Received'
  | 'Store'
  | 'Tips'
  | 'Transit'
  | 'UserAdd'

export interface Feature {
  /** Names its home label, `entry.<id>` (locales/*.json). */
  id: string
  /**
   * A form (FormPage or a page of its own), a record list (pulls to refresh, loads more at the
   * bottom), or a page of another subpackage, titled by its own config.
   */
  kind: 'form' | 'list' | 'page'
  route: string
  /** Locale key of the page's title. */
  titleKey: string
  /** What the server stores and counts the records under: the form's (or list's) Chinese title. */
  name: string
  /** Filled in for the current customer, so one must be chosen first. */
  needsCustomer: boolean
  /** A check-in notice: without a customer chosen it is a new arrival's. */
  admits?: boolean
  /** Check-in notices: 月子 (true) or 小月子 (false), kept as openFormStore.is_month. */
  isMonth?: boolean
  /** Its tile on the home screen; none for a form opened from its list. */
  home?: { group: EntryGroupId; icon: EntryIcon }
}

export type HomeEntry = Feature & { home: NonNullable<Feature['home']> }

const form = (id: FormId, more: Pick<Feature, 'home' | 'isMonth'> = {}): Feature => {
  const page: FormPageInfo = FORM_PAGES[id]
  return { id, kind: 'form', ...page, needsCustomer: !!page.needsCustomer, ...more }
}

const list = (id: string, path: string, titleKey: string, name: string, home: Feature['home']): Feature => ({
  id,
  kind: 'list',
  route: `${PAGES_HOME_ROOT}/pages/form/${path}`,
  titleKey,
  name,
  needsCustomer: false,
  home,
})

/** A page of a subpackage of its own: only its home tile is here; it counts no records. */
const page = (id: string, route: string, titleKey: string, home: Feature['home']): Feature => ({
  id,
  kind: 'page',
  route,
  titleKey,
  name: '',
  needsCustomer: false,
  home,
})

export const FEATURES: Feature[] = [
  form('pediatricianRounds', { home: { group: 'rounds', icon: 'Doctor' } }),
  form('obstetricianRounds', { home: { group: 'rounds', icon: 'Health' } }),
  form('checkNotice', { home: { group: 'checkIn', icon: 'Articles' } }),
  form('checkInNoticeMonth', { home: { group: 'checkIn', icon: 'Notice' }, isMonth: true }),
  form('checkInNoticeSmall', { home: { group: 'checkIn', icon: 'Edit' }, isMonth: false }),
  page('roomBoard', ROOM_BOARD_PAGE, 'roomBoard.title', { group: 'checkIn', icon: 'Store' }),
  list('checkInNoticeList', 'checkInNotice/index', 'checkInNoticeList.title', '入住通知单记录', {
    group: 'checkIn',
    icon: 'List',
  }),
  list('outApplyGeneralList', 'linliao/index', 'stock.outApplyGeneralList.title', '出库单列表', {
    group: 'outbound',
    icon: 'Transit',
  }),
  form('outApplyGeneral'),
  list('outApplyGiftList', 'checkInGift/index', 'stock.outApplyGiftList.title', '大礼包出库单列表', {
    group: 'outbound',
    icon: 'Gift',
  }),
  form('outApplyGift'),
  form('giftCollection', { home: { group: 'outbound', icon: 'Received' } }),
  list('specialCareList', 'Selffundeditemconsumptiontable/index', 'stock.specialCareList.title', '资费物品出库单列表', {
    group: 'outbound',
    icon: 'Store',
  }),
  form('specialCare', { home: { group: 'outbound', icon: 'Prices' } }),
  list('inboundList', 'inbound/index', 'stock.inboundList.title', '入库单列表', {
    group: 'outbound',
    icon: 'Received',
  }),
  form('inbound'),
  list('stockLevels', 'stock/index', 'stockLevels.title', '库存', { group: 'outbound', icon: 'List' }),
  form('proofOfLostReceipt', { home: { group: 'registers', icon: 'Tips' } }),
  form('visit', { home: { group: 'registers', icon: 'UserAdd' } }),
  form('familyFood', { home: { group: 'registers', icon: 'Clock' } }),
]

/** The home screen's entries, in the order shown within each group. */
export const HOME_ENTRIES = FEATURES.filter((feature): feature is HomeEntry => !!feature.home)

export const featureById = (id: string) => FEATURES.find((feature) => feature.id === id)
export const featureByRoute = (route: string) => FEATURES.find((feature) => feature.route === route)

/** The subpackage's pages as app.config.ts lists them: the working date's calendar, then every form and list. */
export const pagesHomePages = () =>
  [CHOOSE_DATE_PAGE, ...FEATURES.filter((feature) => feature.kind !== 'page').map((feature) => feature.route)].map(
    (route) => pagePath(route, PAGES_HOME_ROOT),
  )
