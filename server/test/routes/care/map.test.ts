import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../../src/config.js'
import { call, login, startApp } from '../../helpers.js'

const TILES = '/api/care/map/tiles'
const REGEO = '/api/care/map/regeo'
const STAND_IN = 'http://127.0.0.1:9/{z}/{x}/{y}.png'
const KEY = 'amap-key-of-the-centre'
/** A point at the demo site (GCJ-02). */
const POINT = { latitude: 31.230416, longitude: 121.473701 }

let app: FastifyInstance
let token: string

describe('without a map-service key', () => {
  before(async () => {
    const config = loadConfig({ MAP_TILE_URL: STAND_IN })
    app = await startApp({ mapTiles: config.mapTiles, csp: config.csp, mapGeocode: config.mapGeocode })
    token = await login(app, 'demo', 'demo1234')
  })
  after(() => app.close())

  it('answers the configured tile URL, whose host the content security policy lets pictures come from, and no geocoding', async () => {
    const reply = await app.inject({ method: 'POST', url: TILES, headers: { token }, payload: {} })
    assert.deepEqual(reply.json().res, { url: STAND_IN, subdomains: ['1', '2', '3', '4'], geocode: false })
    assert.match(
      String(reply.headers['content-security-policy']),
      /img-src 'self' data: blob: http:\/\/127\.0\.0\.1:9(;|$)/,
    )
  })

  it('finds no address: the person types the place', async () => {
    assert.deepEqual(await call(app, REGEO, POINT, { token }), { code: 1, msg: '成功', res: null })
  })

  it('needs a session', async () => {
    assert.notEqual((await call(app, TILES, {})).code, 1)
    assert.equal((await call(app, REGEO, POINT)).code, -90001)
  })
})

/** AutoNavi's regeo, answering what `next` says; it records each query it is asked. */
type Answer = 'place' | 'nothing' | 'refusal' | 'http error' | 'not JSON' | 'hang-up' | 'silence'
let service: Server
let next: Answer = 'place'
const asked: URLSearchParams[] = []

