import { act, render } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import FormRenderer from '@/features/forms/components/FormRenderer'
import RecordsPopup from '@/features/forms/components/FormPage/RecordsPopup'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import '@/features/forms/locales'
import { setLocale } from '@/i18n'
import { sessionStore, workingDateStore } from '@/stores'
import { FormSession } from '@/features/forms/stores/formSession'
import { RecordHistory } from '@/features/forms/stores/recordHistory'
import * as location from '@/utils/location'
import { click, demoUser, quietUi, resetApp, settle, typeInto, field } from './support/helpers'

// The sign-in location of a ward round: the map opens at the site (H5: the app's map page answers
// on its event), the place shows with its distance from the site, past the radius flagged.

jest.setTimeout(30_000)

const SITE = { latitude: 30.27862, longitude: 120.13078, radius: 500 }
const near = { name: '护理站', address: '3楼', latitude: 30.27952, longitude: 120.13078 }
const far = { name: '客户家中', address: '湖墅南路 88 号', latitude: 30.30952, longitude: 120.13078 }

function show() {
  const session = new FormSession(pediatricianRounds, null)
  const view = render(<FormRenderer definition={pediatricianRounds} session={session} />)
  const frame = view.container.querySelector('#form-field-signin_location') as HTMLElement
  return { session, frame, ...view }
}

/** Taps the field; the H5 map page, opened at `near`, answers `place` (null: cancelled). */
async function pick(frame: HTMLElement, place: location.Place | null) {
  const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  click(frame.querySelector('.form-location__box')!)
  await settle()
  const url = navigate.mock.lastCall![0].url
  act(() => void Taro.eventCenter.trigger(location.LOCATION_CHOSEN_EVENT, place))
  await settle()
  return url
}

beforeEach(() => {
  resetApp()
  quietUi()
  workingDateStore.setToday('2026-11-22')
  runInAction(() => {
    sessionStore.userInfo = { ...demoUser, site_location: SITE }
  })
})

it('opens the map at the site and shows the place by name with its distance from the site', async () => {
  const { session, frame } = show()
  expect(frame.textContent).toContain('点击选择签到位置')
  const url = await pick(frame, near)
  expect(url).toBe(`/choose-location?latitude=${SITE.latitude}&longitude=${SITE.longitude}`)
  expect(session.values.signin_location).toEqual(near)
  expect(frame.querySelector('.form-location__name')?.textContent).toBe('护理站')
  expect(frame.querySelector('.form-location__address')?.textContent).toBe('3楼')
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('距院区 100 米')
  expect(frame.querySelector('.form-location__far')).toBeNull()

  await pick(frame, far)
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('距院区 3.4 公里')
  expect(frame.querySelector('.form-location__far')?.textContent).toBe('超出签到范围')

  // English, one metre and many.
  act(() => setLocale('en'))
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('3.4 km from the site')
  await pick(frame, { ...near, latitude: SITE.latitude + 1 / 111_195 })
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('1 metre from the site')
  await pick(frame, near)
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('100 metres from the site')
})

it('a cancel changes nothing; an empty save asks for the place', async () => {
  const { session, frame } = show()
  await pick(frame, near)
  await pick(frame, null)
  expect(session.values.signin_location).toEqual(near)

  const empty = show()
  await pick(empty.frame, null)
  expect(empty.session.values).not.toHaveProperty('signin_location')
  expect(empty.frame.querySelector('[role="alert"]')).toBeNull()
  act(() => void empty.session.validate())
  expect(empty.frame.querySelector('[role="alert"]')?.textContent).toBe('请选择签到位置')
  await pick(empty.frame, near)
  expect(empty.frame.querySelector('[role="alert"]')).toBeNull()
})

it('a refused permission says so with a way to the settings, and keeps what was typed', async () => {
  const { session, frame, container } = show()
  typeInto(field(container, 'temperature'), '36.7')
  // The mini program's refusal (the simulator drives WeChat's own).
  jest.spyOn(location, 'chooseLocation').mockRejectedValue(new location.LocationDenied('chooseLocation:fail auth deny'))
  click(frame.querySelector('.form-location__box')!)
  await settle()
  expect(frame.querySelector('.form-location__denied')?.textContent).toContain('未获得位置权限')
  expect(session.values.temperature).toBe(36.7)

  const settings = jest
    .spyOn(Taro, 'openSetting')
    .mockResolvedValue({ authSetting: { 'scope.userLocation': true }, errMsg: 'openSetting:ok' } as never)
  click(frame.querySelector('.form-location__settings')!)
  await settle()
  expect(settings).toHaveBeenCalled()
  expect(frame.querySelector('.form-location__denied')).toBeNull()
  expect(session.values.temperature).toBe(36.7)
})

it('a place shows on the map', async () => {
  const { frame } = show()
  await pick(frame, far)
  const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  click(Array.from(frame.querySelectorAll('.form-location__map'))[0])
  await settle()
  const url = new URL(navigate.mock.lastCall![0].url, 'http://app')
  expect(url.pathname).toBe('/open-location')
  expect([url.searchParams.get('latitude'), url.searchParams.get('longitude'), url.searchParams.get('name')]).toEqual([
    String(far.latitude),
    String(far.longitude),
    far.name,
  ])
})

it("the records list shows each round's place and flags one past the radius", async () => {
  const records = [
    { id: 2, created_at: '2026-11-22T02:00:00Z', data: { signin_location: { ...far, distance: 3436, far: true } } },
    { id: 1, created_at: '2026-11-22T01:00:00Z', data: { signin_location: { ...near, distance: 100, far: false } } },
  ]
  const history = new RecordHistory(async () => ({ list: records, total: records.length }), jest.fn(), jest.fn())
  act(() => history.open())
  await settle()
  const { container } = render(<RecordsPopup definition={pediatricianRounds} history={history} />)
  const rows = Array.from(container.ownerDocument.querySelectorAll('.form-records__row'))
  expect(rows.map((row) => row.querySelector('.form-records__place')?.textContent)).toEqual([
    '签到位置：客户家中 · 距院区 3.4 公里超出签到范围',
    '签到位置：护理站 · 距院区 100 米',
  ])
  expect(rows.map((row) => row.querySelector('.form-records__far') !== null)).toEqual([true, false])
})

it('without the device position the place is kept as not measured: its distance unknown, never 0 or near', async () => {
  const { session, frame } = show()
  // H5: the map page had no position; the pin proves nothing.
  await pick(frame, { ...near, measured: false })
  expect(session.values.signin_location).toEqual({ ...near, measured: false })
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('位置未测得，距院区距离未知')
  expect(frame.querySelector('.form-location__far')).toBeNull()
  // The mini program: WeChat's map opened on the site and its point was confirmed as it was.
  await pick(frame, { name: '院区', address: '', latitude: SITE.latitude, longitude: SITE.longitude })
  expect(session.values.signin_location).toMatchObject({ measured: false })
  expect(frame.querySelector('.form-location__distance')?.textContent).toBe('位置未测得，距院区距离未知')

  const records = [
    {
      id: 1,
      created_at: '2026-11-22T01:00:00Z',
      data: { signin_location: { ...near, distance: null, far: false, measured: false } },
    },
  ]
  const history = new RecordHistory(async () => ({ list: records, total: 1 }), jest.fn(), jest.fn())
  act(() => history.open())
  await settle()
  const { container } = render(<RecordsPopup definition={pediatricianRounds} history={history} />)
  expect(container.ownerDocument.querySelector('.form-records__place')?.textContent).toBe(
    '签到位置：护理站 · 位置未测得，距院区距离未知',
  )
})
