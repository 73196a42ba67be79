import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formRecords } from '../../../../src/db/schema.js'
import { definitionOf, validSample } from '../../../formSamples.js'
import { addSite, call, login, startApp, type TestSite } from '../../../helpers.js'

// A ward round is signed in where it happened: the server checks the place, counts its distance
// from the site itself and flags a sign-in past the site's radius.

const API = '/api/care/index'
const ROUNDS = ['儿科医生查房签到表', '产科医生查房签到表']

// The site at a point of Hangzhou; 0.001° of latitude is 111.2 m there (and everywhere).
const SITE = { latitude: 30.27862, longitude: 120.13078, radius: 500 }
const north = (metres: number) => ({ latitude: SITE.latitude + metres / 111_195, longitude: SITE.longitude })

let app: FastifyInstance
let site: TestSite
let other: TestSite

before(async () => {
  app = await startApp()
  site = await addSite(app, { location: SITE })
  // Another site 12 km east, with a smaller radius.
  other = await addSite(app, { location: { latitude: SITE.latitude, longitude: SITE.longitude + 0.125, radius: 300 } })
})
after(() => app.close())

const roundData = (name: string, who: TestSite, place: unknown) => {
  const customer = who.customers[1]
  const data = validSample(definitionOf(name), { customer, room: customer.room, departmentIds: [] })
  return { name, customer_id: customer.id, data: { ...data, signin_location: place } }
}
const save = (who: TestSite, name: string, place: unknown, headers: Record<string, string> = {}) =>
  call(app, `${API}/saveForm`, roundData(name, who, place), { token: who.token, ...headers })
const stored = async (id: number) =>
  (await app.db.select({ data: formRecords.data }).from(formRecords).where(eq(formRecords.id, id)))[0].data as Record<
    string,
    any
  >

describe('the site where rounds are signed in', () => {
  it('comes with the user info at login and at account/info: coordinates and radius, null for a site without', async () => {
    const info = await call(app, '/api/care/account/info', {}, { token: site.token })
    assert.deepEqual(info.res.site_location, SITE)

    const demo = await call(app, '/api/care/account/login_old', { account: 'demo', password: 'demo1234' })
    const { latitude, longitude, radius } = demo.res.userInfo.site_location
    // The demo sites are in Hangzhou (GCJ-02), with the default radius.
    assert.ok(latitude > 30 && latitude < 30.5 && longitude > 119.9 && longitude < 120.4, `${latitude},${longitude}`)
    assert.equal(radius, 500)

    const plain = await addSite(app)
    assert.equal((await call(app, '/api/care/account/info', {}, { token: plain.token })).res.site_location, null)
  })

  it('follows a switch to another site', async () => {
    const manager = await login(app, 'manager', 'demo1234')
    const first = (await call(app, '/api/care/account/info', {}, { token: manager })).res
    const sites = (await call(app, '/api/care/account/siteList', {}, { token: manager })).res as { id: number }[]
    const second = sites.find((s) => s.id !== first.site_id)!
    const switched = (await call(app, '/api/care/account/info', { site_id: second.id }, { token: manager })).res
    assert.equal(switched.site_id, second.id)
    assert.ok(switched.site_location)
    assert.notDeepEqual(switched.site_location, first.site_location)
  })
})

