import type { FormDefinition } from './types'
import { pediatricianRounds } from './definitions/pediatricianRounds'
import { obstetricianRounds } from './definitions/obstetricianRounds'
import { proofOfLostReceipt } from './definitions/proofOfLostReceipt'
import { visit } from './definitions/visit'
import { familyFood } from './definitions/familyFood'
import { checkInNoticeMonth, checkInNoticeSmall } from './definitions/checkInNotice'
import { checkNotice } from './definitions/checkNotice'
import { giftReceipt, outApplyGeneral, outApplyGift, selfPaidItems } from './definitions/stock'

export * from './types'
export * from './validate'
export * from './messages'

/** Every form saved through saveForm, by its record name. */
export const formDefinitions: FormDefinition[] = [
  pediatricianRounds,
  obstetricianRounds,
  proofOfLostReceipt,
  visit,
  familyFood,
  checkInNoticeMonth,
  checkInNoticeSmall,
  checkNotice,
  giftReceipt,
]

export const formByName = (name: string) => formDefinitions.find((f) => f.name === name)

/** The stock orders' forms: saved with outApply/save (出库单, 入住礼包出库) and specialCare/save (自费物品消费表), not saveForm. */
export const stockFormDefinitions: FormDefinition[] = [outApplyGeneral, outApplyGift, selfPaidItems]

export const stockFormByName = (name: string) => stockFormDefinitions.find((f) => f.name === name)
