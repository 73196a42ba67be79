import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { auditLog, stays } from '../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { addSite, call, startApp, type TestSite } from '../../helpers.js'

// Her stays in every case: an early arrival, a check-out undone, and a mother who left admitted
// again from her file, from the duplicate offer and from her check-in notice.

const SAVE = '/api/care/customer/save'
const INFO = '/api/care/customer/info'
const CHECKIN = '/api/care/customer/checkin'
const CHECKOUT = '/api/care/customer/checkout'
const UNDO = '/api/care/customer/undoCheckout'
const FILE = '/api/care/customer/timeline'
const SAVE_FORM = '/api/care/index/saveForm'

let app: FastifyInstance
let clinic: TestSite
let today: string
let phones = 0
const newPhone = () => `135${String(Date.now() % 1e5).padStart(5, '0')}${String(phones++).padStart(3, '0')}`

const as = (url: string, body: object, lang?: string) =>
  call(app, url, body, { token: clinic.token, ...(lang ? { lang } : {}) })
const infoOf = async (id: number) => (await as(INFO, { id })).res
const stayOf = async (id: number) => (await infoOf(id)).stay

/** A mother admitted into `room` from `checkIn` for 28 days. */
const admissionOf = (room: string, checkIn: string, extra: Record<string, unknown> = {}) => ({
  customer_name: '李预约',
  phone: newPhone(),
  babies: [{ name: '宝宝', sex: 'female', birth_date: addDays(today, -2), birth_weight: 3100 }],
  stay_kind: 'month',
  room,
  check_in_date: checkIn,
  days: 28,
  ...extra,
})

async function admit(room: string, checkIn: string, extra: Record<string, unknown> = {}) {
  const body = admissionOf(room, checkIn, extra)
  const saved = await as(SAVE, body)
  assert.equal(saved.code, 1, saved.msg)
  return { id: saved.res.id as number, body }
}

/** A mother admitted today and checked out: she left. */
async function leftCustomer(room: string, name: string) {
  const { id, body } = await admit(room, today, { customer_name: name })
  assert.equal((await as(CHECKOUT, { customer_id: id })).code, 1)
  return { id, body }
}

before(async () => {
  app = await startApp()
  clinic = await addSite(app)
  today = centreToday(DEFAULT_ZONE)
})
after(() => app.close())

describe('an early arrival', () => {
  it('is asked about her leave date, then counts from the day she came: day 1, leave date kept or moved', async () => {
    const booked = addDays(today, 3)
    const keep = await admit('901', booked)
    assert.equal((await stayOf(keep.id)).status, 'arriving')

    const unasked = await as(CHECKIN, { customer_id: keep.id })
    assert.equal(unasked.code, -1)
    assert.equal(unasked.msg, `她预约 ${booked} 入住，提前到了：请选择保留离所日期或顺延离所日期`)
    assert.equal((await as(CHECKIN, { customer_id: keep.id }, 'en')).msg.includes('keep or move'), true)
    assert.equal((await stayOf(keep.id)).status, 'arriving')

    assert.equal((await as(CHECKIN, { customer_id: keep.id, leave: 'keep' })).code, 1)
    const kept = await stayOf(keep.id)
    assert.deepEqual(
      [kept.status, kept.check_in_date, kept.leave_date, kept.planned_days, kept.day],
      ['in_house', today, addDays(booked, 28), 31, 1],
    )

    const move = await admit('902', booked)
    assert.equal((await as(CHECKIN, { customer_id: move.id, leave: 'move' })).code, 1)
    const moved = await stayOf(move.id)
    assert.deepEqual(
      [moved.check_in_date, moved.leave_date, moved.planned_days, moved.day],
      [today, addDays(today, 28), 28, 1],
    )
    // On the room board too.
    const board = JSON.stringify((await as('/api/care/room/board', {})).res)
    assert.match(board, /"room":"901","state":"in_use","occupant":\{[^}]*"day":1,/)

    // Checked out the same day: she left on the day she came, never before.
    assert.equal((await as(CHECKOUT, { customer_id: move.id })).code, 1)
    const left = await stayOf(move.id)
    assert.deepEqual([left.check_in_date, left.left_on], [today, today])
  })

  it('that arrives late keeps counting from her booked date; a day is never below 1', async () => {
    const late = await admit('903', addDays(today, 2))
    await app.db
      .update(stays)
      .set({ checkInDate: addDays(today, -2) })
      .where(eq(stays.customerId, late.id))
    assert.equal((await as(CHECKIN, { customer_id: late.id })).code, 1)
    assert.deepEqual([(await stayOf(late.id)).check_in_date, (await stayOf(late.id)).day], [addDays(today, -2), 3])

    // A stay in house whose date lies ahead (as before this fix) still counts day 1, and leaves no earlier than it came.
    const ahead = await admit('904', today)
    await app.db
      .update(stays)
      .set({ checkInDate: addDays(today, 3) })
      .where(eq(stays.customerId, ahead.id))
    assert.equal((await stayOf(ahead.id)).day, 1)
    assert.equal((await as(CHECKOUT, { customer_id: ahead.id })).code, 1)
    const left = await stayOf(ahead.id)
    assert.ok(left.left_on >= left.check_in_date)
  })
})

