import {
  formDefinitions,
  formByName,
  validateForm,
  validateField,
  withComputed,
  isValidIdCard,
  isMainlandMobile,
  fieldsOf,
  fieldErrorMessage,
  futureDateErrors,
  labelKeyOf,
  type FormDefinition,
} from '@yuezi/contract/forms/index'
import { t, setLocale } from '@/i18n'
import '@/features/forms/locales'
import zh from '@locales/forms/zh-CN.json'
import en from '@locales/forms/en.json'
import { daysBetween, addDays, product, sumOf } from '@yuezi/contract/forms/compute'
import { flagsOf, flagText } from '@yuezi/contract/forms/ranges'
import { specialCare } from '@yuezi/contract/forms/definitions/stock'

const SIGNATURE = 'http://127.0.0.1:3000/uploads/abc123.png'
const ctx = {
  today: '2026-11-22',
  customer: { delivery_date: '2026-11-10' },
  children: [{ id: 7, birth_date: '2026-11-10' }],
}
const form = (name: string) => formByName(name) as FormDefinition
const rulesOf = (errors: { path: string; rule: string }[]) => Object.fromEntries(errors.map((e) => [e.path, e.rule]))

describe('form helpers', () => {
  it('checks citizen ID numbers by their check digit', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true)
    expect(isValidIdCard('110105194912310021')).toBe(false)
    expect(isValidIdCard('11010519491331002X')).toBe(false) // month 13
    expect(isValidIdCard('1101051949123100')).toBe(false)
  })

  it('accepts mainland mobile numbers only', () => {
    expect(isMainlandMobile('13812345678')).toBe(true)
    expect(isMainlandMobile('12812345678')).toBe(false)
    expect(isMainlandMobile('1381234567')).toBe(false)
  })

  it('computes days, dates and money without float drift', () => {
    expect(daysBetween('2026-11-10', '2026-11-22')).toBe(12)
    expect(daysBetween(undefined, '2026-11-22')).toBeNull()
    expect(addDays('2026-11-22', 28)).toBe('2026-12-20')
    expect(product(0.1, 3)).toBe(0.3)
    expect(sumOf([{ s: 0.1 }, { s: 0.2 }], 's')).toBe(0.3)
  })
})

describe('every definition', () => {
  it('has unique names, routes and field keys', () => {
    expect(new Set(formDefinitions.map((f) => f.name)).size).toBe(formDefinitions.length)
    expect(new Set(formDefinitions.map((f) => f.route)).size).toBe(formDefinitions.length)
    for (const definition of formDefinitions) {
      const keys = fieldsOf(definition).map((f) => f.key)
      expect(new Set(keys).size).toBe(keys.length)
    }
  })

  it.each(formDefinitions.map((f) => [f.name, f] as const))(
    '%s: an empty submission names every required field',
    (_, definition) => {
      const required = fieldsOf(definition)
        .filter((f) => f.required)
        .map((f) => f.key)
      expect(required.length).toBeGreaterThan(0)
      // An order of nothing is a rule of its own (below).
      const errors = validateForm(definition, {}).filter((e) => e.rule !== 'noneOrdered')
      expect(errors.map((e) => e.path).sort()).toEqual([...required].sort())
      // Typed fields ask 请输入, signatures to be signed, everything else 请选择.
      const ruleOf = (key: string) => {
        const type = fieldsOf(definition).find((f) => f.key === key)!.type
        if (['text', 'textarea', 'number', 'money', 'phone', 'idCard'].includes(type)) return 'required'
        return type === 'signature' ? 'requiredSignature' : 'requiredChoice'
      }
      expect(errors.map((e) => [e.path, e.rule])).toEqual(errors.map((e) => [e.path, ruleOf(e.path)]))
    },
  )

  it('starts every required message with the prompt of its kind, in both languages', () => {
    const rounds = form('儿科医生查房签到表')
    const message = (key: string) =>
      fieldErrorMessage(
        validateForm(rounds, {}).find((e) => e.path === key)!,
        t,
      )
    expect([message('temperature'), message('round_date'), message('umbilicus'), message('doctor_signature')]).toEqual([
      '请输入体温',
      '请选择查房日期',
      '请选择脐部',
      '请医生签字',
    ])
    setLocale('en')
    expect(message('temperature')).toMatch(/^Please enter /)
    expect(message('round_date')).toMatch(/^Please select /)
    setLocale('zh-CN')
  })
})

