// Everything the home screen opens, in its groups. `name` is what the server
// stores and counts the records under: the form's (or list's) Chinese title.
import type { ComponentType } from 'react'
import {
  Articles,
  Clock,
  Doctor,
  Edit,
  Gift,
  Health,
  List,
  Notice,
  Prices,
  Received,
  Store,
  Tips,
  Transit,
  UserAdd,
} from '@nutui/icons-react-taro'
import type { MessageKey } from '@/i18n'

export type EntryGroupId = 'rounds' | 'checkIn' | 'outbound' | 'registers'

export interface EntryGroup {
  id: EntryGroupId
  titleKey: MessageKey
}

export interface Entry {
  titleKey: MessageKey
  route: string
  group: EntryGroupId
  name: string
  icon: ComponentType<{ size?: number | string; color?: string }>
  /** Check-in notices: 月子 (true) or 小月子 (false). */
  isMonth?: boolean
  /** Filled in for the current customer, so one must be chosen first (as in the form definitions, src/forms). */
  needsCustomer: boolean
}

export const ENTRY_GROUPS: EntryGroup[] = [
  { id: 'rounds', titleKey: 'home.group.rounds' },
  { id: 'checkIn', titleKey: 'home.group.checkIn' },
  { id: 'outbound', titleKey: 'home.group.outbound' },
  { id: 'registers', titleKey: 'home.group.registers' },
]

const FORM = '/pagesHome/pages/form'

export const ENTRIES: Entry[] = [
  {
    titleKey: 'entry.pediatricianRounds',
    route: `${FORM}/Pediatricianrounds/form`,
    group: 'rounds',
    name: '儿科医生查房签到表',
    icon: Doctor,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.obstetricianRounds',
    route: `${FORM}/Obstetricianrounds/form`,
    group: 'rounds',
    name: '产科医生查房签到表',
    icon: Health,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.checkNotice',
    route: '/pagesHome/pages/checkNotice',
    group: 'checkIn',
    name: '入住须知',
    icon: Articles,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.checkInNoticeMonth',
    route: `${FORM}/checkInNotice/yz/form`,
    group: 'checkIn',
    name: '月子入住通知单',
    icon: Notice,
    isMonth: true,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.checkInNoticeSmall',
    route: `${FORM}/checkInNotice/yzSmall/form`,
    group: 'checkIn',
    name: '小月子入住通知单',
    icon: Edit,
    isMonth: false,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.checkInNoticeList',
    route: `${FORM}/checkInNotice/index`,
    group: 'checkIn',
    name: '入住通知单记录',
    icon: List,
    needsCustomer: false,
  },
  {
    titleKey: 'entry.outboundList',
    route: `${FORM}/linliao/index`,
    group: 'outbound',
    name: '出库单列表',
    icon: Transit,
    needsCustomer: false,
  },
  {
    titleKey: 'entry.giftOutboundList',
    route: `${FORM}/checkInGift/index`,
    group: 'outbound',
    name: '大礼包出库单列表',
    icon: Gift,
    needsCustomer: false,
  },
  {
    titleKey: 'entry.giftCollection',
    route: `${FORM}/linliao/dcb/form`,
    group: 'outbound',
    name: '礼包领取明细表',
    icon: Received,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.selfPaidOutboundList',
    route: `${FORM}/Selffundeditemconsumptiontable/index`,
    group: 'outbound',
    name: '资费物品出库单列表',
    icon: Store,
    needsCustomer: false,
  },
  {
    titleKey: 'entry.selfPaidConsumption',
    route: `${FORM}/Selffundeditemconsumptiontable/form`,
    group: 'outbound',
    name: '自费物品消费表',
    icon: Prices,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.lostReceipt',
    route: `${FORM}/ProofofLostReceipt/form`,
    group: 'registers',
    name: '收据遗失证明',
    icon: Tips,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.visit',
    route: `${FORM}/visit/form`,
    group: 'registers',
    name: '访客出入登记表',
    icon: UserAdd,
    needsCustomer: true,
  },
  {
    titleKey: 'entry.familyFood',
    route: `${FORM}/familyFood/form`,
    group: 'registers',
    name: '家属订餐登记表',
    icon: Clock,
    needsCustomer: true,
  },
]
