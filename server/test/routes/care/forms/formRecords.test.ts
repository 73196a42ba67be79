import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { auditLog, formRecords, medicines, sites } from '../../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../../src/lib/dates.js'
import { formDefinitions } from '@yuezi/contract/forms/index'
import { definitionOf, expectedData, SIGNATURE, validSample, type SampleRefs } from '../../../formSamples.js'
import {
  addProduct,
  addSite,
  call,
  startApp,
  stockOf,
  stockRefs,
  type TestCustomer,
  type TestSite,
  withReferences,
} from '../../../helpers.js'
import { row } from '../../../stockFixture.js'

const API = '/api/care/index'
const SAVE = `${API}/saveForm`
const LIST = `${API}/getFormRecord`
const INFO = `${API}/getFormRecordInfo`
const COUNT = `${API}/getFormRecordCount`
const DEL = `${API}/delFormRecord`

let app: FastifyInstance
let site: TestSite
let refs: SampleRefs
let customer: TestCustomer

before(async () => {
  app = await startApp()
  site = await addSite(app)
  customer = site.customers[0]
  const departments = (await call(app, `${API}/departmentList`, {}, { token: site.token })).res
  refs = {
    customer,
    room: customer.room,
    departmentIds: departments.map((d: { id: number }) => d.id),
    stock: await stockRefs(app, site.token),
  }
})
after(() => app.close())

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  call(app, url, body, { token: site.token, ...headers })
const sampleFor = (name: string, who: TestCustomer = customer) =>
  validSample(definitionOf(name), { ...refs, customer: who, room: who.room })
const save = (name: string, data: object, extra: object = {}, headers: Record<string, string> = {}) =>
  post(
    SAVE,
    { name, customer_id: (data as { customer_id?: number }).customer_id ?? customer.id, data, ...extra },
    headers,
  )

/** A valid round of `own`'s first customer. */
const ownSample = (own: TestSite) =>
  validSample(definitionOf('产科医生查房签到表'), { ...refs, customer: own.customers[0], room: own.customers[0].room })

/** Saves and answers the new id, failing the test on a refusal. */
async function saved(name: string, data: object, extra: object = {}): Promise<number> {
  const reply = await save(name, data, extra)
  assert.equal(reply.code, 1, `${name}: ${reply.msg}`)
  return reply.res.id
}

const rowsOf = async (table: typeof formRecords | typeof medicines | typeof auditLog) => {
  const [{ n }] = await app.db.select({ n: count() }).from(table).where(eq(table.siteId, site.siteId))
  return n
}

