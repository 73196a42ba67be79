import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Devices from '@/pagesAccount/devices'
import PersonalCentre from '@/pages/tabPages/personalCenter'
import { callsTo, click, demoUser, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const DEVICES = '/api/care/account/sessions'
const SIGN_OUT = '/api/care/account/sessions/end'

const device = (id: number, client: string, current = false) => ({
  id,
  client,
  site_name: '阳光一店',
  signed_in_at: '2026-03-02T01:00:00.000Z',
  last_seen_at: '2026-03-02T02:30:00.000Z',
  current,
})

beforeEach(() => {
  signedIn()
})

/** The server of a staff member signed in on three devices; signing out takes them from the list. */
function devicesApi() {
  let list = [device(7, 'weapp'), device(5, 'h5', true), device(3, 'other')]
  return mockApi({
    [DEVICES]: () => ({ code: 1, res: list }),
    [SIGN_OUT]: ({ session_id }) => {
      const ended = list.filter((d) => !d.current && (session_id === undefined || d.id === session_id))
      list = list.filter((d) => !ended.includes(d))
      return { code: 1, res: { ended: ended.length } }
    },
  })
}

const confirmEach = () =>
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })

describe('signed-in devices', () => {
  it('is opened from the personal centre', async () => {
    mockApi({
      '/api/care/account/info': () => ({ code: 1, res: demoUser }),
      '/api/care/account/siteList': () => ({ code: 1, res: [] }),
    })
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    render(<PersonalCentre />)
    await settle()
    click(screen.getByText('登录设备'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesAccount/devices/index' })
  })

  it('lists each device with its app, site and times, this one first and marked, with no sign-out of its own', async () => {
    devicesApi()
    render(<Devices />)
    await screen.findByText('本机')
    const rows = [...document.querySelectorAll('.devices__row')]
    expect(rows.map((row) => row.querySelector('.devices__client')?.textContent)).toEqual([
      '网页版（H5）本机',
      '微信小程序',
      '电脑后台或其他',
    ])
    expect(rows[0].querySelector('.devices__when')?.textContent).toBe(
      '阳光一店\n登录于 2026-03-02 09:00\n最近使用 2026-03-02 10:30',
    )
    expect(rows.map((row) => row.textContent?.includes('退出'))).toEqual([false, true, true])
    expect(screen.getByText('退出其他所有设备')).toBeTruthy()
  })

  it('signs out one other device after asking, and lists what is left', async () => {
    const api = devicesApi()
    const modal = confirmEach()
    render(<Devices />)
    await screen.findByText('微信小程序')
    click(screen.getAllByText('退出')[0])
    await waitFor(() => expect(callsTo(api, SIGN_OUT)).toHaveLength(1))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定让微信小程序上的这次登录退出吗？' }))
    expect(callsTo(api, SIGN_OUT)[0].data).toEqual({ session_id: 7 })
    await waitFor(() => expect(screen.queryByText('微信小程序')).toBeNull())
    expect(screen.getByText('电脑后台或其他')).toBeTruthy()
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已退出' }))
  })

  it('signs out every other device, then offers nothing more to sign out', async () => {
    const api = devicesApi()
    confirmEach()
    render(<Devices />)
    click(await screen.findByText('退出其他所有设备'))
    await waitFor(() => expect(screen.queryByText('退出其他所有设备')).toBeNull())
    expect(callsTo(api, SIGN_OUT)[0].data).toEqual({})
    expect(document.querySelectorAll('.devices__row')).toHaveLength(1)
  })

  it('signs out nothing when the question is declined', async () => {
    const api = devicesApi()
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    render(<Devices />)
    click(await screen.findByText('退出其他所有设备'))
    await settle()
    expect(callsTo(api, SIGN_OUT)).toHaveLength(0)
    expect(document.querySelectorAll('.devices__row')).toHaveLength(3)
  })
})
