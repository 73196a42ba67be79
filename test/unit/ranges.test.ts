import { formByName } from '@yuezi/contract/forms/index'
import {
  ageInHours,
  flagsOf,
  flagText,
  gateErrors,
  jaundiceBound,
  type RangeContext,
} from '@yuezi/contract/forms/ranges'
import type { FormData } from '@yuezi/contract/forms/types'
import { t, setLocale } from '@/i18n'
import '@/features/forms/locales'

const visit = formByName('访客出入登记表')!
const obstetric = formByName('产科医生查房签到表')!
const paediatric = formByName('儿科医生查房签到表')!

const baby = { id: 7, birth_date: '2026-11-20', birth_time: '08:00', birth_weight: 3000 }
const ctx: RangeContext = {
  visitHours: { from: '10:00', to: '20:00' },
  children: [baby],
  today: '2026-11-22',
  time: '08:00',
}
const rules = (definition: typeof visit, data: FormData, context = ctx) =>
  flagsOf(definition, data, context).map((flag) => [flag.path, flag.rule, flag.value, flag.bound])

describe('the centre’s ranges', () => {
  test('a visitor has a fever from 37.3 °C', () => {
    expect(rules(visit, { temperature: 37.2 })).toEqual([])
    expect(rules(visit, { temperature: 37.3 })).toEqual([['temperature', 'visitorFever', 37.3, 37.3]])
  })

  test('a visit outside the visiting hours, both ends inside', () => {
    expect(rules(visit, { time_in: '2026-11-22 10:00' })).toEqual([])
    expect(rules(visit, { time_in: '2026-11-22 20:00' })).toEqual([])
    expect(rules(visit, { time_in: '2026-11-22 09:59' })).toEqual([
      ['time_in', 'visitingHours', '09:59', '10:00–20:00'],
    ])
    expect(rules(visit, { time_in: '2026-11-22 20:01' })).toEqual([
      ['time_in', 'visitingHours', '20:01', '10:00–20:00'],
    ])
    // No hours set: none checked.
    expect(rules(visit, { time_in: '2026-11-22 23:00' }, { ...ctx, visitHours: null })).toEqual([])
  })

  test('a mother has a fever from 38.0 °C, high blood pressure from 140/90', () => {
    expect(rules(obstetric, { temperature: 37.9, bp_systolic: 139, bp_diastolic: 89 })).toEqual([])
    expect(rules(obstetric, { temperature: 38, bp_systolic: 140, bp_diastolic: 90 })).toEqual([
      ['temperature', 'customerFever', 38, 38],
      ['bp_systolic', 'systolic', 140, 140],
      ['bp_diastolic', 'diastolic', 90, 90],
    ])
  })

  test('a baby is normal from 36.5 to 37.5 °C', () => {
    expect(rules(paediatric, { baby_id: 7, temperature: 36.5 })).toEqual([])
    expect(rules(paediatric, { baby_id: 7, temperature: 37.5 })).toEqual([])
    expect(rules(paediatric, { baby_id: 7, temperature: 36.4 })).toEqual([
      ['temperature', 'babyTemperature', 36.4, 36.5],
    ])
    expect(rules(paediatric, { baby_id: 7, temperature: 37.6 })).toEqual([
      ['temperature', 'babyTemperature', 37.6, 37.5],
    ])
  })

  test('a baby who lost more than 7 % of her birth weight', () => {
    expect(rules(paediatric, { baby_id: 7, weight: 2790 })).toEqual([])
    expect(rules(paediatric, { baby_id: 7, weight: 2787 })).toEqual([['weight', 'weightLoss', 7.1, 7]])
    // Without her birth weight there is nothing to compare.
    expect(rules(paediatric, { baby_id: 7, weight: 2000 }, { ...ctx, children: [{ id: 7 }] })).toEqual([])
  })

  test('jaundice by her age in hours, on the nomogram’s high-risk line', () => {
    expect(jaundiceBound(10)).toBe(7)
    expect(jaundiceBound(24)).toBe(8)
    expect(jaundiceBound(30)).toBe(10)
    expect(jaundiceBound(48)).toBe(15)
    expect(jaundiceBound(500)).toBe(17.5)
    expect(ageInHours(baby, '2026-11-22', '08:00')).toBe(48)
    // An unknown birth time counts as the end of the birth day.
    expect(ageInHours({ id: 7, birth_date: '2026-11-20' }, '2026-11-22', '08:00')).toBe(32)
    // Across a month's and a year's end; a reading before her birth, or on a day or at a time that
    // does not exist, has no age.
    expect(ageInHours({ id: 7, birth_date: '2026-02-27', birth_time: '22:30' }, '2026-03-01', '00:29')).toBe(25)
    expect(ageInHours({ id: 7, birth_date: '2026-12-31', birth_time: '23:00' }, '2027-01-01T09:00', '09:00')).toBe(10)
    expect(ageInHours(baby, '2026-11-19', '08:00')).toBeNull()
    expect(ageInHours(baby, '2026-11-31', '08:00')).toBeNull()
    expect(ageInHours(baby, '2026-11-22', '24:10')).toBeNull()
    expect(ageInHours({ id: 7, birth_date: '2026-11-20', birth_time: '8:00' }, '2026-11-22', '08:00')).toBeNull()
    // At 48 hours the line is 15: at it no mark, above it one.
    expect(rules(paediatric, { baby_id: 7, round_date: '2026-11-22', tcb_forehead: 15 })).toEqual([])
    const flags = flagsOf(paediatric, { baby_id: 7, round_date: '2026-11-22', tcb_forehead: 15.1, tcb_chest: 9 }, ctx)
    expect(flags).toEqual([{ path: 'tcb_forehead', rule: 'jaundice', value: 15.1, bound: 15, hours: 48 }])
    setLocale('zh-CN')
    expect(flagText(flags[0], t)).toBe('黄疸高危：15.1 mg/dL（出生 48 小时，>15）')
  })

  test('the centre’s policy: a fever needs a reason, or is refused', () => {
    const fever = { temperature: 37.8, time_in: '2026-11-22 11:00' }
    expect(gateErrors(visit, fever, ctx, 'reason')).toEqual([
      { path: 'flag_reason', labelKey: 'form.field.flag_reason', rule: 'flagReason' },
    ])
    expect(gateErrors(visit, { ...fever, flag_reason: '家属送药，戴口罩' }, ctx, 'reason')).toEqual([])
    expect(gateErrors(visit, { ...fever, flag_reason: '家属送药' }, ctx, 'refuse')).toEqual([
      {
        path: 'temperature',
        labelKey: 'form.field.temperature',
        rule: 'visitorFever',
        params: { value: 37.8, bound: 37.3 },
      },
    ])
    expect(gateErrors(visit, { temperature: 36.8, time_in: '2026-11-22 11:00' }, ctx, 'refuse')).toEqual([])
  })
})
