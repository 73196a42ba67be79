import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { auditLog } from '../../../../src/db/schema.js'
import { definitionOf, validSample } from '../../../formSamples.js'
import { call } from '../../../helpers.js'
import { app, site, useSite } from '../../../siteFixture.js'

const API = '/api/care/index'

useSite()

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  call(app, `${API}/${path}`, body, { token: site.token, ...headers })

describe('medicines of a round record', () => {
  let recordId: number

  before(async () => {
    const customer = site.customers[0]
    const data = {
      ...validSample(definitionOf('产科医生查房签到表'), { customer, room: customer.room, departmentIds: [] }),
      medicines: [{ medicine: '益母草颗粒', dose: '1袋', route: 'oral', frequency: '每日两次', days: 7 }],
    }
    recordId = (await post('saveForm', { name: '产科医生查房签到表', customer_id: customer.id, data })).res.id
  })

  it('lists, adds, changes and deletes them, and the record shows them in data.medicines', async () => {
    const [first] = (await post('medicineList', { record_id: recordId })).res
    assert.deepEqual(
      { ...first, created_at: undefined, updated_at: undefined },
      {
        id: first.id,
        record_id: recordId,
        medicine: '益母草颗粒',
        dose: '1袋',
        route: 'oral',
        frequency: '每日两次',
        days: 7,
        note: null,
        created_at: undefined,
        created_by: site.accountId,
        updated_at: undefined,
        updated_by: site.accountId,
      },
    )

    const added = await post('medicineSave', {
      record_id: recordId,
      medicine: '布洛芬缓释胶囊',
      dose: '0.3g',
      route: 'oral',
      note: '疼痛时',
    })
    assert.equal(added.code, 1)
    const changed = await post('medicineSave', {
      record_id: recordId,
      id: added.res.id,
      medicine: '布洛芬缓释胶囊',
      dose: '0.3g',
      days: 3,
    })
    assert.deepEqual(changed.res, { id: added.res.id })
    const list = (await post('medicineList', { record_id: recordId })).res
    assert.deepEqual(
      list.map((m: { id: number }) => m.id),
      [first.id, added.res.id],
    )
    assert.equal(list[1].days, 3)
    assert.equal(list[1].note, null)

    const info = (await post('getFormRecordInfo', { id: recordId })).res
    assert.deepEqual(info.data.medicines, [
      { medicine: '益母草颗粒', dose: '1袋', route: 'oral', frequency: '每日两次', days: 7 },
      { medicine: '布洛芬缓释胶囊', dose: '0.3g', days: 3 },
    ])
    assert.deepEqual(
      info.medicines.map((m: { id: number }) => m.id),
      [first.id, added.res.id],
    )
    // Who changed the medicines changed the record.
    assert.ok(info.updated_at > info.created_at)
    // Saving the record without the medicines key keeps them.
    const { medicines: _, ...withoutMedicines } = info.data
    const resaved = await post('saveForm', {
      name: info.name,
      customer_id: info.customer_id,
      id: recordId,
      data: withoutMedicines,
    })
    assert.equal(resaved.code, 1, resaved.msg)
    assert.equal((await post('medicineList', { record_id: recordId })).res.length, 2)
    // The keyword search finds the record by its medicines, also those added one by one.
    const found = await post('getFormRecord', { keyword: '布洛芬' })
    assert.deepEqual(
      found.res.list.map((r: { id: number }) => r.id),
      [recordId],
    )

    assert.deepEqual(await post('medicineDel', { id: first.id }), { code: 1, msg: '成功', res: null })
    assert.deepEqual(
      (await post('medicineList', { record_id: recordId })).res.map((m: { id: number }) => m.id),
      [added.res.id],
    )
    assert.deepEqual(await post('medicineDel', { id: first.id }), {
      code: -2,
      msg: '用药记录不存在或已删除',
      res: null,
    })
    assert.equal((await post('getFormRecord', { keyword: '益母草' })).res.total, 0)

    const audit = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.entity, 'medicines')))
    assert.deepEqual(audit.map((a) => a.action).sort(), ['create', 'delete', 'update'])
  })

  it("validates them with the form's medicine row, naming the field", async () => {
    const missing = await post('medicineSave', { record_id: recordId, medicine: '维生素C' })
    assert.deepEqual(missing, {
      code: -1,
      msg: '请输入剂量',
      res: { errors: [{ path: 'dose', message: '请输入剂量' }] },
    })
    const route = await post(
      'medicineSave',
      { record_id: recordId, medicine: '维生素C', dose: '1片', route: 'iv' },
      { lang: 'en' },
    )
    assert.equal(route.msg, 'Route is not one of the options')
    const long = await post('medicineSave', { record_id: recordId, medicine: '药'.repeat(51), dose: '1片' })
    assert.equal(long.msg, '药品名称最多50个字')
  })

  it('belong to round records only, live ones of the site', async () => {
    const customer = site.customers[1]
    const visit = validSample(definitionOf('访客出入登记表'), { customer, room: customer.room, departmentIds: [] })
    const visitId = (await post('saveForm', { name: '访客出入登记表', customer_id: customer.id, data: visit })).res.id
    assert.deepEqual(await post('medicineList', { record_id: visitId }), {
      code: -1,
      msg: '「访客出入登记表」没有用药记录',
      res: null,
    })
    assert.equal((await post('medicineSave', { record_id: visitId, medicine: '维生素C', dose: '1片' })).code, -1)
    const [one] = (await post('medicineList', { record_id: recordId })).res
    // A medicine of this record, named with another round record: not found.
    const rounds = validSample(definitionOf('儿科医生查房签到表'), { customer, room: customer.room, departmentIds: [] })
    const otherRound = (await post('saveForm', { name: '儿科医生查房签到表', customer_id: customer.id, data: rounds }))
      .res.id
    const wrongRecord = await post('medicineSave', { record_id: otherRound, id: one.id, medicine: 'x', dose: '1' })
    assert.deepEqual(wrongRecord, { code: -2, msg: '用药记录不存在或已删除', res: null })
    await post('delFormRecord', { id: recordId })
    assert.equal((await post('medicineList', { record_id: recordId })).code, -2)
    assert.equal((await post('medicineSave', { record_id: recordId, medicine: 'x', dose: '1' })).code, -2)
    assert.equal((await post('medicineDel', { id: one.id })).code, -2)
  })
})
