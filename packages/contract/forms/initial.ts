// The first values of a new record, as its definition declares them (Field.initial).
import type { Field, FormData, FormDefinition, InitialValue } from './types.js'
import { fieldsOf, isEmpty } from './validate.js'

/** What a new record's first values are taken from. */
export interface InitialSources {
  /** The working date (YYYY-MM-DD). */
  today: string
  customer?: {
    name?: string | null
    phone?: string | null
    room?: string | null
    delivery_date?: string | null
    children?: Record<string, unknown>[]
  } | null
  staff?: { name?: string | null } | null
  /** The site's latest record of the form: the values of its fields marked site.latest. */
  latest?: FormData | null
}

/** A baby as a row of the babies field: the row's fields the baby has a value for. */
function babyRow(rowFields: Field[], child: Record<string, unknown>): FormData {
  const row: FormData = {}
  for (const field of rowFields) if (!isEmpty(child[field.key])) row[field.key] = child[field.key]
  return row
}

function initialValue(field: Field, { today, customer, staff, latest }: InitialSources, source: InitialValue): unknown {
  switch (source) {
    case 'customer.name':
      return customer?.name
    case 'customer.phone':
      return customer?.phone
    case 'customer.room':
      return customer?.room
    case 'customer.delivery_date':
      return customer?.delivery_date
    case 'customer.babies':
      return customer?.children?.map((child) => babyRow(field.rows ?? [], child))
    case 'customer.firstTwin':
      return customer?.children && customer.children.length > 1 ? customer.children[0].id : undefined
    case 'customer.otherBabies':
      return customer?.children?.slice(1).map((child) => ({ baby_id: child.id }))
    case 'staff.name':
      return staff?.name
    case 'site.latest':
      return latest?.[field.key]
    case 'workingDate':
      return today
  }
}

/** The declared first values of a new record that its sources have (empty ones are left out). */
export function initialValues(definition: FormDefinition, sources: InitialSources): FormData {
  const values: FormData = {}
  for (const field of fieldsOf(definition)) {
    if (!field.initial) continue
    const value = initialValue(field, sources, field.initial)
    if (!isEmpty(value)) values[field.key] = value
  }
  return values
}

/** The fields whose first value is the site's latest record's. */
export const latestFieldsOf = (definition: FormDefinition): string[] =>
  fieldsOf(definition)
    .filter((field) => field.initial === 'site.latest')
    .map((field) => field.key)
