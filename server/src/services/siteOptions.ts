import type { Db } from '../db/types.js'
import { idOf } from '@yuezi/contract/forms/definitions/stockRules'
import type { Field, FieldError, FormData } from '@yuezi/contract/forms/types'
import { isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import { existingDepartments, existingRooms } from '../repositories/siteLists.js'
import {
  batchesByIds,
  existingGiftTypes,
  existingPackages,
  existingProducts,
  existingSelfPaidProducts,
} from '../repositories/stock.js'

// The site's rooms by floor and departments that forms choose from: plain reads.
export { listDepartments, listFloors } from '../repositories/siteLists.js'

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
  /** A field's values; `row` is the row the field is in, for a batch's product. */
  const uses: { path: string; field: Field; values: unknown[]; row?: FormData }[] = []
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

  const of = (source: string) => uses.filter((use) => use.field.optionsSource === source).flatMap((use) => use.values)
  // Ids as numbers: a picker may send them as digit strings.
  const ids = (source: string) =>
    of(source)
      .map(idOf)
      .filter((id): id is number => id !== undefined)
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const roomSet = await existingRooms(db, siteId, of('floorList').map(String))
  const departmentSet = await existingDepartments(db, siteId, ids('departmentList'))
  const productSet = await existingProducts(db, siteId, ids('productList'))
  const soldSet = await existingSelfPaidProducts(db, siteId, ids('selfPaidProductList'))
  const packageSet = await existingPackages(db, siteId, ids('productPackageList'))
  const giftTypeSet = await existingGiftTypes(db, siteId, ids('giftTypeList'))
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