describe('saveForm', () => {
  it('saves valid data of every form and reads it back with the computed fields computed by the server', async () => {
    // The onePerCustomer forms each get a customer of their own, so that this test can run first or last.
    for (const [i, definition] of formDefinitions.entries()) {
      const who = definition.onePerCustomer ? site.customers[1 + (i % 3)] : customer
      const data = sampleFor(definition.name, who)
      const id = await saved(definition.name, data, { customer_id: who.id })
      const record = (await post(INFO, { id })).res
      assert.equal(record.name, definition.name)
      assert.equal(record.customer_id, who.id)
      assert.equal(record.customer_name, who.name)
      assert.equal(record.room, who.room)
      assert.deepEqual(withReferences(record.data), expectedData(definition, data, who), definition.name)
      assert.equal(record.created_by, site.accountId)
      assert.equal(record.updated_by, site.accountId)
      assert.equal(record.created_by_name, '测试员工')
      assert.ok(Math.abs(Date.parse(record.created_at) - Date.now()) < 60_000)
      // Delete again so that the one-per-customer forms leave their customer free for the other tests.
      if (definition.onePerCustomer) assert.equal((await post(DEL, { id })).code, 1)
    }
  })

  it('overwrites computed values that the client sends', async () => {
    const name = '月子入住通知单'
    const who = site.customers[3]
    const data = {
      ...sampleFor(name, who),
      check_in_date: '2026-11-22',
      days: 28,
      leave_date: '1999-01-01',
      baby_count: 9,
    }
    const id = await saved(name, data, { customer_id: who.id })
    const record = (await post(INFO, { id })).res
    assert.equal(record.data.leave_date, '2026-12-20')
    assert.equal(record.data.baby_count, 1)
    await post(DEL, { id })

    const rounds = sampleFor('儿科医生查房签到表')
    const roundId = await saved('儿科医生查房签到表', {
      ...rounds,
      round_date: addDays(customer.delivery_date, 5),
      age_days: 99,
    })
    assert.equal((await post(INFO, { id: roundId })).res.data.age_days, 5)
  })

  it('updates a record with id: same id, new data, who changed it', async () => {
    const data = sampleFor('访客出入登记表')
    const id = await saved('访客出入登记表', data)
    const before = (await post(INFO, { id })).res
    const changed = { ...data, time_out: `${centreToday(DEFAULT_ZONE)} 11:45`, remark: '已离开' }
    assert.deepEqual(await save('访客出入登记表', changed, { id }), { code: 1, msg: '成功', res: { id } })
    const after = (await post(INFO, { id })).res
    assert.equal(after.data.time_out, changed.time_out)
    assert.equal(after.data.remark, '已离开')
    assert.equal(after.created_at, before.created_at)
    assert.ok(after.updated_at >= before.updated_at)
    // A round record's medicines are replaced by the saved ones.
    const rounds = sampleFor('产科医生查房签到表')
    const roundId = await saved('产科医生查房签到表', rounds)
    const medicinesNow = [
      { medicine: '头孢克肟', dose: '0.1g' },
      { medicine: '红糖姜茶', dose: '1杯', days: 3 },
    ]
    await saved('产科医生查房签到表', { ...rounds, medicines: medicinesNow }, { id: roundId })
    assert.deepEqual((await post(INFO, { id: roundId })).res.data.medicines, medicinesNow)
    await saved('产科医生查房签到表', { ...rounds, medicines: [] }, { id: roundId })
    assert.deepEqual((await post(INFO, { id: roundId })).res.data.medicines, [])
  })

  it('refuses to update a record that does not exist, of another form, or deleted', async () => {
    const data = sampleFor('访客出入登记表')
    const id = await saved('访客出入登记表', data)
    const notFound = { code: -2, msg: '记录不存在或已删除', res: null }
    assert.deepEqual(await save('访客出入登记表', data, { id: 99_999_999 }), notFound)
    assert.deepEqual(await save('家属订餐登记表', sampleFor('家属订餐登记表'), { id }), notFound)
    await post(DEL, { id })
    assert.deepEqual(await save('访客出入登记表', data, { id }), notFound)
  })

  it('names the field of invalid data, in the language of the request', async () => {
    // A round of her first baby alone: a twin's messages name the baby (below).
    const { babies: _twins, ...round } = sampleFor('儿科医生查房签到表')
    const data = { ...round, temperature: 43 }
    assert.deepEqual(await save('儿科医生查房签到表', data), {
      code: -1,
      msg: '体温不能大于42°C',
      res: { errors: [{ path: 'temperature', message: '体温不能大于42°C' }] },
    })
    const en = await save('儿科医生查房签到表', data, {}, { lang: 'en' })
    assert.equal(en.msg, 'Temperature must be at most 42 °C')

    const cases: [object, string, string][] = [
      [
        { medicines: [{ medicine: '维生素D', dose: '' }] },
        '用药记录第1行：请输入剂量',
        'Medicines row 1: Please enter Dose',
      ],
      [{ shoe_size: 38 }, '不认识的字段shoe_size', 'Unknown field shoe_size'],
      [{ umbilicus: 'wet' }, '脐部的选项无效', 'Umbilicus is not one of the options'],
      [{ baby_id: site.customers[1].babies[0].id }, '宝宝的选项无效', 'Baby is not one of the options'],
      [{ customer_id: site.customers[1].id }, '客户的选项无效', 'Customer is not one of the options'],
      [{ temperature: '36.5' }, '体温格式不正确', 'Temperature is not valid'],
    ]
    for (const [change, zh, english] of cases) {
      const body = {
        name: '儿科医生查房签到表',
        customer_id: customer.id,
        data: { ...round, ...change },
      }
      const reply = await post(SAVE, body)
      assert.equal(reply.code, -1, zh)
      assert.equal(reply.msg, zh)
      assert.equal(reply.res.errors[0].message, zh)
      assert.equal((await post(SAVE, body, { lang: 'en' })).msg, english)
    }
  })

  it('refuses a round that names no doctor, with the field’s message in the language of the request', async () => {
    const { babies: _twins, doctor_name: _doctor, ...paediatric } = sampleFor('儿科医生查房签到表')
    const { doctor_name: _obstetrician, ...obstetric } = sampleFor('产科医生查房签到表')
    for (const [name, data] of [
      ['儿科医生查房签到表', paediatric],
      ['产科医生查房签到表', obstetric],
    ] as const) {
      for (const round of [data, { ...data, doctor_name: '' }]) {
        assert.deepEqual(await save(name, round), {
          code: -1,
          msg: '请输入查房医生',
          res: { errors: [{ path: 'doctor_name', message: '请输入查房医生' }] },
        })
        assert.equal((await save(name, round, {}, { lang: 'en' })).msg, 'Please enter Doctor')
      }
    }
    assert.equal((await save('产科医生查房签到表', { ...obstetric, doctor_name: '周雅琴' })).code, 1)
  })

  it('refuses a day after the centre’s today where a form records what happened, not where it plans ahead', async () => {
    const tomorrow = addDays(centreToday(DEFAULT_ZONE), 1)
    const { babies: _twins, ...round } = sampleFor('儿科医生查房签到表')
    const refused = await save('儿科医生查房签到表', { ...round, round_date: tomorrow })
    assert.equal(refused.code, -1)
    assert.deepEqual(refused.res.errors, [
      { path: 'round_date', message: `查房日期不能晚于今天（${centreToday(DEFAULT_ZONE)}）` },
    ])
    // A meal ordered for tomorrow is planned ahead.
    assert.equal((await save('家属订餐登记表', { ...sampleFor('家属订餐登记表'), meal_date: tomorrow })).code, 1)
  })

  it('refuses a family meal order of no meals, in the language of the request', async () => {
    const order = { ...sampleFor('家属订餐登记表'), breakfast: 0, lunch: 0, dinner: 0 }
    assert.deepEqual(await save('家属订餐登记表', order), {
      code: -1,
      msg: '份数不能都为 0：请至少订一份',
      res: { errors: [{ path: 'breakfast', message: '份数不能都为 0：请至少订一份' }] },
    })
    assert.equal(
      (await save('家属订餐登记表', order, {}, { lang: 'en' })).msg,
      'The counts cannot all be 0: order at least one',
    )
    assert.equal((await save('家属订餐登记表', { ...order, dinner: 1 })).code, 1)
  })

  it("saves one round for her twins, each baby's examination checked on its own", async () => {
    const name = '儿科医生查房签到表'
    const [first, second] = customer.babies
    const { babies, ...single } = sampleFor(name)
    const twin = { ...(babies as object[])[0], baby_id: second.id, temperature: 37.2, weight: 2950 }
    const roundDate = addDays(customer.delivery_date, 6)
    const id = await saved(name, { ...single, round_date: roundDate, age_days: 1, babies: [{ ...twin, age_days: 99 }] })
    const stored = (await post(INFO, { id })).res.data
    assert.equal(stored.baby_id, first.id)
    assert.deepEqual(stored.babies, [{ ...twin, age_days: 6 }])
    assert.equal(stored.age_days, 6)
    const listed = (await post(LIST, { name, customer_id: customer.id, limit: 100 })).res.list
    assert.deepEqual(listed.find((row: { id: number }) => row.id === id).data.babies, stored.babies)

    const refused = async (babiesNow: object[], zh: string, english: string, path: string) => {
      const body = { name, customer_id: customer.id, data: { ...single, babies: babiesNow } }
      const reply = await post(SAVE, body)
      assert.deepEqual([reply.code, reply.msg, reply.res.errors[0].path], [-1, zh, path])
      assert.equal((await post(SAVE, body, { lang: 'en' })).msg, english)
    }
    // Each baby's value is refused under her name (宝宝2 is her twin), her first baby's (宝宝1) too.
    await refused(
      [{ ...twin, temperature: 43 }],
      '宝宝2：体温不能大于42°C',
      '宝宝2: Temperature must be at most 42 °C',
      'babies.0.temperature',
    )
    await refused([{ ...twin, skin: undefined }], '宝宝2：请选择皮肤', '宝宝2: Please select Skin', 'babies.0.skin')
    const firstFever = await post(SAVE, {
      name,
      customer_id: customer.id,
      data: { ...single, temperature: 43, babies: [twin] },
    })
    assert.equal(firstFever.msg, '宝宝1：体温不能大于42°C')
    // A baby of another mother is no baby of hers to name; her first baby again is named as the repeated one.
    await refused(
      [{ ...twin, baby_id: site.customers[1].babies[0].id }],
      '宝宝第1行：宝宝的选项无效',
      'Babies row 1: Baby is not one of the options',
      'babies.0.baby_id',
    )
    await refused(
      [{ ...twin, baby_id: first.id }],
      '宝宝1：宝宝重复了',
      '宝宝1: Baby is named twice',
      'babies.0.baby_id',
    )

    // A mother of one baby: the round stores and reads as it always did.
    const one = site.customers[1]
    const oneData = sampleFor(name, one)
    assert.equal(oneData.babies, undefined)
    const oneId = await saved(name, oneData, { customer_id: one.id })
    assert.deepEqual(
      withReferences((await post(INFO, { id: oneId })).res.data),
      expectedData(definitionOf(name), oneData, one),
    )
    assert.equal((await post(INFO, { id: oneId })).res.data.babies, undefined)
  })

  it('checks rooms and departments against the site', async () => {
    const who = site.customers[2]
    const data = sampleFor('小月子入住通知单', who)
    const wrongRoom = await save('小月子入住通知单', { ...data, room: '1205' }, { customer_id: who.id })
    assert.deepEqual(wrongRoom.res, { errors: [{ path: 'room', message: '楼层房间的选项无效' }] })
    // Site 1's departments are not this site's.
    const wrongDepartment = await save(
      '小月子入住通知单',
      { ...data, departments: [refs.departmentIds[0], 1] },
      { customer_id: who.id },
      { lang: 'en' },
    )
    assert.equal(wrongDepartment.msg, 'Departments to notify is not one of the options')
  })

  it('refuses an unknown form, a missing customer and a customer of another site', async () => {
    const unknown = await post(SAVE, { name: '不存在的表', customer_id: customer.id, data: {} })
    assert.deepEqual(unknown, { code: -1, msg: '没有名为「不存在的表」的表单', res: null })
    const noCustomer = await post(SAVE, { name: '收据遗失证明', data: sampleFor('收据遗失证明') }, { lang: 'en' })
    assert.equal(noCustomer.code, -1)
    assert.equal(noCustomer.msg, 'Please select Customer')
    // Customer 1 belongs to the demo site.
    const data = { ...sampleFor('访客出入登记表'), customer_id: 1 }
    assert.deepEqual(await save('访客出入登记表', data, { customer_id: 1 }), { code: -2, msg: '客户不存在', res: null })
  })

  it('writes nothing when the save fails inside its transaction', async () => {
    // A failure after the record's insert: the medicine rows' insert breaks on a marked row.
    await app.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_fail_medicine() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.medicine = '__fail__' THEN RAISE EXCEPTION 'forced failure'; END IF;
        RETURN NEW;
      END $$`),
    )
    await app.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_medicine ON medicines'))
    await app.db.execute(
      sql.raw(
        'CREATE TRIGGER test_fail_medicine BEFORE INSERT ON medicines FOR EACH ROW EXECUTE FUNCTION test_fail_medicine()',
      ),
    )
    try {
      const data = sampleFor('儿科医生查房签到表')
      const id = await saved('儿科医生查房签到表', data)
      const counts = {
        records: await rowsOf(formRecords),
        medicines: await rowsOf(medicines),
        audit: await rowsOf(auditLog),
      }
      const failing = {
        ...data,
        medicines: [
          { medicine: '好药', dose: '1' },
          { medicine: '__fail__', dose: '1' },
        ],
      }
      const created = await save('儿科医生查房签到表', failing, { request_id: randomUUID() })
      assert.equal(created.code, -500)
      const updated = await save('儿科医生查房签到表', { ...failing, advice: '改过' }, { id })
      assert.equal(updated.code, -500)
      assert.deepEqual(
        { records: await rowsOf(formRecords), medicines: await rowsOf(medicines), audit: await rowsOf(auditLog) },
        counts,
      )
      const record = (await post(INFO, { id })).res
      assert.deepEqual(withReferences(record.data), expectedData(definitionOf('儿科医生查房签到表'), data, customer))
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_medicine ON medicines'))
    }
    // And a refused medicine row writes nothing either.
    const before = await rowsOf(formRecords)
    const badRow = await save('儿科医生查房签到表', {
      ...sampleFor('儿科医生查房签到表'),
      medicines: [{ medicine: 'x', dose: '1', route: 'iv' }],
    })
    assert.equal(badRow.msg, '用药记录第1行：用法的选项无效')
    assert.equal(await rowsOf(formRecords), before)
  })

  it('creates one record for saves with the same request_id, also when they arrive together', async () => {
    const requestId = randomUUID()
    const data = sampleFor('访客出入登记表')
    const first = await saved('访客出入登记表', data, { request_id: requestId })
    // A retry, even with other data, answers the first save and changes nothing.
    assert.deepEqual((await save('访客出入登记表', { ...data, remark: '重试' }, { request_id: requestId })).res, {
      id: first,
    })
    assert.equal((await post(INFO, { id: first })).res.data.remark, data.remark)

    // An update with a request_id: its retry changes nothing either.
    const edit = randomUUID()
    await saved('访客出入登记表', { ...data, remark: '第一次修改' }, { id: first, request_id: edit })
    assert.deepEqual(
      (await save('访客出入登记表', { ...data, remark: '第二次修改' }, { id: first, request_id: edit })).res,
      { id: first },
    )
    assert.equal((await post(INFO, { id: first })).res.data.remark, '第一次修改')

    const together = randomUUID()
    const replies = await Promise.all([1, 2, 3].map(() => save('访客出入登记表', data, { request_id: together })))
    assert.deepEqual(
      replies.map((r) => r.code),
      [1, 1, 1],
    )
    assert.equal(new Set(replies.map((r) => r.res.id)).size, 1)
    const rows = await app.db
      .select({ id: formRecords.id })
      .from(formRecords)
      .where(and(eq(formRecords.siteId, site.siteId), eq(formRecords.requestId, together)))
    assert.deepEqual(rows, [{ id: replies[0].res.id }])
    const audits = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.siteId, site.siteId),
          eq(auditLog.entityId, replies[0].res.id),
          eq(auditLog.entity, 'form_records'),
        ),
      )
    assert.equal(audits[0].n, 1)
  })

  it('keeps one live record per customer of a one-per-customer form', async () => {
    const who = site.customers[3]
    const data = sampleFor('小月子入住通知单', who)
    const replies = await Promise.all([1, 2].map(() => save('小月子入住通知单', data, { customer_id: who.id })))
    assert.deepEqual(replies.map((r) => r.code).sort(), [-6, 1])
    const refused = replies.find((r) => r.code === -6)!
    assert.equal(refused.msg, '该客户已有一份「小月子入住通知单」，请打开原记录修改')
    const id = replies.find((r) => r.code === 1)!.res.id
    // Editing it is fine; after its deletion a new one may be made.
    assert.equal((await save('小月子入住通知单', { ...data, days: 30 }, { customer_id: who.id, id })).code, 1)
    const en = await save('小月子入住通知单', data, { customer_id: who.id }, { lang: 'en' })
    assert.deepEqual(en, {
      code: -6,
      msg: 'This customer already has a "小月子入住通知单"; open it to make changes',
      res: null,
    })
    await post(DEL, { id })
    const again = await saved('小月子入住通知单', data, { customer_id: who.id })
    await post(DEL, { id: again })
  })
})

describe('a visit outside the centre’s rules', () => {
  const VISIT = '访客出入登记表'
  const setRules = (rules: Partial<typeof sites.$inferInsert>) =>
    app.db.update(sites).set(rules).where(eq(sites.id, site.siteId))
  const visitOf = (change: object) => {
    const { flag_reason: _reason, ...data } = sampleFor(VISIT)
    return { ...data, temperature: 36.6, health: ['fever'], ...change }
  }
  const today = () => centreToday(DEFAULT_ZONE)
  after(() => setRules({ visitFrom: null, visitTo: null, visitPolicy: 'reason' }))

  it('refuses a declaration that contradicts itself or its temperature, in the language of the request', async () => {
    const both = await save(VISIT, visitOf({ health: ['noFever', 'fever'] }))
    assert.deepEqual(both.res.errors, [{ path: 'health', message: '健康申报：“无发热”和“发热”不能同时选择' }])
    const none = await save(VISIT, visitOf({ health: ['none', 'cough'] }), {}, { lang: 'en' })
    assert.equal(none.code, -1)
    assert.match(none.msg, /cannot both be chosen/)
    const fever = await save(VISIT, visitOf({ temperature: 38, health: ['noFever'] }))
    assert.deepEqual(fever.res.errors, [
      { path: 'health', message: '健康申报选了“无发热”，与体温 38°C 矛盾（≥37.3°C 即为发热）' },
    ])
    assert.equal((await save(VISIT, visitOf({ temperature: 37.2, health: ['noFever', 'noCough'] }))).code, 1)
  })

  it('needs a reason where the centre lets a feverish or late visitor in', async () => {
    await setRules({ visitFrom: '10:00', visitTo: '20:00', visitPolicy: 'reason' })
    const reasonMissing = {
      code: -1,
      msg: '体温或到访时间超出本店规定，请填写放行原因',
      res: { errors: [{ path: 'flag_reason', message: '体温或到访时间超出本店规定，请填写放行原因' }] },
    }
    assert.deepEqual(await save(VISIT, visitOf({ temperature: 37.3 })), reasonMissing)
    assert.deepEqual(await save(VISIT, visitOf({ time_in: `${today()} 20:01` })), reasonMissing)
    assert.equal((await save(VISIT, visitOf({ temperature: 37.2, time_in: `${today()} 20:00` }))).code, 1)
    const id = await saved(VISIT, visitOf({ temperature: 37.8, flag_reason: '送药，戴口罩在大厅' }))
    assert.equal((await post(INFO, { id })).res.data.flag_reason, '送药，戴口罩在大厅')
  })

  it('refuses them where the centre says so, a reason or not, in the language of the request', async () => {
    await setRules({ visitFrom: '10:00', visitTo: '20:00', visitPolicy: 'refuse' })
    const fever = await save(VISIT, visitOf({ temperature: 37.5, flag_reason: '家属' }))
    assert.equal(fever.code, -1)
    assert.deepEqual(fever.res.errors, [
      { path: 'temperature', message: '体温 37.5°C，达到发热标准（≥37.3°C），本店不接待发热访客' },
    ])
    const late = await save(VISIT, visitOf({ time_in: `${today()} 21:30` }), {}, { lang: 'en' })
    assert.equal(late.msg, 'Time in 21:30 is outside the visiting hours (10:00–20:00): the centre does not register it')
    assert.equal((await save(VISIT, visitOf({}))).code, 1)
    // Without visiting hours, only a fever is checked.
    await setRules({ visitFrom: null, visitTo: null })
    assert.equal((await save(VISIT, visitOf({ time_in: `${today()} 23:30` }))).code, 1)
  })

  it('judges each visit by the hours it was saved under, whatever the centre sets later', async () => {
    const flagsOf = async (id: number) =>
      (await post(LIST, { name: VISIT, customer_id: customer.id, limit: 100 })).res.list
        .find((record: { id: number }) => record.id === id)
        .flags.map((flag: { rule: string; value: string; bound: string }) => [flag.rule, flag.value, flag.bound])
    const late = visitOf({ time_in: `${today()} 21:00` })
    await setRules({ visitFrom: '09:00', visitTo: '20:00', visitPolicy: 'reason' })
    const flagged = await saved(VISIT, { ...late, flag_reason: '送月子餐' })
    await setRules({ visitFrom: '08:00', visitTo: '22:00' })
    assert.deepEqual(await flagsOf(flagged), [['visitingHours', '21:00', '09:00–20:00']])
    const within = await saved(VISIT, late)
    assert.deepEqual(await flagsOf(within), [])
    // And the reverse: a visit within the hours stays within them when the centre shortens them.
    await setRules({ visitFrom: '09:00', visitTo: '20:00' })
    assert.deepEqual(await flagsOf(within), [])
    assert.deepEqual(await flagsOf(flagged), [['visitingHours', '21:00', '09:00–20:00']])
    await post(DEL, { id: flagged })
    await post(DEL, { id: within })
  })
})

describe('marks of values outside the centre’s ranges', () => {
  it('lists each round with its values out of range, the rule and the bound', async () => {
    const baby = customer.babies[0]
    const sample = sampleFor('儿科医生查房签到表')
    const round = {
      ...sample,
      baby_id: baby.id,
      temperature: 36.8,
      // Her birth weight is 3100 g: 2850 g is a loss of 8.1 %.
      weight: 2850,
      tcb_forehead: 18,
      tcb_chest: 12,
      // Her twin, in her own section, with a fever.
      babies: (sample.babies as Record<string, unknown>[]).map((twin) => ({ ...twin, temperature: 38 })),
    }
    const babyRound = await saved('儿科医生查房签到表', round)
    const obstetricRound = await saved('产科医生查房签到表', {
      ...sampleFor('产科医生查房签到表'),
      temperature: 37.2,
      bp_systolic: 150,
      bp_diastolic: 85,
    })
    const { list } = (await post(LIST, { customer_id: customer.id, page: 1, limit: 50 })).res
    const flagsOf = (id: number) =>
      list
        .find((record: { id: number }) => record.id === id)
        .flags.map((flag: { path: string; rule: string; value: unknown; bound: unknown }) => [
          flag.path,
          flag.rule,
          flag.value,
          flag.bound,
        ])
    // Ten days old, past the nomogram's last hour: the line holds at 17.5.
    assert.deepEqual(flagsOf(babyRound), [
      ['weight', 'weightLoss', 8.1, 7],
      ['tcb_forehead', 'jaundice', 18, 17.5],
      ['babies.0.temperature', 'babyTemperature', 38, 37.5],
    ])
    assert.deepEqual(flagsOf(obstetricRound), [['bp_systolic', 'systolic', 150, 140]])
    await post(DEL, { id: babyRound })
    await post(DEL, { id: obstetricRound })
  })
})

describe('getFormRecord', () => {
  let list: TestSite
  const ids: Record<string, number> = {}

  before(async () => {
    // A site of its own: the totals below are exact.
    list = await addSite(app)
    const [a, b] = list.customers
    const departmentIds = (await call(app, `${API}/departmentList`, {}, { token: list.token })).res.map(
      (d: { id: number }) => d.id,
    )
    const sample = (name: string, who: TestCustomer) =>
      validSample(definitionOf(name), { customer: who, room: who.room, departmentIds })
    const put = async (key: string, name: string, who: TestCustomer, data: object, createdAt: string) => {
      const reply = await call(app, SAVE, { name, customer_id: who.id, data }, { token: list.token })
      assert.equal(reply.code, 1, reply.msg)
      ids[key] = reply.res.id
      await app.db
        .update(formRecords)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(formRecords.id, reply.res.id))
    }
    // Shanghai days: 2024-03-04T16:00Z is 2024-03-05 00:00 there.
    await put(
      'visitA1',
      '访客出入登记表',
      a,
      { ...sample('访客出入登记表', a), visitor_name: '赵一鸣' },
      '2024-03-04T15:59:59Z',
    )
    await put(
      'visitA2',
      '访客出入登记表',
      a,
      { ...sample('访客出入登记表', a), visitor_name: '钱二丫' },
      '2024-03-04T16:00:00Z',
    )
    await put(
      'visitB',
      '访客出入登记表',
      b,
      { ...sample('访客出入登记表', b), visitor_name: '孙三_%' },
      '2024-03-05T15:59:59Z',
    )
    await put(
      'roundA',
      '儿科医生查房签到表',
      a,
      { ...sample('儿科医生查房签到表', a), medicines: [{ medicine: '双歧杆菌散', dose: '1g' }] },
      '2024-03-06T02:00:00Z',
    )
    await put('foodB', '家属订餐登记表', b, sample('家属订餐登记表', b), '2024-03-07T02:00:00Z')
  })

  const find = async (body: object) => {
    const reply = await call(app, LIST, { limit: 100, ...body }, { token: list.token })
    assert.equal(reply.code, 1, reply.msg)
    return { ids: reply.res.list.map((item: { id: number }) => item.id), total: reply.res.total, list: reply.res.list }
  }

  it('lists the live records of the site, newest first, with their customer and staff', async () => {
    const all = await find({})
    assert.deepEqual(all.ids, [ids.foodB, ids.roundA, ids.visitB, ids.visitA2, ids.visitA1])
    assert.equal(all.total, 5)
    const [food] = all.list
    assert.deepEqual(Object.keys(food).sort(), [
      'created_at',
      'created_by',
      'created_by_name',
      'customer_id',
      'customer_name',
      'data',
      'flags',
      'id',
      'name',
      'room',
      'updated_at',
      'updated_by',
      'updated_by_name',
    ])
    assert.equal(food.created_at, '2024-03-07T02:00:00.000Z')
    assert.equal(food.customer_name, list.customers[1].name)
    assert.equal(food.room, '802')
    assert.deepEqual(all.list[1].data.medicines, [{ medicine: '双歧杆菌散', dose: '1g' }])
  })

  it('pages with the total', async () => {
    const page2 = await find({ page: 2, limit: 2 })
    assert.deepEqual(page2.ids, [ids.visitB, ids.visitA2])
    assert.equal(page2.total, 5)
    const page3 = await find({ page: 3, limit: 2 })
    assert.deepEqual(page3.ids, [ids.visitA1])
    // Past the last page: no record, and still how many there are, with every kind of filter.
    assert.deepEqual(await find({ page: 4, limit: 2 }), { ids: [], total: 5, list: [] })
    assert.equal((await find({ page: 9, limit: 2, name: '访客出入登记表' })).total, 3)
    assert.equal((await find({ page: 9, limit: 2, customer_id: list.customers[0].id })).total, 3)
    assert.equal((await find({ page: 9, limit: 2, date_from: '2024-03-05', date_to: '2024-03-05' })).total, 2)
    assert.equal((await find({ page: 9, limit: 2, keyword: '802' })).total, 2)
    assert.equal((await call(app, LIST, { limit: 101 }, { token: list.token })).msg, 'limit 不能大于 100')
  })

  it('filters by form, customer and Shanghai days (both ends included)', async () => {
    assert.deepEqual((await find({ name: '访客出入登记表' })).ids, [ids.visitB, ids.visitA2, ids.visitA1])
    assert.deepEqual((await find({ customer_id: list.customers[0].id })).ids, [ids.roundA, ids.visitA2, ids.visitA1])
    assert.deepEqual((await find({ name: '访客出入登记表', customer_id: list.customers[1].id })).ids, [ids.visitB])
    const march5 = await find({ date_from: '2024-03-05', date_to: '2024-03-05' })
    assert.deepEqual(march5.ids, [ids.visitB, ids.visitA2])
    assert.equal(march5.total, 2)
    assert.deepEqual((await find({ date_from: '2024-03-06' })).ids, [ids.foodB, ids.roundA])
    assert.deepEqual((await find({ date_to: '2024-03-04' })).ids, [ids.visitA1])
  })

  it("finds records by the customer's name, room or phone and by text in the record", async () => {
    const [a, b] = list.customers
    assert.deepEqual((await find({ keyword: a.name })).ids, [ids.roundA, ids.visitA2, ids.visitA1])
    assert.deepEqual((await find({ keyword: '802' })).ids, [ids.foodB, ids.visitB])
    assert.deepEqual((await find({ keyword: b.phone.slice(-6) })).ids, [ids.foodB, ids.visitB])
    assert.deepEqual((await find({ keyword: '钱二' })).ids, [ids.visitA2])
    assert.deepEqual((await find({ keyword: '双歧杆菌' })).ids, [ids.roundA])
    assert.deepEqual((await find({ keyword: '_%' })).ids, [ids.visitB])
    assert.deepEqual((await find({ keyword: '钱二', name: '家属订餐登记表' })).ids, [])
    const paged = await find({ keyword: a.name, limit: 1 })
    assert.equal(paged.total, 3)
    assert.deepEqual((await find({ keyword: a.name, limit: 1, page: 2 })).ids, [ids.visitA2])
  })
})

describe('getFormRecordCount', () => {
  it('counts the records of a Shanghai day, per form or of one, as account/index does', async () => {
    const counter = await addSite(app)
    const who = counter.customers[0]
    const departmentIds = (await call(app, `${API}/departmentList`, {}, { token: counter.token })).res.map(
      (d: { id: number }) => d.id,
    )
    const sample = (name: string) => validSample(definitionOf(name), { customer: who, room: who.room, departmentIds })
    const at = async (name: string, createdAt?: string) => {
      const reply = await call(app, SAVE, { name, customer_id: who.id, data: sample(name) }, { token: counter.token })
      assert.equal(reply.code, 1, reply.msg)
      if (createdAt)
        await app.db
          .update(formRecords)
          .set({ createdAt: new Date(createdAt) })
          .where(eq(formRecords.id, reply.res.id))
      return reply.res.id
    }
    await at('访客出入登记表')
    await at('访客出入登记表')
    const gone = await at('访客出入登记表')
    await at('家属订餐登记表')
    await at('访客出入登记表', '2024-03-04T16:00:00Z')
    await call(app, DEL, { id: gone }, { token: counter.token })

    const ask = (body: object) => call(app, COUNT, body, { token: counter.token })
    assert.deepEqual((await ask({})).res, { counts: { 访客出入登记表: 2, 家属订餐登记表: 1 } })
    assert.deepEqual((await ask({ name: '访客出入登记表' })).res, { count: 2 })
    assert.deepEqual((await ask({ name: '收据遗失证明' })).res, { count: 0 })
    assert.deepEqual((await ask({ date: '2024-03-05' })).res, { counts: { 访客出入登记表: 1 } })
    assert.deepEqual((await ask({ name: '访客出入登记表', date: '2024-03-05' })).res, { count: 1 })
    const home = await call(app, '/api/care/account/index', {}, { token: counter.token })
    assert.deepEqual(home.res, { date: centreToday(DEFAULT_ZONE), counts: (await ask({})).res.counts })
  })
})

describe('delFormRecord', () => {
  it('soft-deletes: gone from lists and counts, kept in the table with who deleted it', async () => {
    const data = sampleFor('家属订餐登记表')
    const id = await saved('家属订餐登记表', data)
    const countBefore = (await post(COUNT, { name: '家属订餐登记表' })).res.count
    assert.deepEqual(await post(DEL, { id }), { code: 1, msg: '成功', res: null })
    assert.deepEqual(await post(INFO, { id }), { code: -2, msg: '记录不存在或已删除', res: null })
    assert.ok(
      !(await post(LIST, { name: '家属订餐登记表', limit: 100 })).res.list.some((r: { id: number }) => r.id === id),
    )
    assert.equal((await post(COUNT, { name: '家属订餐登记表' })).res.count, countBefore - 1)
    const [row] = await app.db.select().from(formRecords).where(eq(formRecords.id, id))
    assert.equal(row.deletedBy, site.accountId)
    assert.ok(row.deletedAt instanceof Date)
    const actions = await app.db
      .select({ action: auditLog.action, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'form_records'), eq(auditLog.entityId, id)))
    assert.deepEqual(actions.map((a) => a.action).sort(), ['create', 'delete'])
    assert.ok(actions.every((a) => a.accountId === site.accountId))
    // Again: not found.
    assert.deepEqual(await post(DEL, { id }, { lang: 'en' }), {
      code: -2,
      msg: 'The record does not exist or has been deleted',
      res: null,
    })
  })
})

describe('getFormPrefill', () => {
  const PREFILL = `${API}/getFormPrefill`
  const OBSTETRIC = '产科医生查房签到表'

  it("answers the doctor of the site's latest live round of the form, nothing else of it", async () => {
    const own = await addSite(app)
    const prefill = (token: string, name = OBSTETRIC) => call(app, PREFILL, { name }, { token })
    // A site without a round: nothing to start from (never the clerk's name).
    assert.deepEqual(await prefill(own.token), { code: 1, msg: '成功', res: {} })
    const round = (doctor: string) =>
      call(
        app,
        SAVE,
        { name: OBSTETRIC, customer_id: own.customers[0].id, data: { ...ownSample(own), doctor_name: doctor } },
        { token: own.token },
      )
    assert.equal((await round('周雅琴')).code, 1)
    const latest = (await round('陈思远')).res.id
    assert.deepEqual((await prefill(own.token)).res, { doctor_name: '陈思远' })
    // Another form's rounds are its own; a deleted round no longer counts.
    assert.deepEqual((await prefill(own.token, '儿科医生查房签到表')).res, {})
    assert.equal((await call(app, DEL, { id: latest }, { token: own.token })).code, 1)
    assert.deepEqual((await prefill(own.token)).res, { doctor_name: '周雅琴' })
    // Another site's rounds are not this site's.
    const other = await addSite(app)
    assert.deepEqual((await prefill(other.token)).res, {})
    // A form without such fields answers nothing, whatever its records hold.
    await saved('家属订餐登记表', sampleFor('家属订餐登记表'))
    assert.deepEqual((await post(PREFILL, { name: '家属订餐登记表' })).res, {})
  })
})

describe('礼包领取明细表 (a form record)', () => {
  it('is saved with saveForm, its gift type, products and batches checked against the site', async () => {
    const other = await addSite(app)
    const today = centreToday(DEFAULT_ZONE)
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const another = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const [giftType] = (await post(`${API}/giftTypeList`, {})).res
    const who = site.customers[0]
    const data = {
      customer_id: who.id,
      gift_type_id: giftType.id,
      receive_date: today,
      items: [row(productId, batches[0].id, 2)],
      receiver_signature: SIGNATURE,
      handler: '客服小李',
    }
    const save = (changes: object) =>
      post(`${API}/saveForm`, { name: '礼包领取明细表', customer_id: who.id, data: { ...data, ...changes } })
    const ok = await save({})
    assert.equal(ok.code, 1, ok.msg)
    assert.deepEqual(withReferences((await post(`${API}/getFormRecordInfo`, { id: ok.res.id })).res.data), data)
    assert.equal(
      (await save({ items: [row(another.productId, batches[0].id, 2)] })).msg,
      '物品明细第1行：批次的选项无效',
    )
    const foreign = await addProduct(app, other.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    assert.equal(
      (await save({ items: [row(foreign.productId, foreign.batches[0].id, 1)] })).msg,
      '物品明细第1行：物品的选项无效',
    )
    const foreignGift = (await call(app, `${API}/giftTypeList`, {}, { token: other.token })).res[0].id
    assert.equal((await save({ gift_type_id: foreignGift })).msg, '礼包类型的选项无效')
    assert.equal((await save({ receiver_signature: undefined })).msg, '请领取人签字')
    // A record of what was received: it moves no stock.
    assert.equal(await stockOf(app, batches[0].id), 5)
  })

  it('the stock forms are not saved with saveForm', async () => {
    const reply = await post(`${API}/saveForm`, { name: '出库单', data: {} })
    assert.deepEqual(reply, { code: -1, msg: '没有名为「出库单」的表单', res: null })
  })
})
