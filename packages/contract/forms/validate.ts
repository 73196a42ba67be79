import dayjs from 'dayjs'
import { DATE_FORMAT, isValidDate } from './dates.js'
import type { ComputeContext, Field, FieldError, FormData, FormDefinition, RuleName } from './types.js'
import { hasValidCoordinates, PLACE_TEXT_MAX, placeAtSite } from './location.js'

export { DATE_FORMAT, isValidDate }
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm'
const DEFAULT_MAX_LENGTH = { text: 100, textarea: 2000 } as const
const MONEY_MAX = 99_999_999.99
export const IMAGES_MAX = 52
const ROWS_MAX = 100

export const labelKeyOf = (field: Field) => field.labelKey ?? `form.field.${field.key}`

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
}

export function isMainlandMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value)
}

/** GB 11643 citizen ID: 17 digits, then a check digit (0-9 or X) from weighted sum mod 11. */
export function isValidIdCard(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false
  const birth = value.slice(6, 14)
  if (!dayjs(birth, 'YYYYMMDD', true).isValid()) return false
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = weights.reduce((n, w, i) => n + w * Number(value[i]), 0)
  return '10X98765432'[sum % 11] === value[17].toUpperCase()
}

export const isValidDateTime = (value: string) => dayjs(value, DATETIME_FORMAT, true).isValid()

// An uploaded file's address as our upload endpoint answers it.
const isUploadUrl = (value: string) => /^(https?:\/\/[^\s]+|\/uploads\/[\w.-]+)$/.test(value)

/**
 * Whether a signature's or photo's value is an upload the record may show: by default one shaped
 * like the upload endpoint's answer; the server also knows that it is its own.
 */
export type UploadCheck = (value: string) => boolean

function decimalsOf(n: number): number {
  const text = String(n)
  if (text.includes('e')) return 20
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

/** Typed fields are asked for with 请输入 / Please enter, signatures to be signed, the rest with 请选择 / Please select. */
const TYPED_FIELDS: Field['type'][] = ['text', 'textarea', 'number', 'money', 'phone', 'idCard']
export const requiredRuleOf = (field: Field): RuleName =>
  TYPED_FIELDS.includes(field.type) ? 'required' : field.type === 'signature' ? 'requiredSignature' : 'requiredChoice'

/** Whether the field must be filled in: always, or once the count it goes with is above zero. */
export const isRequired = (field: Field, data: FormData) =>
  !!field.required || (!!field.requiredWith && Number(data[field.requiredWith]) > 0)

function checkField(field: Field, value: unknown, path: string, isUpload: UploadCheck): FieldError[] {
  const error = (rule: FieldError['rule'], params?: FieldError['params']): FieldError[] => [
    { path, labelKey: labelKeyOf(field), rule, ...(params ? { params } : {}) },
  ]
  if (field.type === 'computed') return []
  if (isEmpty(value)) return field.required ? error(requiredRuleOf(field)) : []

  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return error('type')
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type]
      if (value.trim() === '') return field.required ? error(requiredRuleOf(field)) : []
      return value.length > max ? error('maxLength', { max }) : []
    }
    case 'number':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return error('type')
      const decimals = field.type === 'money' ? 2 : (field.decimals ?? 0)
      const min = field.min ?? (field.type === 'money' ? 0 : undefined)
      const max = field.max ?? (field.type === 'money' ? MONEY_MAX : undefined)
      // Below a floor of zero or more, a negative number is named as such.
      // A bound is said with the field's unit.
      const bound = (rule: 'min' | 'max', limit: number) =>
        error(rule, { [rule]: limit }).map((e) => (field.unitKey ? { ...e, unitKey: field.unitKey } : e))
      if (min !== undefined && value < min) return value < 0 && min >= 0 ? error('negative') : bound('min', min)
      if (max !== undefined && value > max) return bound('max', max)
      if (decimalsOf(value) > decimals) return error('decimals', { decimals })
      return []
    }
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? [] : error('format')
    case 'datetime':
      return typeof value === 'string' && isValidDateTime(value) ? [] : error('format')
    case 'phone':
      return typeof value === 'string' && isMainlandMobile(value) ? [] : error('format')
    case 'idCard':
      if (typeof value !== 'string' || !/^\d{17}[\dXx]$/.test(value)) return error('format')
      return isValidIdCard(value) ? [] : error('checksum')
    case 'select':
      if (typeof value !== 'string' && typeof value !== 'number') return error('type')
      if (field.options && !field.options.some((o) => o.value === value)) return error('option')
      return []
    case 'multiselect': {
      if (!Array.isArray(value)) return error('type')
      const allowed = field.options?.map((o) => o.value)
      return value.every(
        (v) => (typeof v === 'string' || typeof v === 'number') && (!allowed || allowed.includes(v as string)),
      )
        ? []
        : error('option')
    }
    case 'customer':
    case 'baby':
      return Number.isInteger(value) && (value as number) > 0 ? [] : error('type')
    case 'signature':
      return typeof value === 'string' && isUpload(value) ? [] : error('format')
    case 'images': {
      if (!Array.isArray(value)) return error('type')
      const max = Math.min(field.maxItems ?? IMAGES_MAX, IMAGES_MAX)
      if (value.length > max) return error('maxItems', { max })
      return value.every((item) => typeof item === 'string' && isUpload(item)) ? [] : error('format')
    }
    case 'rows': {
      if (!Array.isArray(value)) return error('type')
      const max = field.maxItems ?? ROWS_MAX
      if (field.minItems && value.length < field.minItems) return error('minItems', { min: field.minItems })
      if (value.length > max) return error('maxItems', { max })
      return value.flatMap((row, i) =>
        row && typeof row === 'object' && !Array.isArray(row)
          ? validateFields(field.rows ?? [], row as FormData, isUpload, `${path}.${i}.`)
          : [{ path: `${path}.${i}`, labelKey: labelKeyOf(field), rule: 'type' as const }],
      )
    }
    case 'location': {
      if (typeof value !== 'object' || Array.isArray(value)) return error('type')
      const place = value as Record<string, unknown>
      if (!hasValidCoordinates(place)) return error('coordinates')
      const texts = [place.name, place.address].filter((text) => text !== undefined && text !== null)
      if (texts.some((text) => typeof text !== 'string')) return error('type')
      return texts.some((text) => (text as string).length > PLACE_TEXT_MAX)
        ? error('maxLength', { max: PLACE_TEXT_MAX })
        : []
    }
  }
}