describe('rules', () => {
  const rounds = form('儿科医生查房签到表')
  const valid = {
    round_date: '2026-11-22',
    doctor_name: '林慧敏',
    customer_id: 3,
    baby_id: 7,
    signin_location: { name: '护理站', address: '3楼', latitude: 30.27952, longitude: 120.13078 },
    temperature: 36.8,
    umbilicus: 'dry',
    skin: 'normal',
    feeding: 'breast',
    medicines: [{ medicine: '维生素D', dose: '400IU' }],
    doctor_signature: SIGNATURE,
    family_signature: '/uploads/def456.png',
  }

  it('passes valid data', () => {
    expect(validateForm(rounds, valid)).toEqual([])
  })

  it('fails each rule with its name and params', () => {
    const errors = validateForm(rounds, {
      ...valid,
      round_date: '2026-02-30',
      temperature: 42.5,
      weight: 3200.5,
      umbilicus: 'wet',
      medicines: [{ medicine: '', dose: '1' }, 'x'],
      doctor_signature: 'javascript:alert(1)',
      extra: 1,
    })
    expect(rulesOf(errors)).toEqual({
      round_date: 'format',
      temperature: 'max',
      weight: 'decimals',
      umbilicus: 'option',
      'medicines.0.medicine': 'required',
      'medicines.1': 'type',
      doctor_signature: 'format',
      extra: 'unknown',
    })
    expect(errors.find((e) => e.path === 'temperature')?.params).toEqual({ max: 42 })
    expect(errors.find((e) => e.path === 'medicines.0.medicine')?.labelKey).toBe('form.field.medicine')
  })

  it("checks each twin's examination on its own and refuses a baby named twice", () => {
    const twin = { baby_id: 8, temperature: 36.9, umbilicus: 'dry', skin: 'normal', feeding: 'mixed' }
    expect(validateForm(rounds, { ...valid, babies: [twin] })).toEqual([])
    expect(
      rulesOf(validateForm(rounds, { ...valid, babies: [{ ...twin, temperature: 43, skin: undefined }] })),
    ).toEqual({
      'babies.0.temperature': 'max',
      'babies.0.skin': 'requiredChoice',
    })
    expect(rulesOf(validateForm(rounds, { ...valid, babies: [twin, { ...twin }, { ...twin, baby_id: 7 }] }))).toEqual({
      'babies.1.baby_id': 'repeated',
      'babies.2.baby_id': 'repeated',
    })
    const [repeated] = validateForm(rounds, { ...valid, babies: [{ ...twin, baby_id: 7 }] })
    expect(fieldErrorMessage(repeated, t)).toBe('宝宝第1行：宝宝重复了')
  })

  it('refuses wrong types instead of coercing them', () => {
    expect(rulesOf(validateForm(rounds, { ...valid, temperature: '36.8', baby_id: 'x' }))).toEqual({
      temperature: 'type',
      baby_id: 'type',
    })
  })

  it('checks a place: both coordinates, numbers, in range; its name and address as text', () => {
    const place = (change: object) =>
      rulesOf(validateForm(rounds, { ...valid, signin_location: { ...valid.signin_location, ...change } }))
    for (const change of [
      { latitude: 90.01 },
      { latitude: -91 },
      { longitude: 180.5 },
      { longitude: -181 },
      { latitude: '30.2' },
      { longitude: undefined },
      { latitude: null },
      { latitude: NaN },
    ]) {
      expect([change, place(change)]).toEqual([change, { signin_location: 'coordinates' }])
    }
    expect(place({ latitude: -90, longitude: 180 })).toEqual({})
    expect(place({ name: 5 })).toEqual({ signin_location: 'type' })
    expect(place({ address: 'x'.repeat(201) })).toEqual({ signin_location: 'maxLength' })
    expect(rulesOf(validateForm(rounds, { ...valid, signin_location: [30, 120] }))).toEqual({ signin_location: 'type' })
    expect(rulesOf(validateForm(rounds, { ...valid, signin_location: undefined }))).toEqual({
      signin_location: 'requiredChoice',
    })
  })

  it("counts a place's distance from the site, whatever distance it carried, and flags it past the radius", () => {
    const site = { latitude: 30.27862, longitude: 120.13078, radius: 500 }
    const at = (latitude: number) =>
      withComputed(
        rounds,
        { ...valid, signin_location: { ...valid.signin_location, latitude, distance: 1, far: true } },
        { ...ctx, site },
      ).signin_location
    expect(at(30.27952)).toEqual({ ...valid.signin_location, distance: 100, far: false })
    expect(at(30.30952)).toMatchObject({ distance: 3436, far: true })
    // 500 m is still at the site; 501 m is past it.
    expect(at(site.latitude + 500 / 111_195)).toMatchObject({ distance: 500, far: false })
    expect(at(site.latitude + 501 / 111_195)).toMatchObject({ distance: 501, far: true })
    // A site without coordinates: no distance, no flag.
    expect(withComputed(rounds, valid, { ...ctx, site: null }).signin_location).toEqual({
      ...valid.signin_location,
      distance: null,
      far: false,
    })
    // No place, nothing added.
    expect(withComputed(rounds, { round_date: '2026-11-22' }, { ...ctx, site })).not.toHaveProperty('signin_location')
  })

  it('keeps a place the device never measured at an unknown distance, never 0 or near', () => {
    const site = { latitude: 30.27862, longitude: 120.13078, radius: 500 }
    const start = { name: '院区', address: '', latitude: site.latitude, longitude: site.longitude, measured: false }
    expect(
      withComputed(rounds, { ...valid, signin_location: { ...start, distance: 0 } }, { ...ctx, site }),
    ).toMatchObject({ signin_location: { ...start, distance: null, far: false } })
  })

  it('refuses a family meal order of no meals, marking breakfast; one meal is an order', () => {
    const food = form('家属订餐登记表')
    const order = { customer_id: 7, meal_date: '2026-11-22', dinner_price: 30, family_signature: SIGNATURE }
    for (const counts of [{}, { breakfast: 0, lunch: 0, dinner: 0 }])
      expect(validateForm(food, { ...order, ...counts })).toEqual([
        { path: 'breakfast', labelKey: 'form.field.breakfast', rule: 'noneOrdered' },
      ])
    expect(validateForm(food, { ...order, breakfast: 0, dinner: 1 })).toEqual([])
    const [error] = validateForm(food, order)
    expect(fieldErrorMessage(error, t)).toBe('份数不能都为 0：请至少订一份')
  })

  it("asks a family meal order for each ordered meal's price, and only for those", () => {
    const food = form('家属订餐登记表')
    const order = { customer_id: 7, meal_date: '2026-11-22', family_signature: SIGNATURE }
    const errors = validateForm(food, { ...order, breakfast: 1, lunch: 0, dinner: 2, dinner_price: 40 })
    expect(errors).toEqual([{ path: 'breakfast_price', labelKey: 'form.field.breakfast_price', rule: 'required' }])
    expect(fieldErrorMessage(errors[0], t)).toBe('请输入早餐单价')
    expect(validateField(food, 'breakfast_price', { breakfast: 1 })).toMatchObject([{ rule: 'required' }])
    expect(validateField(food, 'breakfast_price', { breakfast: 0 })).toEqual([])
    expect(validateForm(food, { ...order, breakfast: 1, breakfast_price: 18, dinner: 2, dinner_price: 40 })).toEqual([])
    // The one price of the form before is no field of it now.
    expect(rulesOf(validateForm(food, { ...order, lunch: 1, lunch_price: 30, unit_price: 30 }))).toEqual({
      unit_price: 'unknown',
    })
  })

  it("sums a family meal order's meals, each at its own price; an order saved with one price at that price", () => {
    const food = form('家属订餐登记表')
    const amount = (data: Record<string, unknown>) => withComputed(food, data, ctx).amount
    expect(
      amount({ breakfast: 1, breakfast_price: 18, lunch: 2, lunch_price: 38, dinner: 3, dinner_price: 42.5 }),
    ).toBe(221.5)
    expect(amount({ breakfast: 3, breakfast_price: 0.1, lunch: 0, lunch_price: 99 })).toBe(0.3)
    expect(amount({ breakfast: 1 })).toBeNull()
    // Saved before each meal had its price.
    const earlier = { breakfast: 1, lunch: 2, dinner: 0, unit_price: 30 }
    expect(amount(earlier)).toBe(90)
    const upgraded = food.upgrade!(earlier)
    expect(upgraded).toEqual({ breakfast: 1, breakfast_price: 30, lunch: 2, lunch_price: 30, dinner: 0 })
    expect(amount(upgraded)).toBe(90)
    expect(food.upgrade!({ lunch: 1, lunch_price: 20 })).toEqual({ lunch: 1, lunch_price: 20 })
  })

  it('asks a self-paid order for her signature and marks a room that is not hers, without refusing it', () => {
    const order = specialCare
    const errors = validateForm(order, { customer_id: 7, room: '806', consume_date: '2026-11-22', items: [] })
    expect(errors.find((e) => e.path === 'signature')).toEqual({
      path: 'signature',
      labelKey: 'form.field.customer_signature',
      rule: 'requiredSignature',
    })
    expect(
      fieldErrorMessage(
        errors.find((e) => e.path === 'signature')!,
        t,
      ),
    ).toBe('请客户签字')
    expect(flagsOf(order, { room: '806' }, { room: '806' })).toEqual([])
    const [flag] = flagsOf(order, { room: '901' }, { room: '806' })
    expect(flag).toEqual({ path: 'room', rule: 'otherRoom', value: '901', bound: '806' })
    expect(flagText(flag, t)).toBe('与客户所住房间 806 不一致')
    // Without her room (a record read on its own), nothing is marked.
    expect(flagsOf(order, { room: '901' }, {})).toEqual([])
  })

  it('validates one field for blur', () => {
    expect(validateField(rounds, 'temperature', { temperature: 33 })).toMatchObject([
      { rule: 'min', params: { min: 34 } },
    ])
    expect(validateField(rounds, 'temperature', { temperature: 37 })).toEqual([])
  })

  it('checks ID card checksum and phone format', () => {
    const proof = form('收据遗失证明')
    const errors = validateForm(proof, { id_card: '110105194912310021', phone: '123' })
    expect(rulesOf(errors)).toMatchObject({ id_card: 'checksum', phone: 'format' })
  })

  it('limits money to two decimals and text to its length', () => {
    const proof = form('收据遗失证明')
    const errors = validateForm(proof, { amount: 12.345, receipt_no: 'x'.repeat(41) })
    expect(rulesOf(errors)).toMatchObject({ amount: 'decimals', receipt_no: 'maxLength' })
  })

  it('recomputes computed fields from the data and context', () => {
    expect(withComputed(rounds, valid, ctx).age_days).toBe(12)
    expect(withComputed(form('产科医生查房签到表'), { round_date: '2026-11-22' }, ctx).days_postpartum).toBe(12)
    expect(
      withComputed(form('月子入住通知单'), { check_in_date: '2026-11-22', days: 28, babies: [{}, {}] }, ctx),
    ).toMatchObject({
      leave_date: '2026-12-20',
      baby_count: 2,
    })
  })
})