describe('saveForm of a ward round with its sign-in location', () => {
  it('refuses a round without a place, naming the field in the language of the request', async () => {
    for (const name of ROUNDS) {
      const missing = await save(site, name, undefined)
      assert.equal(missing.code, -1)
      assert.deepEqual(missing.res.errors, [{ path: 'signin_location', message: '请选择签到位置' }])
      assert.equal((await save(site, name, undefined, { lang: 'en' })).msg, 'Please select Sign-in location')
    }
  })

  it('refuses coordinates out of range, missing or not numbers, naming the field', async () => {
    const cases: unknown[] = [
      { name: '北极', address: '', latitude: 91, longitude: 120 },
      { name: '', address: '', latitude: -90.5, longitude: 120 },
      { name: '', address: '', latitude: 30, longitude: 180.01 },
      { name: '', address: '', latitude: 30, longitude: -181 },
      { name: '', address: '', latitude: 30 },
      { name: '', address: '', longitude: 120 },
      { name: '', address: '', latitude: '30.27', longitude: '120.13' },
      { name: '', address: '', latitude: null, longitude: 120 },
    ]
    for (const place of cases) {
      const zh = await save(site, ROUNDS[0], place)
      assert.equal(zh.code, -1, JSON.stringify(place))
      assert.deepEqual(
        zh.res.errors,
        [{ path: 'signin_location', message: '签到位置的经纬度无效' }],
        JSON.stringify(place),
      )
      assert.equal(
        (await save(site, ROUNDS[1], place, { lang: 'en' })).msg,
        'Sign-in location: the coordinates are not valid',
      )
    }
    const notAPlace = await save(site, ROUNDS[0], 'here', { lang: 'en' })
    assert.equal(notAPlace.msg, 'Sign-in location is not valid')
    const longName = await save(site, ROUNDS[0], { name: '院'.repeat(201), address: '', ...north(10) })
    assert.equal(longName.msg, '签到位置最多200个字')
    // The edges of the ranges are places.
    assert.equal((await save(site, ROUNDS[0], { name: '', address: '', latitude: -90, longitude: 180 })).code, 1)
  })

  it('counts the distance from the site itself and ignores a distance or flag the client sends', async () => {
    const near = { name: '护理站', address: '3楼', ...north(120) }
    const reply = await save(site, ROUNDS[0], { ...near, distance: 9999, far: true })
    assert.equal(reply.code, 1, reply.msg)
    assert.deepEqual((await stored(reply.res.id)).signin_location, { ...near, distance: 120, far: false })

    const info = await call(app, `${API}/getFormRecordInfo`, { id: reply.res.id }, { token: site.token })
    assert.deepEqual(info.res.data.signin_location, { ...near, distance: 120, far: false })

    // Reopened and saved again with its stored value and a forged distance: counted again.
    const again = await call(
      app,
      `${API}/saveForm`,
      { ...roundData(ROUNDS[0], site, { ...info.res.data.signin_location, distance: 1 }), id: reply.res.id },
      { token: site.token },
    )
    assert.equal(again.code, 1, again.msg)
    assert.equal((await stored(reply.res.id)).signin_location.distance, 120)
  })

  it('saves a sign-in past the radius and flags it; one within the radius is not flagged', async () => {
    const home = { name: '客户家中', address: '湖墅南路 88 号', ...north(3200) }
    const far = await save(site, ROUNDS[1], { ...home, distance: 0, far: false })
    assert.equal(far.code, 1, far.msg)
    assert.deepEqual((await stored(far.res.id)).signin_location, { ...home, distance: 3200, far: true })

    const edge = await save(site, ROUNDS[1], { name: '', address: '', ...north(499) })
    assert.deepEqual((await stored(edge.res.id)).signin_location, {
      name: '',
      address: '',
      ...north(499),
      distance: 499,
      far: false,
    })
    const past = await save(site, ROUNDS[1], { name: '', address: '', ...north(501) })
    assert.equal((await stored(past.res.id)).signin_location.far, true)

    // The list carries the flag with the record.
    const list = await call(app, `${API}/getFormRecord`, { name: ROUNDS[1], page: 1, limit: 50 }, { token: site.token })
    const flagged = list.res.list.find((record: { id: number }) => record.id === far.res.id)
    assert.equal(flagged.data.signin_location.far, true)
  })

  it("counts from the saving site's own coordinates, and another site's record is never reachable", async () => {
    const place = { name: '护理站', address: '', ...north(120) }
    const mine = await save(site, ROUNDS[0], place)
    const theirs = await save(other, ROUNDS[0], place)
    assert.equal(theirs.code, 1, theirs.msg)
    const there = (await stored(theirs.res.id)).signin_location
    // 12 km from the other site, past its 300 m radius.
    assert.ok(there.distance > 11_000 && there.distance < 13_000, String(there.distance))
    assert.equal(there.far, true)

    const notFound = await call(app, `${API}/getFormRecordInfo`, { id: mine.res.id }, { token: other.token })
    assert.equal(notFound.code, -2)
    const list = await call(
      app,
      `${API}/getFormRecord`,
      { name: ROUNDS[0], page: 1, limit: 100 },
      { token: other.token },
    )
    assert.ok(list.res.list.every((record: { id: number }) => record.id !== mine.res.id))
    // Nor can it be overwritten from there.
    const overwrite = await call(
      app,
      `${API}/saveForm`,
      { ...roundData(ROUNDS[0], other, place), id: mine.res.id },
      { token: other.token },
    )
    assert.equal(overwrite.code, -2)
    assert.deepEqual((await stored(mine.res.id)).signin_location, { ...place, distance: 120, far: false })
  })

  it('stores no distance for a site without coordinates', async () => {
    const plain = await addSite(app)
    const reply = await save(plain, ROUNDS[0], { name: '', address: '', ...north(50), distance: 50, far: true })
    assert.equal(reply.code, 1, reply.msg)
    assert.deepEqual((await stored(reply.res.id)).signin_location, {
      name: '',
      address: '',
      ...north(50),
      distance: null,
      far: false,
    })
  })
})

describe('a sign-in the device never measured', () => {
  it('keeps its distance unknown: not 0 and not near, however close the pin is to the site', async () => {
    const start = { name: '院区', address: '', latitude: SITE.latitude, longitude: SITE.longitude }
    const reply = await save(site, ROUNDS[0], { ...start, measured: false, distance: 0, far: false })
    assert.equal(reply.code, 1, reply.msg)
    const kept = { ...start, distance: null, far: false, measured: false }
    assert.deepEqual((await stored(reply.res.id)).signin_location, kept)
    const info = await call(app, `${API}/getFormRecordInfo`, { id: reply.res.id }, { token: site.token })
    assert.deepEqual(info.res.data.signin_location, kept)
    // A pin dragged far away without a position is no more a measurement than one near.
    const dragged = await save(site, ROUNDS[0], { ...start, ...north(3200), measured: false })
    assert.deepEqual((await stored(dragged.res.id)).signin_location, { ...kept, ...north(3200) })
  })
})
