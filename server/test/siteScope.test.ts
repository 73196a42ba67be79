import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formRecords } from '../src/db/schema.js'
import { DEPARTMENTS } from '../src/demo/seed.js'
import { definitionOf, validSample } from './formSamples.js'
import { addSite, call, login, startApp, type TestCustomer } from './helpers.js'

const API = '/api/care/index'

let app: FastifyInstance
let siteOne: string
let siteTwo: string
let one: TestCustomer[]
let two: TestCustomer[]

/** The site's customers as test samples use them. */
async function customersOf(token: string): Promise<TestCustomer[]> {
  const { list } = (await call(app, '/api/care/customer/index', { limit: 100 }, { token })).res
  return list.map((c: TestCustomer & { children: { id: number; birth_date: string }[] }) => ({
    ...c,
    babies: c.children,
  }))
}
const departmentIds = async (token: string): Promise<number[]> =>
  (await call(app, `${API}/departmentList`, {}, { token })).res.map((d: { id: number }) => d.id)

before(async () => {
  app = await startApp()
  siteOne = await login(app, 'demo', 'demo1234')
  siteTwo = await login(app, 'demo2', 'demo1234')
  one = await customersOf(siteOne)
  two = await customersOf(siteTwo)
})
after(() => app.close())

describe("another site's records", () => {
  let recordId: number
  let roundId: number
  let medicineId: number
  const visit = (who: TestCustomer) =>
    validSample(definitionOf('访客出入登记表'), { customer: who, room: who.room, departmentIds: [] })

  before(async () => {
    const saved = await call(
      app,
      `${API}/saveForm`,
      { name: '访客出入登记表', customer_id: one[5].id, data: visit(one[5]) },
      { token: siteOne },
    )
    recordId = saved.res.id
    const rounds = validSample(definitionOf('儿科医生查房签到表'), {
      customer: one[5],
      room: one[5].room,
      departmentIds: [],
    })
    roundId = (
      await call(
        app,
        `${API}/saveForm`,
        { name: '儿科医生查房签到表', customer_id: one[5].id, data: rounds },
        { token: siteOne },
      )
    ).res.id
    medicineId = (await call(app, `${API}/medicineList`, { record_id: roundId }, { token: siteOne })).res[0].id
  })

  const notFound = { code: -2, msg: '记录不存在或已删除', res: null }

  it('cannot be read, listed or counted', async () => {
    assert.equal((await call(app, `${API}/getFormRecordInfo`, { id: recordId }, { token: siteOne })).code, 1)
    assert.deepEqual(await call(app, `${API}/getFormRecordInfo`, { id: recordId }, { token: siteTwo }), notFound)
    const listed = await call(app, `${API}/getFormRecord`, { customer_id: one[5].id }, { token: siteTwo })
    assert.deepEqual(listed.res, { list: [], total: 0 })
    const all = await call(app, `${API}/getFormRecord`, { limit: 100 }, { token: siteTwo })
    assert.ok(all.res.list.every((item: { id: number }) => item.id !== recordId && item.id !== roundId))
    const ours = (await call(app, `${API}/getFormRecord`, { keyword: one[5].name, limit: 100 }, { token: siteTwo })).res
      .list
    assert.ok(ours.every((item: { customer_id: number }) => two.some((c) => c.id === item.customer_id)))
  })

  it('does not change the counts of the other site', async () => {
    const name = '收据遗失证明'
    const count = async (token: string) => (await call(app, `${API}/getFormRecordCount`, { name }, { token })).res.count
    const [beforeOne, beforeTwo] = [await count(siteOne), await count(siteTwo)]
    const sample = validSample(definitionOf(name), { customer: one[6], room: one[6].room, departmentIds: [] })
    const saved = await call(app, `${API}/saveForm`, { name, customer_id: one[6].id, data: sample }, { token: siteOne })
    assert.equal(saved.code, 1)
    assert.equal(await count(siteOne), beforeOne + 1)
    assert.equal(await count(siteTwo), beforeTwo)
    const home = await call(app, '/api/care/account/index', {}, { token: siteTwo })
    assert.equal(home.res.counts[name] ?? 0, beforeTwo)
  })

  it('cannot be edited or deleted, and nothing can be saved for its customers', async () => {
    const edited = await call(
      app,
      `${API}/saveForm`,
      { name: '访客出入登记表', customer_id: two[0].id, data: visit(two[0]), id: recordId },
      { token: siteTwo },
    )
    assert.deepEqual(edited, notFound)
    assert.deepEqual(await call(app, `${API}/delFormRecord`, { id: recordId }, { token: siteTwo }), notFound)
    const [row] = await app.db.select().from(formRecords).where(eq(formRecords.id, recordId))
    assert.equal(row.deletedAt, null)
    assert.equal(row.customerId, one[5].id)

    const forTheirs = await call(
      app,
      `${API}/saveForm`,
      { name: '访客出入登记表', customer_id: one[0].id, data: visit(one[0]) },
      { token: siteTwo },
    )
    assert.deepEqual(forTheirs, { code: -2, msg: '客户不存在', res: null })
    // Also not by naming their customer inside the data only.
    const inData = await call(
      app,
      `${API}/saveForm`,
      { name: '访客出入登记表', customer_id: two[0].id, data: visit(one[0]) },
      { token: siteTwo },
    )
    assert.equal(inData.code, -1)
  })

  it('keeps its medicines out of reach', async () => {
    assert.deepEqual(await call(app, `${API}/medicineList`, { record_id: roundId }, { token: siteTwo }), notFound)
    const add = await call(
      app,
      `${API}/medicineSave`,
      { record_id: roundId, medicine: '阿莫西林', dose: '1粒' },
      { token: siteTwo },
    )
    assert.deepEqual(add, notFound)
    const del = await call(app, `${API}/medicineDel`, { id: medicineId }, { token: siteTwo })
    assert.deepEqual(del, { code: -2, msg: '用药记录不存在或已删除', res: null })
    assert.equal((await call(app, `${API}/medicineList`, { record_id: roundId }, { token: siteOne })).res.length, 1)
  })

  it('cannot be reached through its check-in rules', async () => {
    const theirs = (await call(app, `${API}/getSurvey`, {}, { token: siteOne })).res
    const ours = (await call(app, `${API}/getSurvey`, {}, { token: siteTwo })).res
    assert.notEqual(theirs.id, ours.id)
    const data = { agree: ['yes'], customer_signature: '/uploads/sign.png', sign_date: '2024-03-05' }
    const theirSurvey = await call(
      app,
      `${API}/answerSave`,
      { customer_id: two[0].id, survey_id: theirs.id, data },
      { token: siteTwo },
    )
    assert.deepEqual(theirSurvey, { code: -2, msg: '入住须知不存在', res: null })
    const theirCustomer = await call(
      app,
      `${API}/answerSave`,
      { customer_id: one[0].id, survey_id: ours.id, data },
      { token: siteTwo },
    )
    assert.deepEqual(theirCustomer, { code: -2, msg: '客户不存在', res: null })
  })
})

