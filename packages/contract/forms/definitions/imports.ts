import type { Field, FormDefinition } from '../types.js'
import { fieldsOf } from '../validate.js'
import { staffForm, YES_NO } from './admin.js'
import { MASTER_FORMS } from './masterData.js'
import { openingStock } from './openingStock.js'

// The imports whose rows are not a page's form as it stands, made of that form's own fields: a
// staff member with her rights on the importing site, and a package item named by its package.

/** A field of the form, also one of its rows' columns. */
const fieldOf = (definition: FormDefinition, key: string): Field => {
  const found = fieldsOf(definition)
    .flatMap((field) => [field, ...(field.rows ?? [])])
    .find((field) => field.key === key)
  if (!found) throw new Error(`${definition.name} has no field ${key}`)
  return found
}

const sheet = (definition: FormDefinition, fields: Field[]): FormDefinition => ({
  ...definition,
  route: '',
  sections: [{ titleKey: '', fields }],
})

const right = (key: string, labelKey: string): Field => ({ key, type: 'select', options: YES_NO, labelKey })

/** 员工: her name and account, and whether she may approve and administer on the importing site. */
export const staffImport = sheet(staffForm, [
  fieldOf(staffForm, 'name'),
  fieldOf(staffForm, 'account'),
  right('approve', 'adminForm.right.approve'),
  right('administer', 'adminForm.right.administer'),
])

/** 套餐: a row per item, the package by its name and the product by its name and specification. */
export const packageItemsImport = sheet(MASTER_FORMS.packages, [
  { ...fieldOf(MASTER_FORMS.packages, 'name'), key: 'package_name', labelKey: 'master.field.package_name' },
  fieldOf(openingStock, 'product_name'),
  fieldOf(openingStock, 'specification'),
  fieldOf(MASTER_FORMS.packages, 'quantity'),
])
