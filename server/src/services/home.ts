import type { Db } from '../db/types.js'
import { specialCare } from '@yuezi/contract/forms/definitions/stock'
import { countFormRecordsByName } from '../repositories/formRecords.js'
import { countOutApplies } from '../repositories/outApplies.js'
import { countSpecialCares } from '../repositories/specialCares.js'
import { OUT_APPLY_FORMS } from './orders.js'

/**
 * The home page's badges: how many form records and stock orders the site made in [from, to),
 * deleted ones left out, by form name (an order's form: 出库单, 入住礼包出库, 自费物品消费表).
 */
export async function homeCounts(db: Db, siteId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const [formRecords, outApplies, specialCares] = await Promise.all([
    countFormRecordsByName(db, siteId, from, to),
    countOutApplies(db, siteId, from, to),
    countSpecialCares(db, siteId, from, to),
  ])
  return {
    ...formRecords,
    ...Object.fromEntries(outApplies.map((row) => [OUT_APPLY_FORMS[row.type].name, row.n])),
    ...(specialCares ? { [specialCare.name]: specialCares } : {}),
  }
}
