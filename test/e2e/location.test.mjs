// H5's map pages in Chromium: /choose-location on the device's position (converted to GCJ-02),
// dragged and confirmed; on the caller's point when the browser gives no position; /open-location
// with the pin on the given point and the link to a map app. Tiles come from a stand-in tile server
// on this machine, named by MAP_TILE_URL (so the server's content security policy lets it in):
// no network needed. Where a point lies is read off the tiles themselves: the tile under the pin
// names its z/x/y, which fixes the pin's point whatever the page says.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import gcoord from 'gcoord'
import { useApp, input, isHome, fieldOf, formZh } from './app.mjs'
import { fillAll, formReady, saveAndWaitSaved } from './formSteps.mjs'
import careForms from '../support/careForms.cjs'
import { ROOT } from './support.mjs'

const zh = JSON.parse(readFileSync(path.join(ROOT, 'locales/location/zh-CN.json'), 'utf8'))

// A 1×1 grey PNG: Leaflet stretches it over the 256 px tile.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPYt28fAAUuApeTjEcPAAAAAElFTkSuQmCC',
  'base64',
)

/** The stand-in tile server: a PNG for every /z/x/y.png, and the tiles asked for. */
async function startTileServer() {
  const asked = []
  const server = http.createServer((request, response) => {
    asked.push(request.url)
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' })
    response.end(TILE)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    asked,
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

const tiles = await startTileServer()
after(() => tiles.close())
const app = useApp({ MAP_TILE_URL: `${tiles.origin}/{z}/{x}/{y}.png` })

/** A device in central Shanghai, as the browser reports it (WGS-84). */
const DEVICE = { latitude: 31.2304, longitude: 121.4737 }
/** The same place as the app keeps it (GCJ-02, hundreds of metres away from the WGS-84 numbers). */
const [gcjLongitude, gcjLatitude] = gcoord.transform([DEVICE.longitude, DEVICE.latitude], gcoord.WGS84, gcoord.GCJ02)
const DEVICE_GCJ = { latitude: gcjLatitude, longitude: gcjLongitude }

/** The point at global pixel (x, y) of Web Mercator zoom z with 256 px tiles (Leaflet's own projection). */
function pointAt(z, x, y) {
  const size = 256 * 2 ** z
  return {
    longitude: (x / size) * 360 - 180,
    latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI,
  }
}

/** The point under the screen position (x, y), read off the stand-in's tile drawn there. */
async function pointUnder(page, x, y) {
  const tile = await page.evaluate(
    ([px, py]) => {
      // Tiles take no pointer events, so they are found by where they are drawn.
      for (const image of document.querySelectorAll('img.leaflet-tile-loaded')) {
        const box = image.getBoundingClientRect()
        if (px >= box.left && px < box.right && py >= box.top && py < box.bottom)
          return { src: image.src, left: box.left, top: box.top, width: box.width }
      }
      return null
    },
    [x, y],
  )
  assert.ok(tile, `a tile under (${x}, ${y})`)
  const [, z, tx, ty] = new URL(tile.src).pathname.match(/^\/(\d+)\/(\d+)\/(\d+)\.png$/).map(Number)
  assert.equal(new URL(tile.src).origin, tiles.origin, 'tiles come from the configured tile server')
  const scale = 256 / tile.width
  return pointAt(z, tx * 256 + (x - tile.left) * scale, ty * 256 + (y - tile.top) * scale)
}

/** The tip of a pin (the bottom middle of its box) on the screen. */
async function tipOf(locator) {
  const box = await locator.boundingBox()
  return { x: box.x + box.width / 2, y: box.y + box.height }
}

/** The coordinates line as the page shows it for a point. */
const coordinatesLine = ({ latitude, longitude }) =>
  zh['location.coordinates'].replace('{latitude}', latitude.toFixed(6)).replace('{longitude}', longitude.toFixed(6))

/** The point the page's coordinates line shows. */
async function shownPoint(page) {
  const text = await page.locator('.place__coordinates').textContent()
  const [latitude, longitude] = text.match(/-?\d+\.\d+/g).map(Number)
  return { latitude, longitude }
}

/** Within a metre or so (one screen pixel at street level is about 2 m). */
function assertNear(actual, expected, tolerance, what) {
  for (const key of ['latitude', 'longitude']) {
    assert.ok(
      Math.abs(actual[key] - expected[key]) <= tolerance,
      `${what}: ${key} ${actual[key]} is not ${expected[key]} (± ${tolerance})`,
    )
  }
}

/** Waits until the map has drawn its tiles from the stand-in. */
async function tilesDrawn(page) {
  await page.locator('.leaflet-tile-loaded').first().waitFor()
}

test('/choose-location opened directly: on the device position in GCJ-02, dragged, named, confirmed', async () => {
  const page = await app.newPage()
  // No map-service key here: no address is looked up, the user types the place.
  const lookups = []
  page.on('request', (request) => request.url().endsWith('/api/care/map/regeo') && lookups.push(request.url()))
  await app.browser.context.grantPermissions(['geolocation'], { origin: app.server.url })
  await app.browser.context.setGeolocation(DEVICE)
  await app.login(page)
  await page.waitForURL(isHome)
  const askedBefore = tiles.asked.length

  await page.goto(`${app.server.url}/choose-location`)
  assert.equal(new URL(page.url()).pathname, '/choose-location')
  await page.getByText(coordinatesLine(DEVICE_GCJ)).waitFor()
  await page.getByText(zh['location.dragHint']).waitFor()
  assert.equal(await page.locator('.leaflet-control-zoom-out').getAttribute('title'), zh['location.zoomOut'])
  await tilesDrawn(page)
  assert.ok(tiles.asked.length > askedBefore, 'the map asked the stand-in for tiles')
  // The browser's numbers were converted: GCJ-02 lies hundreds of metres off WGS-84 in Shanghai.
  assert.ok(Math.abs(DEVICE_GCJ.longitude - DEVICE.longitude) > 0.003)

  const pin = page.locator('.place-map__pin')
  const tip = await tipOf(pin)
  assertNear(await pointUnder(page, tip.x, tip.y), DEVICE_GCJ, 2e-5, 'the pin before dragging')

  // Drag the map 80 px right and 60 px up: the pin now points west and south of where it was.
  const map = await page.locator('.place-map__canvas').boundingBox()
  const from = { x: map.x + map.width / 2 - 40, y: map.y + map.height / 2 + 40 }
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 80, from.y - 60, { steps: 12 })
  // Held still before letting go, so the map does not glide on.
  await page.waitForTimeout(200)
  await page.mouse.move(from.x + 80, from.y - 60)
  await page.mouse.up()
  await page.waitForTimeout(400)

  assert.deepEqual(await tipOf(pin), tip, 'the pin stays in the middle')
  const under = await pointUnder(page, tip.x, tip.y)
  const shown = await shownPoint(page)
  assertNear(shown, under, 2e-5, 'the coordinates shown are those under the pin')
  // At zoom 16 a pixel is 360 / 2^24 degrees of longitude, and that times cos(latitude) of latitude.
  const degreesPerPixel = 360 / (256 * 2 ** 16)
  const westward = (DEVICE_GCJ.longitude - shown.longitude) / degreesPerPixel
  const southward =
    (DEVICE_GCJ.latitude - shown.latitude) / (degreesPerPixel * Math.cos((DEVICE_GCJ.latitude * Math.PI) / 180))
  assert.ok(
    Math.abs(westward - 80) < 3 && Math.abs(southward - 60) < 3,
    `moved by the drag (80 px west, 60 px south): ${westward}, ${southward}`,
  )

  // A place needs a name: confirming without one says so and stays.
  await page.locator('.place__confirm').click()
  await page.getByText(zh['location.nameRequired']).waitFor()
  assert.equal(new URL(page.url()).pathname, '/choose-location')
  assert.equal(await input(page, zh['location.addressPlaceholder']).inputValue(), '')
  await input(page, zh['location.namePlaceholder']).fill('1号楼 808 房')
  await input(page, zh['location.addressPlaceholder']).fill('上海市黄浦区人民大道 1 号')
  await assert.rejects(page.getByText(zh['location.nameRequired']).waitFor({ timeout: 500 }))
  assert.deepEqual(lookups, [])
  // Opened directly there is nothing to go back to: confirming goes home.
  await page.locator('.place__confirm').click()
  await page.waitForURL(isHome)
  await page.close()
  await app.browser.context.clearPermissions()
})

test('/choose-location without the device position opens on the point the caller gave', async () => {
  const page = await app.newPage()
  await app.browser.context.clearPermissions()
  await app.login(page)
  await page.waitForURL(isHome)
  const site = { latitude: 30.592849, longitude: 114.305539 }

  await page.goto(`${app.server.url}/choose-location?latitude=${site.latitude}&longitude=${site.longitude}`)
  await page.getByText(zh['location.positionUnavailable']).waitFor()
  await page.getByText(coordinatesLine(site)).waitFor()
  await tilesDrawn(page)
  const tip = await tipOf(page.locator('.place-map__pin'))
  assertNear(await pointUnder(page, tip.x, tip.y), site, 2e-5, 'the pin on the caller’s point')

  // Cancel, opened directly: home, nothing chosen.
  await page.locator('.place__cancel').click()
  await page.waitForURL(isHome)
  await page.close()
})

test('/open-location shows the pin on the given point, the name, the address and the way to a map app', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)
  const place = {
    latitude: 31.228458,
    longitude: 121.478223,
    name: '人民广场 & 南京路',
    address: '上海市黄浦区人民大道 120 号',
  }
  const query = Object.entries(place)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')

  await page.goto(`${app.server.url}/open-location?${query}`)
  await page.getByText(place.name, { exact: true }).waitFor()
  await page.getByText(place.address, { exact: true }).waitFor()
  await page.getByText(coordinatesLine(place)).waitFor()
  await tilesDrawn(page)
  const tip = await tipOf(page.locator('.place-map__marker'))
  assertNear(await pointUnder(page, tip.x, tip.y), place, 2e-5, 'the pin on the given point')

  const link = page.locator('.place__app')
  assert.equal(await link.textContent(), zh['location.openInApp'])
  const href = new URL(await link.getAttribute('href'))
  assert.equal(href.origin + href.pathname, 'https://uri.amap.com/marker')
  assert.equal(href.searchParams.get('position'), `${place.longitude},${place.latitude}`)
  assert.equal(href.searchParams.get('name'), place.name)
  assert.equal(href.searchParams.get('coord'), 'gaode')

  // An address without a usable point says so instead of a map somewhere.
  await page.goto(`${app.server.url}/open-location?latitude=abc&longitude=121.4`)
  await page.getByText(zh['location.invalid']).waitFor()
  assert.equal(await page.locator('.place-map').count(), 0)
  await page.close()
})

