import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { auditLog, customers, formRecords, rooms, stays } from '../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { definitionOf, SIGNATURE, validSample } from '../../formSamples.js'
import {
  accessLines,
  addAccount,
  addSite,
  call,
  lineOf,
  login,
  startApp,
  stockRefs,
  type TestSite,
} from '../../helpers.js'

interface Customer {
  id: number
  name: string
  phone: string
  room: string
  delivery_date: string
  children: { id: number; name: string; sex: string; birth_date: string; birth_weight: number }[]
}

const LIST = '/api/care/customer/index'
const INFO = '/api/care/customer/info'

let app: FastifyInstance
let siteOne: string
let siteTwo: string
let all: Customer[]

before(async () => {
  app = await startApp()
  siteOne = await login(app, 'demo', 'demo1234')
  siteTwo = await login(app, 'demo2', 'demo1234')
  all = (await call(app, LIST, { limit: 100, status: 'all' }, { token: siteOne })).res.list
})
after(() => app.close())

const search = async (keyword: string, token = siteOne): Promise<Customer[]> =>
  (await call(app, LIST, { keyword, limit: 100, status: 'all' }, { token })).res.list

describe('customer/index', () => {
  it('lists the seeded customers of the site by room, each with her babies', async () => {
    assert.equal(all.length, 30)
    assert.deepEqual(
      all.map((c) => c.room),
      Array.from({ length: 30 }, (_, i) => String(801 + i)),
    )
    for (const customer of all) {
      assert.match(customer.phone, /^1[3-9]\d{9}$/)
      assert.match(customer.delivery_date, /^\d{4}-\d{2}-\d{2}$/)
      assert.ok(customer.children.length >= 1 && customer.children.length <= 2)
      for (const child of customer.children) {
        assert.equal(child.birth_date, customer.delivery_date)
        assert.ok(['male', 'female'].includes(child.sex))
        assert.ok(child.birth_weight >= 2000 && child.birth_weight <= 4500)
      }
    }
  })

  it('pages with a total', async () => {
    const page2 = await call(app, LIST, { page: 2, limit: 7, status: 'all' }, { token: siteOne })
    assert.equal(page2.res.total, 30)
    assert.deepEqual(page2.res.list, all.slice(7, 14))
    const first = await call(app, LIST, { status: 'all' }, { token: siteOne })
    assert.equal(first.res.list.length, 20)
    const last = await call(app, LIST, { page: 5, limit: 7, status: 'all' }, { token: siteOne })
    assert.deepEqual(last.res.list, all.slice(28))
    assert.equal(last.res.total, 30)
    // Past the last page: no customer, and still how many there are (with a keyword too).
    assert.deepEqual((await call(app, LIST, { page: 6, limit: 7, status: 'all' }, { token: siteOne })).res, {
      list: [],
      total: 30,
    })
    const matching = await call(app, LIST, { page: 1, limit: 30, keyword: '80', status: 'all' }, { token: siteOne })
    assert.ok(matching.res.total > 0)
    const past = await call(app, LIST, { page: 9, limit: 30, keyword: '80', status: 'all' }, { token: siteOne })
    assert.deepEqual(past.res, { list: [], total: matching.res.total })
  })

  it('answers a first page again until a mother, a baby, a stay or a package of the site changes', async () => {
    const firstPage = async () => (await call(app, LIST, {}, { token: siteOne })).res.list as Customer[]
    const [customer] = await firstPage()
    const [baby] = customer.children
    const stay = (customer as Customer & { stay: { id: number; package_id: number; package_name: string } }).stay
    const [kept] = await firstPage()
    assert.deepEqual(kept, customer)
    // Written by hand, as another instance or a script would: each shows on the next read.
    const changes: [string, SQL, SQL, (row: Customer & { stay: typeof stay }) => unknown, unknown][] = [
      [
        'her name',
        sql`update customers set name = name || '·' where id = ${customer.id}`,
        sql`update customers set name = ${customer.name} where id = ${customer.id}`,
        (row) => row.name,
        `${customer.name}·`,
      ],
      [
        "her baby's name",
        sql`update babies set name = '改名' where id = ${baby.id}`,
        sql`update babies set name = ${baby.name} where id = ${baby.id}`,
        (row) => row.children[0].name,
        '改名',
      ],
      [
        "her stay's days",
        sql`update stays set planned_days = planned_days + 1 where id = ${stay.id}`,
        sql`update stays set planned_days = planned_days - 1 where id = ${stay.id}`,
        (row) => row.stay.id === stay.id && (row.stay as unknown as { planned_days: number }).planned_days,
        (stay as unknown as { planned_days: number }).planned_days + 1,
      ],
      [
        "her package's name",
        sql`update stay_packages set name = '改名套餐' where id = ${stay.package_id}`,
        sql`update stay_packages set name = ${stay.package_name} where id = ${stay.package_id}`,
        (row) => row.stay.package_name,
        '改名套餐',
      ],
    ]
    for (const [what, change, undo, read, expected] of changes) {
      await app.db.execute(change)
      try {
        const [row] = (await firstPage()) as (Customer & { stay: typeof stay })[]
        assert.deepEqual(read(row), expected, what)
      } finally {
        await app.db.execute(undo)
      }
      assert.deepEqual((await firstPage())[0], customer, `${what} undone`)
    }
  })

  it('finds customers by name, room or phone', async () => {
    const target = all[12]
    assert.ok((await search(target.name)).some((c) => c.id === target.id))
    assert.deepEqual(
      (await search(target.room)).map((c) => c.id),
      [target.id],
    )
    assert.deepEqual(
      (await search(target.phone.slice(3, 10))).map((c) => c.id),
      [target.id],
    )
    // A surname: every customer who has it, and nobody else.
    const surname = target.name[0]
    assert.deepEqual(
      (await search(surname)).map((c) => c.id),
      all.filter((c) => c.name.includes(surname)).map((c) => c.id),
    )
  })

  it('takes % and _ in the keyword literally', async () => {
    assert.deepEqual(await search('%'), [])
    assert.deepEqual(await search('8_1'), [])
  })

  it("never lists another site's customers", async () => {
    const other = (await call(app, LIST, { limit: 100, status: 'all' }, { token: siteTwo })).res
    assert.equal(other.total, 30)
    const ours = new Set(all.map((c) => c.id))
    assert.ok(other.list.every((c: Customer) => !ours.has(c.id)))
    // Both sites have a room 801: each sees its own.
    const [room801] = await search('801', siteTwo)
    assert.equal(room801.id, other.list[0].id)
    assert.notEqual(room801.id, all[0].id)
  })

  it('names the field of an invalid request', async () => {
    assert.deepEqual(await call(app, LIST, { limit: 101 }, { token: siteOne, lang: 'en' }), {
      code: -1,
      msg: 'limit must be at most 100',
      res: null,
    })
    assert.equal((await call(app, LIST, { limit: 101 }, { token: siteOne })).msg, 'limit 不能大于 100')
    assert.equal((await call(app, LIST, { page: 0 }, { token: siteOne })).msg, 'page 不能小于 1')
    assert.equal(
      (await call(app, LIST, { page: 'two' }, { token: siteOne, lang: 'en' })).msg,
      'page must be of type integer',
    )
  })
})

describe('customer/info', () => {
  it('answers one customer of the site with her babies, her stay and her details', async () => {
    const target = all.find((c) => c.children.length === 2) ?? all[0]
    const reply = await call(app, INFO, { id: target.id }, { token: siteOne })
    assert.equal(reply.code, 1)
    const { delivery_mode, hospital, allergies, diet_needs, remark, ...listed } = reply.res
    assert.deepEqual(listed, target)
    // Her ID number stays off the answer the phone keeps.
    assert.ok(!('id_card' in reply.res))
    assert.deepEqual([delivery_mode, hospital, allergies, diet_needs, remark], [null, null, null, null, null])
  })

  it("answers not-found for another site's customer, never its data", async () => {
    const reply = await call(app, INFO, { id: all[0].id }, { token: siteTwo })
    assert.deepEqual(reply, { code: -2, msg: '客户不存在', res: null })
  })

  it('requires the id', async () => {
    assert.deepEqual(await call(app, INFO, {}, { token: siteOne }), { code: -1, msg: 'id 不能为空', res: null })
  })
})

// ---------------------------------------------------------------------------------------------
// Admission, stays and check-out, on sites of their own

const SAVE = '/api/care/customer/save'
const CHECKOUT = '/api/care/customer/checkout'
const CHECKIN = '/api/care/customer/checkin'
const SAVE_FORM = '/api/care/index/saveForm'

/** An ID number whose check digit is right (GB 11643). */
const ID_CARD = '11010519491231002X'
/** Another valid ID number, of a mother whose details change. */
const ID_CARD_KEPT = '110105199003071239'
/** Another, of a mother whom the offer names to plain staff. */
const ID_CARD_HELD = '110105198001010008'

