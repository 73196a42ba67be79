import type { Field, FormDefinition } from '../types.js'
import { options } from './options.js'

// The centre's lists that records choose from, edited on the administration pages
// (/api/admin/<kind>/save validates the save with the same definition).

/** The kinds of list entry, each the last part of its API path /api/admin/<kind>. */
export const MASTER_KINDS = ['rooms', 'departments', 'giftTypes', 'products', 'packages', 'stayPackages'] as const
export type MasterKind = (typeof MASTER_KINDS)[number]

export const ROOM_KIND_VALUES = ['standard', 'suite', 'deluxe'] as const
/** A yes/no choice as the form engine stores it; the server keeps a boolean. */
export const YES = 'yes'
const yesNo = options('yesNo', [YES, 'no'])

const field = (key: string, rest: Omit<Field, 'key' | 'labelKey'>): Field => ({
  key,
  labelKey: `master.field.${key}`,
  ...rest,
})
const name = (maxLength: number) => field('name', { type: 'text', required: true, maxLength })
const form = (kind: MasterKind, fields: Field[]): FormDefinition => ({
  name: kind,
  titleKey: `master.${kind}.title`,
  route: '/pagesAdmin/pages/masterEdit/index',
  sections: [{ titleKey: `master.${kind}.section`, fields }],
})

export const MASTER_FORMS: Record<MasterKind, FormDefinition> = {
  rooms: form('rooms', [
    field('floor', { type: 'number', required: true, min: -9, max: 200, decimals: 0 }),
    field('room', { type: 'text', required: true, maxLength: 20 }),
    field('kind', { type: 'select', required: true, options: options('roomKind', [...ROOM_KIND_VALUES]) }),
    field('in_service', { type: 'select', required: true, options: yesNo }),
  ]),
  departments: form('departments', [name(30)]),
  giftTypes: form('giftTypes', [
    name(30),
    field('package_id', { type: 'select', required: true, optionsSource: 'productPackageList' }),
  ]),
  products: form('products', [
    name(50),
    field('spec', { type: 'text', maxLength: 50 }),
    field('unit', { type: 'text', required: true, maxLength: 10 }),
    field('price', { type: 'money', required: true, min: 0 }),
    field('category', { type: 'text', required: true, maxLength: 20 }),
    field('self_paid', { type: 'select', required: true, options: yesNo }),
  ]),
  packages: form('packages', [
    name(30),
    field('items', {
      type: 'rows',
      required: true,
      minItems: 1,
      maxItems: 50,
      rows: [
        field('product_id', { type: 'select', required: true, optionsSource: 'productList' }),
        field('quantity', { type: 'number', required: true, min: 1, max: 9999, decimals: 0 }),
      ],
    }),
  ]),
  stayPackages: form('stayPackages', [
    name(30),
    field('days', { type: 'number', required: true, min: 1, max: 120, decimals: 0, unitKey: 'form.unit.day' }),
    field('fee', { type: 'money', required: true, min: 0 }),
    field('includes', { type: 'textarea', maxLength: 500 }),
  ]),
}
