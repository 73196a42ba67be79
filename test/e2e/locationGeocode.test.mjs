// H5's /choose-location with a map-service key: the server, started with MAP_GEOCODE_KEY and
// MAP_GEOCODE_URL naming a stand-in of AutoNavi's regeo on this machine, fills in the name and
// address of the point under the pin once the map is still; what the user typed stays. The
// stand-in also serves the tiles (MAP_TILE_URL), so no network is needed. Without a key nothing is
// filled in: location.test.mjs.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import gcoord from 'gcoord'
import { useApp, input, isHome, eventually } from './app.mjs'
import { ROOT } from './support.mjs'

const zh = JSON.parse(readFileSync(path.join(ROOT, 'locales/location/zh-CN.json'), 'utf8'))
const KEY = 'amap-web-service-key-of-the-centre'

/** The stand-in's place at a point: named after the point, so that each point gets its own. */
const placeAt = (location) => ({ name: `人民广场 ${location}`, address: `上海市黄浦区人民大道 ${location}` })

/**
 * AutoNavi's reverse geocoding, a little slow as over the network (the queries it was asked kept),
 * and grey tiles for every /z/x/y.png. `nothingHere` makes it find no place; `hold()` keeps its
 * answers back until `release()`, so that a test sees the page while it waits for one.
 */
async function startMapService() {
  let held = null
  const service = {
    asked: [],
    nothingHere: false,
    hold: () => {
      let release
      held = new Promise((resolve) => (release = resolve))
      service.release = () => {
        held = null
        release()
      }
    },
  }
  const tile = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPYt28fAAUuApeTjEcPAAAAAElFTkSuQmCC',
    'base64',
  )
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://stand-in')
    if (url.pathname.endsWith('.png')) return response.writeHead(200, { 'content-type': 'image/png' }).end(tile)
    service.asked.push(url.searchParams)
    const location = url.searchParams.get('location')
    const { name, address } = placeAt(location)
    const regeocode = service.nothingHere
      ? { formatted_address: [], addressComponent: { streetNumber: { street: [], number: [] } }, aois: [], pois: [] }
      : {
          formatted_address: address,
          addressComponent: { streetNumber: { street: '人民大道', number: '200号' } },
          aois: [],
          pois: [{ name, distance: '12' }],
        }
    const answer = () =>
      setTimeout(
        () =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: '1', info: 'OK', regeocode })),
        400,
      )
    if (held) held.then(answer)
    else answer()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  service.origin = `http://127.0.0.1:${server.address().port}`
  service.close = () => new Promise((resolve) => server.close(resolve))
  return service
}

const service = await startMapService()
after(() => service.close())
const app = useApp({
  MAP_TILE_URL: `${service.origin}/{z}/{x}/{y}.png`,
  MAP_GEOCODE_URL: `${service.origin}/v3/geocode/regeo`,
  MAP_GEOCODE_KEY: KEY,
})

/** A device in central Shanghai, as the browser reports it (WGS-84). */
const DEVICE = { latitude: 31.2304, longitude: 121.4737 }
const [gcjLongitude, gcjLatitude] = gcoord.transform([DEVICE.longitude, DEVICE.latitude], gcoord.WGS84, gcoord.GCJ02)

/** The point the page's coordinates line shows, as the service is asked for it: "lng,lat". */
async function shownLocation(page) {
  const [latitude, longitude] = (await page.locator('.place__coordinates').textContent()).match(/-?\d+\.\d+/g)
  return `${longitude},${latitude}`
}

/** Drags the map by (dx, dy) px in small steps, as a finger does, and lets go. */
async function dragMap(page, dx, dy) {
  const map = await page.locator('.place-map__canvas').boundingBox()
  const from = { x: map.x + map.width / 2 - 40, y: map.y + map.height / 2 + 40 }
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 })
  // Held still before letting go, so the map does not glide on.
  await page.waitForTimeout(200)
  await page.mouse.up()
}

const nameInput = (page) => input(page, zh['location.namePlaceholder'])
const addressInput = (page) => input(page, zh['location.addressPlaceholder'])