test('both map pages speak English when English is chosen, the title included', async () => {
  const en = JSON.parse(readFileSync(path.join(ROOT, 'locales/location/en.json'), 'utf8'))
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
  const site = { latitude: 30.592849, longitude: 114.305539 }

  await page.goto(`${app.server.url}/choose-location?latitude=${site.latitude}&longitude=${site.longitude}`)
  await page.getByText(en['location.positionUnavailable']).waitFor()
  await page.getByText(`Latitude ${site.latitude.toFixed(6)}, longitude ${site.longitude.toFixed(6)}`).waitFor()
  await input(page, en['location.namePlaceholder']).waitFor()
  await page.waitForFunction((title) => document.title === title, en['location.chooseTitle'])
  await page.locator('.place__confirm').click()
  await page.getByText(en['location.nameRequired']).waitFor()
  const CJK = /[\u3400-\u9fff]/
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), CJK)
  assert.equal(await page.locator('.leaflet-control-zoom-in').getAttribute('title'), en['location.zoomIn'])

  await page.goto(`${app.server.url}/open-location?latitude=${site.latitude}&longitude=${site.longitude}&name=Wuhan`)
  await page.getByText(en['location.openInApp']).waitFor()
  await page.waitForFunction((title) => document.title === title, en['location.openTitle'])
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), CJK)
  await page.close()
})

