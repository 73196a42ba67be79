import type { Field, FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { addDays } from '../compute.js'
import { options } from './options.js'

// Both check-in notices: one per customer, reopened for editing; `is_month`
// marks 月子 (true) or 小月子 (false). A new arrival's notice is saved with her admission.
const stay: Field[] = [
  {
    key: 'room',
    type: 'select',
    required: true,
    optionsSource: 'floorList',
    initial: 'customer.room',
    booksRoom: true,
  },
  { key: 'check_in_date', type: 'date', required: true, future: true },
  { key: 'days', type: 'number', required: true, min: 1, max: 120, unitKey: 'form.unit.day' },
  { key: 'leave_date', type: 'computed', compute: (data) => addDays(data.check_in_date, data.days) },
]
// Her stay package, chosen from the site's list: its days fill the stay's, and a new arrival's stay names it.
const stayPackage: Field = { key: 'package_id', type: 'select', required: true, optionsSource: 'stayPackageList' }
const notify: Field = { key: 'departments', type: 'multiselect', required: true, optionsSource: 'departmentList' }

export const checkInNoticeMonth: FormDefinition = {
  ...FORM_PAGES.checkInNoticeMonth,
  onePerCustomer: true,
  sections: [
    {
      titleKey: 'form.section.mother',
      fields: [
        { key: 'customer_name', type: 'text', required: true, maxLength: 30, initial: 'customer.name' },
        { key: 'phone', type: 'phone', required: true, initial: 'customer.phone' },
        { key: 'id_card', type: 'idCard' },
        { key: 'age', type: 'number', min: 16, max: 60 },
        { key: 'due_date', type: 'date', future: true },
        { key: 'delivery_date', type: 'date', initial: 'customer.delivery_date' },
        { key: 'hospital', type: 'text', maxLength: 50 },
        { key: 'delivery_mode', type: 'select', options: options('deliveryMode', ['vaginal', 'caesarean']) },
      ],
    },
    {
      titleKey: 'form.section.babies',
      fields: [
        {
          key: 'baby_count',
          type: 'computed',
          compute: (data) => (Array.isArray(data.babies) ? data.babies.length : 0),
        },
        {
          key: 'babies',
          type: 'rows',
          maxItems: 4,
          initial: 'customer.babies',
          rows: [
            { key: 'sex', type: 'select', required: true, options: options('sex', ['male', 'female']) },
            { key: 'birth_weight', type: 'number', min: 500, max: 6000, unitKey: 'form.unit.gram' },
          ],
        },
      ],
    },
    {
      titleKey: 'form.section.stay',
      fields: [
        stayPackage,
        ...stay,
        { key: 'contract_no', type: 'text', maxLength: 40 },
        { key: 'amount_paid', type: 'money' },
      ],
    },
    {
      titleKey: 'form.section.care',
      fields: [
        { key: 'diet_needs', type: 'textarea', maxLength: 500 },
        { key: 'allergies', type: 'textarea', maxLength: 500 },
        { key: 'pick_up', type: 'select', options: options('yesNo', ['yes', 'no']) },
        { key: 'consultant', type: 'text', maxLength: 30 },
        notify,
        { key: 'remark', type: 'textarea', maxLength: 500 },
      ],
    },
  ],
}

export const checkInNoticeSmall: FormDefinition = {
  ...FORM_PAGES.checkInNoticeSmall,
  onePerCustomer: true,
  sections: [
    {
      titleKey: 'form.section.mother',
      fields: [
        { key: 'customer_name', type: 'text', required: true, maxLength: 30, initial: 'customer.name' },
        { key: 'phone', type: 'phone', required: true, initial: 'customer.phone' },
        { key: 'procedure_date', type: 'date', required: true },
      ],
    },
    {
      titleKey: 'form.section.stay',
      fields: [
        stayPackage,
        ...stay,
        { key: 'diet_taboos', type: 'textarea', maxLength: 500 },
        { key: 'remark', type: 'textarea', maxLength: 500 },
        notify,
      ],
    },
  ],
}