describe('dates after today', () => {
  const TODAY = ctx.today
  const future = (name: string, data: Record<string, unknown>) => rulesOf(futureDateErrors(form(name), data, TODAY))

  it('are refused where the form records what happened, today and before are good', () => {
    expect(future('儿科医生查房签到表', { round_date: '2026-11-23' })).toEqual({ round_date: 'futureDate' })
    expect(future('访客出入登记表', { time_in: '2026-11-23 09:00', time_out: '2026-11-22 23:59' })).toEqual({
      time_in: 'futureDate',
    })
    expect(future('儿科医生查房签到表', { round_date: TODAY })).toEqual({})
    // Not a date: the field's own format rule says so.
    expect(future('儿科医生查房签到表', { round_date: 'tomorrow' })).toEqual({})
  })

  it('are allowed where the form plans ahead: a meal order, a check-in, a due date', () => {
    expect(future('家属订餐登记表', { meal_date: '2026-11-30' })).toEqual({})
    expect(future('月子入住通知单', { check_in_date: '2026-12-01', due_date: '2026-12-05' })).toEqual({})
    expect(future('月子入住通知单', { check_in_date: '2026-12-01', delivery_date: '2026-12-01' })).toEqual({
      delivery_date: 'futureDate',
    })
  })

  it('say which day today is', () => {
    setLocale('zh-CN')
    const [error] = futureDateErrors(form('儿科医生查房签到表'), { round_date: '2026-11-23' }, TODAY)
    expect(fieldErrorMessage(error, t)).toBe('查房日期不能晚于今天（2026-11-22）')
  })
})