/** Waits until the name and address fields hold these values. */
async function fieldsHold(page, name, address) {
  await eventually(
    async () => (await nameInput(page).inputValue()) === name && (await addressInput(page).inputValue()) === address,
    `name "${name}" and address "${address}"`,
  )
}

test('/choose-location fills in the name and address of the point under the pin, once the map is still, and keeps what the user typed', async () => {
  const page = await app.newPage()
  const replies = []
  page.on('response', (response) => response.url().includes('/api/') && replies.push(response.text().catch(() => '')))
  await app.browser.context.grantPermissions(['geolocation'], { origin: app.server.url })
  await app.browser.context.setGeolocation(DEVICE)
  await app.login(page)
  await page.waitForURL(isHome)

  // The first look-up is held back until the page has said that it is looking.
  service.hold()
  await page.goto(`${app.server.url}/choose-location`)
  await page.locator('.place__coordinates').waitFor()
  // Opened on the device: the service is asked for that point in GCJ-02 (not the browser's WGS-84), with the key.
  const start = await shownLocation(page)
  assert.equal(start, `${gcjLongitude.toFixed(6)},${gcjLatitude.toFixed(6)}`)
  await page.getByText(zh['location.findingAddress']).waitFor()
  service.release()
  await fieldsHold(page, placeAt(start).name, placeAt(start).address)
  await assert.rejects(page.getByText(zh['location.findingAddress']).waitFor({ timeout: 300 }))
  assert.equal(service.asked.length, 1)
  assert.equal(service.asked[0].get('key'), KEY)
  assert.equal(service.asked[0].get('location'), start)

  // Dragged: one look-up once the map is still, not one per step; both fields follow the pin.
  await dragMap(page, 80, -60)
  const moved = await shownLocation(page)
  assert.notEqual(moved, start)
  await fieldsHold(page, placeAt(moved).name, placeAt(moved).address)
  assert.deepEqual(
    service.asked.map((query) => query.get('location')),
    [start, moved],
  )

  // A typed name stays through later moves; the address still follows the pin.
  await nameInput(page).fill('1号楼 808 房')
  await dragMap(page, -50, 30)
  const third = await shownLocation(page)
  await eventually(
    async () => (await addressInput(page).inputValue()) === placeAt(third).address,
    'the address of the third point',
  )
  assert.equal(await nameInput(page).inputValue(), '1号楼 808 房')
  assert.equal(service.asked.at(-1).get('location'), third)

  // A typed address stays too.
  await addressInput(page).fill('上海市黄浦区人民大道 1 号 8 楼')
  await dragMap(page, 30, 30)
  await eventually(() => service.asked.length === 4, 'the fourth look-up')
  await page.waitForTimeout(600)
  assert.equal(await nameInput(page).inputValue(), '1号楼 808 房')
  assert.equal(await addressInput(page).inputValue(), '上海市黄浦区人民大道 1 号 8 楼')

  // The key stays on the server: no reply the page got carries it.
  for (const body of await Promise.all(replies)) assert.ok(!body.includes(KEY), 'the key in a reply to the page')

  await page.locator('.place__confirm').click()
  await page.waitForURL(isHome)
  await page.close()
  await app.browser.context.clearPermissions()
})

test('/choose-location where the service finds nothing: what it filled in for the last point goes, and the page says to type it', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)
  const site = { latitude: 30.592849, longitude: 114.305539 }

  await page.goto(`${app.server.url}/choose-location?latitude=${site.latitude}&longitude=${site.longitude}`)
  await page.locator('.place__coordinates').waitFor()
  const start = await shownLocation(page)
  await fieldsHold(page, placeAt(start).name, placeAt(start).address)

  service.nothingHere = true
  try {
    await dragMap(page, 60, 60)
    await page.getByText(zh['location.addressNotFound']).waitFor()
    await fieldsHold(page, '', '')
    // Nothing is lost: the place is typed and confirmed.
    await page.locator('.place__confirm').click()
    await page.getByText(zh['location.nameRequired']).waitFor()
    await nameInput(page).fill('江边')
    await page.locator('.place__confirm').click()
    await page.waitForURL(isHome)
  } finally {
    service.nothingHere = false
  }
  await page.close()
})