describe('floorList and departmentList', () => {
  it("list the site's rooms by floor with who stays in them", async () => {
    const floors = (await call(app, `${API}/floorList`, {}, { token: siteOne })).res
    assert.deepEqual(
      floors.map((f: { floor: number }) => f.floor),
      [8, 9],
    )
    assert.deepEqual(
      floors[0].rooms.map((r: { room: string }) => r.room),
      Array.from({ length: 30 }, (_, i) => String(801 + i)),
    )
    assert.deepEqual(
      floors[1].rooms.map((r: { room: string }) => r.room),
      Array.from({ length: 20 }, (_, i) => String(901 + i)),
    )
    // Every demo customer is in her room; floor 9 is free.
    for (const customer of one) {
      assert.equal(floors[0].rooms.find((r: { room: string }) => r.room === customer.room).customer_id, customer.id)
    }
    assert.ok(floors[1].rooms.every((r: { customer_id: number | null }) => r.customer_id === null))
    // A room holds the mother of its open stay: in house or arriving today; the one who left holds none.
    const other = (await call(app, `${API}/floorList`, {}, { token: siteTwo })).res
    const everyone = (await call(app, '/api/care/customer/index', { limit: 100, status: 'all' }, { token: siteTwo }))
      .res.list as { id: number; stay: { status: string } }[]
    assert.deepEqual(
      other[0].rooms.map((r: { customer_id: number }) => r.customer_id),
      everyone.map((c) => (c.stay.status === 'left' ? null : c.id)),
    )
    assert.deepEqual(everyone.map((c) => c.stay.status).slice(-3), ['arriving', 'in_house', 'left'])
  })

  it("list the site's departments", async () => {
    const ours = (await call(app, `${API}/departmentList`, {}, { token: siteOne })).res
    const theirs = (await call(app, `${API}/departmentList`, {}, { token: siteTwo })).res
    assert.deepEqual(
      ours.map((d: { name: string }) => d.name),
      DEPARTMENTS,
    )
    assert.deepEqual(
      theirs.map((d: { name: string }) => d.name),
      DEPARTMENTS,
    )
    assert.ok(ours.every((d: { id: number }) => !theirs.some((t: { id: number }) => t.id === d.id)))
    assert.deepEqual(DEPARTMENTS, ['客服部', '护理部', '厨房', '母婴部', '财务部'])
  })

  it('answer the new site lists of a site of its own, and require a login', async () => {
    const site = await addSite(app)
    const floors = (await call(app, `${API}/floorList`, {}, { token: site.token })).res
    assert.deepEqual(
      floors[0].rooms
        .slice(0, 5)
        .map((r: { room: string; customer_id: number | null; name: string | null }) => [r.room, r.customer_id, r.name]),
      [...site.customers.map((c) => [c.room, c.id, c.name]), ['805', null, null]],
    )
    assert.equal((await departmentIds(site.token)).length, 5)
    assert.equal((await call(app, `${API}/floorList`)).code, -90001)
    assert.equal((await call(app, `${API}/getFormRecord`)).code, -90001)
  })
})

describe('demo records', () => {
  it('are seeded for today and the days before in every site', async () => {
    for (const token of [siteOne, siteTwo]) {
      const today = (await call(app, `${API}/getFormRecordCount`, {}, { token })).res.counts
      assert.ok(today['访客出入登记表'] >= 3)
      assert.ok(today['儿科医生查房签到表'] >= 2)
      const names = new Set(
        (await call(app, `${API}/getFormRecord`, { limit: 100 }, { token })).res.list.map(
          (r: { name: string }) => r.name,
        ),
      )
      for (const name of [
        '访客出入登记表',
        '儿科医生查房签到表',
        '产科医生查房签到表',
        '家属订餐登记表',
        '收据遗失证明',
        '月子入住通知单',
      ]) {
        assert.ok(names.has(name), name)
      }
    }
  })
})
