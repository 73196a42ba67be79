import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import {
  customers,
  departments,
  formRecords,
  giftTypes,
  inboundOrders,
  outApplies,
  specialCares,
  stays,
} from '../../../src/db/schema.js'
import { addDays, centreNow, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { addAccount, addSite, approverOf, call, login, startApp, type TestSite } from '../../helpers.js'

const TODAY = '/api/care/desk/today'

let app: FastifyInstance
let site: TestSite
let other: TestSite
let colleague: { token: string; accountId: number }
let staffToken: string
const today = centreToday(DEFAULT_ZONE)
const twoHoursAgo = centreNow(DEFAULT_ZONE, new Date(Date.now() - 2 * 3600_000))

/** A visit of the site's customer today, still open unless `timeOut`. */
const visit = (s: TestSite, customerId: number, timeIn: string, timeOut?: string) => ({
  siteId: s.siteId,
  name: FORM_PAGES.visit.name,
  customerId,
  data: { visitor_name: `访客${customerId}`, time_in: timeIn, ...(timeOut ? { time_out: timeOut } : {}) },
  createdBy: s.accountId,
  updatedBy: s.accountId,
})

/** A mother of the site booked into `room` for `day`, not yet in. */
async function book(s: TestSite, name: string, room: string, day: string, phone = `13600000${room}`) {
  const [customer] = await app.db
    .insert(customers)
    .values({ siteId: s.siteId, name, phone, room })
    .returning({ id: customers.id })
  await app.db.insert(stays).values({
    siteId: s.siteId,
    customerId: customer.id,
    kind: 'month',
    checkInDate: day,
    plannedDays: 28,
    room,
    status: 'arriving',
  })
  return customer.id
}

/** Arrivals, departures, visits, rounds and pending orders of a site, the same in both sites. */
async function fillDay(s: TestSite, maker: number) {
  const [first, second, third] = s.customers
  // The second mother leaves today; a new one arrives today; another is booked for tomorrow.
  await app.db
    .update(stays)
    .set({ checkInDate: addDays(today, -28), plannedDays: 28 })
    .where(eq(stays.customerId, second.id))
  for (const [i, day] of [today, addDays(today, 1)].entries()) {
    await book(s, `新妈妈${i}`, `90${i}`, day, `1370000${s.siteId % 1000}${i}`)
  }
  // Two visitors inside (the earliest since two hours ago), one gone.
  await app.db
    .insert(formRecords)
    .values([
      visit(s, first.id, twoHoursAgo),
      visit(s, second.id, centreNow(DEFAULT_ZONE)),
      visit(s, third.id, twoHoursAgo, centreNow(DEFAULT_ZONE)),
    ])
  // The first mother had her obstetric round, the third her paediatric one; a deleted one counts for nothing.
  const round = (customerId: number, name: string, deleted = false) => ({
    siteId: s.siteId,
    name,
    customerId,
    data: {},
    createdBy: s.accountId,
    updatedBy: s.accountId,
    ...(deleted ? { deletedAt: new Date(), deletedBy: s.accountId } : {}),
  })
  await app.db
    .insert(formRecords)
    .values([
      round(first.id, FORM_PAGES.obstetricianRounds.name),
      round(third.id, FORM_PAGES.pediatricianRounds.name),
      round(second.id, FORM_PAGES.pediatricianRounds.name, true),
    ])
  // Pending orders made by `maker`, one by the site's own approver, and one already approved.
  const made = (createdBy: number) => ({ siteId: s.siteId, createdBy, updatedBy: createdBy })
  const [department] = await app.db
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.siteId, s.siteId))
  const [giftType] = await app.db.select({ id: giftTypes.id }).from(giftTypes).where(eq(giftTypes.siteId, s.siteId))
  const general = { type: 'general' as const, departmentId: department.id }
  await app.db.insert(outApplies).values([
    { ...made(maker), ...general, applyDate: today },
    { ...made(maker), ...general, applyDate: addDays(today, -3) },
    { ...made(s.accountId), ...general, applyDate: today },
    { ...made(maker), ...general, applyDate: today, status: 'approved' },
    { ...made(maker), type: 'gift', applyDate: today, customerId: first.id, giftTypeId: giftType.id },
  ])
  await app.db
    .insert(specialCares)
    .values({ ...made(maker), customerId: first.id, room: first.room, consumeDate: today, total: '10' })
  await app.db.insert(inboundOrders).values({ ...made(maker), supplier: '供应商', inboundDate: today })
}

before(async () => {
  app = await startApp()
  site = await addSite(app)
  other = await addSite(app)
  colleague = await approverOf(app, site)
  const staff = await addAccount(app, { siteIds: [site.siteId] })
  staffToken = await login(app, staff.account, staff.password)
  await fillDay(site, colleague.accountId)
  await fillDay(other, (await approverOf(app, other)).accountId)
})
after(() => app.close())

const desk = async (body: object = {}, token = site.token) => {
  const reply = await call(app, TODAY, body, { token })
  assert.equal(reply.code, 1, reply.msg)
  return reply.res
}

