import { MASTER_FORMS } from '@yuezi/contract/forms/definitions/masterData'
import { packageItemsImport } from '@yuezi/contract/forms/definitions/imports'
import type { FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, validateForm } from '@yuezi/contract/forms/validate'
import { productKey, productsByNameAndSpec } from '../../repositories/imports.js'
import { createEntry, entryKey, entryProblem } from '../masterData.js'
import type { ImportKindSpec, RowProblem } from './import.js'

// 房间, 物品, 礼包 and 套餐: the centre's lists filled from a sheet, each entry checked and added as its
// administration page saves one; the site's entries count, another site's do not.

/** A kind whose row is its page's form as it stands, told apart by the column `unique`. */
function listImport(kind: 'rooms' | 'products' | 'stayPackages', unique: string): ImportKindSpec<FormData[]> {
  return {
    definition: MASTER_FORMS[kind],
    async check(db, siteId, rows) {
      const problems: RowProblem[] = []
      const seen = new Map<string, number>()
      for (const { row, data } of rows) {
        const key = entryKey(kind, data)
        const first = seen.get(key)
        if (first !== undefined) {
          problems.push({ row, key: unique, message: 'import.repeated', params: { row: first } })
          continue
        }
        seen.set(key, row)
        const problem = await entryProblem(db, kind, siteId, data)
        if (problem) problems.push({ row, key: unique, message: problem.key, params: problem.params })
      }
      return { problems, prepared: rows.map((row) => row.data) }
    },
    async write(tx, actor, _importId, entries) {
      for (const data of entries) await createEntry(tx, kind, actor, data)
    },
  }
}

export const roomsImport = listImport('rooms', 'room')
export const productsImport = listImport('products', 'name')
export const stayPackagesImport = listImport('stayPackages', 'name')

const MAX_ITEMS = fieldsOf(MASTER_FORMS.packages).find((field) => field.key === 'items')?.maxItems ?? 0

/**
 * A package per name, its items the rows under that name (the product by name and specification),
 * checked by the package form's rules; a package the site has already is refused on all its rows.
 */
export const packagesImport: ImportKindSpec<FormData[]> = {
  definition: packageItemsImport,
  async check(db, siteId, rows) {
    const productIds = await productsByNameAndSpec(db, siteId)
    const problems: RowProblem[] = []
    const groups = new Map<string, typeof rows>()
    for (const one of rows) {
      const name = String(one.data.package_name).trim()
      groups.set(name, [...(groups.get(name) ?? []), one])
    }
    const prepared: FormData[] = []
    for (const [name, group] of groups) {
      const items = group.map(({ row, data }) => {
        const productId = productIds.get(productKey(String(data.product_name), String(data.specification ?? '')))
        if (productId === undefined) problems.push({ row, key: 'product_name', message: 'import.productUnknown' })
        return { product_id: productId, quantity: data.quantity }
      })
      if (items.some((item) => item.product_id === undefined)) continue
      const data: FormData = { name, items }
      const first = group[0].row
      // The rows are each valid: what the package's form can still refuse is how many there are.
      if (validateForm(MASTER_FORMS.packages, data).length) {
        problems.push({
          row: first,
          key: 'package_name',
          message: 'import.packageTooLarge',
          params: { max: MAX_ITEMS },
        })
      }
      const problem = await entryProblem(db, 'packages', siteId, data)
      if (problem?.key === 'master.packages.duplicate') {
        for (const { row } of group)
          problems.push({ row, key: 'package_name', message: problem.key, params: problem.params })
      } else if (problem)
        problems.push({ row: first, key: 'product_name', message: problem.key, params: problem.params })
      prepared.push(data)
    }
    return { problems, prepared }
  },
  async write(tx, actor, _importId, packages) {
    for (const data of packages) await createEntry(tx, 'packages', actor, data)
  },
}
