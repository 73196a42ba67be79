import type { Field, FieldError, FormData, FormDefinition, RangeRule } from './types.js'
import { fieldsOf, isEmpty, labelKeyOf } from './validate.js'

export { RANGE_RULES, type RangeRule } from './types.js'

// The centre's clinical ranges, in one place for the app (marks as a value is typed, the visitor's
// reason) and the server (refusing a visit, marks in lists, her file and the PDF). A mark informs;
// only a visitor's rules stop a save, as the centre sets.

/** A visitor at or above this temperature (°C) has a fever: China's health screening practice for visitors. */
export const VISITOR_FEVER = 37.3

/** A newborn's normal axillary temperature (°C), both ends normal: WHO, Thermal protection of the newborn. */
export const BABY_TEMPERATURE = { low: 36.5, high: 37.5 }

/** A mother at or above this temperature (°C) after delivery has a fever: puerperal fever as obstetrics defines it. */
export const CUSTOMER_FEVER = 38.0

/** Blood pressure at or above these (mmHg) is hypertensive: ACOG and the Chinese hypertension guideline (中国高血压防治指南). */
export const BLOOD_PRESSURE = { systolic: 140, diastolic: 90 }

/** A loss of more than this share of birth weight (%) needs a feeding check: AAP and the Academy of Breastfeeding Medicine. */
export const WEIGHT_LOSS_PERCENT = 7

/**
 * The high-risk zone of bilirubin by age: the 95th percentile line of the Bhutani hour-specific
 * nomogram (Bhutani, Johnson, Sivieri, Pediatrics 1999;103:6-14, as AAP 2004 uses it), read at
 * these hours in mg/dL; between two hours the line is straight, before the first and after the
 * last it holds.
 */
export const BHUTANI_HIGH_RISK: readonly [hours: number, mgdl: number][] = [
  [18, 7],
  [24, 8],
  [36, 12],
  [48, 15],
  [60, 16],
  [72, 17],
  [84, 17.5],
  [96, 17.5],
  [120, 17.5],
  [144, 17.5],
]

/** The visitor's rules: a value outside them needs a reason, or is refused, as the centre sets. */
export const GATE_RULES: readonly RangeRule[] = ['visitorFever', 'visitingHours']

/** What the centre does with a visit outside its rules: asks for a reason, or refuses it. */
export const VISIT_POLICIES = ['reason', 'refuse'] as const
export type VisitPolicy = (typeof VISIT_POLICIES)[number]

/** A value outside its range: which rule, the value and the bound it passed (a baby's age in hours for jaundice). */
export interface RangeFlag {
  path: string
  rule: RangeRule
  value: number | string
  bound: number | string
  hours?: number
}

export interface RangeBaby {
  id: number
  birth_date?: string | null
  birth_time?: string | null
  birth_weight?: number | null
}

/** What the rules read besides the values. */
export interface RangeContext {
  /** The centre's visiting hours ('HH:mm'); none set, no hours are checked. */
  visitHours?: { from: string | null; to: string | null } | null
  /** The mother's babies: a paediatric round's bounds depend on the baby's birth and weight. */
  children?: RangeBaby[]
  /** The centre's date when the form has none of its own. */
  today?: string
  /** The time of day the values were taken ('HH:mm'): now while typing, the record's saving once saved. */
  time?: string
  /** Her room now: a self-paid order charged to another room is marked. */
  room?: string | null
}

type Found = Pick<RangeFlag, 'value' | 'bound' | 'hours'> | null

/** `scope` holds the field (the form, or its row), `data` the whole form. */
type Rule = (value: unknown, scope: FormData, data: FormData, ctx: RangeContext) => Found

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const round1 = (n: number) => Math.round(n * 10) / 10
const atLeast =
  (bound: number): Rule =>
  (value) => {
    const n = num(value)
    return n !== null && n >= bound ? { value: n, bound } : null
  }

const babyOf = (scope: FormData, data: FormData, ctx: RangeContext) => {
  const id = scope.baby_id ?? data.baby_id
  return ctx.children?.find((child) => child.id === id)
}

/**
 * A baby's age in whole hours when her values were taken; a birth time not recorded counts as the
 * end of her birth day, so that a jaundice mark is never missed for want of it.
 */
export function ageInHours(baby: RangeBaby, date: string | undefined, time: string | undefined): number | null {
  if (!baby.birth_date || !date) return null
  const born = minutesOf(baby.birth_date, baby.birth_time ?? '23:59')
  const taken = minutesOf(date.slice(0, 10), time ?? '12:00')
  if (born === null || taken === null) return null
  const hours = Math.floor((taken - born) / 60)
  return hours >= 0 ? hours : null
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Minutes since 1970 of a day ('YYYY-MM-DD') at a time ('HH:mm'), both on the centre's clock; null
 * for a day or time that does not exist. Counted as plain numbers: her file marks each reading of
 * every baby, and this is read for each.
 */
function minutesOf(day: string, time: string): number | null {
  const date = DAY.exec(day)
  const clock = TIME.exec(time)
  if (!date || !clock) return null
  const [year, month, dayOfMonth] = [Number(date[1]), Number(date[2]), Number(date[3])]
  const at = new Date(Date.UTC(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2])))
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== dayOfMonth) return null
  return at.getTime() / 60_000
}

