import type { FormDefinition } from './types'
import { pediatricianRounds } from './definitions/pediatricianRounds'
import { obstetricianRounds } from './definitions/obstetricianRounds'
import { proofOfLostReceipt } from './definitions/proofOfLostReceipt'
import { visit } from './definitions/visit'
import { familyFood } from './definitions/familyFood'
import { checkInNoticeMonth, checkInNoticeSmall } from './definitions/checkInNotice'
import { checkNotice } from './definitions/checkNotice'

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
]

export const formByName = (name: string) => formDefinitions.find((f) => f.name === name)
