import { formByName } from '@yuezi/contract/forms/index'
import { flagsOf, type RangeBaby, type RangeFlag } from '@yuezi/contract/forms/ranges'
import type { FormData } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import type { Db } from '../db/types.js'
import { centreNow } from '../lib/dates.js'
import { babiesOfCustomers } from '../repositories/customers.js'
import { findSite } from '../repositories/siteLists.js'

// The marks of saved records: their values outside the centre's ranges, as the form marked them
// when they were typed (a visit by the hours it was saved under), for the lists and the PDF.

interface Saved {
  name: string
  customer_id: number | null
  data: FormData
  /** A visit's hours as its save was checked against them (null: none were set). */
  visit_hours?: { from: string; to: string } | null
  created_at: string | Date
}

/** Each record's flags, read with her babies, the visiting hours it was saved under and the time it was saved. */
export async function flagsOfRecords(db: Db, siteId: number, records: Saved[]): Promise<RangeFlag[][]> {
  const definitions = records.map((record) => {
    const definition = formByName(record.name)
    return definition && fieldsOf(definition).some((field) => field.range) ? definition : undefined
  })
  if (!definitions.some(Boolean)) return records.map(() => [])
  const site = await findSite(db, siteId)
  if (!site) return records.map(() => [])
  const customerIds = [
    ...new Set(records.flatMap((record, i) => (definitions[i] && record.customer_id ? [record.customer_id] : []))),
  ]
  const babies = new Map<number, RangeBaby[]>()
  for (const baby of await babiesOfCustomers(db, siteId, customerIds)) {
    babies.set(baby.customer_id, [...(babies.get(baby.customer_id) ?? []), baby])
  }
  return records.map((record, i) => {
    const definition = definitions[i]
    if (!definition) return []
    const children = record.customer_id ? (babies.get(record.customer_id) ?? []) : []
    const time = centreNow(site, new Date(record.created_at)).slice(11, 16)
    return flagsOf(definition, record.data, { visitHours: record.visit_hours ?? null, children, time })
  })
}
