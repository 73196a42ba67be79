import type { FormDefinition } from './types.js'
import { pediatricianRounds } from './definitions/pediatricianRounds.js'
import { obstetricianRounds } from './definitions/obstetricianRounds.js'
import { proofOfLostReceipt } from './definitions/proofOfLostReceipt.js'
import { visit } from './definitions/visit.js'
import { familyFood } from './definitions/familyFood.js'
import { checkInNoticeMonth, checkInNoticeSmall } from './definitions/checkInNotice.js'
import { checkNotice } from './definitions/checkNotice.js'
import { giftCollection, inbound, outApplyGeneral, outApplyGift, specialCare } from './definitions/stock.js'

export * from './types.js'
export * from './validate.js'
export * from './messages.js'

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
  giftCollection,
]

export const formByName = (name: string) => formDefinitions.find((f) => f.name === name)

/**
 * The stock orders' forms: saved with outApply/save (出库单, 入住礼包出库), specialCare/save (自费物品消费表)
 * and inbound/save (入库单), not saveForm.
 */
export const stockFormDefinitions: FormDefinition[] = [outApplyGeneral, outApplyGift, specialCare, inbound]

export const stockFormByName = (name: string) => stockFormDefinitions.find((f) => f.name === name)