function validateFields(fields: Field[], data: FormData, isUpload: UploadCheck, prefix = ''): FieldError[] {
  const known = new Set(fields.map((f) => f.key))
  const unknown = Object.keys(data)
    .filter((key) => !known.has(key))
    .map((key): FieldError => ({ path: `${prefix}${key}`, labelKey: `form.field.${key}`, rule: 'unknown' }))
  return [
    ...fields.flatMap((field) =>
      checkField({ ...field, required: isRequired(field, data) }, data[field.key], `${prefix}${field.key}`, isUpload),
    ),
    ...unknown,
  ]
}

export const fieldsOf = (definition: FormDefinition): Field[] => definition.sections.flatMap((s) => s.fields)

/** A per-baby row naming a baby the record already names (above it, or in an earlier row). */
function repeatedBabies(fields: Field[], data: FormData): FieldError[] {
  const named = new Set(fields.filter((field) => field.type === 'baby').map((field) => data[field.key]))
  return fields
    .filter((field) => field.perBaby && Array.isArray(data[field.key]))
    .flatMap((field) =>
      (data[field.key] as unknown[]).flatMap((row, i): FieldError[] => {
        const baby = row && typeof row === 'object' ? (row as FormData).baby_id : undefined
        if (isEmpty(baby)) return []
        if (named.has(baby))
          return [{ path: `${field.key}.${i}.baby_id`, labelKey: 'form.field.baby_id', rule: 'repeated' }]
        named.add(baby)
        return []
      }),
    )
}

/**
 * A multiselect's chosen options that exclude each other, or that another field's reading contradicts
 * (无发热 with 38 °C): the first such pair is the field's error.
 */
function contradictions(field: Field, data: FormData): FieldError[] {
  const chosen = data[field.key]
  if (field.type !== 'multiselect' || !Array.isArray(chosen)) return []
  const labelOf = (option: string) => field.options?.find((o) => o.value === option)?.labelKey ?? option
  const error = (rule: RuleName, params: Record<string, string | number>): FieldError[] => [
    { path: field.key, labelKey: labelKeyOf(field), rule, params },
  ]
  for (const [option, others] of Object.entries(field.excludes ?? {})) {
    const other = chosen.includes(option) ? others.find((o) => chosen.includes(o)) : undefined
    if (other) return error('excludes', { aKey: labelOf(option), bKey: labelOf(other) })
  }
  for (const { option, field: key, atLeast } of field.contradictedBy ?? []) {
    const value = data[key]
    if (chosen.includes(option) && typeof value === 'number' && value >= atLeast) {
      return error('contradicted', {
        optionKey: labelOf(option),
        valueLabelKey: `form.field.${key}`,
        value,
        bound: atLeast,
      })
    }
  }
  return []
}

