import type { Field, FormDefinition } from '../types.js'
import { fieldsOf } from '../validate.js'
import { admission } from './admission.js'
import { staffForm, YES_NO } from './admin.js'
import { MASTER_FORMS } from './masterData.js'
import { openingStock } from './openingStock.js'

// The imports whose rows are not a page's form as it stands, made of that form's own fields: a
// staff member with her rights on the importing site, a package item named by its package, and a
// mother's baby with the mother and her stay.

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

/** 礼包: a row per item, the gift bundle by its name and the product by its name and specification. */
export const packageItemsImport = sheet(MASTER_FORMS.packages, [
  { ...fieldOf(MASTER_FORMS.packages, 'name'), key: 'package_name', labelKey: 'master.field.package_name' },
  fieldOf(openingStock, 'product_name'),
  fieldOf(openingStock, 'specification'),
  fieldOf(MASTER_FORMS.packages, 'quantity'),
])

/** Her own columns, as the admission's first section has them. */
export const CUSTOMER_KEYS = [
  'customer_name',
  'phone',
  'id_card',
  'delivery_date',
  'delivery_mode',
  'hospital',
  'allergies',
  'diet_needs',
  'remark',
] as const

/** A baby's column: filled in only on the rows that have a baby, its label naming the baby. */
const babyColumn = (key: string, labelKey?: string): Field => ({
  ...fieldOf(admission, key),
  key: `baby_${key}`,
  required: false,
  ...(labelKey ? { labelKey } : {}),
})

/**
 * 在住客户: a row per baby, the mother's and her stay's columns repeated on each and the rows grouped
 * by her phone (a mother without a baby has one row); her stay's length by its days or its leave
 * date, her room by its number and her stay package by its name.
 */
export const customersImport: FormDefinition = {
  ...sheet(admission, [
    ...CUSTOMER_KEYS.map((key) => fieldOf(admission, key)),
    babyColumn('name'),
    babyColumn('sex', 'customersSheet.baby_sex'),
    babyColumn('birth_date', 'customersSheet.baby_birth_date'),
    babyColumn('birth_time', 'customersSheet.baby_birth_time'),
    babyColumn('birth_weight', 'customersSheet.baby_birth_weight'),
    fieldOf(admission, 'stay_kind'),
    { ...fieldOf(MASTER_FORMS.rooms, 'room'), labelKey: 'form.field.room' },
    { ...fieldOf(admission, 'check_in_date'), initial: undefined },
    { ...fieldOf(admission, 'days'), required: false },
    { key: 'leave_date', type: 'date', future: true },
    {
      ...fieldOf(MASTER_FORMS.stayPackages, 'name'),
      key: 'package',
      required: false,
      labelKey: 'master.field.stay_package_name',
    },
  ]),
  name: 'mothers',
  titleKey: 'customersSheet.title',
}
