import { act, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import PersonalCentre from '@/pages/tabPages/personalCenter'
import { sessionStore } from '@/stores'
import { callsTo, click, demoUser, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const INFO = '/api/care/account/info'
const SITES = '/api/care/account/siteList'
const LOGOUT = '/api/care/account/logout'

const siteOne = { id: 1, name: '阳光一店' }
const siteTwo = { id: 2, name: '阳光二店' }

beforeEach(() => {
  signedIn()
})

/** Renders the page as shown, once its calls have been answered. */
async function show() {
  render(<PersonalCentre />)
  await settle()
}

/** The server of a signed-in staff member: account/info follows the chosen site. */
function staffApi(sites = [siteOne]) {
  return mockApi({
    [INFO]: ({ site_id }) => {
      const site = sites.find((s) => s.id === site_id) ?? siteOne
      return { code: 1, res: { ...demoUser, site_id: site.id, site_name: site.name } }
    },
    [SITES]: () => ({ code: 1, res: sites }),
    [LOGOUT]: () => ({ code: 1, res: null }),
  })
}

describe('personal centre', () => {
  it("shows the staff member's name, account and site", async () => {
    const api = staffApi()
    await show()
    expect(screen.getByText('王小美')).toBeTruthy()
    expect(screen.getByText('账号：demo')).toBeTruthy()
    expect(screen.getByText('阳光一店')).toBeTruthy()
    expect(screen.getByText('王')).toBeTruthy()
    expect(callsTo(api, SITES)).toHaveLength(1)
    expect(callsTo(api, INFO)[0].header).toMatchObject({ token: 'tok-1', lang: 'zh' })
  })

  it('shows the version 1.0.0 (100)', async () => {
    staffApi()
    await show()
    expect(screen.getByText('1.0.0 (100)')).toBeTruthy()
  })

  it('switches to English, keeps the choice and sends lang en from then on', async () => {
    const api = staffApi()
    await show()
    click(screen.getByText('English'))
    expect(screen.getByText('Log out')).toBeTruthy()
    expect(screen.getByText('Account: demo')).toBeTruthy()
    expect(screen.queryByText('退出登录')).toBeNull()
    expect(Taro.getStorageSync('lang')).toBe('en')
    expect(Taro.setTabBarItem).toHaveBeenCalledWith({ index: 1, text: 'Me' })
    expect(Taro.setNavigationBarTitle).toHaveBeenLastCalledWith({ title: 'Personal centre' })

    await act(() => sessionStore.refreshUserInfo())
    expect(callsTo(api, INFO).pop()?.header).toMatchObject({ lang: 'en' })
  })

  it('offers no site switch to an account with one site', async () => {
    const api = staffApi([siteOne])
    await show()
    expect(callsTo(api, SITES)).toHaveLength(1)
    expect(screen.queryByText('切换门店')).toBeNull()
  })

  it('switches the site through account/info with site_id', async () => {
    const api = staffApi([siteOne, siteTwo])
    await show()
    click(screen.getByText('切换门店'))
    click(screen.getByText('阳光二店'))

    await waitFor(() => expect(callsTo(api, INFO).map((call) => call.data)).toContainEqual({ site_id: 2 }))
    await waitFor(() => expect(sessionStore.userInfo?.site_name).toBe('阳光二店'))
    expect(screen.getAllByText('阳光二店').length).toBeGreaterThan(0)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已切换到阳光二店' }))
  })

  it('logs out only after confirmation: server logout, login page, then the message after 600 ms', async () => {
    const api = staffApi()
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
      .mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await show()

    click(screen.getByText('退出登录'))
    await waitFor(() => expect(modal).toHaveBeenCalledTimes(1))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定要退出当前账号吗？' }))
    expect(callsTo(api, LOGOUT)).toHaveLength(0)
    expect(sessionStore.token).toBe('tok-1')

    click(screen.getByText('退出登录'))
    const confirmedAt = Date.now()
    await waitFor(() => expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' }))
    expect(callsTo(api, LOGOUT)).toHaveLength(1)
    expect(callsTo(api, LOGOUT)[0].header).toMatchObject({ token: 'tok-1' })
    expect(sessionStore.token).toBe('')
    expect(Taro.getStorageSync('token')).toBe('')

    await waitFor(() => expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '账号已退出' })), {
      timeout: 2000,
    })
    expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(600)
  })
})