let phones = 0
/** A mobile number no other test of the file uses. */
const newPhone = () => `136${String(Date.now() % 1e5).padStart(5, '0')}${String(phones++).padStart(3, '0')}`

/** A new mother's admission into `room`, checked in on `checkIn` for 28 days, with twins. */
const admissionOf = (room: string, checkIn: string, extra: Record<string, unknown> = {}) => ({
  customer_name: '沈若兰',
  phone: newPhone(),
  id_card: null,
  delivery_date: addDays(checkIn, -3),
  delivery_mode: 'caesarean',
  hospital: '市妇幼保健院',
  allergies: '青霉素过敏',
  diet_needs: '少盐',
  remark: '朝南房间',
  babies: [
    { name: '大宝', sex: 'female', birth_date: addDays(checkIn, -3), birth_time: '08:05', birth_weight: 2900 },
    { name: '二宝', sex: 'male', birth_date: addDays(checkIn, -3), birth_time: '08:21', birth_weight: 2750 },
  ],
  stay_kind: 'month',
  room,
  check_in_date: checkIn,
  days: 28,
  ...extra,
})

describe('admission, stays and check-out', () => {
  let clinic: TestSite
  let other: TestSite
  let today: string
  const as = (url: string, body: object, token = clinic.token, lang?: string) =>
    call(app, url, body, { token, ...(lang ? { lang } : {}) })
  const infoOf = async (id: number, token = clinic.token) => (await as(INFO, { id }, token)).res
  const listOf = async (body: object = {}, token = clinic.token) =>
    (await as(LIST, { limit: 100, ...body }, token)).res.list as (Customer & { stay: any })[]
  const countWith = async (phone: string) =>
    (await app.db.select({ n: count() }).from(customers).where(eq(customers.phone, phone)))[0].n

  before(async () => {
    clinic = await addSite(app)
    other = await addSite(app)
    today = centreToday(DEFAULT_ZONE)
  })

  it('admits a mother with her babies and her stay in one save: day 1 of M, in her room', async () => {
    const body = admissionOf('905', today)
    const saved = await as(SAVE, body)
    assert.equal(saved.code, 1, saved.msg)
    const her = await infoOf(saved.res.id)
    assert.deepEqual(
      [her.name, her.phone, her.room, her.delivery_mode, her.hospital, her.allergies, her.diet_needs, her.remark],
      ['沈若兰', body.phone, '905', 'caesarean', '市妇幼保健院', '青霉素过敏', '少盐', '朝南房间'],
    )
    assert.deepEqual(
      her.children.map((c: any) => [c.name, c.sex, c.birth_date, c.birth_time, c.birth_weight]),
      body.babies.map((b) => [b.name, b.sex, b.birth_date, b.birth_time, b.birth_weight]),
    )
    const { id: stayId, ...stay } = her.stay
    assert.deepEqual(stay, {
      kind: 'month',
      check_in_date: today,
      planned_days: 28,
      leave_date: addDays(today, 28),
      room: '905',
      package_id: null,
      package_name: null,
      status: 'in_house',
      left_on: null,
      day: 1,
      overdue: false,
      late: false,
    })
    // In the picker by default, and in her room on the room list.
    assert.ok((await listOf()).some((c) => c.id === saved.res.id))
    const floors = (await as('/api/care/index/floorList', {})).res
    const room = floors.flatMap((f: any) => f.rooms).find((r: any) => r.room === '905')
    assert.equal(room.customer_id, saved.res.id)
    // Who admitted her, and audited in the save.
    const [row] = await app.db.select().from(stays).where(eq(stays.id, stayId))
    assert.equal(row.checkedInBy, clinic.accountId)
    const audited = await app.db
      .select({ entity: auditLog.entity, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, clinic.siteId), inArray(auditLog.entityId, [saved.res.id, stayId])))
    assert.ok(audited.some((a) => a.entity === 'customers' && a.action === 'create'))
    assert.ok(audited.some((a) => a.entity === 'stays' && a.action === 'create'))
  })

  it('offers the mother who already has the phone or the ID number instead of a duplicate', async () => {
    const first = admissionOf('906', today, { id_card: ID_CARD })
    const { id } = (await as(SAVE, first)).res
    const byPhone = await as(SAVE, admissionOf('907', today, { customer_name: '沈若兰二', phone: first.phone }))
    assert.deepEqual(byPhone, {
      code: -9,
      msg: '手机号已是客户「沈若兰」的，请直接选择她',
      res: { duplicate: { id, name: '沈若兰', phone: first.phone, room: '906', field: 'phone', left: false } },
    })
    const byId = await as(SAVE, admissionOf('907', today, { id_card: ID_CARD.toLowerCase() }), clinic.token, 'en')
    assert.equal(byId.code, -9)
    assert.equal(byId.msg, "This ID number is already 沈若兰's; choose her instead")
    assert.equal(byId.res.duplicate.field, 'id_card')
    assert.equal(byId.res.duplicate.id, id)
    // Changing her own details keeps her phone and ID number.
    const changed = await as(SAVE, { ...first, id, remark: '改' })
    assert.deepEqual(changed, { code: 1, msg: '成功', res: { id } })
    assert.equal((await infoOf(id)).remark, '改')
    // Another site's mother of that phone is not this site's business.
    assert.equal((await as(SAVE, admissionOf('906', today, { phone: first.phone }), other.token)).code, 1)
  })

  it('writes who learned whose ID number it is from the offer to her access log, as a read of her', async () => {
    const holder = admissionOf('908', today, { id_card: ID_CARD_HELD })
    const { id } = (await as(SAVE, holder)).res
    const { account, password } = await addAccount(app, { siteIds: [clinic.siteId] })
    const token = await login(app, account, password)
    const accountId = (await as('/api/care/account/info', {}, token)).res.id
    const lines = accessLines(app.db)
    const entriesOf = () =>
      app.db.select(lineOf(lines)).from(lines).where(eq(lines.customerId, id)).orderBy(lines.id, lines.n)
    const offered = async (url: string, body: object, requestId: string) => {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { token, 'x-request-id': requestId },
      })
      const reply = response.json()
      assert.equal(reply.code, -9, reply.msg)
      assert.deepEqual(reply.res.duplicate, {
        id,
        name: '沈若兰',
        phone: holder.phone,
        room: '908',
        field: reply.res.duplicate.field,
        left: false,
      })
      return reply.res.duplicate.field
    }
    const entry = (httpRequestId: string) => ({
      accountId,
      customerId: id,
      kind: 'customer',
      recordId: id,
      name: '身份证号查重',
      action: 'read',
      httpRequestId,
    })
    assert.deepEqual(await entriesOf(), [])

    // Her phone alone tells nobody her ID number: no entry.
    assert.equal(await offered(SAVE, admissionOf('909', today, { phone: holder.phone }), 'by-phone'), 'phone')
    assert.deepEqual(await entriesOf(), [])
    assert.equal(await offered(SAVE, admissionOf('909', today, { id_card: ID_CARD_HELD }), 'by-id'), 'id_card')
    assert.deepEqual(await entriesOf(), [entry('by-id')])
    // A check-in notice that admits a new arrival is offered her alike.
    const arrival = admissionOf('909', today, { id_card: ID_CARD_HELD })
    const departments = (await as('/api/care/index/departmentList', {})).res.map((d: { id: number }) => d.id)
    const notice = {
      customer_name: arrival.customer_name,
      phone: arrival.phone,
      id_card: ID_CARD_HELD,
      package_id: (await as('/api/care/index/stayPackageList', {})).res[0].id,
      room: '909',
      check_in_date: today,
      days: 28,
      departments: departments.slice(0, 1),
    }
    const body = { name: '月子入住通知单', data: notice, admission: arrival }
    assert.equal(await offered(SAVE_FORM, body, 'by-notice'), 'id_card')
    assert.deepEqual(await entriesOf(), [entry('by-id'), entry('by-notice')])
    // Her manager reads it in her access log.
    const log = (await as('/api/care/customer/accessLog', { customer_id: id })).res.list
    assert.deepEqual(
      log.map((e: { account_id: number; name: string; action: string }) => [e.account_id, e.name, e.action]),
      [
        [accountId, '身份证号查重', 'read'],
        [accountId, '身份证号查重', 'read'],
      ],
    )
  })

  it('keeps her ID number when a change of her details leaves it out', async () => {
    const first = admissionOf('914', today, { id_card: ID_CARD_KEPT })
    const id = (await as(SAVE, first)).res.id
    const { room, check_in_date, days, stay_kind, ...details } = first
    const change = await as(SAVE, { ...details, id_card: undefined, id, customer_name: '沈若兰改' })
    assert.equal(change.code, 1, change.msg)
    const [row] = await app.db
      .select({ name: customers.name, idCard: customers.idCard })
      .from(customers)
      .where(eq(customers.id, id))
    assert.deepEqual(row, { name: '沈若兰改', idCard: ID_CARD_KEPT })
    // Sent empty, it is taken off.
    await as(SAVE, { ...details, id_card: null, id })
    const [cleared] = await app.db.select({ idCard: customers.idCard }).from(customers).where(eq(customers.id, id))
    assert.equal(cleared.idCard, null)
  })

  it('changes her details and renames her babies with her details alone, her stay kept', async () => {
    const first = admissionOf('917', today)
    const id = (await as(SAVE, first)).res.id
    const before = await infoOf(id)
    const { room, check_in_date, days, stay_kind, id_card, ...details } = first
    const babies = before.children.map((c: any, i: number) => ({ ...details.babies[i], name: `${c.name}改` }))
    const change = await as(SAVE, { ...details, id, allergies: '青霉素、头孢过敏', babies })
    assert.equal(change.code, 1, change.msg)
    const her = await infoOf(id)
    assert.equal(her.allergies, '青霉素、头孢过敏')
    assert.deepEqual(
      her.children.map((c: any) => [c.id, c.name]),
      before.children.map((c: any) => [c.id, `${c.name}改`]),
    )
    assert.deepEqual(her.stay, before.stay)
    // Checked as the admission checks her details: a baby's weight out of range is refused.
    const refused = await as(SAVE, { ...details, id, babies: [{ ...babies[0], birth_weight: 90 }, babies[1]] })
    assert.deepEqual(
      refused.res.errors.map((e: { path: string }) => e.path),
      ['babies.0.birth_weight'],
    )
  })

  it('checks the ID number and the form with the admission form', async () => {
    const body = admissionOf('908', today, { id_card: '110105194912310021' })
    const refused = await as(SAVE, body)
    assert.equal(refused.code, -1)
    assert.deepEqual(
      refused.res.errors.map((e: { path: string }) => e.path),
      ['id_card'],
    )
    const noBaby = await as(SAVE, admissionOf('908', today, { babies: [{ sex: 'male' }], room: undefined }))
    assert.deepEqual(
      noBaby.res.errors.map((e: { path: string }) => e.path),
      ['babies.0.name', 'babies.0.birth_date', 'room'],
    )
    const badTime = await as(SAVE, admissionOf('908', today, { babies: [{ ...body.babies[0], birth_time: '25:00' }] }))
    assert.deepEqual(
      badTime.res.errors.map((e: { path: string }) => e.path),
      ['babies.0.birth_time'],
    )
    assert.equal(await countWith(body.phone), 0)
  })

  it('admits only into a room that is free and in service, with a package in use', async () => {
    const taken = admissionOf('801', today)
    assert.deepEqual(await as(SAVE, taken), { code: -6, msg: '房间 801 已有客户入住或预订，请换一间', res: null })
    await app.db
      .update(rooms)
      .set({ inService: false })
      .where(and(eq(rooms.siteId, clinic.siteId), eq(rooms.room, '909')))
    assert.equal((await as(SAVE, admissionOf('909', today))).msg, '房间 909 已停用，请选择其他房间')
    assert.equal((await as(SAVE, admissionOf('9999', today))).code, -1)
    const [pack] = (await as('/api/care/index/stayPackageList', {})).res
    await as('/api/admin/stayPackages/retire', { id: pack.id })
    const retired = await as(SAVE, admissionOf('910', today, { package_id: pack.id }))
    assert.equal(retired.code, -1)
    assert.match(retired.msg, /已停用/)
    await as('/api/admin/stayPackages/restore', { id: pack.id })
    const withPackage = await as(SAVE, admissionOf('910', today, { package_id: pack.id }))
    assert.equal((await infoOf(withPackage.res.id)).stay.package_name, pack.name)
    // Nothing of the refused admissions was written.
    assert.equal(await countWith(taken.phone), 0)
  })

  it('checks a mother out: her stay ends today, her room is free, she is listed as left', async () => {
    const [, , , leaving] = clinic.customers
    assert.deepEqual(await as(CHECKOUT, { customer_id: leaving.id }), { code: 1, msg: '成功', res: null })
    const her = await infoOf(leaving.id)
    assert.equal(her.stay.status, 'left')
    assert.equal(her.stay.left_on, today)
    assert.equal(her.stay.day, null)
    assert.ok(!(await listOf()).some((c) => c.id === leaving.id))
    assert.ok((await listOf({ status: 'left' })).some((c) => c.id === leaving.id))
    const [row] = await app.db.select().from(stays).where(eq(stays.id, her.stay.id))
    assert.equal(row.checkedOutBy, clinic.accountId)
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stays'), eq(auditLog.entityId, her.stay.id), eq(auditLog.action, 'checkOut')))
    assert.equal(audit.accountId, clinic.accountId)
    // Once.
    assert.deepEqual(await as(CHECKOUT, { customer_id: leaving.id }), {
      code: -6,
      msg: '该客户当前没有入住或预订',
      res: null,
    })
    // Her room takes the next mother; she comes back with a new stay.
    assert.equal((await as(SAVE, admissionOf(leaving.room, today))).code, 1)
    const back = await as(SAVE, {
      ...admissionOf('911', today),
      id: leaving.id,
      customer_name: leaving.name,
      phone: leaving.phone,
      babies: [{ name: '宝宝1', sex: 'female', birth_date: leaving.delivery_date }],
    })
    assert.equal(back.code, 1, back.msg)
    const again = await infoOf(leaving.id)
    assert.deepEqual([again.stay.status, again.stay.room, again.room], ['in_house', '911', '911'])
  })

  it('lists mothers in house by default; arriving (expected by today), left and all as asked', async () => {
    const booked = (await as(SAVE, admissionOf('912', addDays(today, 2)))).res.id
    // Booked for a later day: not yet among today's arrivals.
    assert.deepEqual(await listOf({ status: 'arriving' }), [])
    // Her day comes (the booking made two days ago).
    await app.db.update(stays).set({ checkInDate: today }).where(eq(stays.customerId, booked))
    const inHouse = await listOf()
    const arriving = await listOf({ status: 'arriving' })
    const all = await listOf({ status: 'all' })
    assert.ok(!inHouse.some((c) => c.id === booked))
    assert.deepEqual(
      arriving.map((c) => [c.id, c.stay.status, c.stay.day]),
      [[booked, 'arriving', null]],
    )
    assert.ok(inHouse.every((c) => c.stay.status === 'in_house'))
    assert.equal(all.length, (await as(LIST, { status: 'all' })).res.total)
    assert.ok(all.some((c) => c.id === booked) && all.length > inHouse.length)
    // She arrives: in house from then on, checked in by who received her.
    assert.equal((await as(CHECKIN, { customer_id: booked })).code, 1)
    assert.equal((await infoOf(booked)).stay.status, 'in_house')
    assert.equal((await as(CHECKIN, { customer_id: booked })).code, -6)
    // The picker's total counts only what it lists.
    assert.equal((await as(LIST, { limit: 1 })).res.total, inHouse.length + 1)
  })

  it('lists every booked mother under booked with her date, one past her date flagged late', async () => {
    // Born before today, as a delivery date must be.
    // A site of its own: the file's other tests take the clinic's free rooms.
    const own = await addSite(app)
    const birth = addDays(today, -2)
    const born = {
      delivery_date: birth,
      babies: [{ name: '大宝', sex: 'female', birth_date: birth, birth_weight: 3000 }],
    }
    const saves = [
      await as(SAVE, admissionOf('917', addDays(today, 5), born), own.token),
      await as(SAVE, admissionOf('918', addDays(today, 1), born), own.token),
    ]
    for (const save of saves) assert.equal(save.code, 1, save.msg)
    const [ahead, late] = saves.map((save) => save.res.id)
    // Her day passed and she has not come.
    await app.db
      .update(stays)
      .set({ checkInDate: addDays(today, -1) })
      .where(eq(stays.customerId, late))
    const booked = await listOf({ status: 'booked' }, own.token)
    assert.deepEqual(
      booked.map((c) => [c.id, c.stay.status, c.stay.check_in_date, c.stay.late]),
      [
        [ahead, 'arriving', addDays(today, 5), false],
        [late, 'arriving', addDays(today, -1), true],
      ],
    )
    // Today's arrivals hold the late one, not the one booked ahead; every list says when each comes.
    assert.deepEqual(
      (await listOf({ status: 'arriving' }, own.token)).map((c) => c.id),
      [late],
    )
    const row = (await listOf({ status: 'all' }, own.token)).find((c) => c.id === ahead)!
    assert.deepEqual([row.stay.check_in_date, row.stay.late], [addDays(today, 5), false])
    assert.equal(
      (await listOf({}, own.token)).find((c) => c.id === late),
      undefined,
    )
  })

  it('finds a room by its number before a phone that holds the number', async () => {
    const own = await addSite(app)
    const byPhone = (await as(SAVE, admissionOf('902', today, { phone: '13919000123' }), own.token)).res.id
    const inRoom = (await as(SAVE, admissionOf('919', today), own.token)).res.id
    const found = (await listOf({ keyword: '919' }, own.token)).map((c) => c.id)
    assert.equal(found[0], inRoom)
    assert.ok(found.indexOf(byPhone) > 0, String(found))
  })

  it("counts day N of M from the check-in date as day 1 in the centre's time zone, and flags an overdue stay", async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const far = await addSite(app, { timeZone })
      const theirs = centreToday({ timeZone })
      const { id } = (await as(SAVE, admissionOf('901', addDays(theirs, -2)), far.token)).res
      const her = await infoOf(id, far.token)
      assert.deepEqual([her.stay.day, her.stay.overdue], [3, false], timeZone)
    }
    const late = (await as(SAVE, admissionOf('913', addDays(today, -30)))).res.id
    const her = await infoOf(late)
    assert.deepEqual([her.stay.day, her.stay.planned_days, her.stay.overdue], [31, 28, true])
    const row = (await listOf({ keyword: '913' })).find((c) => c.id === late)!
    assert.deepEqual([row.stay.day, row.stay.overdue, row.stay.leave_date], [31, true, addDays(today, -2)])
    // The seeded customers: day 8 and on, none overdue.
    const [first] = clinic.customers
    assert.deepEqual([(await infoOf(first.id)).stay.day, (await infoOf(first.id)).stay.overdue], [8, false])
  })

  it("never shows, changes or checks out another site's mother", async () => {
    const [theirs] = other.customers
    assert.equal((await as(INFO, { id: theirs.id })).code, -2)
    assert.ok(!(await listOf({ status: 'all' })).some((c) => c.id === theirs.id))
    const change = await as(SAVE, { ...admissionOf('920', today), id: theirs.id })
    assert.deepEqual(change, { code: -2, msg: '客户不存在', res: null })
    assert.equal((await as(CHECKOUT, { customer_id: theirs.id })).code, -2)
    const hers = await infoOf(theirs.id, other.token)
    assert.deepEqual([hers.name, hers.stay.status], [theirs.name, 'in_house'])
  })

  describe('a check-in notice', () => {
    let departmentIds: number[]
    let stayPackage: { id: number; name: string; days: number }
    before(async () => {
      departmentIds = (await as('/api/care/index/departmentList', {})).res.map((d: { id: number }) => d.id)
      ;[stayPackage] = (await as('/api/care/index/stayPackageList', {})).res
    })
    /** A 月子入住通知单 naming `who`, for room `room`. */
    const notice = (who: { name: string; phone: string }, room: string) => ({
      customer_name: who.name,
      phone: who.phone,
      id_card: ID_CARD,
      package_id: stayPackage.id,
      room,
      check_in_date: today,
      days: 28,
      allergies: '青霉素过敏',
      departments: departmentIds.slice(0, 1),
    })

    it('is never filed under a mother other than the one it names', async () => {
      const [chosen] = clinic.customers
      const stranger = { name: '周新', phone: newPhone() }
      for (const named of [stranger, { ...stranger, name: chosen.name }, { ...stranger, phone: chosen.phone }]) {
        const refused = await as(SAVE_FORM, {
          name: '月子入住通知单',
          customer_id: chosen.id,
          data: notice(named, chosen.room),
        })
        assert.equal(refused.code, -1, JSON.stringify(named))
        assert.equal(refused.res.customer_id, chosen.id)
        assert.equal(refused.res.field, named.name === chosen.name ? 'phone' : 'customer_name')
      }
      const refused = await as(SAVE_FORM, {
        name: '月子入住通知单',
        customer_id: chosen.id,
        data: notice(stranger, chosen.room),
      })
      assert.equal(
        refused.msg,
        `此单写的是「周新 ${stranger.phone}」，不是所选客户「${chosen.name}」：请改正她的资料，或新建客户`,
      )
      const records = await as('/api/care/index/getFormRecord', { name: '月子入住通知单', customer_id: chosen.id })
      assert.equal(records.res.total, 0)
      // Her own notice is filed.
      assert.equal(
        (await as(SAVE_FORM, { name: '月子入住通知单', customer_id: chosen.id, data: notice(chosen, chosen.room) }))
          .code,
        1,
      )
    })

    describe('that changes her file', () => {
      /** A mother admitted into `room` with her allergies and twins, and her notice as she is. */
      const admitted = async (room: string) => {
        const admission = admissionOf(room, today)
        const id = (await as(SAVE, admission)).res.id as number
        const her = await infoOf(id)
        return { id, her, data: notice({ name: her.name, phone: her.phone }, room) }
      }
      /** Her details and babies as the notice changes them: allergies, and a third baby. */
      const updateOf = (her: any, extra: Record<string, unknown> = {}) => ({
        customer_name: her.name,
        phone: her.phone,
        allergies: '青霉素、头孢过敏',
        diet_needs: her.diet_needs,
        babies: [
          ...her.children.map((c: any) => ({ name: c.name, sex: c.sex, birth_date: c.birth_date })),
          { name: `${her.name}的宝宝3`, sex: 'male', birth_date: her.delivery_date },
        ],
        ...extra,
      })
      const save = (id: number, data: object, update?: object, token?: string) =>
        as(
          SAVE_FORM,
          { name: '月子入住通知单', customer_id: id, data, ...(update ? { customer_update: update } : {}) },
          token,
        )

      it("updates her details and babies in the record's transaction", async () => {
        const { id, her, data } = await admitted('918')
        const saved = await save(id, { ...data, allergies: '青霉素、头孢过敏' }, updateOf(her))
        assert.equal(saved.code, 1, saved.msg)
        const now = await infoOf(id)
        assert.equal(now.allergies, '青霉素、头孢过敏')
        assert.deepEqual(
          now.children.map((c: any) => c.name),
          [...her.children.map((c: any) => c.name), `${her.name}的宝宝3`],
        )
        assert.deepEqual(now.stay, her.stay)
        const record = (await as('/api/care/index/getFormRecordInfo', { id: saved.res.id })).res
        assert.equal(record.data.allergies, '青霉素、头孢过敏')
        const audited = await app.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'customers'), eq(auditLog.entityId, id)))
        assert.deepEqual(
          audited.map((a) => a.action),
          ['create', 'update'],
        )
      })

      it('saves the notice alone when it carries no update: her file is as it was', async () => {
        const { id, her, data } = await admitted('919')
        const saved = await save(id, { ...data, allergies: '青霉素、头孢过敏' })
        assert.equal(saved.code, 1, saved.msg)
        assert.equal((await infoOf(id)).allergies, her.allergies)
      })

      it('changes nothing when the notice or the update is refused, checked as customer/save checks', async () => {
        const { id, her, data } = await admitted('821')
        const otherDepartment = (await as('/api/care/index/departmentList', {}, other.token)).res[0].id
        const foreign = await save(id, { ...data, departments: [otherDepartment] }, updateOf(her))
        assert.equal(foreign.code, -1)
        const heavy = updateOf(her, {
          babies: [{ name: '大宝', sex: 'female', birth_date: today, birth_weight: 9000 }],
        })
        const refused = await save(id, data, heavy)
        assert.deepEqual(
          refused.res.errors.map((e: { path: string }) => e.path),
          ['babies.0.birth_weight'],
        )
        // A baby is never removed, nor her stay changed with a notice.
        const fewer = await save(id, data, updateOf(her, { babies: [] }))
        assert.equal(fewer.code, -1)
        const stay = await save(id, data, updateOf(her, { room: '822' }))
        assert.deepEqual([stay.code, stay.msg], [-1, '随入住通知单更新档案只能改她的资料和宝宝，不能改入住信息'])
        // Another mother's phone is refused as customer/save refuses it.
        const [known] = clinic.customers
        const taken = await save(id, data, updateOf(her, { phone: known.phone }))
        assert.equal(taken.code, -9)
        const now = await infoOf(id)
        assert.deepEqual([now.allergies, now.children.length], [her.allergies, her.children.length])
        const records = await as('/api/care/index/getFormRecord', { name: '月子入住通知单', customer_id: id })
        assert.equal(records.res.total, 0)
      })

      it("never updates another site's mother, nor without a chosen mother", async () => {
        const [theirs] = other.customers
        const hers = await infoOf(theirs.id, other.token)
        const refused = await save(theirs.id, notice(theirs, theirs.room), updateOf(hers))
        assert.equal(refused.code, -2)
        assert.equal((await infoOf(theirs.id, other.token)).allergies, hers.allergies)
        const admission = admissionOf('823', today)
        const both = await as(SAVE_FORM, {
          name: '月子入住通知单',
          data: notice({ name: admission.customer_name, phone: admission.phone }, '823'),
          admission,
          customer_update: updateOf(hers),
        })
        assert.deepEqual([both.code, both.msg], [-1, '更新她的档案须随她已有的入住通知单一起保存'])
      })
    })

    it("of a new arrival admits her with her babies and stay in the record's transaction", async () => {
      // The notice's stay package reaches her stay, its days her stay's length.
      const admission = admissionOf('915', today, { package_id: stayPackage.id, days: stayPackage.days })
      const arrival = { name: admission.customer_name, phone: admission.phone }
      const saved = await as(SAVE_FORM, { name: '月子入住通知单', data: notice(arrival, '915'), admission })
      assert.equal(saved.code, 1, saved.msg)
      const record = (await as('/api/care/index/getFormRecordInfo', { id: saved.res.id })).res
      const her = await infoOf(record.customer_id)
      assert.deepEqual(
        [her.name, her.phone, her.stay.room, her.stay.day, her.children.length],
        [arrival.name, arrival.phone, '915', 1, 2],
      )
      assert.deepEqual(
        [her.stay.package_id, her.stay.package_name, her.stay.planned_days, her.stay.leave_date],
        [stayPackage.id, stayPackage.name, stayPackage.days, addDays(today, stayPackage.days)],
      )
      const file = (await as('/api/care/customer/timeline', { customer_id: her.id, page: 1, limit: 5 })).res.file
      assert.equal(file.stay.package_name, stayPackage.name)
      assert.equal(record.customer_name, arrival.name)
    })

    it('admits nobody when any part of it is refused', async () => {
      const admission = admissionOf('916', today)
      // The notice names another mother than the admission.
      const mismatch = await as(SAVE_FORM, {
        name: '月子入住通知单',
        data: notice({ name: '别人', phone: admission.phone }, '916'),
        admission,
      })
      assert.equal(mismatch.code, -1)
      // The notice's own data refused by the site (a department of another site).
      const otherDepartment = (await as('/api/care/index/departmentList', {}, other.token)).res[0].id
      const foreign = await as(SAVE_FORM, {
        name: '月子入住通知单',
        data: {
          ...notice({ name: admission.customer_name, phone: admission.phone }, '916'),
          departments: [otherDepartment],
        },
        admission,
      })
      assert.equal(foreign.code, -1)
      assert.equal(await countWith(admission.phone), 0)
      // A known phone: the mother is offered, nothing is written.
      const [known] = clinic.customers
      const duplicate = await as(SAVE_FORM, {
        name: '月子入住通知单',
        data: notice(known, '916'),
        admission: { ...admission, customer_name: known.name, phone: known.phone },
      })
      assert.equal(duplicate.code, -9)
      assert.equal(duplicate.res.duplicate.id, known.id)
      // Only a check-in notice admits, and only as a new record without a customer.
      const visit = await as(SAVE_FORM, { name: '访客出入登记表', data: {}, admission })
      assert.equal(visit.code, -1)
      const both = await as(SAVE_FORM, {
        name: '月子入住通知单',
        customer_id: known.id,
        data: notice(known, known.room),
        admission,
      })
      assert.equal(both.code, -1)
      assert.equal(await countWith(admission.phone), 0)
    })

    it('leaves no mother, stay or audit entry when the record is refused after she was written', async () => {
      const admission = admissionOf('826', today)
      const data = notice({ name: admission.customer_name, phone: admission.phone }, '826')
      /** What the site holds in room 826 and its audit log: no other test of the file writes there. */
      const written = async () => ({
        stays: (
          await app.db
            .select({ n: count() })
            .from(stays)
            .where(and(eq(stays.siteId, clinic.siteId), eq(stays.room, '826')))
        )[0].n,
        audited: (await app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.siteId, clinic.siteId)))[0].n,
      })
      const before = await written()
      // The site's check of the record's own choices comes after her admission, in its transaction.
      const otherDepartment = (await as('/api/care/index/departmentList', {}, other.token)).res[0].id
      const refused = await as(SAVE_FORM, {
        name: '月子入住通知单',
        data: { ...data, departments: [otherDepartment] },
        admission,
        request_id: 'notice-826',
      })
      assert.deepEqual([refused.code, refused.res.errors.map((e: { path: string }) => e.path)], [-1, ['departments']])
      assert.equal(await countWith(admission.phone), 0)
      assert.deepEqual(await written(), before)
      // Sent again as it should be, under the same request_id, she is admitted once.
      const saved = await as(SAVE_FORM, { name: '月子入住通知单', data, admission, request_id: 'notice-826' })
      assert.equal(saved.code, 1, saved.msg)
      const again = await as(SAVE_FORM, { name: '月子入住通知单', data, admission, request_id: 'notice-826' })
      assert.equal(again.res.id, saved.res.id)
      assert.equal(await countWith(admission.phone), 1)
      // Her, her stay and the record: one audit entry each.
      assert.deepEqual(await written(), { stays: before.stays + 1, audited: before.audited + 3 })
    })
  })
})

