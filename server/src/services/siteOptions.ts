import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { idOf } from '@yuezi/contract/forms/definitions/stockRules'
import type { Field, FieldError, FormData, OptionsSource } from '@yuezi/contract/forms/types'
import { isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import * as siteLists from '../repositories/siteLists.js'

// The site's rooms, departments and stay packages that forms choose from, and the check of a
// form's choices against the site's records.

/** The site's rooms that take customers, by floor, each with the mother of its open stay (see listFloors). */
export const listFloors = (db: Db, siteId: number) => siteLists.listFloors(db, siteId)

/** The site's departments; retired ones flagged. */
export const listDepartments = (db: Db, siteId: number) => siteLists.listDepartments(db, siteId)

/** The site's stay packages (their days, price and what they include); retired ones flagged. */
export const listStayPackages = (db: Db, siteId: number) => siteLists.listStayPackages(db, siteId)

/** A field's values; `row` is the row the field is in, for a batch's product. */
type Use = { path: string; field: Field; values: unknown[]; row?: FormData }

/** The values of the fields that choose from a list (a baby, a room, a product…), rows' fields included. */
function usesOf(fields: Field[], data: FormData): Use[] {
  const uses: Use[] = []
  const collect = (fieldList: Field[], values: FormData, prefix: string, row?: FormData) => {
    for (const field of fieldList) {
      const value = values[field.key]
      const path = `${prefix}${field.key}`
      if (isEmpty(value)) continue
      if (field.type === 'rows' && Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item && typeof item === 'object')
            collect(field.rows ?? [], item as FormData, `${path}.${i}.`, item as FormData)
        })
      } else if (field.type === 'baby' || field.optionsSource) {
        uses.push({ path, field, values: Array.isArray(value) ? value : [value], row })
      }
    }
  }
  collect(fields, data, '')
  return uses
}

/** The site's list each option source chooses from. */
const LISTS: Partial<Record<OptionsSource, siteLists.SiteList>> = {
  floorList: 'rooms',
  departmentList: 'departments',
  productList: 'products',
  selfPaidProductList: 'products',
  productPackageList: 'packages',
  giftTypeList: 'giftTypes',
  stayPackageList: 'stayPackages',
  getProductBatch: 'batches',
}

/** A value chosen from a list of the site, keyed as the site keys it (a room by its number, the others by id). */
type Choice = { source: OptionsSource; list: siteLists.SiteList; key: string }

/** A value's key in its list: a room's number, else its id (a picker may send it as digits); undefined for no id. */
const keyOf = (list: siteLists.SiteList, value: unknown) => (list === 'rooms' ? String(value) : idOf(value)?.toString())

/** The values of the uses that choose from the site's lists. */
const choicesOf = (uses: Use[]): Choice[] =>
  uses.flatMap((use) => {
    const source = use.field.optionsSource
    const list = source && LISTS[source]
    if (!list) return []
    return use.values.flatMap((value) => {
      const key = keyOf(list, value)
      return key === undefined ? [] : [{ source, list, key }]
    })
  })

/** The site's entries among the choices, by list and key. */
async function entriesOf(db: Db, siteId: number, choices: Choice[]) {
  const entries = await siteLists.siteEntries(db, siteId, choices)
  return new Map(entries.map((entry) => [`${entry.list}:${entry.key}`, entry]))
}

/** The lists whose entries the centre retires, and the message naming one (locales/server). */
const RETIRABLE: [OptionsSource, string][] = [
  ['departmentList', 'entry.departmentRetired'],
  ['giftTypeList', 'entry.giftTypeRetired'],
  ['productPackageList', 'master.packageRetired'],
  ['stayPackageList', 'stay.packageRetired'],
  ['productList', 'entry.productRetired'],
  ['selfPaidProductList', 'entry.productRetired'],
]

/**
 * Refuses a record that chooses a department, gift type, package or product the centre has retired,
 * or a room out of service, naming the first such entry. What the record already held when it was
 * saved (`kept.data`) and the customer's own room (`kept.room`) are no new choice: a record made
 * before the retirement stays as it was.
 */
export async function refuseClosedEntries(
  db: Db,
  siteId: number,
  fields: Field[],
  data: FormData,
  kept: { data?: FormData; room?: string | null } = {},
): Promise<void> {
  const held = kept.data ? choicesOf(usesOf(fields, kept.data)) : []
  const before = new Set([
    ...held.map((choice) => `${choice.source}:${choice.key}`),
    ...(kept.room ? [`floorList:${kept.room}`] : []),
  ])
  const chosen = choicesOf(usesOf(fields, data)).filter((choice) => !before.has(`${choice.source}:${choice.key}`))
  const entries = await entriesOf(db, siteId, chosen)
  const closed = (source: OptionsSource) =>
    chosen
      .filter((choice) => choice.source === source)
      .map((choice) => entries.get(`${choice.list}:${choice.key}`))
      .find((entry) => entry?.closed)
  const room = closed('floorList')
  if (room) throw new AppError(Code.INVALID_INPUT, 'entry.roomClosed', { name: room.name })
  for (const [source, key] of RETIRABLE) {
    const entry = closed(source)
    if (entry) throw new AppError(Code.INVALID_INPUT, key, { name: entry.name })
  }
}

/**
 * What a form definition's rules cannot know: that the chosen babies are the customer's, and that
 * rooms, departments, products, packages, gift types and batches are the site's (a batch also of
 * its row's product, a self-paid order's product one sold as such). Answers an `option` error for each field that names something else.
 */
export async function checkAgainstSite(
  db: Db,
  siteId: number,
  fields: Field[],
  data: FormData,
  children: { id: number }[],
): Promise<FieldError[]> {
  const uses = usesOf(fields, data)
  const entries = await entriesOf(db, siteId, choicesOf(uses))
  const babyIds = new Set(children.map((child) => child.id))
  const valid = (field: Field, value: unknown, row?: FormData): boolean => {
    if (field.type === 'baby') return babyIds.has(value as number)
    // The caller's own sites (adminSiteList), which the staff service checks against her rights.
    const list = field.optionsSource && LISTS[field.optionsSource]
    if (!list) return true
    const key = keyOf(list, value)
    const entry = key === undefined ? undefined : entries.get(`${list}:${key}`)
    if (!entry) return false
    if (field.optionsSource === 'selfPaidProductList') return entry.selfPaid
    // Of the row's product, when the row names a valid one (an invalid one has its own error).
    const productId = list === 'batches' ? idOf(row?.product_id) : undefined
    return productId === undefined || entry.productId === productId
  }
  return uses
    .filter((use) => !use.values.every((value) => valid(use.field, value, use.row)))
    .map((use): FieldError => ({ path: use.path, labelKey: labelKeyOf(use.field), rule: 'option' }))
}
