import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { idOf } from '@yuezi/contract/forms/definitions/stockRules'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import type { Field, FieldError, FormData, OptionsSource } from '@yuezi/contract/forms/types'
import { isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import { retiredAmong } from '../repositories/masterData.js'
import * as siteLists from '../repositories/siteLists.js'
import {
  batchesByIds,
  existingGiftTypes,
  existingPackages,
  existingProducts,
  existingSelfPaidProducts,
  existingStayPackages,
} from '../repositories/stock.js'

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

const valuesOf = (uses: Use[], source: OptionsSource) =>
  uses.filter((use) => use.field.optionsSource === source).flatMap((use) => use.values)

/** Ids as numbers: a picker may send them as digit strings. */
const idsOf = (uses: Use[], source: OptionsSource) =>
  valuesOf(uses, source)
    .map(idOf)
    .filter((id): id is number => id !== undefined)

/** The lists whose entries the centre retires, and the message naming one (locales/server). */
const RETIRABLE: [OptionsSource, MasterKind, string][] = [
  ['departmentList', 'departments', 'entry.departmentRetired'],
  ['giftTypeList', 'giftTypes', 'entry.giftTypeRetired'],
  ['productPackageList', 'packages', 'master.packageRetired'],
  ['stayPackageList', 'stayPackages', 'stay.packageRetired'],
  ['productList', 'products', 'entry.productRetired'],
  ['selfPaidProductList', 'products', 'entry.productRetired'],
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
  const uses = usesOf(fields, data)
  const held = kept.data ? usesOf(fields, kept.data) : []
  const rooms = new Set([...valuesOf(held, 'floorList').map(String), ...(kept.room ? [kept.room] : [])])
  const chosenRooms = valuesOf(uses, 'floorList').map(String)
  const [closed] = await siteLists.closedRooms(
    db,
    siteId,
    chosenRooms.filter((room) => !rooms.has(room)),
  )
  if (closed !== undefined) throw new AppError(Code.INVALID_INPUT, 'entry.roomClosed', { name: closed })
  for (const [source, kind, key] of RETIRABLE) {
    const before = new Set(idsOf(held, source))
    const chosen = idsOf(uses, source).filter((id) => !before.has(id))
    // One after another: `db` may be a transaction, whose one connection runs one query at a time.
    const [name] = (await retiredAmong(db, kind, siteId, chosen)).values()
    if (name !== undefined) throw new AppError(Code.INVALID_INPUT, key, { name })
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
  const of = (source: OptionsSource) => valuesOf(uses, source)
  const ids = (source: OptionsSource) => idsOf(uses, source)
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const roomSet = await siteLists.existingRooms(db, siteId, of('floorList').map(String))
  const departmentSet = await siteLists.existingDepartments(db, siteId, ids('departmentList'))
  const productSet = await existingProducts(db, siteId, ids('productList'))
  const soldSet = await existingSelfPaidProducts(db, siteId, ids('selfPaidProductList'))
  const packageSet = await existingPackages(db, siteId, ids('productPackageList'))
  const giftTypeSet = await existingGiftTypes(db, siteId, ids('giftTypeList'))
  const stayPackageSet = await existingStayPackages(db, siteId, ids('stayPackageList'))
  const batches = await batchesByIds(db, siteId, ids('getProductBatch'))
  const babyIds = new Set(children.map((child) => child.id))
  const has = (set: Set<number>, value: unknown) => {
    const id = idOf(value)
    return id !== undefined && set.has(id)
  }
  const valid = (field: Field, value: unknown, row?: FormData): boolean => {
    if (field.type === 'baby') return babyIds.has(value as number)
    switch (field.optionsSource) {
      case 'floorList':
        return roomSet.has(String(value))
      case 'departmentList':
        return has(departmentSet, value)
      case 'productList':
        return has(productSet, value)
      case 'selfPaidProductList':
        return has(soldSet, value)
      case 'productPackageList':
        return has(packageSet, value)
      case 'giftTypeList':
        return has(giftTypeSet, value)
      case 'stayPackageList':
        return has(stayPackageSet, value)
      case 'getProductBatch': {
        const id = idOf(value)
        const batch = id === undefined ? undefined : batches.get(id)
        // Of the row's product, when the row names a valid one (an invalid one has its own error).
        const productId = idOf(row?.product_id)
        return batch !== undefined && (productId === undefined || batch.product_id === productId)
      }
      // The caller's own sites, which the staff service checks against her rights.
      case 'adminSiteList':
      case undefined:
        return true
    }
  }
  return uses
    .filter((use) => !use.values.every((value) => valid(use.field, value, use.row)))
    .map((use): FieldError => ({ path: use.path, labelKey: labelKeyOf(use.field), rule: 'option' }))
}