describe('the migration of the customers already here', () => {
  it('gives each her stay: kind and days from her latest notice, the latest to check in keeps a shared room', async () => {
    const migration = readFileSync(
      fileURLToPath(new URL('../../../src/db/migrations/0021_mothers_and_stays.sql', import.meta.url)),
      'utf8',
    )
    const copy = migration.split('--> statement-breakpoint').find((statement) => statement.includes('INSERT INTO'))!
    const rolledBack = new Error('rolled back')
    let made: unknown[] = []
    // On temporary tables of the same names, which a session's queries find first: the real ones stay as they are.
    await assert.rejects(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table customers (id bigint, site_id bigint, room text,
          check_in_date date, delivery_date date, created_at timestamptz default now()) on commit drop`)
        await tx.execute(sql`create temp table form_records (id bigint, customer_id bigint, name text, data jsonb,
          deleted_at timestamptz) on commit drop`)
        await tx.execute(sql`create temp table stays (like public.stays including all) on commit drop`)
        await tx.execute(sql`insert into customers (id, site_id, room, check_in_date, delivery_date) values
          (1, 1, '801', '2026-11-01', '2026-10-29'), (2, 1, '801', '2026-10-01', '2026-09-28'),
          (3, 1, '802', null, '2026-11-01'), (4, 1, '803', null, '2026-11-10'), (5, 1, '804', '2026-11-02', null)`)
        await tx.execute(sql`insert into form_records (id, customer_id, name, data, deleted_at) values
          (1, 1, '小月子入住通知单', '{"check_in_date": "2026-11-01", "days": 14}', null),
          (2, 3, '月子入住通知单', '{"check_in_date": "2026-11-05", "days": 42}', null),
          (3, 5, '小月子入住通知单', '{"days": 7}', now())`)
        await tx.execute(sql.raw(copy))
        made = (
          (await tx.execute(sql`select customer_id::int as customer_id, kind, check_in_date::text as day, planned_days, leave_date::text
            as leave, room, status from stays order by customer_id`)) as unknown as { rows: unknown[] }
        ).rows
        throw rolledBack
      }),
      rolledBack,
    )
    assert.deepEqual(made, [
      {
        customer_id: 1,
        kind: 'small',
        day: '2026-11-01',
        planned_days: 14,
        leave: '2026-11-15',
        room: '801',
        status: 'in_house',
      },
      {
        customer_id: 2,
        kind: 'month',
        day: '2026-10-01',
        planned_days: 28,
        leave: '2026-10-29',
        room: '801',
        status: 'left',
      },
      {
        customer_id: 3,
        kind: 'month',
        day: '2026-11-05',
        planned_days: 42,
        leave: '2026-12-17',
        room: '802',
        status: 'in_house',
      },
      {
        customer_id: 4,
        kind: 'month',
        day: '2026-11-10',
        planned_days: 28,
        leave: '2026-12-08',
        room: '803',
        status: 'in_house',
      },
      {
        customer_id: 5,
        kind: 'month',
        day: '2026-11-02',
        planned_days: 28,
        leave: '2026-11-30',
        room: '804',
        status: 'in_house',
      },
    ])
  })
})

describe('customer/timeline', () => {
  const TIMELINE = '/api/care/customer/timeline'
  let site: TestSite
  let customer: TestSite['customers'][number]
  let selfPaidTotal: number
  let productName: string
  const saved: { kind: string; id: number }[] = []
  const post = (url: string, body: object, token = site.token) => call(app, url, body, { token })
  const keep = async (kind: string, url: string, body: object) => {
    const reply = await post(url, body)
    assert.equal(reply.code, 1, reply.msg)
    saved.push({ kind, id: reply.res.id })
  }
  const saveForm = (name: string, data: object) =>
    keep('record', '/api/care/index/saveForm', { name, customer_id: customer.id, data })
  const sample = (name: string) => validSample(definitionOf(name), { customer, room: customer.room, departmentIds: [] })
  type Reading = [weight: number, temperature: number, tcb: [number, number]]
  const readingOf = ([weight, temperature, tcb]: Reading) => ({
    weight,
    temperature,
    tcb_forehead: tcb[0],
    tcb_chest: tcb[1],
  })
  /** A round of one baby, or of both twins when the other's reading is given. */
  const round = (babyId: number, reading: Reading, twin?: { id: number; reading: Reading }) => {
    const { babies, ...single } = sample('儿科医生查房签到表')
    return saveForm('儿科医生查房签到表', {
      ...single,
      baby_id: babyId,
      ...readingOf(reading),
      ...(twin && { babies: [{ ...(babies as object[])[0], baby_id: twin.id, ...readingOf(twin.reading) }] }),
    })
  }

  before(async () => {
    site = await addSite(app)
    customer = site.customers[0]
    const refs = await stockRefs(app, site.token)
    await saveForm('访客出入登记表', sample('访客出入登记表'))
    // Each meal at its own price: 18 + 2 × 36.
    const meals = { breakfast: 1, breakfast_price: 18, lunch: 2, lunch_price: 36, dinner: 0, dinner_price: 40 }
    await saveForm('家属订餐登记表', { ...sample('家属订餐登记表'), ...meals })
    await round(customer.babies[0].id, [3200, 36.6, [5, 6.5]])
    await round(customer.babies[1].id, [2900, 36.9, [7, 4]])
    // The twins seen at one round.
    await round(customer.babies[0].id, [3260, 37.1, [8.2, 7]], {
      id: customer.babies[1].id,
      reading: [2850, 36.8, [6, 5.5]],
    })
    const product = (await post('/api/care/index/productList', { limit: 100 })).res.list.find(
      (p: { id: number }) => p.id === refs.productId,
    )
    await keep('specialCare', '/api/care/specialCare/save', {
      customer_id: customer.id,
      items: [{ product_id: refs.productId, batch_id: refs.batchId, quantity: 2, price: Number(product.price) }],
      signature: SIGNATURE,
    })
    selfPaidTotal = (await post('/api/care/specialCare/info', { id: saved.at(-1)!.id })).res.total
    productName = product.name
    await keep('outApply', '/api/care/outApply/save', {
      type: 'gift',
      customer_id: customer.id,
      gift_type_id: refs.giftTypeId,
      items: [{ product_id: refs.productId, batch_id: refs.batchId, quantity: 1 }],
    })
    const survey = (await post('/api/care/index/getSurvey', {})).res
    await keep('answer', '/api/care/index/answerSave', {
      customer_id: customer.id,
      survey_id: survey.id,
      data: { agree: ['yes'], customer_signature: SIGNATURE, sign_date: centreToday(DEFAULT_ZONE) },
    })
  })

  it('lists everything recorded about her, newest first, each with the page that opens it', async () => {
    const { res, code } = await post(TIMELINE, { customer_id: customer.id, limit: 100 })
    assert.equal(code, 1)
    assert.equal(res.total, saved.length)
    assert.deepEqual(
      res.list.map((entry: { kind: string; id: number }) => ({ kind: entry.kind, id: entry.id })),
      [...saved].reverse(),
    )
    const times = res.list.map((entry: { at: string }) => Date.parse(entry.at))
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => b - a),
    )
    const byKind = Object.fromEntries(res.list.map((entry: { kind: string }) => [entry.kind, entry]))
    assert.deepEqual(Object.keys(byKind).sort(), ['answer', 'outApply', 'record', 'specialCare'])
    assert.equal(byKind.specialCare.route, '/pagesHome/pages/form/Selffundeditemconsumptiontable/form')
    assert.match(byKind.specialCare.no, /^ZF/)
    assert.equal(byKind.outApply.name, '入住礼包出库')
    assert.equal(byKind.answer.name, '入住须知')
    const visit = res.list.find((entry: { name: string }) => entry.name === '访客出入登记表')
    assert.deepEqual([visit.title_key, visit.route], ['form.title.visit', '/pagesHome/pages/form/visit/form'])
    assert.ok(res.list.every((entry: { by: string }) => entry.by))
  })

  it('pages as the lists do', async () => {
    const all = (await post(TIMELINE, { customer_id: customer.id, limit: 100 })).res.list
    const second = (await post(TIMELINE, { customer_id: customer.id, page: 2, limit: 3 })).res
    assert.deepEqual(second.list, all.slice(3, 6))
    assert.equal(second.total, saved.length)
    const past = (await post(TIMELINE, { customer_id: customer.id, page: 9, limit: 3 })).res
    assert.deepEqual([past.list, past.total], [[], saved.length])
  })

  it("heads her file with her stay, her babies' latest readings and what she owes", async () => {
    const { file } = (await post(TIMELINE, { customer_id: customer.id })).res
    assert.equal(file.stay.status, 'in_house')
    assert.equal(file.stay.day, 8)
    const [first, second] = file.babies
    assert.equal(first.age_days, 10)
    assert.equal(first.birth_weight, 3100)
    assert.deepEqual(first.latest, {
      round_date: centreToday(DEFAULT_ZONE),
      weight: 3260,
      temperature: 37.1,
      jaundice: 8.2,
      flags: [],
    })
    assert.deepEqual(
      first.trend.map((r: { weight: number }) => r.weight),
      [3200, 3260],
    )
    const { flags, ...reading } = second.latest
    assert.deepEqual(reading, {
      round_date: centreToday(DEFAULT_ZONE),
      weight: 2850,
      temperature: 36.8,
      jaundice: 6,
    })
    assert.deepEqual(
      second.trend.map((r: { weight: number }) => r.weight),
      [2900, 2850],
    )
    // Born at 3100 g, 2850 g at the twins' round is a loss past the centre's line: her file marks it.
    assert.deepEqual(flags, [{ path: 'weight', rule: 'weightLoss', value: 8.1, bound: 7 }])
    assert.ok(selfPaidTotal > 0)
    assert.deepEqual(file.owed, {
      self_paid: selfPaidTotal,
      meals: 90,
      total: Math.round((selfPaidTotal + 90) * 100) / 100,
    })
  })

  it("answers not found for another site's mother, and logs each read of her file", async () => {
    const other = await addSite(app)
    assert.deepEqual(await post(TIMELINE, { customer_id: customer.id }, other.token), {
      code: -2,
      msg: '客户不存在',
      res: null,
    })
    const lines = accessLines(app.db)
    const reads = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(lines)
          .where(and(eq(lines.customerId, customer.id), eq(lines.kind, 'customer')))
      )[0].n
    const before = await reads()
    await post(TIMELINE, { customer_id: customer.id })
    assert.equal(await reads(), before + 1)
    const log = (await post('/api/care/customer/accessLog', { customer_id: customer.id })).res.list
    assert.deepEqual(
      [log[0].kind, log[0].name, log[0].record_id, log[0].action],
      ['customer', '客户档案', customer.id, 'read'],
    )
  })

  describe('her bill as a PDF', () => {
    const BILL = '/api/care/customer/billPdf'
    /** The bill's link asked for and opened, its text read back as a person sees it. */
    const billOf = async (token = site.token) => {
      const reply = await post(BILL, { customer_id: customer.id }, token)
      assert.equal(reply.code, 1, reply.msg)
      const response = await app.inject({ method: 'GET', url: reply.res.url })
      assert.equal(response.headers['content-type'], 'application/pdf')
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload, encoding: 'utf8' })
      return { name: reply.res.name, text: text.replace(/\s+/g, '') }
    }
    const pdfEntries = async () =>
      (await post(TIMELINE, { customer_id: customer.id, limit: 100 })).res.list.filter(
        (entry: { kind: string }) => entry.kind === 'pdf',
      )

    it('lists her self-paid items and family meals with the sums her file shows', async () => {
      const { file } = (await post(TIMELINE, { customer_id: customer.id })).res
      const [{ name: siteName }] = (await post('/api/care/account/siteList', {})).res
      const { name, text } = await billOf()
      assert.equal(name, `费用清单-${customer.name}.pdf`)
      const today = centreToday(DEFAULT_ZONE)
      for (const part of [
        siteName,
        '费用清单',
        customer.name,
        customer.room,
        `${file.stay.check_in_date}至${file.stay.leave_date}`,
        productName,
        `2${(selfPaidTotal / 2).toFixed(2)}${selfPaidTotal.toFixed(2)}`,
        `${today}12090.00`,
        `自费物品小计¥${file.owed.self_paid.toFixed(2)}`,
        '家属订餐小计¥90.00',
        `合计应付¥${file.owed.total.toFixed(2)}`,
        `打印时间${today}`,
      ]) {
        assert.ok(text.includes(part), `${part} in ${text}`)
      }
    })

    it("refuses another site's mother, and logs each link and each open of her bill", async () => {
      const other = await addSite(app)
      assert.deepEqual(await post(BILL, { customer_id: customer.id }, other.token), {
        code: -2,
        msg: '客户不存在',
        res: null,
      })
      const lines = accessLines(app.db)
      const bills = async () =>
        (
          await app.db
            .select({ n: count() })
            .from(lines)
            .where(and(eq(lines.customerId, customer.id), eq(lines.name, '费用清单'), eq(lines.action, 'pdf')))
        )[0].n
      const before = await bills()
      await billOf()
      assert.equal(await bills(), before + 2)
    })

    it('lists each printing of her records and of her bill once in her timeline, each opening what it printed', async () => {
      // The visit, the meal order, then the first round.
      const roundId = saved[2].id
      const before = (await post(TIMELINE, { customer_id: customer.id, limit: 100 })).res.total
      const link = await post('/api/care/index/formRecordPdf', { id: roundId })
      assert.equal(link.code, 1, link.msg)
      // Opened twice (the second from the cache): each open is in her access log, not in her timeline.
      for (let open = 0; open < 2; open++) {
        assert.equal((await app.inject({ method: 'GET', url: link.res.url })).statusCode, 200)
      }
      const [round, ...earlier] = await pdfEntries()
      assert.deepEqual(
        [round.id, round.name, round.route, round.pdf_of, round.by],
        [roundId, '儿科医生查房签到表', '/pagesHome/pages/form/Pediatricianrounds/form', 'record', '测试员工'],
      )
      assert.ok(
        !earlier.some((entry: { id: number; pdf_of: string }) => entry.pdf_of === 'record' && entry.id === roundId),
      )
      // Her bill printed twice above, each link opened once: two entries.
      const bills = earlier.filter((entry: { pdf_of: string }) => entry.pdf_of === 'bill')
      assert.equal(bills.length, 2)
      assert.deepEqual([bills[0].id, bills[0].name, bills[0].route], [customer.id, '费用清单', ''])
      const { total, list } = (await post(TIMELINE, { customer_id: customer.id, limit: 100 })).res
      assert.equal(total, before + 1)
      const lines = accessLines(app.db)
      const opens = await app.db
        .select({ n: count() })
        .from(lines)
        .where(and(eq(lines.kind, 'record'), eq(lines.recordId, roundId), eq(lines.action, 'pdf')))
      assert.equal(opens[0].n, 3)
      assert.equal(list.length, total)
    })
  })

  describe('kept by the instance that read it', () => {
    const read = async (customerId = customer.id) => (await post(TIMELINE, { customer_id: customerId, limit: 100 })).res
    const versionOf = async (customerId: number) => {
      const versions = sql`select coalesce(sum(version), 0)::int as version from timeline_versions
        where customer_id = ${customerId}`
      return ((await app.db.execute(versions)) as unknown as { rows: { version: number }[] }).rows[0].version
    }
    const idOf = (kind: string) => saved.find((row) => row.kind === kind)!.id
    const listed = (res: { list: { kind: string; id: number }[] }) => res.list.map((e) => `${e.kind} ${e.id}`)

    it('counts no read of her file, and each write of what her timeline lists', async () => {
      const before = await versionOf(customer.id)
      await read()
      await read()
      assert.equal(await versionOf(customer.id), before)
      const visit = await post('/api/care/index/saveForm', {
        name: '访客出入登记表',
        customer_id: customer.id,
        data: sample('访客出入登记表'),
      })
      assert.equal(visit.code, 1, visit.msg)
      assert.ok((await versionOf(customer.id)) > before)
      assert.equal(listed(await read())[0], `record ${visit.res.id}`)
      assert.equal((await post('/api/care/index/delFormRecord', { id: visit.res.id })).code, 1)
      assert.ok(!listed(await read()).includes(`record ${visit.res.id}`))
    })

    /** A change made by hand, her file after it; then the change undone, and her file as `kept`. */
    const afterChange = async (kept: unknown, change: SQL, undo: SQL) => {
      await app.db.execute(change)
      const changed = await read()
      await app.db.execute(undo)
      assert.deepEqual(await read(), kept)
      return changed
    }

    it('answers each change of what it lists at once, one made by hand in the database included', async () => {
      const kept = await read()
      assert.deepEqual(await read(), kept)
      const record = idOf('record')
      const gone = (res: Awaited<ReturnType<typeof read>>, entry: string) => {
        assert.ok(!listed(res).includes(entry), `${entry} still listed`)
        assert.equal(res.total, kept.total - 1)
      }
      gone(
        await afterChange(
          kept,
          sql`update form_records set deleted_at = now() where id = ${record}`,
          sql`update form_records set deleted_at = null where id = ${record}`,
        ),
        `record ${record}`,
      )
      for (const [kind, table] of [
        ['answer', 'survey_answers'],
        ['outApply', 'out_applies'],
      ] as const) {
        const id = idOf(kind)
        gone(
          await afterChange(
            kept,
            sql`update ${sql.raw(table)} set deleted_at = now() where id = ${id}`,
            sql`update ${sql.raw(table)} set deleted_at = null where id = ${id}`,
          ),
          `${kind} ${id}`,
        )
      }
      // A rejected self-paid order is listed as such and no longer charged.
      const order = idOf('specialCare')
      const rejected = await afterChange(
        kept,
        sql`update special_cares set status = 'rejected' where id = ${order}`,
        sql`update special_cares set status = 'pending' where id = ${order}`,
      )
      assert.equal(rejected.list.find((e: { kind: string }) => e.kind === 'specialCare').status, 'rejected')
      assert.equal(rejected.file.owed.self_paid, 0)
      // Her record written under another mother leaves her timeline and joins the other's.
      const other = site.customers[1]
      await read(other.id)
      await app.db.execute(sql`update form_records set customer_id = ${other.id} where id = ${record}`)
      assert.ok(listed(await read(other.id)).includes(`record ${record}`))
      gone(
        await afterChange(
          kept,
          sql`select 1`,
          sql`update form_records set customer_id = ${customer.id} where id = ${record}`,
        ),
        `record ${record}`,
      )
      assert.ok(!listed(await read(other.id)).includes(`record ${record}`))
      // A PDF of her record printed (its link asked for) is a row of her timeline.
      const printed = await afterChange(
        kept,
        sql`insert into access_log (site_id, account_id, customer_ids, kinds, record_ids, names, action)
          values (${site.siteId}, ${site.accountId}, array[${customer.id}::int8], array['record'], array[${record}::int8],
            array['访客出入登记表'], 'pdf')`,
        sql`delete from access_log where action = 'pdf' and record_ids = array[${record}::int8]
          and customer_ids = array[${customer.id}::int8]`,
      )
      assert.equal(listed(printed)[0], `pdf ${record}`)
      assert.equal(printed.total, kept.total + 1)
      // Who recorded each row is named as her account is named now.
      const renamed = await afterChange(
        kept,
        sql`update accounts set name = '改名员工' where id = ${site.accountId}`,
        sql`update accounts set name = ${kept.list[0].by} where id = ${site.accountId}`,
      )
      assert.deepEqual(new Set(renamed.list.map((e: { by: string }) => e.by)), new Set(['改名员工']))
    })

    it('answers each change of her details, babies, stay and its package at once, by hand included', async () => {
      const kept = await read()
      const allergic = await afterChange(
        kept,
        sql`update customers set allergies = '青霉素过敏、海鲜过敏' where id = ${customer.id}`,
        sql`update customers set allergies = ${kept.file.allergies} where id = ${customer.id}`,
      )
      assert.equal(allergic.file.allergies, '青霉素过敏、海鲜过敏')
      const [baby, twin] = kept.file.babies
      const weighed = await afterChange(
        kept,
        sql`update babies set birth_weight = 2900 where id = ${twin.id}`,
        sql`update babies set birth_weight = ${twin.birth_weight} where id = ${twin.id}`,
      )
      // Born lighter, her twin's latest weight is no longer a loss past the centre's line.
      assert.deepEqual([weighed.file.babies[1].birth_weight, weighed.file.babies[1].latest.flags], [2900, []])
      const third = await afterChange(
        kept,
        sql`insert into babies (customer_id, name, sex, birth_date) values (${customer.id}, '三宝', 'male', ${baby.birth_date})`,
        sql`delete from babies where customer_id = ${customer.id} and name = '三宝'`,
      )
      assert.deepEqual(
        third.file.babies.map((b: { name: string }) => b.name),
        [...kept.file.babies.map((b: { name: string }) => b.name), '三宝'],
      )
      const { stay } = kept.file
      const longer = await afterChange(
        kept,
        sql`update stays set planned_days = ${stay.planned_days + 14} where id = ${stay.id}`,
        sql`update stays set planned_days = ${stay.planned_days} where id = ${stay.id}`,
      )
      assert.equal(longer.file.stay.planned_days, stay.planned_days + 14)
      // Her stay's package, then the package renamed.
      const [{ id: packageId }] = (
        (await app.db.execute(
          sql`insert into stay_packages (site_id, name, days, price) values (${site.siteId}, '月子套餐甲', 28, 0) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows
      try {
        await app.db.execute(sql`update stays set package_id = ${packageId} where id = ${stay.id}`)
        assert.equal((await read()).file.stay.package_name, '月子套餐甲')
        await app.db.execute(sql`update stay_packages set name = '月子套餐乙' where id = ${packageId}`)
        assert.equal((await read()).file.stay.package_name, '月子套餐乙')
      } finally {
        await app.db.execute(sql`update stays set package_id = ${stay.package_id} where id = ${stay.id}`)
        await app.db.execute(sql`delete from stay_packages where id = ${packageId}`)
      }
      assert.deepEqual(await read(), kept)
    })

    it("answers a change of her site's time zone at once: her babies' readings are timed in it", async () => {
      const other = site.customers[2]
      const yesterday = addDays(centreToday(DEFAULT_ZONE), -1)
      const [newborn] = (
        (await app.db.execute(sql`insert into babies (customer_id, name, sex, birth_date, birth_time, birth_weight)
          values (${other.id}, '新生儿', 'male', ${yesterday}, '00:00', 3300) returning id`)) as unknown as {
          rows: { id: number }[]
        }
      ).rows
      const { babies: _twins, ...single } = validSample(definitionOf('儿科医生查房签到表'), {
        customer: other,
        room: other.room,
        departmentIds: [],
      })
      const round = await post('/api/care/index/saveForm', {
        name: '儿科医生查房签到表',
        customer_id: other.id,
        data: { ...single, baby_id: Number(newborn.id), tcb_forehead: 19.5, tcb_chest: 19 },
      })
      assert.equal(round.code, 1, round.msg)
      /** Her newborn's age in hours at the round, as her file's jaundice mark gives it. */
      const hours = async () => {
        const baby = (await read(other.id)).file.babies.find((b: { id: number }) => b.id === Number(newborn.id))
        return baby.latest.flags.find((flag: { rule: string }) => flag.rule === 'jaundice').hours as number
      }
      try {
        const before = await hours()
        await app.db.execute(sql`update sites set time_zone = 'Asia/Tokyo' where id = ${site.siteId}`)
        try {
          assert.notEqual(await hours(), before)
        } finally {
          await app.db.execute(sql`update sites set time_zone = ${DEFAULT_ZONE.timeZone} where id = ${site.siteId}`)
        }
        assert.equal(await hours(), before)
      } finally {
        await post('/api/care/index/delFormRecord', { id: round.res.id })
        await app.db.execute(sql`delete from babies where id = ${newborn.id}`)
      }
    })

    it('reads her file afresh after a few minutes, whatever its version says', async (t) => {
      const kept = await read()
      // A change no trigger counts: written as a replica applies what it is sent.
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.execute(sql`update customers set diet_needs = '少盐，不吃辣' where id = ${customer.id}`)
      })
      try {
        assert.deepEqual(await read(), kept)
        const now = Date.now()
        t.mock.method(Date, 'now', () => now + 5 * 60_000 + 1)
        assert.equal((await read()).file.diet_needs, '少盐，不吃辣')
      } finally {
        await app.db.execute(sql`update customers set diet_needs = ${kept.file.diet_needs} where id = ${customer.id}`)
      }
    })

    it('sums what she owes for the days of her stay as it is now', async () => {
      const kept = await read()
      assert.ok(kept.file.owed.meals > 0 && kept.file.owed.self_paid > 0)
      const tomorrow = addDays(centreToday(DEFAULT_ZONE), 1)
      const stay = sql`(select id from stays where customer_id = ${customer.id} and status = 'in_house')`
      const [{ check_in_date: checkIn }] = (
        (await app.db.execute(sql`select check_in_date::text from stays where id = ${stay}`)) as unknown as {
          rows: { check_in_date: string }[]
        }
      ).rows
      await app.db.execute(sql`update stays set check_in_date = ${tomorrow} where id = ${stay}`)
      try {
        // Her orders and meals of today are before a stay that starts tomorrow.
        assert.deepEqual((await read()).file.owed, { self_paid: 0, meals: 0, total: 0 })
      } finally {
        await app.db.execute(sql`update stays set check_in_date = ${checkIn} where id = ${stay}`)
      }
      assert.deepEqual(await read(), kept)
    })

    it(
      'answers a record saved through another instance at once',
      { skip: !process.env.DATABASE_URL && 'two instances at once need PostgreSQL' },
      async () => {
        const second = await startApp()
        try {
          await read()
          const visit = await call(
            second,
            '/api/care/index/saveForm',
            { name: '访客出入登记表', customer_id: customer.id, data: sample('访客出入登记表') },
            { token: site.token },
          )
          assert.equal(visit.code, 1, visit.msg)
          assert.equal(listed(await read())[0], `record ${visit.res.id}`)
          await call(second, '/api/care/index/delFormRecord', { id: visit.res.id }, { token: site.token })
          assert.ok(!listed(await read()).includes(`record ${visit.res.id}`))
        } finally {
          await second.close()
        }
      },
    )
  })
})