test('a ward round signed in on the map: on the site without a position, on the device with one; saved with the distance the server counts, reopened and shown on /open-location', async () => {
  const round = careForms.pediatricianRounds
  const page = await app.newPage()
  await app.browser.context.clearPermissions()
  await app.loginAndPick(page, round.room)
  const { site_location: site } = await app.api(page, 'account/info', {})
  await page.goto(`${app.server.url}/${round.route}`)
  await formReady(page, round.titleKey, round.fields[0].key)
  await fillAll(
    page,
    round.fields.filter((field) => field.type !== 'location'),
  )
  const field = fieldOf(page, 'signin_location')
  const onMap = (url) => url.pathname === '/choose-location'

  // The browser gives no position: the map opens on the site's own point. Cancel keeps the form as it was.
  await field.locator('.form-location__box--empty').click()
  await page.waitForURL(onMap)
  await page.getByText(zh['location.positionUnavailable']).waitFor()
  await page.getByText(coordinatesLine(site)).waitFor()
  await page.locator('.place__cancel').click()
  await field.locator('.form-location__box--empty').waitFor()
  assert.equal(await fieldOf(page, 'temperature').locator('input').inputValue(), '36.6')

  // Confirmed there, the place is not a measurement: the form says so, never 距院区 0 米.
  await field.locator('.form-location__box--empty').click()
  await page.waitForURL(onMap)
  await page.getByText(zh['location.positionUnavailable']).waitFor()
  await input(page, zh['location.namePlaceholder']).fill('院区门口')
  await page.locator('.place__confirm').click()
  await field.locator('.form-location__name').getByText('院区门口', { exact: true }).waitFor()
  assert.equal(
    (await field.locator('.form-location__distance').textContent()).trim(),
    formZh['form.location.unmeasured'],
  )
  assert.equal(await field.locator('.form-location__far').count(), 0)

  // With the device's position (Shanghai, far from the Hangzhou site): chosen, named, flagged.
  await app.browser.context.grantPermissions(['geolocation'], { origin: app.server.url })
  await app.browser.context.setGeolocation(DEVICE)
  await field.locator('.form-location__again').click()
  await page.waitForURL(onMap)
  await page.getByText(coordinatesLine(DEVICE_GCJ)).waitFor()
  await input(page, zh['location.namePlaceholder']).fill('产妇家中')
  await input(page, zh['location.addressPlaceholder']).fill('上海市黄浦区人民大道 1 号')
  await page.locator('.place__confirm').click()
  await field.locator('.form-location__name').getByText('产妇家中', { exact: true }).waitFor()
  await field.locator('.form-location__far').waitFor()

  const id = await saveAndWaitSaved(page)
  const { data } = await app.api(page, 'index/getFormRecordInfo', { id })
  const saved = data.signin_location
  assertNear(saved, DEVICE_GCJ, 1e-6, 'the saved place')
  assert.equal(saved.name, '产妇家中')
  assert.equal(saved.far, true)
  // Shanghai is some 165 km from the Hangzhou site.
  assert.ok(saved.distance > 150_000 && saved.distance < 180_000, `distance ${saved.distance}`)

  // Reopened: the place, its flag, and the map with the pin on it.
  await page.goto(`${app.server.url}/${round.route}?id=${id}`)
  await field.locator('.form-location__name').getByText('产妇家中', { exact: true }).waitFor()
  await field.locator('.form-location__far').waitFor()
  await field.locator('.form-location__map').click()
  await page.waitForURL((url) => url.pathname === '/open-location')
  // The form stays below in the page stack, hidden.
  await page.getByText('产妇家中', { exact: true }).filter({ visible: true }).waitFor()
  await tilesDrawn(page)
  // Opened from the form, the page slides in: measured once it is in place.
  await page.waitForFunction(() => document.querySelector('.place-map__canvas').getBoundingClientRect().left === 0)
  const tip = await tipOf(page.locator('.place-map__marker'))
  assertNear(await pointUnder(page, tip.x, tip.y), saved, 2e-5, 'the pin on the saved place')
  await page.close()
  await app.browser.context.clearPermissions()
})