/** An order whose counts (`atLeastOne`) are all empty or zero, marked on the first of them. */
function noneOrdered(definition: FormDefinition, data: FormData): FieldError[] {
  const keys = definition.atLeastOne
  if (!keys?.length || keys.some((key) => typeof data[key] === 'number' && (data[key] as number) > 0)) return []
  const first = fieldsOf(definition).find((field) => field.key === keys[0])
  return [{ path: keys[0], labelKey: first ? labelKeyOf(first) : `form.field.${keys[0]}`, rule: 'noneOrdered' }]
}

/**
 * The id of the baby a value of a twins' round is about: a twin's section's value is her row's
 * baby's, a value of a section with a `babyField` the record's own baby's; undefined on a round of
 * one baby or for a value of no baby.
 */
export function babyAt(definition: FormDefinition, data: FormData, path: string): unknown {
  const twins = fieldsOf(definition).find((field) => field.perBaby)
  const rows = twins ? data[twins.key] : undefined
  if (!twins || !Array.isArray(rows) || !rows.length) return undefined
  const [key, index] = path.split('.')
  if (key === twins.key) {
    const row: unknown = index === undefined ? undefined : rows[Number(index)]
    return row && typeof row === 'object' ? (row as FormData).baby_id : undefined
  }
  const section = definition.sections.find((s) => s.babyField && s.fields.some((field) => field.key === key))
  return section?.babyField ? data[section.babyField] : undefined
}

/** The error naming the baby its value is about on a twins' round (`children`: her babies by id). */
export function namingBaby(
  definition: FormDefinition,
  data: FormData,
  children: { id: number; name?: string | null }[],
  error: FieldError,
): FieldError {
  const id = babyAt(definition, data, error.path)
  const name = id === undefined ? undefined : children.find((child) => child.id === id)?.name
  return name ? { ...error, baby: name } : error
}

/**
 * Every rule of the definition, on the app (blur, submit) and on the server (saveForm) alike; the
 * server passes `isUpload`, which accepts only its own uploads.
 */
export function validateForm(
  definition: FormDefinition,
  data: FormData,
  isUpload: UploadCheck = isUploadUrl,
): FieldError[] {
  const fields = fieldsOf(definition)
  return [
    ...validateFields(fields, data, isUpload),
    ...repeatedBabies(fields, data),
    ...noneOrdered(definition, data),
    ...fields.flatMap((field) => contradictions(field, data)),
  ]
}

/** A date or datetime field's values after `today` where the field does not plan ahead (its rows' too). */
function futureDates(fields: Field[], data: FormData, today: string, prefix = ''): FieldError[] {
  return fields.flatMap((field): FieldError[] => {
    const value = data[field.key]
    const path = `${prefix}${field.key}`
    if (field.type === 'rows' && Array.isArray(value)) {
      return value.flatMap((row, i) =>
        row && typeof row === 'object' ? futureDates(field.rows ?? [], row as FormData, today, `${path}.${i}.`) : [],
      )
    }
    const dated = field.type === 'date' || field.type === 'datetime'
    // A value that is not a date is left to the field's own rules.
    const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : ''
    if (!dated || field.future || !day || day <= today) return []
    return [{ path, labelKey: labelKeyOf(field), rule: 'futureDate', params: { today } }]
  })
}

/**
 * The dates after the centre's `today` that the definition does not allow: the app checks them as
 * it checks the form, and the server refuses them on save.
 */
export function futureDateErrors(definition: FormDefinition, data: FormData, today: string): FieldError[] {
  return futureDates(fieldsOf(definition), data, today)
}

/** One field, for validation on blur. */
export function validateField(definition: FormDefinition, key: string, data: FormData): FieldError[] {
  const field = fieldsOf(definition).find((f) => f.key === key)
  if (!field) return []
  const own = checkField({ ...field, required: isRequired(field, data) }, data[key], key, isUploadUrl)
  return own.length ? own : contradictions(field, data)
}

/**
 * The data with every computed field (re)computed and each place's distance from the site worked
 * out: the app shows these, the server stores them.
 */
export function withComputed(definition: FormDefinition, data: FormData, ctx: ComputeContext): FormData {
  const result: FormData = { ...data }
  for (const field of fieldsOf(definition)) {
    if (field.type === 'computed' && field.compute) result[field.key] = field.compute(result, ctx)
    if (field.type === 'location' && field.key in result) result[field.key] = placeAtSite(result[field.key], ctx.site)
    if (field.type === 'rows' && Array.isArray(result[field.key])) {
      const rowFields = field.rows ?? []
      result[field.key] = (result[field.key] as FormData[]).map((row) => {
        const next = { ...row }
        for (const rf of rowFields)
          if (rf.type === 'computed' && rf.compute) next[rf.key] = rf.compute({ ...result, ...next }, ctx)
        return next
      })
    }
  }
  return result
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
