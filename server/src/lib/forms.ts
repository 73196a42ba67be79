/**
 * What the server adds to the form definitions it shares with the app (@yuezi/contract/forms):
 * the round forms' medicines, the computed values a client may not send, the list's search text.
 */
import type { SiteLocation } from '@yuezi/contract/forms/location'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf, isEmpty } from '@yuezi/contract/forms/validate'

/** The record field that holds a round form's medicines (rows); the medicines table keeps them. */
export const MEDICINES = 'medicines'

/** The fields of one medicine row when the form has medicines (the two round forms), else undefined. */
export function medicineFieldsOf(definition: FormDefinition): Field[] | undefined {
  const field = fieldsOf(definition).find((f) => f.key === MEDICINES && f.type === 'rows')
  return field?.rows
}

/** The data without the computed values a client may send, rows' included: the server computes them. */
export function withoutComputed(definition: FormDefinition, data: FormData): FormData {
  const result: FormData = {}
  const fields = new Map(fieldsOf(definition).map((f) => [f.key, f]))
  for (const [key, value] of Object.entries(data)) {
    const field = fields.get(key)
    if (field?.type === 'computed') continue
    if (field?.type === 'rows' && Array.isArray(value)) {
      const computed = new Set((field.rows ?? []).filter((r) => r.type === 'computed').map((r) => r.key))
      result[key] = value.map((row) =>
        row && typeof row === 'object' && !Array.isArray(row)
          ? Object.fromEntries(Object.entries(row).filter(([k]) => !computed.has(k)))
          : row,
      )
      continue
    }
    result[key] = value
  }
  return result
}

/** Free text of the record (text fields, rows' included) that the list's keyword search looks in. */
export function searchTextOf(definition: FormDefinition, data: FormData): string {
  const TEXT = new Set(['text', 'textarea', 'phone', 'idCard'])
  const texts = (fields: Field[], values: FormData): string[] =>
    fields.flatMap((field) => {
      const value = values[field.key]
      if (TEXT.has(field.type) && typeof value === 'string') return [value]
      if (field.type === 'rows' && Array.isArray(value)) {
        return value.flatMap((row) => (row && typeof row === 'object' ? texts(field.rows ?? [], row as FormData) : []))
      }
      return []
    })
  return texts(fieldsOf(definition), data).join('\n')
}

/** The field types whose values are a mother's most sensitive data: her ID number, photos, signatures. */
const PERSONAL_TYPES = new Set<Field['type']>(['idCard', 'images', 'signature'])

/** Whether the record's values (rows' included) hold an ID number, a photo or a signature: reading it is logged. */
export function holdsPersonalData(definition: FormDefinition, data: FormData): boolean {
  const holds = (fields: Field[], values: FormData): boolean =>
    fields.some((field) => {
      const value = values[field.key]
      if (PERSONAL_TYPES.has(field.type)) return !isEmpty(value)
      return (
        field.type === 'rows' &&
        Array.isArray(value) &&
        value.some((row) => row && typeof row === 'object' && holds(field.rows ?? [], row as FormData))
      )
    })
  return holds(fieldsOf(definition), data)
}

/** A site's coordinates and sign-in radius as the location fields count from them; null while it has none. */
export const siteLocationOf = (site: {
  latitude: number | null
  longitude: number | null
  radius: number
}): SiteLocation | null =>
  site.latitude === null || site.longitude === null
    ? null
    : { latitude: site.latitude, longitude: site.longitude, radius: site.radius }
