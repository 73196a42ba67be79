import { runInAction } from 'mobx'
import '@/features/location/locales'
import { mapTilesStore } from '@/features/location/stores/mapTiles'
import { placePickerStore as picker } from '@/features/location/stores/placePicker'
import { mockServer, requestCalls } from './taroMocks'

// H5's place picker and the server's address look-up (/api/care/map/regeo): asked once the map is
// still, only when the server says it can, never over what the user typed.

const SITE = { latitude: 31.228458, longitude: 121.478223 }
const DELAY = 600

/** Opens the picker on SITE with the server answering `routes`, and saying whether it finds addresses. */
async function openPicker(routes: Record<string, unknown>, geocode = true) {
  const tiles = { url: 'https://t/{z}/{x}/{y}.png', subdomains: [], geocode }
  mockServer({ '/api/care/map/tiles': { code: 1, msg: 'ok', res: tiles }, ...routes })
  // The tiles store asks once per app start: each test says again what the server answered.
  await mapTilesStore.load()
  runInAction(() => {
    mapTilesStore.tiles = tiles
  })
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined })
  await picker.open(SITE)
}

/** What the look-ups asked for, as "latitude,longitude". */
const lookups = () =>
  requestCalls()
    .filter((call) => call.url === '/api/care/map/regeo')
    .map(({ data }) => `${(data as any).latitude},${(data as any).longitude}`)

const placeAt = ({ latitude, longitude }: { latitude: number; longitude: number }) => ({
  name: `楼 ${latitude}`,
  address: `路 ${longitude}`,
})

beforeEach(() => jest.useFakeTimers())
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

it('fills in the name and address of the point once the map has been still, with one look-up per stop', async () => {
  await openPicker({ '/api/care/map/regeo': (point: any) => ({ code: 1, msg: 'ok', res: placeAt(point) }) })
  await jest.advanceTimersByTimeAsync(DELAY)
  expect(picker.name).toBe(placeAt(SITE).name)
  expect(picker.address).toBe(placeAt(SITE).address)
  expect(picker.findingAddress).toBe(false)

  // A drag reports many points: only the one it stops on is looked up.
  for (let i = 1; i <= 5; i++) {
    picker.moveTo({ latitude: SITE.latitude + i / 1e4, longitude: SITE.longitude })
    await jest.advanceTimersByTimeAsync(DELAY / 3)
  }
  expect(lookups()).toEqual([`${SITE.latitude},${SITE.longitude}`])
  await jest.advanceTimersByTimeAsync(DELAY)
  const stop = { latitude: 31.228958, longitude: SITE.longitude }
  expect(lookups()).toEqual([`${SITE.latitude},${SITE.longitude}`, `${stop.latitude},${stop.longitude}`])
  expect(picker.name).toBe(placeAt(stop).name)
  expect(picker.address).toBe(placeAt(stop).address)
})

it('keeps a typed name or address; an emptied one is filled in again', async () => {
  await openPicker({ '/api/care/map/regeo': (point: any) => ({ code: 1, msg: 'ok', res: placeAt(point) }) })
  picker.setName('产妇家中')
  await jest.advanceTimersByTimeAsync(DELAY)
  expect(picker.name).toBe('产妇家中')
  expect(picker.address).toBe(placeAt(SITE).address)

  picker.setAddress('人民大道 1 号')
  picker.setName('')
  picker.moveTo({ latitude: 31.23, longitude: 121.48 })
  await jest.advanceTimersByTimeAsync(DELAY)
  expect(picker.name).toBe(placeAt({ latitude: 31.23, longitude: 121.48 }).name)
  expect(picker.address).toBe('人民大道 1 号')
})

it('takes away what it filled in for an earlier point where nothing is found, and says so', async () => {
  let found = true
  await openPicker({
    '/api/care/map/regeo': (point: any) => ({ code: 1, msg: 'ok', res: found ? placeAt(point) : null }),
  })
  await jest.advanceTimersByTimeAsync(DELAY)
  expect(picker.name).not.toBe('')
  found = false
  picker.moveTo({ latitude: 30, longitude: 122 })
  await jest.advanceTimersByTimeAsync(DELAY)
  expect([picker.name, picker.address]).toEqual(['', ''])
  expect(picker.addressNote).toBe('未找到这里的地址，请直接填写名称和地址')
})

it("shows the server's message when it refuses (too many look-ups), and keeps the page usable", async () => {
  await openPicker({
    '/api/care/map/regeo': {
      code: -3,
      msg: '查找地址过于频繁，请稍后再试，或直接填写名称和地址',
      res: { retry_after: 30 },
    },
  })
  await jest.advanceTimersByTimeAsync(DELAY)
  expect(picker.addressNote).toBe('查找地址过于频繁，请稍后再试，或直接填写名称和地址')
  picker.setName('1号楼')
  expect(picker.confirm()).toBe(true)
})

it('never asks when the server has no map-service key', async () => {
  await openPicker({}, false)
  picker.moveTo({ latitude: 31.23, longitude: 121.48 })
  await jest.advanceTimersByTimeAsync(DELAY * 2)
  expect(lookups()).toEqual([])
  expect([picker.name, picker.address, picker.addressNote]).toEqual(['', '', null])
})

it('does not look up after the place was answered', async () => {
  await openPicker({ '/api/care/map/regeo': (point: any) => ({ code: 1, msg: 'ok', res: placeAt(point) }) })
  picker.answer(null)
  await jest.advanceTimersByTimeAsync(DELAY * 2)
  expect(lookups()).toEqual([])
})
