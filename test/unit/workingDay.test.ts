// The working date is the centre's day: counted in the site's zone (from the user info), kept
// through a restart on the same centre day, and back on today on the first launch of a new one.
import Taro from '@tarojs/taro'
import { centreDateTime, centreDayRange, centreNow, centreToday } from '@yuezi/contract/forms/centreDay'
import { staffUser as user } from './taroMocks'

const SHANGHAI = { timeZone: 'Asia/Shanghai' }
const LOS_ANGELES = { timeZone: 'America/Los_Angeles', utcOffsetMinutes: -480 }
/** 23:59:59 on 22 Nov in Shanghai, and midnight of the 23rd. */
const BEFORE_MIDNIGHT = new Date('2026-11-22T15:59:59Z')
const AT_MIDNIGHT = new Date('2026-11-22T16:00:00Z')

// Whatever zone the device is set to, the answers are the centre's.
const DEVICE_ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York']
const deviceZone = process.env.TZ
afterEach(() => {
  process.env.TZ = deviceZone
  jest.useRealTimers()
  localStorage.clear()
})

describe.each(DEVICE_ZONES)('the day helpers on a device in %s', (zone) => {
  beforeEach(() => {
    process.env.TZ = zone
  })

  it("turn to the next day at the centre's midnight", () => {
    expect(centreToday(SHANGHAI, BEFORE_MIDNIGHT)).toBe('2026-11-22')
    expect(centreToday(SHANGHAI, AT_MIDNIGHT)).toBe('2026-11-23')
    expect(centreToday(LOS_ANGELES, AT_MIDNIGHT)).toBe('2026-11-22')
    expect(centreNow(SHANGHAI, AT_MIDNIGHT)).toBe('2026-11-23 00:00')
  })

  it("show a stored instant at the centre's date and time", () => {
    // Made at 00:30 in the centre: shown at 00:30, not 16:30 of the day before.
    expect(centreDateTime(SHANGHAI, '2026-11-22T16:30:00.000Z')).toBe('2026-11-23 00:30')
    expect(centreDateTime(SHANGHAI, undefined)).toBe('')
    expect(centreDateTime(SHANGHAI, 'not a time')).toBe('')
  })

  it("give a day's range from the centre's midnight", () => {
    expect(centreDayRange(SHANGHAI, '2026-11-23')).toEqual([AT_MIDNIGHT, new Date('2026-11-23T16:00:00Z')])
  })
})

it("count Shanghai's days without Intl's time-zone data, which a phone is slow to load", () => {
  const DateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat')
  try {
    let fresh: typeof import('@yuezi/contract/forms/centreDay') | undefined
    jest.isolateModules(() => {
      fresh = require('@yuezi/contract/forms/centreDay')
    })
    expect(fresh!.centreToday(SHANGHAI, AT_MIDNIGHT)).toBe('2026-11-23')
    expect(DateTimeFormat).not.toHaveBeenCalled()
    // Before 1991 China kept summer time: those instants are Intl's to convert (UTC+9 in July 1988).
    expect(fresh!.centreNow(SHANGHAI, new Date('1988-07-01T00:00:00Z'))).toBe('1988-07-01 09:00')
    expect(DateTimeFormat).toHaveBeenCalled()
  } finally {
    DateTimeFormat.mockRestore()
  }
})

it('fall back to the offset the server sent where the runtime cannot convert the zone', () => {
  const unknown = { timeZone: 'Mars/Olympus_Mons', utcOffsetMinutes: -480 }
  expect(centreToday(unknown, AT_MIDNIGHT)).toBe('2026-11-22')
  expect(centreToday({ timeZone: 'Mars/Olympus_Mons' }, AT_MIDNIGHT)).toBe('2026-11-23')
})

/** The stores as a fresh launch at `now` builds them from what is stored. */
function launchAt(now: Date, stored: Record<string, unknown>) {
  jest.useFakeTimers({ now })
  localStorage.clear()
  for (const [key, value] of Object.entries(stored)) Taro.setStorageSync(key, value)
  let stores: (typeof import('@/stores') & { act: typeof import('mobx').runInAction }) | undefined
  jest.isolateModules(() => {
    // The launch's own MobX: the stores' state changes in its actions.
    stores = { ...require('@/stores'), act: require('mobx').runInAction }
  })
  return stores!
}

describe('the working date', () => {
  beforeEach(() => {
    process.env.TZ = 'UTC'
  })

  it("starts on the centre's today, not the device's", () => {
    // 17:00 UTC: still the 22nd on the device, already the 23rd at the centre.
    const { workingDateStore } = launchAt(new Date('2026-11-22T17:00:00Z'), { userInfo: user, token: 't' })
    expect(workingDateStore.today).toBe('2026-11-23')
    expect(workingDateStore.isNotToday).toBe(false)
    expect(Taro.getStorageSync('working_day')).toBe('2026-11-23')
  })

  it('is kept through a restart on the same centre day', () => {
    const { workingDateStore } = launchAt(new Date('2026-11-22T17:00:00Z'), {
      userInfo: user,
      today: '2026-11-20',
      working_day: '2026-11-23',
    })
    expect(workingDateStore.today).toBe('2026-11-20')
    expect(workingDateStore.isNotToday).toBe(true)
  })

  it('is back on today on the first launch of a new centre day', () => {
    const { workingDateStore } = launchAt(new Date('2026-11-22T17:00:00Z'), {
      userInfo: user,
      today: '2026-11-20',
      working_day: '2026-11-22',
    })
    expect(workingDateStore.today).toBe('2026-11-23')
    expect(Taro.getStorageSync('today')).toBe('2026-11-23')
  })

  it('follows the zone of the site signed in to', () => {
    const { workingDateStore, sessionStore, centreClock, act } = launchAt(new Date('2026-11-22T17:00:00Z'), {})
    // Before sign-in: the default zone (Shanghai), the 23rd.
    expect(workingDateStore.today).toBe('2026-11-23')
    act(() => (sessionStore.userInfo = { ...user, time_zone: 'America/Los_Angeles', utc_offset: -480 }))
    expect(centreClock.zone.timeZone).toBe('America/Los_Angeles')
    expect(workingDateStore.today).toBe('2026-11-22')
    expect(centreClock.now()).toBe('2026-11-22 09:00')
  })

  it('a chosen date is kept when the zone is learnt again on the same day', () => {
    const { workingDateStore, sessionStore, act } = launchAt(new Date('2026-11-22T17:00:00Z'), { userInfo: user })
    workingDateStore.setToday('2026-11-21')
    act(() => (sessionStore.userInfo = { ...user, name: '王敏 (new)' }))
    expect(workingDateStore.today).toBe('2026-11-21')
  })
})