describe('a check-out undone', () => {
  it('the same day, while her room is free: in house again, audited', async () => {
    const { id } = await leftCustomer('905', '吴秀英')
    assert.equal((await stayOf(id)).status, 'left')
    assert.equal((await as(UNDO, { customer_id: id })).code, 1)
    const stay = await stayOf(id)
    assert.deepEqual([stay.status, stay.left_on, stay.room, stay.day], ['in_house', null, '905', 1])
    const [audit] = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stays'), eq(auditLog.entityId, stay.id), eq(auditLog.action, 'undoCheckOut')))
    assert.equal(audit.action, 'undoCheckOut')
    // Nothing left to undo now.
    assert.deepEqual(await as(UNDO, { customer_id: id }), {
      code: -6,
      msg: '只能撤销今天办理的退房',
      res: null,
    })
  })

  it('is refused on another day or once her room is taken', async () => {
    const earlier = await leftCustomer('906', '周昨天')
    await app.db
      .update(stays)
      .set({ leftOn: addDays(today, -1) })
      .where(eq(stays.customerId, earlier.id))
    assert.equal((await as(UNDO, { customer_id: earlier.id })).code, -6)

    const gone = await leftCustomer('907', '郑房满')
    await admit('907', today, { customer_name: '新住客' })
    const taken = await as(UNDO, { customer_id: gone.id })
    assert.equal(taken.code, -6)
    assert.equal(taken.msg, '房间 907 已有客户入住或预订，请换一间')
    assert.equal((await stayOf(gone.id)).status, 'left')

    // Another site's mother is not found.
    const elsewhere = await addSite(app)
    const theirs = await call(app, UNDO, { customer_id: gone.id }, { token: elsewhere.token })
    assert.equal(theirs.code, -2)
  })
})

describe('a mother who left comes back', () => {
  const fileOf = async (id: number) => (await as(FILE, { customer_id: id, page: 1, limit: 10 })).res.file

  it('from her file: her details kept, a second stay in house, both in her file', async () => {
    const { id, body } = await leftCustomer('908', '吴秀英')
    const her = await infoOf(id)
    const again = await as(SAVE, {
      ...admissionOf('909', today),
      id,
      customer_name: her.name,
      phone: her.phone,
      babies: body.babies,
    })
    assert.equal(again.code, 1, again.msg)
    assert.equal(again.res.id, id)
    const file = await fileOf(id)
    assert.deepEqual([file.room, file.stay.status, file.stay.room, file.stay.day], ['909', 'in_house', '909', 1])
    assert.deepEqual(
      file.stays.map((s: { room: string; status: string }) => [s.room, s.status]),
      [
        ['909', 'in_house'],
        ['908', 'left'],
      ],
    )
  })

  it('from the duplicate offer: her phone names her as left, and what was typed books her stay', async () => {
    const { id, body } = await leftCustomer('910', '冯离开')
    const typed = admissionOf('911', today, { customer_name: '冯离开', phone: body.phone })
    const offered = await as(SAVE, typed)
    assert.equal(offered.code, -9)
    assert.deepEqual(offered.res.duplicate, {
      id,
      name: '冯离开',
      phone: body.phone,
      room: '910',
      field: 'phone',
      left: true,
    })
    // Admitted again with what was typed, her earlier baby kept before the new rows.
    const again = await as(SAVE, { ...typed, id, babies: [...body.babies, ...typed.babies] })
    assert.equal(again.code, 1, again.msg)
    const her = await infoOf(id)
    assert.deepEqual([her.room, her.stay.status, her.children.length], ['911', 'in_house', 2])
    // In house, she is offered as such.
    const inHouse = await as(SAVE, admissionOf('912', today, { phone: body.phone }))
    assert.equal(inHouse.res.duplicate.left, false)
  })

  it("from her check-in notice: the notice books her stay in the record's transaction", async () => {
    const { id, body } = await leftCustomer('913', '陈通知')
    const departments = (await as('/api/care/index/departmentList', {})).res.map((d: { id: number }) => d.id)
    const [stayPackage] = (await as('/api/care/index/stayPackageList', {})).res
    const notice = (room: string) => ({
      customer_name: '陈通知',
      phone: body.phone,
      package_id: stayPackage.id,
      room,
      check_in_date: today,
      days: 28,
      departments: departments.slice(0, 1),
    })
    // A room taken refuses the notice and books nothing.
    const refused = await as(SAVE_FORM, { name: '月子入住通知单', customer_id: id, data: notice('901') })
    assert.equal(refused.code, -6)
    assert.equal((await stayOf(id)).status, 'left')

    const saved = await as(SAVE_FORM, { name: '月子入住通知单', customer_id: id, data: notice('914') })
    assert.equal(saved.code, 1, saved.msg)
    const stay = await stayOf(id)
    assert.deepEqual([stay.status, stay.room, stay.check_in_date, stay.day], ['in_house', '914', today, 1])
    assert.equal(stay.package_id, stayPackage.id)
    assert.equal((await infoOf(id)).room, '914')
    // A second notice while she is in house books nothing more (one per mother, as before).
    const second = await as(SAVE_FORM, { name: '月子入住通知单', customer_id: id, data: notice('914') })
    assert.equal(second.code, -6)
    assert.equal((await fileOf(id)).stays.length, 2)
  })
})
