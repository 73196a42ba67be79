import { act, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import type { Customer } from '@/api/types'
import Home from '@/pages/tabPages/index'
import { openFormStore } from '@/features/forms'
import { centreClock, customerStore, homeStore, sessionStore, workingDateStore } from '@/stores'
import zh from '@locales/zh-CN.json'
import en from '@locales/en.json'
import { setLocale } from '@/i18n'
import { callsTo, click, demoUser, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const SUMMARY = '/api/care/account/index'
const CUSTOMERS = '/api/care/customer/index'
const DESK = '/api/care/desk/today'

/** The desk's day at the site: two arrive, one leaves, five booked ahead, three visitors in for two hours, orders for an approver. */
const deskDay = {
  date: '2026-11-22',
  arrivals: 2,
  departures: 1,
  booked: 5,
  visitors_inside: 3,
  longest_inside_minutes: 135,
  no_round: 4,
  waiting: { outApplyGeneral: 1, outApplyGift: 0, specialCare: 2, inbound: 0 },
}

const customer: Customer = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: 'A305',
  delivery_date: '2026-11-10',
  children: [{ id: 70, name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 }],
}

beforeEach(() => {
  signedIn()
})

function homeApi(counts: Record<string, number> = {}, desk: object = deskDay) {
  return mockApi({
    [DESK]: () => ({ code: 1, res: desk }),
    [SUMMARY]: () => ({ code: 1, res: { date: '2026-11-22', counts } }),
    [CUSTOMERS]: ({ keyword }) => ({
      code: 1,
      res: keyword === '无此人' ? { list: [], total: 0 } : { list: [customer], total: 1 },
    }),
  })
}

async function show() {
  const view = render(<Home />)
  await settle()
  return view
}

describe('home', () => {
  it("loads the working date's counts and shows them as badges (999+ above 999, none at 0)", async () => {
    const api = homeApi({ 访客出入登记表: 3, 出库单列表: 1200 })
    await show()
    expect(callsTo(api, SUMMARY)[0].data).toEqual({ date: '2026-11-22' })
    expect(screen.getByText('3')).toBeTruthy()
    expect(screen.getByText('999+')).toBeTruthy()
    expect(document.querySelectorAll('.nut-badge-content')).toHaveLength(2)
    expect(screen.getByText('2026-11-22')).toBeTruthy()
  })

  it('tells an administrator of an empty home that a new centre starts at 我的 → 门店管理, and nobody else', async () => {
    homeApi()
    const view = await show()
    expect(screen.queryByText(zh['home.startHere'])).toBeNull()
    view.unmount()
    signedIn({ ...demoUser, can_administer: true })
    homeApi()
    const admin = await show()
    expect(screen.getByText(zh['home.startHere'])).toBeTruthy()
    admin.unmount()
    signedIn({ ...demoUser, can_administer: true })
    homeApi({ 访客出入登记表: 1 })
    await show()
    expect(screen.queryByText(zh['home.startHere'])).toBeNull()
  })

  it("says so when the working date is not the centre's today, and not when it is", async () => {
    homeApi()
    workingDateStore.setToday(centreClock.today())
    const view = await show()
    expect(screen.queryByText(zh['home.notToday'])).toBeNull()
    view.unmount()
    workingDateStore.setToday('2026-11-01')
    await show()
    // Not a line under the cell's title: a notice of its own.
    expect(screen.getByRole('note').textContent).toBe(zh['home.notToday'])
    expect(document.querySelector('.home__date--other')).toBeTruthy()
  })

  it('names the site she works in, and the other one after a switch, in either language', async () => {
    mockApi({
      [DESK]: () => ({ code: 1, res: deskDay }),
      [SUMMARY]: () => ({ code: 1, res: { date: '2026-11-22', counts: {} } }),
      '/api/care/account/info': ({ site_id }) => ({
        code: 1,
        res: { ...sessionStore.userInfo, site_id, site_name: '阳光二店' },
      }),
    })
    await show()
    const site = () => document.querySelector('.home__site')?.textContent
    expect(site()).toBe(`${zh['home.site']}阳光一店`)
    await act(() => sessionStore.switchSite(2))
    await settle()
    expect(site()).toBe(`${zh['home.site']}阳光二店`)
    act(() => setLocale('en'))
    expect(site()).toBe(`${en['home.site']}阳光二店`)
  })

  it('shows every entry in its group', async () => {
    homeApi()
    await show()
    for (const text of [
      '查房',
      '入住',
      '物品出入库',
      '登记',
      '儿科医生查房签到表',
      '入住须知',
      '礼包领取明细表',
      '入库单列表',
      '库存',
      '家属订餐登记表',
    ]) {
      expect(screen.getByText(text)).toBeTruthy()
    }
  })

  it('asks for a customer before a form filled in for one, picks one from the search, then goes on to the form', async () => {
    const api = homeApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    click(screen.getByText('儿科医生查房签到表'))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先选择客户' }))
    expect(navigateTo).not.toHaveBeenCalled()

    await waitFor(() => expect(callsTo(api, CUSTOMERS)).toHaveLength(1))
    click(await screen.findByText('李静'))
    expect(customerStore.customerInfo?.id).toBe(7)
    expect(Taro.getStorageSync('customerInfo')).toMatchObject({ id: 7, room: 'A305' })
    expect(screen.getByText('宝宝：李宝')).toBeTruthy()
    // The form she asked for opens, without a second tap on its tile.
    expect(openFormStore.formName).toBe('儿科医生查房签到表')
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/Pediatricianrounds/form' })
  })

  it('opens no form when the picker is closed without choosing, nor after a customer chosen from her card', async () => {
    homeApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    click(screen.getByText('儿科医生查房签到表'))
    await screen.findByText('李静')
    homeStore.closePicker(false)
    await settle()
    click(document.querySelector('.customer-card') as HTMLElement)
    click(await screen.findByText('李静'))
    expect(customerStore.customerInfo?.id).toBe(7)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('opens a check-in notice without a customer chosen: it is the notice of a new arrival', async () => {
    homeApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    click(screen.getByText('月子入住通知单'))
    expect(Taro.showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: '请先选择客户' }))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yz/form' })
  })

  it('marks a check-in notice as 月子 or 小月子 and falls back to not-found when the page is missing', async () => {
    homeApi()
    const navigateTo = jest
      .spyOn(Taro, 'navigateTo')
      .mockImplementation((({ url }: { url: string }) =>
        url === '/pages/notFound/index'
          ? Promise.resolve({ errMsg: 'navigateTo:ok' })
          : Promise.reject(new Error('navigateTo:fail page not found'))) as unknown as typeof Taro.navigateTo)
    customerStore.select(customer)
    await show()

    click(screen.getByText('小月子入住通知单'))
    expect(openFormStore.formName).toBe('小月子入住通知单')
    expect(openFormStore.is_month).toBe(false)
    expect(Taro.getStorageSync('is_month')).toBe(false)
    await waitFor(() => expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pages/notFound/index' }))

    click(screen.getByText('月子入住通知单'))
    expect(openFormStore.is_month).toBe(true)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yz/form' })
  })

  it('sends a user without a session to the login page and loads nothing', async () => {
    runInAction(() => (sessionStore.token = ''))
    const api = homeApi()
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    await show()
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
    expect(api).not.toHaveBeenCalled()
    await waitFor(() => expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先登录' })))
  })
})

describe("home's desk day", () => {
  it('shows badges that say what they count, each opening the list behind it', async () => {
    const api = homeApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    expect(callsTo(api, DESK)[0].data).toEqual({})
    expect(screen.getByText('今日工作')).toBeTruthy()
    for (const text of ['今日入住 2', '今日退房 1', '待入住 5', '访客在内 3 · 最长 2小时', '未查房 4', '待审批 3']) {
      expect(screen.getByText(text)).toBeTruthy()
    }
    click(screen.getByText('待入住 5'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesDesk/pages/today/index?list=booked' })
    click(screen.getByText('访客在内 3 · 最长 2小时'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesDesk/pages/today/index?list=visitors' })
    click(screen.getByText('待审批 3'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesDesk/pages/today/index?list=orders' })
  })

  it('leaves out the orders for staff without the approve right, and counts a short visit in minutes', async () => {
    homeApi({}, { ...deskDay, visitors_inside: 1, longest_inside_minutes: 25, waiting: null })
    await show()
    expect(screen.getByText('访客在内 1 · 最长 25分钟')).toBeTruthy()
    expect(screen.queryByText(/待审批/)).toBeNull()
  })
})

describe('home navigation bar', () => {
  const userAgent = (value: string) => jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(value)

  it('draws its own bar with the title in a plain browser', () => {
    homeApi()
    userAgent('Mozilla/5.0 (iPhone) Safari/604.1')
    const { container } = render(<Home />)
    expect(container.querySelector('.nav-bar')?.textContent).toBe('首页')
  })

  it("leaves the bar to WeChat's browser, which shows the page title itself", () => {
    homeApi()
    userAgent('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50 NetType/WIFI')
    const { container } = render(<Home />)
    expect(container.querySelector('.nav-bar')).toBeNull()
    expect(Taro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '首页' })
  })
})
