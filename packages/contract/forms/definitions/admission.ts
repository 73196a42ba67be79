import type { FormDefinition } from '../types.js'
import { addDays } from '../compute.js'
import { options } from './options.js'

// Admitting a mother (新建客户, or a check-in notice for a new arrival) and changing her details (编辑):
// customer/save validates the save with this definition, and so does saveForm for the admission a
// notice carries. Her babies are rows; her stay is booked with her.

export const DELIVERY_MODES = ['vaginal', 'caesarean'] as const
/** 月子 (month) or 小月子 (small), as the check-in notices' `is_month` tells them apart. */
export const STAY_KINDS = ['month', 'small'] as const
export type StayKind = (typeof STAY_KINDS)[number]
/** Booked and not yet arrived, in house, or gone: only an open stay (not left) holds a room. */
export const STAY_STATUSES = ['arriving', 'in_house', 'left'] as const
export type StayStatus = (typeof STAY_STATUSES)[number]

/** The keys of her stay's fields: customer/save changes the stay only when the form sends them. */
export const STAY_KEYS = ['stay_kind', 'room', 'check_in_date', 'days', 'package_id'] as const

/** Her details and her babies: admitted with her stay, and changed later on her own (编辑). */
const herSections: FormDefinition['sections'] = [
  {
    titleKey: 'form.section.mother',
    fields: [
      { key: 'customer_name', type: 'text', required: true, maxLength: 30 },
      { key: 'phone', type: 'phone', required: true },
      { key: 'id_card', type: 'idCard' },
      { key: 'delivery_date', type: 'date' },
      { key: 'delivery_mode', type: 'select', options: options('deliveryMode', [...DELIVERY_MODES]) },
      { key: 'hospital', type: 'text', maxLength: 50 },
      { key: 'allergies', type: 'textarea', maxLength: 500 },
      { key: 'diet_needs', type: 'textarea', maxLength: 500 },
      { key: 'remark', type: 'textarea', maxLength: 500 },
    ],
  },
  {
    titleKey: 'form.section.babies',
    fields: [
      {
        key: 'babies',
        type: 'rows',
        maxItems: 4,
        rows: [
          { key: 'name', type: 'text', required: true, maxLength: 30, labelKey: 'form.field.baby_name' },
          { key: 'sex', type: 'select', required: true, options: options('sex', ['male', 'female']) },
          { key: 'birth_date', type: 'date', required: true },
          { key: 'birth_time', type: 'text', maxLength: 5 },
          { key: 'birth_weight', type: 'number', min: 500, max: 6000, decimals: 0, unitKey: 'form.unit.gram' },
        ],
      },
    ],
  },
]

/** A change of her details and babies alone (her stay kept): customer/save with `id` and no stay field. */
export const customerDetails: FormDefinition = {
  name: 'customerDetails',
  titleKey: 'form.title.customerDetails',
  route: '',
  sections: herSections,
}

export const admission: FormDefinition = {
  name: 'admission',
  titleKey: 'form.title.admission',
  route: '',
  sections: [
    ...herSections,
    {
      titleKey: 'form.section.stay',
      fields: [
        { key: 'stay_kind', type: 'select', required: true, options: options('stayKind', [...STAY_KINDS]) },
        { key: 'room', type: 'select', required: true, optionsSource: 'floorList', booksRoom: true },
        { key: 'check_in_date', type: 'date', required: true, initial: 'workingDate', future: true },
        { key: 'days', type: 'number', required: true, min: 1, max: 120, decimals: 0, unitKey: 'form.unit.day' },
        { key: 'leave_date', type: 'computed', compute: (data) => addDays(data.check_in_date, data.days) },
        { key: 'package_id', type: 'select', optionsSource: 'stayPackageList' },
      ],
    },
  ],
}

/** A baby's birth time as the admission takes it: 'HH:MM', 24 hours. */
export const isBirthTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value)
