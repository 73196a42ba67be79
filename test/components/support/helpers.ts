// Shared pieces of the component tests: a fake API server behind Taro.request,
// typing into NutUI inputs, and a clean slate of stores and storage.
import { act, fireEvent } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { setLocale } from '@/i18n'
import { customerStore, homeStore, sessionStore, settingsStore } from '@/stores'
import { unexpectedCall } from '../../support/unexpectedCalls'

type Reply = { code: number; msg?: string; res?: unknown } | { err: number; message?: string; data?: unknown }
type Handler = (data: Record<string, unknown>) => Reply

/**
 * Answers Taro.request from `routes` (path → envelope, style 1 or the uploads' style 2). An unknown path
 * fails the test (after it: the request layer turns the throw into a toast). Returns the spy to inspect what was sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  return jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
    const handler = routes[options.url]
    if (!handler) throw unexpectedCall(options.url)
    const data = handler((options.data ?? {}) as Record<string, unknown>)
    return Promise.resolve({ statusCode: 200, data, header: {}, errMsg: 'request:ok' })
  }) as unknown as typeof Taro.request)
}

/** The body and headers of the calls made to `url`. */
export function callsTo(spy: ReturnType<typeof mockApi>, url: string) {
  return spy.mock.calls
    .map(([options]) => options as Taro.request.Option)
    .filter((options) => options.url === url)
    .map((options) => ({ data: options.data, header: options.header }))
}

/** Loading indicators and toasts are spied on, not drawn. */
export function quietUi() {
  for (const name of ['showLoading', 'hideLoading', 'showToast', 'setNavigationBarTitle', 'setTabBarItem'] as const) {
    jest.spyOn(Taro, name).mockResolvedValue({ errMsg: `${name}:ok` } as never)
  }
}

/** Types into a NutUI Input: its native field takes an `input` event carrying the text. */
export function typeInto(input: Element, value: string) {
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

/** The native field of the NutUI Input named `name`. */
export function field(container: HTMLElement, name: string) {
  const input = container.querySelector(`.nut-input-native[name="${name}"]`)
  if (!input) throw new Error(`no input named ${name}`)
  return input
}

export const click = (element: Element) => act(() => void fireEvent.click(element))

/** Lets the fake server's replies (and the state updates they cause) land. */
export const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

/** Home's desk's day with nothing to do today: for the tests that draw home for something else. */
export const QUIET_DESK = {
  '/api/care/desk/today': () => ({
    code: 1,
    res: {
      date: '2026-11-22',
      arrivals: 0,
      departures: 0,
      booked: 0,
      visitors_inside: 0,
      longest_inside_minutes: null,
      no_round: 0,
      waiting: null,
    },
  }),
}

export const demoUser = {
  id: 1,
  account: 'demo',
  name: '王小美',
  site_id: 1,
  site_name: '阳光一店',
  must_change_password: false,
  can_approve: false,
  can_administer: false,
  time_zone: 'Asia/Shanghai',
  utc_offset: 480,
}

/** Logged out, Chinese, nothing stored, no spies left. */
export function resetApp() {
  jest.restoreAllMocks()
  Taro.clearStorageSync()
  runInAction(() => {
    sessionStore.token = ''
    sessionStore.userInfo = null
    settingsStore.setLang('zh-CN')
    settingsStore.rememberAccount('')
  })
  customerStore.clear()
  runInAction(() => (customerStore.status = 'in_house'))
  homeStore.setPicking(false)
  setLocale('zh-CN')
}

/** Leaves a NutUI Input or TextArea: its native field emits `blur`. */
export function blurField(input: Element) {
  act(() => {
    input.dispatchEvent(
      new CustomEvent('blur', { detail: { value: (input as HTMLInputElement).value ?? '' }, bubbles: true }),
    )
  })
}

/** Answers Taro.uploadFile with the upload endpoint's style-2 reply for each file, in turn. */
export function mockUpload(urls: string[]) {
  let n = 0
  return jest.spyOn(Taro, 'uploadFile').mockImplementation((() => {
    const url = urls[n++]
    const data = url
      ? JSON.stringify({ err: 0, message: 'ok', data: { url, name: 'file.png', size: 10 } })
      : JSON.stringify({ err: 500, message: '上传失败' })
    return Promise.resolve({ statusCode: 200, data, errMsg: 'uploadFile:ok' })
  }) as unknown as typeof Taro.uploadFile)
}

/** The tab H5 opens for a file during the tap (window.open), as a stand-in whose address and closing are read. */
export function mockViewerTab() {
  const tab = { document: { title: '' }, location: { href: '' }, close: jest.fn() }
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  return tab
}

/** The files H5 has the browser save (a link with a download name, clicked), by address and name. */
export function mockSaveAs() {
  const saved: { href: string; name: string }[] = []
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, name: this.download })
  })
  return saved
}
