import Taro from '@tarojs/taro'
import { sessionStore } from '@/stores'
import { clearLeaveGuard, currentPageUrl, leavePage, loginUrl, openAfterLogin, setLeaveGuard } from '@/utils/navigation'
import { mockUi } from './taroMocks'

const FORM = '/pagesHome/pages/form/visit/form'

const atPage = (path: string, params: Record<string, string> = {}) =>
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { path, params } } as never)

afterEach(() => jest.restoreAllMocks())

describe('coming back after signing in', () => {
  it("takes the shown page's address with its query, without the runtime's own keys", () => {
    atPage(`${FORM}?id=3`, { id: '3', stamp: '5', $taroTimestamp: '1795376545523' })
    expect(currentPageUrl()).toBe(`${FORM}?id=3`)
  })

  it('sends to the login page with that address; home and the login page itself need none', () => {
    expect(loginUrl(`${FORM}?id=3`)).toBe(`/pages/login/index?redirect=${encodeURIComponent(`${FORM}?id=3`)}`)
    expect(loginUrl('/pages/tabPages/index')).toBe('/pages/login/index')
    expect(loginUrl('/pages/login/index?redirect=x')).toBe('/pages/login/index')
    expect(loginUrl()).toBe('/pages/login/index')
  })

  it('opens the address after signing in: a tab through switchTab, another page anew; nothing or junk, home', async () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    await openAfterLogin(encodeURIComponent(`${FORM}?id=3`))
    expect(reLaunch).toHaveBeenLastCalledWith({ url: `${FORM}?id=3` })
    await openAfterLogin(`${FORM}?id=4`)
    expect(reLaunch).toHaveBeenLastCalledWith({ url: `${FORM}?id=4` })
    await openAfterLogin(encodeURIComponent('/pages/tabPages/personalCenter'))
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/tabPages/personalCenter' })
    await openAfterLogin(undefined)
    await openAfterLogin('%E0%A4%A')
    await openAfterLogin('https://elsewhere.example')
    await openAfterLogin('//elsewhere.example/x')
    expect(switchTab).toHaveBeenCalledTimes(5)
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/tabPages/index' })
    expect(reLaunch).toHaveBeenCalledTimes(2)
  })

  it('"please log in" on a page sends to login with that page to come back to', () => {
    jest.useFakeTimers()
    const ui = mockUi()
    atPage(FORM, { from: 'link' })
    expect(sessionStore.checkLogin()).toBe(false)
    expect(ui.reLaunch).toHaveBeenCalledWith({
      url: `/pages/login/index?redirect=${encodeURIComponent(`${FORM}?from=link`)}`,
    })
    jest.runOnlyPendingTimers()
    jest.useRealTimers()
  })
})

describe('leaving a page', () => {
  it('goes at once without a guard or while the guard does not block; otherwise only when the user agrees', async () => {
    const go = jest.fn()
    await leavePage(go)
    expect(go).toHaveBeenCalledTimes(1)

    let blocks = false
    const ask = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    const guard = { blocks: () => blocks, ask }
    setLeaveGuard(guard)
    await leavePage(go)
    expect(go).toHaveBeenCalledTimes(2)
    expect(ask).not.toHaveBeenCalled()

    blocks = true
    await leavePage(go)
    expect(go).toHaveBeenCalledTimes(2)
    await leavePage(go)
    expect(go).toHaveBeenCalledTimes(3)
    expect(ask).toHaveBeenCalledTimes(2)

    clearLeaveGuard(guard)
    await leavePage(go)
    expect(go).toHaveBeenCalledTimes(4)
    expect(ask).toHaveBeenCalledTimes(2)
  })
})
