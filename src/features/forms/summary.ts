import type { SignedPlace } from '@yuezi/contract/forms/location'
import type { RangeFlag } from '@yuezi/contract/forms/ranges'
import { distanceText } from '@yuezi/contract/forms/messages'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf, isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { centreClock } from '@/stores/centreClock'

const SHOWN: Field['type'][] = ['text', 'phone', 'number', 'money', 'date', 'datetime', 'select', 'computed']

/** A field's value as text: option labels for choices, ¥ for money. */
export function valueText(field: Field, value: unknown): string {
  if (isEmpty(value)) return ''
  const option = field.options?.find((o) => o.value === value)
  if (option) return t(option.labelKey)
  if (field.type === 'money' && typeof value === 'number') return `${t('formUi.currency')}${value.toFixed(2)}`
  const unit = field.unitKey ? t(field.unitKey) : ''
  return `${String(value)}${unit}`
}

/** The first few filled values of a record, `label：value`, for a row of a list. */
export function summarize(definition: FormDefinition, data: FormData, count = 3): string[] {
  return fieldsOf(definition)
    .filter((field) => SHOWN.includes(field.type) && !isEmpty(data[field.key]))
    .slice(0, count)
    .map((field) => `${t(labelKeyOf(field))}：${valueText(field, data[field.key])}`)
}

/** A record's places (a round's sign-in location) for a row of a list: `label：name · distance`, and whether it is flagged as far. */
export function placesOf(definition: FormDefinition, data: FormData): { key: string; text: string; far: boolean }[] {
  return fieldsOf(definition)
    .filter((field) => field.type === 'location' && !isEmpty(data[field.key]))
    .map((field) => {
      const place = data[field.key] as Partial<SignedPlace>
      const words = [place.name || place.address, distanceText(place, t)].filter(Boolean).join(' · ')
      return { key: field.key, text: `${t(labelKeyOf(field))}：${words}`, far: place.far === true }
    })
}

/** A saved record or acknowledgement as the form's history lists it. */
export interface HistoryEntry {
  id: number
  data: FormData
  created_at: string
  created_by_name?: string | null
  customer_name?: string | null
  room?: string | null
  /** Its values outside the centre's ranges (a record of a list). */
  flags?: RangeFlag[]
}

/**
 * Whom a record is about, so that records of one day tell apart: its customer (and room) and, on a
 * form filled per baby, the baby by name (`children`: the customer's babies).
 */
export function recordSubject(
  definition: FormDefinition,
  record: HistoryEntry,
  children: { id: number; name: string }[],
): string[] {
  const lines: string[] = []
  if (record.customer_name)
    lines.push(t('formUi.forCustomer', { name: record.customer_name, room: record.room || t('common.dash') }))
  const nameOf = (id: unknown) => children.find((child) => child.id === id)?.name ?? t('common.dash')
  const fields = fieldsOf(definition)
  // A twins' round names each of her babies on the one line.
  const others = fields
    .filter((field) => field.perBaby && Array.isArray(record.data[field.key]))
    .flatMap((field) => (record.data[field.key] as FormData[]).map((row) => row.baby_id))
  for (const field of fields) {
    if (field.type !== 'baby' || isEmpty(record.data[field.key])) continue
    const names = [record.data[field.key], ...others].map(nameOf)
    lines.push(t('formUi.recordBaby', { name: names.join(t('formUi.babiesJoin')) }))
  }
  return lines
}

/** A server timestamp as the staff read it: the centre's date and time, whatever the device's zone. */
export const timeText = (iso: string | undefined) => centreClock.dateTime(iso)