describe('desk/today', () => {
  it("counts the site's day: arrivals, departures, visitors inside, rounds not done", async () => {
    const day = await desk()
    assert.equal(day.date, today)
    assert.equal(day.arrivals, 1)
    assert.equal(day.departures, 1)
    assert.equal(day.visitors_inside, 2)
    assert.ok(
      day.longest_inside_minutes >= 119 && day.longest_inside_minutes <= 121,
      String(day.longest_inside_minutes),
    )
    // Four mothers in house, two of whom had a round today.
    assert.equal(day.no_round, 2)
  })

  it('counts the pending orders the approver may approve: not her own, nor checked ones', async () => {
    assert.deepEqual((await desk()).waiting, { outApplyGeneral: 2, outApplyGift: 1, specialCare: 1, inbound: 1 })
    // The colleague who made them may not approve her own.
    assert.deepEqual((await desk({}, colleague.token)).waiting, {
      outApplyGeneral: 1,
      outApplyGift: 0,
      specialCare: 0,
      inbound: 0,
    })
  })

  it('tells staff without the approve right nothing of the orders, and the rest as to anyone', async () => {
    const day = await desk({}, staffToken)
    assert.equal(day.waiting, null)
    assert.equal(day.arrivals, 1)
    assert.equal(day.no_round, 2)
  })

  it('lists the mothers behind a count, by room', async () => {
    const [first, second, third, fourth] = site.customers
    const arrivals = (await desk({ list: 'arrivals' })).customers
    assert.deepEqual(
      arrivals.map((m: { name: string; room: string; status: string; check_in_date: string }) => [
        m.name,
        m.room,
        m.status,
        m.check_in_date,
      ]),
      [['新妈妈0', '900', 'arriving', today]],
    )
    const departures = (await desk({ list: 'departures' })).customers
    assert.deepEqual(
      departures.map((m: { customer_id: number; leave_date: string }) => [m.customer_id, m.leave_date]),
      [[second.id, today]],
    )
    const noRound = (await desk({ list: 'noRound' })).customers
    assert.deepEqual(
      noRound.map((m: { customer_id: number }) => m.customer_id),
      [second.id, fourth.id],
    )
    assert.ok(!noRound.some((m: { customer_id: number }) => [first.id, third.id].includes(m.customer_id)))
  })

  it('lists the visitors inside, the longest inside first', async () => {
    const [first, second] = site.customers
    const { visits } = await desk({ list: 'visitors' })
    assert.deepEqual(
      visits.map((v: { customer_id: number; customer_name: string; time_in: string }) => [
        v.customer_id,
        v.customer_name,
        v.time_in,
      ]),
      [
        [first.id, first.name, twoHoursAgo],
        [second.id, second.name, visits[1].time_in],
      ],
    )
  })

  it("counts nothing of another site's day", async () => {
    // The other site has the same day: were its rows counted, every figure would double.
    const theirs = await desk({ list: 'noRound' }, other.token)
    assert.equal(theirs.arrivals, 1)
    assert.equal(theirs.visitors_inside, 2)
    assert.deepEqual(
      theirs.customers.map((m: { customer_id: number }) => m.customer_id),
      [other.customers[1].id, other.customers[3].id],
    )
    const ours = await desk({ list: 'visitors' })
    const otherIds = other.customers.map((c) => c.id)
    assert.ok(!ours.visits.some((v: { customer_id: number }) => otherIds.includes(v.customer_id)))
  })

  it('answers a day with nothing in it with zeros', async () => {
    const empty = await addSite(app)
    const day = await desk({}, empty.token)
    assert.equal(day.arrivals, 0)
    assert.equal(day.visitors_inside, 0)
    assert.equal(day.longest_inside_minutes, null)
    assert.equal(day.no_round, 4)
    assert.deepEqual(day.waiting, { outApplyGeneral: 0, outApplyGift: 0, specialCare: 0, inbound: 0 })
  })
})

describe('desk/today: bookings and overdue stays', () => {
  let quiet: TestSite
  let late: number
  let ahead: number
  before(async () => {
    quiet = await addSite(app)
    // The first mother is two days past her leave date; one booking is a day late, one three days ahead.
    await app.db
      .update(stays)
      .set({ checkInDate: addDays(today, -30), plannedDays: 28 })
      .where(eq(stays.customerId, quiet.customers[0].id))
    late = await book(quiet, '迟到妈妈', '905', addDays(today, -1))
    ahead = await book(quiet, '预订妈妈', '906', addDays(today, 3))
  })

  type Row = { customer_id: number; check_in_date: string; leave_date: string; late: boolean; overdue: boolean }

  it('counts a booking past its date among the arrivals, flagged late', async () => {
    const day = await desk({ list: 'arrivals' }, quiet.token)
    assert.equal(day.arrivals, 1)
    assert.deepEqual(
      day.customers.map((m: Row) => [m.customer_id, m.check_in_date, m.late, m.overdue]),
      [[late, addDays(today, -1), true, false]],
    )
  })

  it('counts a mother in house past her leave date among the departures, flagged overdue', async () => {
    const day = await desk({ list: 'departures' }, quiet.token)
    assert.equal(day.departures, 1)
    assert.deepEqual(
      day.customers.map((m: Row) => [m.customer_id, m.leave_date, m.late, m.overdue]),
      [[quiet.customers[0].id, addDays(today, -2), false, true]],
    )
  })

  it('lists the mothers booked for a later day with their dates', async () => {
    const day = await desk({ list: 'booked' }, quiet.token)
    assert.equal(day.booked, 1)
    assert.deepEqual(
      day.customers.map((m: Row) => [m.customer_id, m.check_in_date, m.late]),
      [[ahead, addDays(today, 3), false]],
    )
    // The first site's booking for tomorrow is its own.
    assert.equal((await desk({ list: 'booked' })).booked, 1)
  })
})
