import type { Db } from '../db/types.js'
import { specialCare } from '@yuezi/contract/forms/definitions/stock'
import { countFormRecordsByName } from '../repositories/formRecords.js'
import { outApplyReads } from '../repositories/outApply.js'
import { specialCareReads } from '../repositories/specialCare.js'
import { OUT_APPLY_FORMS } from './orders/index.js'

/**
 * The home page's badges: how many form records and stock orders the site made in [from, to),
 * deleted ones left out, by form name (an order's form: 出库单, 入住礼包出库, 自费物品消费表).
 */
export async function homeCounts(db: Db, siteId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const [formRecords, outApplies, [specialCares]] = await Promise.all([
    countFormRecordsByName(db, siteId, from, to),
    outApplyReads.countMade(db, siteId, from, to),
    specialCareReads.countMade(db, siteId, from, to),
  ])
  return {
    ...formRecords,
    ...Object.fromEntries(outApplies.map((row) => [OUT_APPLY_FORMS[row.by].name, row.n])),
    ...(specialCares.n ? { [specialCare.name]: specialCares.n } : {}),
  }
}
