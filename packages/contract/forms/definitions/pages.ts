import type { FormPageInfo } from '../types.js'

// What the home screen, the page titles and the app's page list need of each form, apart from its
// fields: the mini program's main package carries these, the fields come with the form's own pages.
export const FORM_PAGES = {
  pediatricianRounds: {
    name: '儿科医生查房签到表',
    titleKey: 'form.title.pediatricianRounds',
    route: '/pagesHome/pages/form/Pediatricianrounds/form',
    needsCustomer: true,
  },
  obstetricianRounds: {
    name: '产科医生查房签到表',
    titleKey: 'form.title.obstetricianRounds',
    route: '/pagesHome/pages/form/Obstetricianrounds/form',
    needsCustomer: true,
  },
  checkNotice: {
    name: '入住须知',
    titleKey: 'form.title.checkNotice',
    route: '/pagesHome/pages/checkNotice',
    needsCustomer: true,
  },
  checkInNoticeMonth: {
    name: '月子入住通知单',
    titleKey: 'form.title.checkInNoticeMonth',
    route: '/pagesHome/pages/form/checkInNotice/yz/form',
    needsCustomer: true,
    admits: true,
  },
  checkInNoticeSmall: {
    name: '小月子入住通知单',
    titleKey: 'form.title.checkInNoticeSmall',
    route: '/pagesHome/pages/form/checkInNotice/yzSmall/form',
    needsCustomer: true,
    admits: true,
  },
  outApplyGeneral: {
    name: '出库单',
    titleKey: 'form.title.outApplyGeneral',
    route: '/pagesHome/pages/form/linliao/commom/form',
  },
  outApplyGift: {
    name: '入住礼包出库',
    titleKey: 'form.title.outApplyGift',
    route: '/pagesHome/pages/form/checkInGift/form',
    needsCustomer: true,
  },
  giftCollection: {
    name: '礼包领取明细表',
    titleKey: 'form.title.giftCollection',
    route: '/pagesHome/pages/form/linliao/dcb/form',
    needsCustomer: true,
  },
  specialCare: {
    name: '自费物品消费表',
    titleKey: 'form.title.specialCare',
    route: '/pagesHome/pages/form/Selffundeditemconsumptiontable/form',
    needsCustomer: true,
  },
  inbound: { name: '入库单', titleKey: 'form.title.inbound', route: '/pagesHome/pages/form/inbound/form' },
  proofOfLostReceipt: {
    name: '收据遗失证明',
    titleKey: 'form.title.proofOfLostReceipt',
    route: '/pagesHome/pages/form/ProofofLostReceipt/form',
    needsCustomer: true,
  },
  visit: {
    name: '访客出入登记表',
    titleKey: 'form.title.visit',
    route: '/pagesHome/pages/form/visit/form',
    needsCustomer: true,
  },
  familyFood: {
    name: '家属订餐登记表',
    titleKey: 'form.title.familyFood',
    route: '/pagesHome/pages/form/familyFood/form',
    needsCustomer: true,
  },
} satisfies Record<string, FormPageInfo>

export type FormId = keyof typeof FORM_PAGES
