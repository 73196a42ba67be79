import { formByName } from '@yuezi/contract/forms/index'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf, withComputed } from '@yuezi/contract/forms/validate'
import { centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import type { StockRefs, TestCustomer } from './helpers.js'

export const SIGNATURE = '/uploads/test-signature.png'

/** What a sample may refer to: the customer (and her first baby), a room, departments and stock of the site. */
export interface SampleRefs {
  customer: TestCustomer
  room: string
  departmentIds: number[]
  /** For the forms that choose products, batches and gift types. */
  stock?: StockRefs
}

const stockOf = (refs: SampleRefs): StockRefs => {
  if (!refs.stock) throw new Error('this form needs stock refs')
  return refs.stock
}

export const definitionOf = (name: string): FormDefinition => {
  const definition = formByName(name)
  if (!definition) throw new Error(`no form ${name}`)
  return definition
}

/** A value that passes every rule of the field; undefined for computed fields. */
function sampleValue(field: Field, refs: SampleRefs): unknown {
  const today = centreToday(DEFAULT_ZONE)
  // A form that names its mother names the customer it is saved for.
  if (field.initial === 'customer.name') return refs.customer.name
  if (field.initial === 'customer.phone') return refs.customer.phone
  switch (field.type) {
    case 'text':
    case 'textarea':
      return `样例${field.key}`.slice(0, field.maxLength ?? 100)
    case 'number': {
      const min = field.min ?? 1
      const max = field.max ?? min + 100
      const factor = 10 ** (field.decimals ?? 0)
      return Math.round(((min + max) / 2) * factor) / factor
    }
    case 'money':
      return Math.max(field.min ?? 0, 128.5)
    case 'date':
      return today
    case 'datetime':
      return `${today} 10:30`
    case 'select':
      switch (field.optionsSource) {
        case 'floorList':
          return refs.room
        case 'departmentList':
          return refs.departmentIds[0]
        case 'productList':
          return stockOf(refs).productId
        case 'getProductBatch':
          return stockOf(refs).batchId
        case 'giftTypeList':
          return stockOf(refs).giftTypeId
        case 'stayPackageList':
          return refs.customer.stay_package_id
      }
      return field.options![0].value
    case 'multiselect':
      if (field.optionsSource === 'departmentList') return refs.departmentIds.slice(0, 2)
      // An option that no reading of the sample contradicts (无发热 with its 38 °C would be).
      return [field.options!.find((o) => !field.contradictedBy?.some((c) => c.option === o.value))!.value]
    case 'customer':
      return refs.customer.id
    case 'baby':
      return refs.customer.babies[0].id
    case 'phone':
      return '13800138000'
    case 'idCard':
      return '11010519491231002X'
    case 'signature':
      return SIGNATURE
    case 'images':
      return ['/uploads/photo-1.png']
    case 'rows':
      // A twins' round has a row for each of her babies after the first; none for one baby.
      if (field.perBaby) {
        const twins = refs.customer.babies.slice(1)
        return twins.length
          ? twins.map((baby) => ({ ...sampleOf(field.rows ?? [], refs), baby_id: baby.id }))
          : undefined
      }
      return Array.from({ length: Math.max(1, field.minItems ?? 1) }, () => sampleOf(field.rows ?? [], refs))
    case 'location':
      return { name: '护理站', address: '测试门店 3楼', latitude: 30.279, longitude: 120.131 }
    case 'computed':
      return undefined
  }
}

function sampleOf(fields: Field[], refs: SampleRefs): FormData {
  const data: FormData = {}
  for (const field of fields) {
    const value = sampleValue(field, refs)
    if (value !== undefined) data[field.key] = value
  }
  return data
}

/** Valid data of the form, every field filled in, built from its definition. */
export const validSample = (definition: FormDefinition, refs: SampleRefs): FormData =>
  sampleOf(fieldsOf(definition), refs)

/** The data as the server should store it: the sample with its computed fields computed for the customer. */
export function expectedData(definition: FormDefinition, data: FormData, customer: TestCustomer): FormData {
  return withComputed(definition, data, {
    today: centreToday(DEFAULT_ZONE),
    customer: { delivery_date: customer.delivery_date },
    children: customer.babies,
  })
}