function answer(request: IncomingMessage, response: import('node:http').ServerResponse) {
  asked.push(new URL(request.url ?? '', 'http://stand-in').searchParams)
  const json = (body: unknown) => response.setHeader('content-type', 'application/json').end(JSON.stringify(body))
  switch (next) {
    case 'place':
      return json({
        status: '1',
        info: 'OK',
        regeocode: {
          formatted_address: '上海市黄浦区人民广场街道人民大道200号',
          addressComponent: {
            building: { name: [] },
            neighborhood: { name: [] },
            streetNumber: { street: '人民大道', number: '200号' },
            township: '人民广场街道',
          },
          aois: [],
          pois: [
            { name: '上海博物馆', distance: '180.5' },
            { name: '上海市人民政府', distance: '35.2' },
          ],
        },
      })
    case 'nothing':
      // A point at sea: every field empty, written as [].
      return json({
        status: '1',
        info: 'OK',
        regeocode: {
          formatted_address: [],
          addressComponent: { building: { name: [] }, streetNumber: { street: [], number: [] }, township: [] },
          pois: [],
        },
      })
    case 'refusal':
      return json({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' })
    case 'http error':
      return response.writeHead(502).end('Bad Gateway')
    case 'not JSON':
      return response.setHeader('content-type', 'text/html').end('<html>portal login</html>')
    case 'hang-up':
      // The connection breaks, as when the network does.
      return request.socket.destroy()
    case 'silence':
      // Never answers: the server gives up after its timeout.
      return
  }
}

describe('with a map-service key', () => {
  before(async () => {
    service = createServer(answer)
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/v3/geocode/regeo`
    const config = loadConfig({ MAP_GEOCODE_URL: url, MAP_GEOCODE_KEY: KEY })
    app = await startApp({ mapGeocode: config.mapGeocode })
    token = await login(app, 'demo', 'demo1234')
  })
  after(async () => {
    await app.close()
    service.closeAllConnections()
    await new Promise((resolve) => service.close(resolve))
  })

  it('says geocoding is on, and never gives the key to the app', async () => {
    const reply = await app.inject({ method: 'POST', url: TILES, headers: { token }, payload: {} })
    assert.equal(reply.json().res.geocode, true)
    assert.ok(!reply.body.includes(KEY))
  })

  it('asks the service with the key and the GCJ-02 point (longitude first), and answers the nearest place and the address', async () => {
    next = 'place'
    asked.length = 0
    const reply = await app.inject({ method: 'POST', url: REGEO, headers: { token }, payload: POINT })
    assert.deepEqual(reply.json().res, { name: '上海市人民政府', address: '上海市黄浦区人民广场街道人民大道200号' })
    assert.ok(!reply.body.includes(KEY))
    assert.equal(asked.length, 1)
    assert.equal(asked[0].get('key'), KEY)
    assert.equal(asked[0].get('location'), '121.473701,31.230416')
    assert.equal(asked[0].get('extensions'), 'all')
  })

  it('answers null where the service knows no place', async () => {
    next = 'nothing'
    assert.equal((await call(app, REGEO, POINT, { token })).res, null)
  })

  it('answers null, not an error, when the service refuses, fails, answers garbage, hangs up or is too slow', async () => {
    for (const failure of ['refusal', 'http error', 'not JSON', 'hang-up', 'silence'] as const) {
      next = failure
      const started = Date.now()
      assert.deepEqual(await call(app, REGEO, POINT, { token }), { code: 1, msg: '成功', res: null }, failure)
      assert.ok(Date.now() - started < 5_000, `${failure} took ${Date.now() - started} ms`)
    }
  })

  it('refuses a point off the globe with a message that names the coordinate, without asking the service', async () => {
    asked.length = 0
    const far = await call(app, REGEO, { latitude: 91, longitude: 121 }, { token })
    assert.deepEqual([far.code, far.msg], [-1, 'latitude 不能大于 90'])
    const missing = await call(app, REGEO, { latitude: 31 }, { token, lang: 'en' })
    assert.equal(missing.code, -1)
    assert.match(missing.msg, /longitude/)
    assert.equal(asked.length, 0)
  })

  it('limits look-ups per session, with a message that says to type the place meanwhile', async () => {
    next = 'place'
    const busy = await login(app, 'demo', 'demo1234')
    for (let i = 0; i < 30; i++)
      assert.equal((await call(app, REGEO, POINT, { token: busy })).code, 1, `look-up ${i + 1}`)
    const refused = await call(app, REGEO, POINT, { token: busy })
    assert.equal(refused.code, -3)
    assert.equal(refused.msg, '查找地址过于频繁，请稍后再试，或直接填写名称和地址')
    assert.ok(refused.res.retry_after > 0 && refused.res.retry_after <= 60)
    // Another session (another phone of the centre) still gets addresses.
    assert.equal((await call(app, REGEO, POINT, { token })).res?.name, '上海市人民政府')
  })
})

describe('the geocoding settings', () => {
  it('default to AutoNavi when only the key is set, and refuse a service URL without a key', () => {
    assert.deepEqual(loadConfig({ MAP_GEOCODE_KEY: KEY }).mapGeocode, {
      url: 'https://restapi.amap.com/v3/geocode/regeo',
      key: KEY,
    })
    assert.equal(loadConfig({}).mapGeocode, undefined)
    assert.throws(() => loadConfig({ MAP_GEOCODE_URL: 'https://restapi.amap.com/v3/geocode/regeo' }), /MAP_GEOCODE_KEY/)
    assert.throws(
      () => loadConfig({ MAP_GEOCODE_KEY: KEY, MAP_GEOCODE_URL: 'restapi.amap.com' }),
      /MAP_GEOCODE_URL must be a URL/,
    )
  })
})