describe('messages', () => {
  afterEach(() => setLocale('zh-CN'))

  it('names the field and the rule in the reader language, rows by number', () => {
    const rounds = form('儿科医生查房签到表')
    const errors = validateForm(rounds, { temperature: 43, medicines: [{ medicine: '', dose: '1' }], zzz: 1 })
    const byPath = (path: string) =>
      fieldErrorMessage(
        errors.find((e) => e.path === path)!,
        t,
      )
    expect(byPath('temperature')).toBe('体温不能大于42°C')
    expect(byPath('medicines.0.medicine')).toBe('用药记录第1行：请输入药品名称')
    expect(byPath('zzz')).toBe('不认识的字段zzz')
    setLocale('en')
    expect(byPath('temperature')).toBe('Temperature must be at most 42 °C')
    expect(byPath('medicines.0.medicine')).toBe('Medicines row 1: Please enter Medicine')
  })

  it('refuses a visitor declaration that contradicts itself or the temperature, as typed and on save', () => {
    const visit = form('访客出入登记表')
    const message = (data: Record<string, unknown>) =>
      validateField(visit, 'health', data).map((error) => fieldErrorMessage(error, t))
    expect(message({ health: ['noFever', 'fever'] })).toEqual(['健康申报：“无发热”和“发热”不能同时选择'])
    expect(message({ health: ['noFever'], temperature: 38 })).toEqual([
      '健康申报选了“无发热”，与体温 38°C 矛盾（≥37.3°C 即为发热）',
    ])
    expect(message({ health: ['noFever'], temperature: 37.2 })).toEqual([])
    expect(message({ health: ['fever'], temperature: 38 })).toEqual([])
    expect(rulesOf(validateForm(visit, { health: ['none', 'rash'] })).health).toBe('excludes')
    setLocale('en')
    expect(message({ health: ['noCough', 'cough'] })).toEqual([
      'Health declaration: “No cough” and “Cough” cannot both be chosen',
    ])
  })

  it("says a bound with the field's unit, and a limit of no decimals as a whole number", () => {
    const [weight] = validateForm(form('儿科医生查房签到表'), { weight: 400 }).filter((e) => e.path === 'weight')
    const [lunch] = validateForm(form('家属订餐登记表'), { lunch: 1.5 }).filter((e) => e.path === 'lunch')
    expect(fieldErrorMessage(weight, t)).toBe('体重不能小于500g')
    expect(fieldErrorMessage(lunch, t)).toBe('午餐份数必须是整数')
    setLocale('en')
    expect(fieldErrorMessage(weight, t)).toBe('Weight must be at least 500 g')
    expect(fieldErrorMessage(lunch, t)).toBe('Lunches must be a whole number')
  })

  it('has a label for every field and option, in both languages', () => {
    const keys = formDefinitions.flatMap((d) => [
      d.titleKey,
      ...d.sections.map((s) => s.titleKey),
      ...fieldsOf(d).flatMap((f) => [
        labelKeyOf(f),
        ...(f.unitKey ? [f.unitKey] : []),
        ...(f.options ?? []).map((o) => o.labelKey),
        ...(f.rows ?? []).flatMap((r) => [labelKeyOf(r), ...(r.options ?? []).map((o) => o.labelKey)]),
      ]),
    ])
    expect(keys.filter((k) => !(k in zh))).toEqual([])
    expect(keys.filter((k) => !(k in en))).toEqual([])
  })
})
