// The centre's day: which date a record belongs to is counted in its site's zone, never in the
// server machine's zone, and the app is told that zone with the user info.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formRecords } from '../src/db/schema.js'
import { centreDayRange, centreToday, siteUtcOffset } from '../src/lib/dates.js'
import { definitionOf, validSample } from './formSamples.js'
import { addSite, call, startApp, type TestSite } from './helpers.js'

const SHANGHAI = { timeZone: 'Asia/Shanghai' }
const LOS_ANGELES = { timeZone: 'America/Los_Angeles' }
const LONDON = { timeZone: 'Europe/London' }
/** The last second of 22 Nov in Shanghai, and the first of 23 Nov. */
const BEFORE_MIDNIGHT = new Date('2026-11-22T15:59:59Z')
const AT_MIDNIGHT = new Date('2026-11-22T16:00:00Z')

describe('the day helpers', () => {
  it("turn to the next day at the centre's midnight, not UTC's", () => {
    assert.equal(centreToday(SHANGHAI, BEFORE_MIDNIGHT), '2026-11-22')
    assert.equal(centreToday(SHANGHAI, AT_MIDNIGHT), '2026-11-23')
    assert.equal(centreToday(LOS_ANGELES, BEFORE_MIDNIGHT), '2026-11-22')
    assert.equal(centreToday(LOS_ANGELES, AT_MIDNIGHT), '2026-11-22')
  })

  it("give a day's range from the centre's midnight to the next", () => {
    assert.deepEqual(centreDayRange(SHANGHAI, '2026-11-23'), [AT_MIDNIGHT, new Date('2026-11-23T16:00:00Z')])
    assert.deepEqual(centreDayRange(LOS_ANGELES, '2026-11-22'), [
      new Date('2026-11-22T08:00:00Z'),
      new Date('2026-11-23T08:00:00Z'),
    ])
    // The day the clocks go forward in London has 23 hours.
    const [start, end] = centreDayRange(LONDON, '2026-03-29')
    assert.deepEqual([start, end], [new Date('2026-03-29T00:00:00Z'), new Date('2026-03-29T23:00:00Z')])
    // The last day a date field accepts: its end is in the year 10000.
    assert.deepEqual(centreDayRange(SHANGHAI, '9999-12-31')[1], new Date(Date.UTC(9999, 11, 31, 16)))
  })

  it("know the zone's offset, daylight saving included", () => {
    assert.equal(siteUtcOffset(SHANGHAI, AT_MIDNIGHT), 480)
    assert.equal(siteUtcOffset(LOS_ANGELES, AT_MIDNIGHT), -480)
    assert.equal(siteUtcOffset(LOS_ANGELES, new Date('2026-07-01T12:00:00Z')), -420)
  })
})

describe("a site's records are counted in its own zone", () => {
  let app: FastifyInstance
  let shanghai: TestSite
  let losAngeles: TestSite
  const VISIT = '访客出入登记表'
  const API = '/api/care/index'

  before(async () => {
    app = await startApp()
    shanghai = await addSite(app)
    losAngeles = await addSite(app, { timeZone: LOS_ANGELES.timeZone })
  })
  after(() => app.close())

  /** Saves a visit of the site and moves it to `at`. */
  async function visitAt(site: TestSite, at: Date): Promise<number> {
    const customer = site.customers[0]
    const data = validSample(definitionOf(VISIT), { customer, room: customer.room, departmentIds: [] })
    // A day that has begun in every zone here: a visit cannot come after the site's today.
    const earliest = `${centreToday(LOS_ANGELES)} 10:30`
    Object.assign(data, { time_in: earliest, time_out: earliest })
    const reply = await call(
      app,
      `${API}/saveForm`,
      { name: VISIT, customer_id: customer.id, data },
      { token: site.token },
    )
    assert.equal(reply.code, 1, reply.msg)
    await app.db.update(formRecords).set({ createdAt: at }).where(eq(formRecords.id, reply.res.id))
    return reply.res.id
  }

  it('sends the zone with the user info', async () => {
    const info = (await call(app, '/api/care/account/info', {}, { token: losAngeles.token })).res
    assert.equal(info.time_zone, 'America/Los_Angeles')
    assert.equal(info.utc_offset, siteUtcOffset(LOS_ANGELES))
    assert.equal(
      (await call(app, '/api/care/account/info', {}, { token: shanghai.token })).res.time_zone,
      'Asia/Shanghai',
    )
  })

  it('counts, lists and sums the home badges by the day of the site', async () => {
    const ids: number[] = []
    for (const site of [shanghai, losAngeles])
      ids.push(await visitAt(site, BEFORE_MIDNIGHT), await visitAt(site, AT_MIDNIGHT))

    const countOn = async (site: TestSite, date: string) =>
      (await call(app, `${API}/getFormRecordCount`, { name: VISIT, date }, { token: site.token })).res.count
    const listedOn = async (site: TestSite, date: string) =>
      (
        await call(
          app,
          `${API}/getFormRecord`,
          { name: VISIT, date_from: date, date_to: date, page: 1, limit: 20 },
          { token: site.token },
        )
      ).res.list.map((r: { id: number }) => r.id)
    const homeOn = async (site: TestSite, date: string) =>
      (await call(app, '/api/care/account/index', { date }, { token: site.token })).res.counts[VISIT] ?? 0

    // Shanghai: 23:59:59 on the 22nd, then 00:00 on the 23rd.
    assert.deepEqual([await countOn(shanghai, '2026-11-22'), await countOn(shanghai, '2026-11-23')], [1, 1])
    assert.deepEqual(await listedOn(shanghai, '2026-11-23'), [ids[1]])
    assert.deepEqual([await homeOn(shanghai, '2026-11-22'), await homeOn(shanghai, '2026-11-23')], [1, 1])
    // Los Angeles: both at 07:59:59 and 08:00 on the 22nd.
    assert.deepEqual([await countOn(losAngeles, '2026-11-22'), await countOn(losAngeles, '2026-11-23')], [2, 0])
    assert.deepEqual(await listedOn(losAngeles, '2026-11-22'), [ids[3], ids[2]])
    assert.deepEqual([await homeOn(losAngeles, '2026-11-22'), await homeOn(losAngeles, '2026-11-23')], [2, 0])
    await app.db.delete(formRecords).where(inArray(formRecords.id, ids))
  })

  it("takes the site's today where the date is left out", async () => {
    await visitAt(losAngeles, new Date())
    const count = (await call(app, `${API}/getFormRecordCount`, { name: VISIT }, { token: losAngeles.token })).res.count
    assert.equal(count, 1)
    const home = (await call(app, '/api/care/account/index', {}, { token: losAngeles.token })).res
    assert.equal(home.date, centreToday(LOS_ANGELES))
  })
})