describe('family meals saved before each meal had its price', () => {
  const MEALS = '家属订餐登记表'
  let site: TestSite
  const post = (url: string, body: object) => call(app, url, body, { token: site.token })

  it('are read, summed and billed at their one price beside the orders priced per meal', async () => {
    site = await addSite(app)
    const customer = site.customers[1]
    const today = centreToday(DEFAULT_ZONE)
    const sample = validSample(definitionOf(MEALS), { customer, room: customer.room, departmentIds: [] })
    const fresh = await post('/api/care/index/saveForm', {
      name: MEALS,
      customer_id: customer.id,
      data: { ...sample, breakfast: 2, breakfast_price: 15, lunch: 1, lunch_price: 38, dinner: 1, dinner_price: 42.5 },
    })
    assert.equal(fresh.code, 1, fresh.msg)
    // As the server stored an order then: one price for every meal, and the amount it made of it.
    const earlier = { customer_id: customer.id, meal_date: today, lunch: 1, dinner: 2, unit_price: 25, amount: 75 }
    const [old] = await app.db
      .insert(formRecords)
      .values({
        siteId: site.siteId,
        name: MEALS,
        customerId: customer.id,
        data: { ...earlier, family_signature: SIGNATURE },
        createdBy: site.accountId,
        updatedBy: site.accountId,
      })
      .returning({ id: formRecords.id })

    const info = (await post('/api/care/index/getFormRecordInfo', { id: fresh.res.id })).res
    assert.equal(info.data.amount, 110.5)
    const read = (await post('/api/care/index/getFormRecordInfo', { id: old.id })).res.data
    assert.deepEqual(
      [read.lunch_price, read.dinner_price, read.breakfast_price, read.unit_price, read.amount],
      [25, 25, undefined, undefined, 75],
    )
    const listed = (await post('/api/care/index/getFormRecord', { name: MEALS, limit: 10 })).res.list
    assert.equal(listed.find((r: { id: number }) => r.id === old.id).data.dinner_price, 25)

    const { file } = (await post('/api/care/customer/timeline', { customer_id: customer.id })).res
    assert.deepEqual(file.owed, { self_paid: 0, meals: 185.5, total: 185.5 })
    const bill = (await post('/api/care/customer/billPdf', { customer_id: customer.id })).res
    const response = await app.inject({ method: 'GET', url: bill.url })
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload, encoding: 'utf8' })
    for (const part of ['家属订餐小计¥185.50', `${today}1275.00`, `${today}211110.50`])
      assert.ok(text.replace(/\s+/g, '').includes(part), `${part} in ${text}`)

    // Opened and saved again as read, it keeps its amount.
    const again = await post('/api/care/index/saveForm', {
      id: old.id,
      name: MEALS,
      customer_id: customer.id,
      data: read,
    })
    assert.equal(again.code, 1, again.msg)
    const saved = (await post('/api/care/index/getFormRecordInfo', { id: old.id })).res.data
    assert.deepEqual([saved.lunch_price, saved.dinner_price, saved.amount], [25, 25, 75])
  })
})
