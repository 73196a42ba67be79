// Shared by the unit tests: Taro's UI and navigation calls replaced by spies, and a
// fake server answering Taro.request by path.
import Taro from '@tarojs/taro'
import type { UserInfo } from '@/api/types'
import { unexpectedCall } from '../support/unexpectedCalls'

const done = () => Promise.resolve({ errMsg: 'ok' }) as never

export function mockUi() {
  return {
    showLoading: jest.spyOn(Taro, 'showLoading').mockImplementation(done),
    hideLoading: jest.spyOn(Taro, 'hideLoading').mockImplementation(done),
    showToast: jest.spyOn(Taro, 'showToast').mockImplementation(done),
    showModal: jest.spyOn(Taro, 'showModal').mockImplementation(done),
    reLaunch: jest.spyOn(Taro, 'reLaunch').mockImplementation(done),
    redirectTo: jest.spyOn(Taro, 'redirectTo').mockImplementation(done),
  }
}

type Route = unknown | ((data: any) => unknown)

/** Answers each path with HTTP 200 and the given body (or the body a function makes of the request data). */
export function mockServer(routes: Record<string, Route>) {
  return jest.spyOn(Taro, 'request').mockImplementation((async (option: Taro.request.Option) => {
    if (!(option.url in routes)) throw unexpectedCall(option.url)
    const route = routes[option.url]
    return {
      statusCode: 200,
      header: {},
      errMsg: 'request:ok',
      data: typeof route === 'function' ? route(option.data) : route,
    }
  }) as never)
}

/** The request options of every Taro.request call made so far. */
export function requestCalls(): Taro.request.Option[] {
  return (Taro.request as unknown as jest.Mock).mock.calls.map(([option]) => option)
}

export const ok = (res: unknown) => ({ code: 1, msg: 'ok', res })

/** A staff member of a site in Shanghai, as account/info answers. */
export const staffUser: UserInfo = {
  id: 1,
  account: 'kf01',
  name: '王敏',
  site_id: 1,
  site_name: '总店',
  must_change_password: false,
  can_approve: false,
  can_administer: false,
  time_zone: 'Asia/Shanghai',
  utc_offset: 480,
}