/** The high-risk bilirubin (mg/dL) at an age in hours, read off the nomogram's line. */
export function jaundiceBound(hours: number): number {
  const table = BHUTANI_HIGH_RISK
  if (hours <= table[0][0]) return table[0][1]
  for (let i = 1; i < table.length; i++) {
    const [h1, b1] = table[i]
    if (hours <= h1) {
      const [h0, b0] = table[i - 1]
      return round1(b0 + ((b1 - b0) * (hours - h0)) / (h1 - h0))
    }
  }
  return table[table.length - 1][1]
}

const RULES: Record<RangeRule, Rule> = {
  visitorFever: atLeast(VISITOR_FEVER),
  visitingHours: (value, _scope, _data, ctx) => {
    const { from, to } = ctx.visitHours ?? {}
    if (typeof value !== 'string' || !from || !to) return null
    const clock = value.slice(11, 16)
    return clock.length === 5 && (clock < from || clock > to) ? { value: clock, bound: `${from}–${to}` } : null
  },
  customerFever: atLeast(CUSTOMER_FEVER),
  systolic: atLeast(BLOOD_PRESSURE.systolic),
  diastolic: atLeast(BLOOD_PRESSURE.diastolic),
  babyTemperature: (value) => {
    const n = num(value)
    if (n === null) return null
    if (n < BABY_TEMPERATURE.low) return { value: n, bound: BABY_TEMPERATURE.low }
    return n > BABY_TEMPERATURE.high ? { value: n, bound: BABY_TEMPERATURE.high } : null
  },
  jaundice: (value, scope, data, ctx) => {
    const n = num(value)
    const baby = babyOf(scope, data, ctx)
    const date = typeof data.round_date === 'string' ? data.round_date : ctx.today
    const hours = n === null || !baby ? null : ageInHours(baby, date, ctx.time)
    if (n === null || hours === null) return null
    const bound = jaundiceBound(hours)
    return n > bound ? { value: n, bound, hours } : null
  },
  weightLoss: (value, scope, data, ctx) => {
    const weight = num(value)
    const birth = num(babyOf(scope, data, ctx)?.birth_weight)
    if (weight === null || !birth) return null
    const lost = round1(((birth - weight) / birth) * 100)
    return lost > WEIGHT_LOSS_PERCENT ? { value: lost, bound: WEIGHT_LOSS_PERCENT } : null
  },
  otherRoom: (value, _scope, _data, ctx) =>
    ctx.room && typeof value === 'string' && value !== ctx.room ? { value, bound: ctx.room } : null,
}

/** The flag of one value under its field's rule, or null when it is within it (or not there). */
export function flagOf(
  field: Field,
  path: string,
  scope: FormData,
  data: FormData,
  ctx: RangeContext,
): RangeFlag | null {
  if (!field.range || isEmpty(scope[field.key])) return null
  const found = RULES[field.range](scope[field.key], scope, data, ctx)
  return found ? { path, rule: field.range, ...found } : null
}

/** Every value of the form outside its field's range, rows' included, in the form's order. */
export function flagsOf(definition: FormDefinition, data: FormData, ctx: RangeContext): RangeFlag[] {
  return fieldsOf(definition).flatMap((field) => {
    const value = data[field.key]
    if (field.type !== 'rows') return [flagOf(field, field.key, data, data, ctx)].filter((f) => f !== null)
    if (!Array.isArray(value)) return []
    return value.flatMap((row, i) =>
      (field.rows ?? []).flatMap((sub) => {
        const flag = row && typeof row === 'object' ? flagOf(sub, `${field.key}.${i}.${sub.key}`, row, data, ctx) : null
        return flag ? [flag] : []
      }),
    )
  })
}

/** The field that holds why a visit outside the centre's rules is let in. */
export const reasonFieldOf = (definition: FormDefinition) => fieldsOf(definition).find((field) => field.flagReason)

/**
 * What the centre's policy makes of the visitor's flags: refused, each flagged field says why;
 * let in with a reason, the reason field is required.
 */
export function gateErrors(
  definition: FormDefinition,
  data: FormData,
  ctx: RangeContext,
  policy: VisitPolicy,
): FieldError[] {
  const gates = flagsOf(definition, data, ctx).filter((flag) => GATE_RULES.includes(flag.rule))
  if (!gates.length) return []
  const fields = fieldsOf(definition)
  if (policy === 'refuse') {
    return gates.map((flag) => ({
      path: flag.path,
      labelKey: labelKeyOf(fields.find((field) => field.key === flag.path)!),
      rule: flag.rule as FieldError['rule'],
      params: { value: flag.value, bound: flag.bound },
    }))
  }
  const reason = reasonFieldOf(definition)
  if (
    !reason ||
    !isEmpty(typeof data[reason.key] === 'string' ? (data[reason.key] as string).trim() : data[reason.key])
  )
    return []
  return [{ path: reason.key, labelKey: labelKeyOf(reason), rule: 'flagReason' }]
}

/** A flag in the reader's language (体温 38.2°C，≥38°C 为发热), from locales/forms. */
export function flagText(
  flag: RangeFlag,
  translate: (key: string, params?: Record<string, string | number>) => string,
) {
  const params = { value: flag.value, bound: flag.bound, ...(flag.hours === undefined ? {} : { hours: flag.hours }) }
  const low = flag.rule === 'babyTemperature' && typeof flag.value === 'number' && flag.value < BABY_TEMPERATURE.low
  return translate(`form.flag.${flag.rule}${low ? 'Low' : ''}`, params)
}
