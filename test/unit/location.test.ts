import Taro from '@tarojs/taro'
import { placePickerStore as picker } from '@/features/location/stores/placePicker'
import { chooseLocation, openLocation, type Place } from '@/utils/location'

// H5: chooseLocation opens /choose-location and resolves with what the page's store answers.

const SITE = { latitude: 31.228458, longitude: 121.478223 }

const navigations = () => jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)

/** The browser's geolocation answering `position` (WGS-84), or refusing when null. */
function deviceAt(position: { latitude: number; longitude: number } | null) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        position ? ok({ coords: position } as GeolocationPosition) : fail({ code: 1 } as GeolocationPositionError),
    },
  })
}

afterEach(() => {
  jest.restoreAllMocks()
  Taro.eventCenter.off('location.chosen')
})

describe('chooseLocation on H5', () => {
  it('opens the map page near the given point and resolves with the place confirmed there', async () => {
    const navigateTo = navigations()
    deviceAt(null)
    const chosen = chooseLocation(SITE)
    expect(navigateTo).toHaveBeenCalledWith({
      url: `/choose-location?latitude=${SITE.latitude}&longitude=${SITE.longitude}`,
    })

    await picker.open(SITE)
    expect(picker.centre).toEqual(SITE)
    expect(picker.positionUnavailable).toBe(true)
    picker.moveTo({ latitude: 31.2300001234, longitude: 121.4799996789 })
    // No name: not answered, and the page says why.
    expect(picker.confirm()).toBe(false)
    expect(picker.nameError).toBe('location.nameRequired')
    picker.setName('  1号楼  ')
    picker.setAddress('人民大道 120 号')
    expect(picker.nameError).toBeNull()
    expect(picker.confirm()).toBe(true)
    // The device gave no position: the pin is where she put it, not a measurement.
    await expect(chosen).resolves.toEqual<Place>({
      name: '1号楼',
      address: '人民大道 120 号',
      latitude: 31.23,
      longitude: 121.48,
      measured: false,
    })
  })

  it('resolves null when the page is cancelled or left, once however often it is told', async () => {
    navigations()
    deviceAt(null)
    const chosen = chooseLocation()
    await picker.open(null)
    picker.answer(null)
    picker.setName('too late')
    picker.confirm()
    await expect(chosen).resolves.toBeNull()
    // The page answered already: a later pick is not answered by it.
    const next = jest.fn()
    Taro.eventCenter.on('location.chosen', next)
    picker.answer(null)
    expect(next).not.toHaveBeenCalled()
  })

  it('opens on the device position converted to GCJ-02 when the browser gives one', async () => {
    deviceAt({ latitude: 31.2304, longitude: 121.4737 })
    await picker.open(SITE)
    expect(picker.positionUnavailable).toBe(false)
    // GCJ-02 lies about 450 m east and 200 m south of WGS-84 here.
    expect(picker.centre).toEqual({ latitude: 31.228458, longitude: 121.478223 })
  })

  it('rejects, and stops listening (and only itself), when the page cannot be opened', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo')
    navigateTo.mockRejectedValueOnce({ errMsg: 'navigateTo:fail' })
    const waiting = jest.fn()
    Taro.eventCenter.on('location.chosen', waiting)
    await expect(chooseLocation()).rejects.toEqual({ errMsg: 'navigateTo:fail' })
    navigateTo.mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const next = chooseLocation()
    Taro.eventCenter.trigger('location.chosen', { name: 'n', address: '', ...SITE })
    await expect(next).resolves.toEqual({ name: 'n', address: '', ...SITE })
    expect(waiting).toHaveBeenCalledTimes(1)
  })
})

describe('openLocation on H5', () => {
  it('opens /open-location with the place in the query, encoded', async () => {
    const navigateTo = navigations()
    await openLocation({ name: '人民广场 & 南京路', address: '', ...SITE })
    expect(navigateTo).toHaveBeenCalledWith({
      url: `/open-location?name=${encodeURIComponent('人民广场 & 南京路')}&latitude=${SITE.latitude}&longitude=${SITE.longitude}`,
    })
  })
})
