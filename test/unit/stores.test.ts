import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import {
  centreClock,
  sessionStore,
  customerStore,
  homeStore,
  settingsStore,
  watchNetwork,
  workingDateStore,
} from '@/stores'
import { openFormStore } from '@/features/forms'
import { IntegrityStore } from '@/features/admin/stores/integrity'
import { getLocale } from '@/i18n'
import type { Customer } from '@/api/types'
import { mockServer, mockUi, ok, requestCalls, staffUser } from './taroMocks'

const user = staffUser
const baby = { id: 9, name: '宝宝', sex: 'female' as const, birth_date: '2026-01-01', birth_weight: 3200 }
const customer: Customer = {
  id: 5,
  name: '李娜',
  phone: '13800000000',
  room: '801',
  delivery_date: '2026-01-01',
  children: [baby],
}

const stored = (key: string) => Taro.getStorageSync(key)

let ui: ReturnType<typeof mockUi>

beforeEach(() => {
  jest.useFakeTimers()
  ui = mockUi()
})

afterEach(() => {
  // Lets a pending logout message fire, so that the next test may log out again.
  jest.runOnlyPendingTimers()
  jest.useRealTimers()
  jest.restoreAllMocks()
  runInAction(() => {
    Object.assign(sessionStore, { token: '', userInfo: null, come: '' })
    Object.assign(customerStore, {
      keyword: '',
      status: 'in_house',
      list: [],
      total: 0,
      page: 0,
      loading: false,
      error: '',
      finished: false,
    })
    Object.assign(homeStore, { summary: null, loading: false, error: '' })
  })
  customerStore.clear()
  openFormStore.setFormName('')
  openFormStore.clearRecord()
  openFormStore.setIsMonth(true)
  workingDateStore.setToday(centreClock.today())
  settingsStore.setLang('zh-CN')
  settingsStore.rememberAccount('')
  localStorage.clear()
})

function signIn(token = 'tok-1') {
  runInAction(() => Object.assign(sessionStore, { token, userInfo: user }))
}

describe('sessionStore.login', () => {
  it('stores token and userInfo and remembers the account', async () => {
    mockServer({ '/api/care/account/login_old': ok({ token: 'tok-9', userInfo: user }) })
    await expect(sessionStore.login('kf01', 'secret', 2)).resolves.toBe('ok')
    expect(requestCalls()[0].data).toEqual({ account: 'kf01', password: 'secret', site_id: 2 })
    expect(sessionStore.isLoggedIn).toBe(true)
    expect(stored('token')).toBe('tok-9')
    expect(stored('userInfo')).toEqual(user)
    expect(stored('account')).toBe('kf01')
    expect(settingsStore.rememberedAccount).toBe('kf01')
  })

  it('rejects a wrong password and remembers nothing', async () => {
    mockServer({ '/api/care/account/login_old': { code: -2, msg: '账号或密码错误', res: null } })
    await expect(sessionStore.login('kf01', 'bad')).rejects.toThrow('账号或密码错误')
    expect(sessionStore.isLoggedIn).toBe(false)
    expect(stored('token')).toBe('')
    expect(stored('account')).toBe('')
  })

  it('answers mustChangePassword on -90004, keeping the session it carries', async () => {
    const pending = { ...user, must_change_password: true }
    mockServer({
      '/api/care/account/login_old': { code: -90004, msg: '请修改密码', res: { token: 'tok-tmp', userInfo: pending } },
    })
    await expect(sessionStore.login('kf01', 'temp')).resolves.toBe('mustChangePassword')
    expect(stored('token')).toBe('tok-tmp')
    expect(sessionStore.userInfo).toEqual(pending)
    expect(stored('account')).toBe('kf01')
    expect(ui.redirectTo).toHaveBeenCalledWith({ url: '/pages/modifyPwd/index' })
    // The password just typed is carried to the change in memory, never to storage, and let go at logout.
    expect(sessionStore.signInPassword).toBe('temp')
    const everything = Taro.getStorageInfoSync().keys.map((key) => JSON.stringify(stored(key)))
    expect(everything.join()).not.toContain('"temp"')
    sessionStore.logout()
    expect(sessionStore.signInPassword).toBe('')
  })
})

describe('sessionStore.logout', () => {
  it('clears exactly token, userInfo, customerInfo, childrenData and formRecord', async () => {
    signIn()
    runInAction(() => (sessionStore.come = 'PC'))
    customerStore.select(customer)
    openFormStore.setFormName('访客出入登记表', { department_id: 3, gift_type_id: 4 })
    openFormStore.setIsMonth(false)
    workingDateStore.setToday('2026-02-03')
    settingsStore.rememberAccount('kf01')
    settingsStore.setLang('en')
    mockServer({ '/api/care/index/getFormRecord': ok({ list: [{ id: 1 }], total: 1 }) })
    await openFormStore.fetchFormRecord('访客出入登记表')
    expect(openFormStore.formRecord).toEqual({ id: 1 })
    for (const key of ['token', 'userInfo', 'customerInfo', 'childrenData'])
      expect(localStorage.getItem(key)).not.toBeNull()

    sessionStore.logout()

    for (const key of ['token', 'userInfo', 'customerInfo', 'childrenData'])
      expect(localStorage.getItem(key)).toBeNull()
    expect(sessionStore.userInfo).toBeNull()
    expect(customerStore.customerInfo).toBeNull()
    expect(customerStore.childrenData).toEqual([])
    expect(openFormStore.formRecord).toBeNull()
    expect(stored('come')).toBe('PC')
    expect(stored('formName')).toBe('访客出入登记表')
    expect(stored('department_id')).toBe(3)
    expect(stored('gift_type_id')).toBe(4)
    expect(stored('is_month')).toBe(false)
    expect(stored('today')).toBe('2026-02-03')
    expect(stored('lang')).toBe('en')
    expect(stored('account')).toBe('kf01')
    // no server call unless asked
    expect(requestCalls()).toHaveLength(1)
    expect(ui.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
    jest.advanceTimersByTime(600)
    expect(ui.showToast).toHaveBeenCalledWith({ title: 'You have been logged out', icon: 'none', duration: 2000 })
  })

  it('ends the session on the server quietly when asked, with the old token', async () => {
    signIn('tok-old')
    const server = mockServer({ '/api/care/account/logout': { code: -90001, msg: 'gone', res: null } })
    sessionStore.logout({ callServer: true, title: '已退出' })
    expect(server).toHaveBeenCalledTimes(1)
    expect(requestCalls()[0]).toMatchObject({ url: '/api/care/account/logout', header: { token: 'tok-old' } })
    expect(stored('token')).toBe('')
    await Promise.resolve()
    jest.advanceTimersByTime(600)
    expect(ui.showLoading).not.toHaveBeenCalled()
    expect(ui.showModal).not.toHaveBeenCalled()
    // the server's -90001 to the logout call itself does not log out a second time
    expect(ui.reLaunch).toHaveBeenCalledTimes(1)
    expect(ui.showToast).toHaveBeenCalledTimes(1)
    expect(ui.showToast).toHaveBeenCalledWith({ title: '已退出', icon: 'none', duration: 2000 })
  })

  it('logs out of a new session at once, however soon after the last logout, without its old message', async () => {
    sessionStore.logout({ title: '请先登录' })
    mockServer({ '/api/care/account/login_old': ok({ token: 'tok-9', userInfo: user }) })
    await sessionStore.login('kf01', 'secret')
    sessionStore.logout({ title: '已退出' })
    expect(ui.reLaunch).toHaveBeenCalledTimes(2)
    expect(sessionStore.isLoggedIn).toBe(false)
    jest.advanceTimersByTime(600)
    expect(ui.showToast.mock.calls).toEqual([[{ title: '已退出', icon: 'none', duration: 2000 }]])
  })

  it('can log out again once the previous logout has finished', () => {
    sessionStore.logout()
    jest.advanceTimersByTime(600)
    sessionStore.logout()
    expect(ui.reLaunch).toHaveBeenCalledTimes(2)
  })
})

describe('sessionStore.checkLogin', () => {
  it('without a token logs out without calling the server, saying please log in', () => {
    const server = mockServer({})
    expect(sessionStore.checkLogin()).toBe(false)
    expect(server).not.toHaveBeenCalled()
    expect(ui.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
    jest.advanceTimersByTime(600)
    expect(ui.showToast).toHaveBeenCalledWith({ title: '请先登录', icon: 'none', duration: 2000 })
  })

  it('with a token lets the page go on', () => {
    signIn()
    expect(sessionStore.checkLogin()).toBe(true)
    expect(ui.reLaunch).not.toHaveBeenCalled()
  })
})

describe('sessionStore.launchFromQuery', () => {
  it('takes over the PC session: token, come = PC, user info and customer', async () => {
    mockServer({ '/api/care/account/info': ok(user), '/api/care/customer/info': ok(customer) })
    await sessionStore.launchFromQuery({ token: 'pc-tok', customer_id: '5' })
    expect(stored('token')).toBe('pc-tok')
    expect(stored('come')).toBe('PC')
    expect(stored('userInfo')).toEqual(user)
    expect(stored('customerInfo')).toEqual(customer)
    expect(stored('childrenData')).toEqual([baby])
    const calls = requestCalls()
    expect(calls.map((call) => call.header?.token)).toEqual(['pc-tok', 'pc-tok'])
    expect(calls.find((call) => call.url === '/api/care/customer/info')?.data).toEqual({ id: 5 })
  })

  describe('a session of another account held on the device', () => {
    const other = { ...user, id: 2, account: 'kf02', name: '李芳' }
    const pcCustomer = { ...customer, id: 6, name: '赵敏' }
    const server = () =>
      mockServer({
        '/api/care/account/info': ok(other),
        '/api/care/customer/info': ok(pcCustomer),
      })
    const asked = () => ui.showModal.mock.calls.map(([option]) => option)

    beforeEach(() => {
      signIn('tok-1')
      customerStore.select(customer)
    })

    it('asks first; declined, the device keeps its session and customer and takes nothing of the address', async () => {
      server()
      ui.showModal.mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
      await sessionStore.launchFromQuery({ token: 'pc-tok', customer_id: '6' })
      expect(asked()).toEqual([
        expect.objectContaining({
          title: '切换账号',
          content:
            '本机已登录 王敏（kf01）。电脑端打开的链接属于 李芳（kf02）。切换后新填写的记录将记在 李芳 名下，是否切换？',
          confirmText: '切换',
        }),
      ])
      // Only the address's account was asked for, in the address's session.
      expect(requestCalls().map((call) => [call.url, call.header?.token])).toEqual([
        ['/api/care/account/info', 'pc-tok'],
      ])
      expect(stored('token')).toBe('tok-1')
      expect(stored('userInfo')).toEqual(user)
      expect(stored('come')).toBe('')
      expect(stored('customerInfo')).toEqual(customer)
    })

    it('agreed, the address session and its customer replace the held ones', async () => {
      server()
      ui.showModal.mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
      await sessionStore.launchFromQuery({ token: 'pc-tok', customer_id: '6' })
      expect(asked()).toHaveLength(1)
      expect(stored('token')).toBe('pc-tok')
      expect(stored('come')).toBe('PC')
      expect(stored('userInfo')).toEqual(other)
      expect(stored('customerInfo')).toEqual(pcCustomer)
    })

    it('agreed without a customer in the address, the held customer (of the other account) is let go', async () => {
      server()
      ui.showModal.mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
      await sessionStore.launchFromQuery({ token: 'pc-tok' })
      expect(stored('token')).toBe('pc-tok')
      expect(customerStore.customerInfo).toBeNull()
    })

    it('the same account in another session takes over without asking, as does the same session', async () => {
      mockServer({ '/api/care/account/info': ok(user), '/api/care/customer/info': ok(pcCustomer) })
      await sessionStore.launchFromQuery({ token: 'pc-tok', customer_id: '6' })
      await sessionStore.launchFromQuery({ token: 'pc-tok' })
      expect(asked()).toEqual([])
      expect(stored('token')).toBe('pc-tok')
      expect(stored('come')).toBe('PC')
      expect(stored('customerInfo')).toEqual(pcCustomer)
    })
  })

  it('without a token removes come and keeps the session', async () => {
    signIn('tok-1')
    runInAction(() => (sessionStore.come = 'PC'))
    expect(stored('come')).toBe('PC')
    const server = mockServer({})
    await sessionStore.launchFromQuery({ customer_id: '5' })
    expect(localStorage.getItem('come')).toBeNull()
    expect(sessionStore.token).toBe('tok-1')
    expect(server).not.toHaveBeenCalled()
  })
})

describe('sessionStore: account', () => {
  it('switchSite asks info for the site and drops the old site customer and its form record', async () => {
    signIn()
    customerStore.select(customer)
    runInAction(() => (openFormStore.formRecord = { id: 1 } as never))
    mockServer({
      '/api/care/account/info': (data: { site_id: number }) =>
        ok({ ...user, site_id: data.site_id, site_name: '分店' }),
    })
    await sessionStore.switchSite(2)
    expect(requestCalls()[0].data).toEqual({ site_id: 2 })
    expect(sessionStore.userInfo).toMatchObject({ site_id: 2, site_name: '分店' })
    expect(stored('userInfo')).toMatchObject({ site_id: 2 })
    expect(customerStore.customerInfo).toBeNull()
    expect(localStorage.getItem('customerInfo')).toBeNull()
    expect(openFormStore.formRecord).toBeNull()
  })

  it('changePassword sends old and new password and lifts must_change_password', async () => {
    runInAction(() => Object.assign(sessionStore, { token: 't', userInfo: { ...user, must_change_password: true } }))
    mockServer({ '/api/care/account/change_pwd': ok(null) })
    await sessionStore.changePassword('old-pw', 'new-pw-123')
    expect(requestCalls()[0].data).toEqual({ old_password: 'old-pw', password: 'new-pw-123' })
    expect(sessionStore.userInfo?.must_change_password).toBe(false)
    expect(stored('userInfo')).toMatchObject({ must_change_password: false })
  })

  it('refreshUserInfo stores the user the server answers', async () => {
    signIn()
    mockServer({ '/api/care/account/info': ok({ ...user, name: '王敏敏' }) })
    await sessionStore.refreshUserInfo()
    expect(requestCalls()[0].data).toEqual({})
    expect(stored('userInfo')).toMatchObject({ name: '王敏敏' })
  })
})

describe('persistence at start', () => {
  it('restores every persisted key when the stores load', () => {
    const values: Record<string, unknown> = {
      token: 't-saved',
      userInfo: user,
      come: 'PC',
      customerInfo: customer,
      childrenData: [baby],
      formName: '家属订餐登记表',
      department_id: 3,
      gift_type_id: 4,
      is_month: false,
      today: '2026-03-04',
      // Chosen earlier on the centre's today: kept.
      working_day: centreClock.today(),
      lang: 'en',
      account: 'kf01',
    }
    for (const [key, value] of Object.entries(values)) Taro.setStorageSync(key, value)
    jest.isolateModules(() => {
      const fresh = require('@/stores')
      const { openFormStore: freshForm } = require('@/features/forms')
      const i18n = require('@/i18n')
      expect(fresh.sessionStore).toMatchObject({ token: 't-saved', userInfo: user, come: 'PC' })
      expect(fresh.customerStore).toMatchObject({ customerInfo: customer, childrenData: [baby] })
      expect(freshForm).toMatchObject({
        formName: '家属订餐登记表',
        department_id: 3,
        gift_type_id: 4,
        is_month: false,
      })
      expect(fresh.workingDateStore.today).toBe('2026-03-04')
      expect(fresh.settingsStore).toMatchObject({ lang: 'en', rememberedAccount: 'kf01' })
      expect(i18n.getLocale()).toBe('en')
    })
  })

  it('starts empty, on today, in Chinese, and ignores an unknown stored language', () => {
    Taro.setStorageSync('lang', 'fr')
    jest.isolateModules(() => {
      const fresh = require('@/stores')
      expect(fresh.sessionStore).toMatchObject({ token: '', userInfo: null, come: '', isLoggedIn: false })
      expect(require('@/features/forms').openFormStore).toMatchObject({
        formName: '',
        is_month: true,
        formRecord: null,
      })
      expect(fresh.workingDateStore.today).toBe(centreClock.today())
      expect(fresh.settingsStore.lang).toBe('zh-CN')
      expect(require('@/i18n').getLocale()).toBe('zh-CN')
    })
  })
})

describe('customerStore', () => {
  it('select persists the customer and the babies; clear removes both', () => {
    customerStore.select(customer)
    expect(stored('customerInfo')).toEqual(customer)
    expect(stored('childrenData')).toEqual([baby])
    customerStore.clear()
    expect(localStorage.getItem('customerInfo')).toBeNull()
    expect(localStorage.getItem('childrenData')).toBeNull()
  })

  it('loadById selects the customer the server answers', async () => {
    mockServer({ '/api/care/customer/info': ok(customer) })
    await customerStore.loadById(5)
    expect(requestCalls()[0].data).toEqual({ id: 5 })
    expect(customerStore.customerInfo).toEqual(customer)
    expect(customerStore.childrenData).toEqual([baby])
  })

  it('search pages through the list by 20 until everything is loaded, quietly', async () => {
    const all = Array.from({ length: 45 }, (_, i) => ({ ...customer, id: i + 1 }))
    mockServer({
      '/api/care/customer/index': ({ page, limit }: { page: number; limit: number }) =>
        ok({ list: all.slice((page - 1) * limit, page * limit), total: all.length }),
    })
    await customerStore.search('')
    expect(requestCalls()[0].data).toEqual({ page: 1, limit: 20, status: 'in_house' })
    expect(customerStore).toMatchObject({ page: 1, total: 45, finished: false, loading: false })
    expect(customerStore.list).toHaveLength(20)
    await customerStore.loadMore()
    await customerStore.loadMore()
    expect(customerStore.list.map((c) => c.id)).toEqual(all.map((c) => c.id))
    expect(customerStore.finished).toBe(true)
    await customerStore.loadMore()
    expect(requestCalls()).toHaveLength(3)
    expect(ui.showLoading).not.toHaveBeenCalled()
  })

  it('a new search sends its keyword and filter (in house unless another is chosen) and starts from page 1', async () => {
    mockServer({ '/api/care/customer/index': ok({ list: [customer], total: 1 }) })
    await customerStore.search('801')
    await customerStore.search('李', 'left')
    await customerStore.search('李')
    expect(requestCalls().map((call) => call.data)).toEqual([
      { page: 1, limit: 20, keyword: '801', status: 'in_house' },
      { page: 1, limit: 20, keyword: '李', status: 'left' },
      { page: 1, limit: 20, keyword: '李', status: 'left' },
    ])
    expect(customerStore.list).toEqual([customer])
    expect(customerStore.keyword).toBe('李')
  })

  it('keeps the error for the picker to show, without a modal', async () => {
    mockServer({ '/api/care/customer/index': { code: -1, msg: '查询失败', res: null } })
    await customerStore.search('x')
    expect(customerStore).toMatchObject({ error: '查询失败', loading: false, list: [] })
    expect(ui.showModal).not.toHaveBeenCalled()
  })

  it('drops the page of a search that a newer search replaced', async () => {
    const answers: Array<(value: unknown) => void> = []
    jest.spyOn(Taro, 'request').mockImplementation((() => new Promise((resolve) => answers.push(resolve))) as never)
    const first = customerStore.search('old')
    const second = customerStore.search('new')
    const reply = (name: string) => ({ statusCode: 200, data: ok({ list: [{ ...customer, name }], total: 1 }) })
    answers[1](reply('new'))
    await second
    answers[0](reply('old'))
    await first
    expect(customerStore.list.map((c) => c.name)).toEqual(['new'])
  })

  it('keeps the rows shown until a new search answers, narrowed at once to what is typed', async () => {
    const answers: Array<(value: unknown) => void> = []
    jest.spyOn(Taro, 'request').mockImplementation((() => new Promise((resolve) => answers.push(resolve))) as never)
    const reply = (...names: string[]) => ({
      statusCode: 200,
      data: ok({
        list: names.map((name, i) => ({ ...customer, id: i + 1, name, room: `80${i}` })),
        total: names.length,
      }),
    })
    const first = customerStore.startOver()
    expect(customerStore.rowsFor('')).toEqual([])
    answers[0](reply('王芳', '李娜', '王丽'))
    await first
    expect(customerStore.answers('')).toBe(true)

    // Typed, not yet searched (and then searched, not yet answered): the same rows, narrowed, in their order.
    expect(customerStore.rowsFor('王').map((c) => c.name)).toEqual(['王芳', '王丽'])
    expect(customerStore.rowsFor('802').map((c) => c.name)).toEqual(['王丽'])
    const second = customerStore.search('王')
    expect(customerStore.answers('王')).toBe(false)
    expect(customerStore.rowsFor('王').map((c) => c.name)).toEqual(['王芳', '王丽'])
    answers[1](reply('王丽', '王芳', '王小'))
    await second
    expect(customerStore.answers('王')).toBe(true)
    expect(customerStore.rowsFor('王').map((c) => c.name)).toEqual(['王丽', '王芳', '王小'])

    // A new opening shows nothing of the search before it until its own answer.
    void customerStore.startOver()
    expect(customerStore.rowsFor('')).toEqual([])
    expect(customerStore.answers('')).toBe(false)
  })
})

describe('openFormStore', () => {
  it('setFormName sets department and gift type when given and clears them otherwise', () => {
    openFormStore.setFormName('出库单', { department_id: 3, gift_type_id: 4 })
    expect(stored('formName')).toBe('出库单')
    expect(stored('department_id')).toBe(3)
    expect(stored('gift_type_id')).toBe(4)
    openFormStore.setFormName('大礼包出库单', { gift_type_id: 6 })
    expect(openFormStore.department_id).toBeNull()
    expect(localStorage.getItem('department_id')).toBeNull()
    expect(stored('gift_type_id')).toBe(6)
    openFormStore.setFormName('访客出入登记表')
    expect(localStorage.getItem('gift_type_id')).toBeNull()
    expect(stored('formName')).toBe('访客出入登记表')
  })

  it('keeps the check-in kind', () => {
    openFormStore.setIsMonth(false)
    expect(stored('is_month')).toBe(false)
  })

  it('fetchFormRecord strips ( ) { } [ ] and takes the first record of the customer', async () => {
    mockServer({ '/api/care/index/getFormRecord': ok({ list: [{ id: 11 }, { id: 12 }], total: 2 }) })
    await expect(openFormStore.fetchFormRecord('入住(月子){通知}[单]', customer.id)).resolves.toEqual({ id: 11 })
    expect(requestCalls()[0].data).toEqual({ name: '入住月子通知单', customer_id: 5, page: 1, limit: 1 })
    expect(openFormStore.formRecord).toEqual({ id: 11 })
  })

  it('an empty answer or no name empties the record', async () => {
    runInAction(() => (openFormStore.formRecord = { id: 1 } as never))
    mockServer({ '/api/care/index/getFormRecord': ok({ list: [], total: 0 }) })
    await openFormStore.fetchFormRecord('访客出入登记表')
    expect(openFormStore.formRecord).toBeNull()
    runInAction(() => (openFormStore.formRecord = { id: 1 } as never))
    await expect(openFormStore.fetchFormRecord('')).resolves.toBeNull()
    expect(openFormStore.formRecord).toBeNull()
    expect(requestCalls()).toHaveLength(1)
  })

  it('a slow record of a form left behind does not replace the newer one', async () => {
    const answers: Record<string, (value: unknown) => void> = {}
    jest
      .spyOn(Taro, 'request')
      .mockImplementation(
        ((option: Taro.request.Option) => new Promise((resolve) => (answers[option.data.name] = resolve))) as never,
      )
    const first = openFormStore.fetchFormRecord('A')
    const second = openFormStore.fetchFormRecord('B')
    answers.B({ statusCode: 200, data: ok({ list: [{ id: 2 }], total: 1 }) })
    await second
    answers.A({ statusCode: 200, data: ok({ list: [{ id: 1 }], total: 1 }) })
    await first
    expect(openFormStore.formRecord).toEqual({ id: 2 })
  })
})

describe('workingDateStore', () => {
  it('keeps the working date', () => {
    expect(workingDateStore.today).toBe(centreClock.today())
    workingDateStore.setToday('2026-05-06')
    expect(stored('today')).toBe('2026-05-06')
  })
})

describe('homeStore', () => {
  it('loads the counts of the working date', async () => {
    workingDateStore.setToday('2026-05-06')
    mockServer({ '/api/care/account/index': ok({ date: '2026-05-06', counts: { 访客出入登记表: 3 } }) })
    await homeStore.load()
    expect(requestCalls()[0].data).toEqual({ date: '2026-05-06' })
    expect(homeStore.countFor('访客出入登记表')).toBe(3)
    expect(homeStore.countFor('出库单')).toBe(0)
    expect(homeStore.loading).toBe(false)
  })

  it('keeps the error for the home screen to show', async () => {
    jest.spyOn(Taro, 'request').mockRejectedValue({ errMsg: 'request:fail' })
    await homeStore.load()
    expect(homeStore).toMatchObject({ error: 'request:fail', loading: false })
    expect(ui.showToast).not.toHaveBeenCalled()
  })
})

describe('settingsStore', () => {
  it('setLang persists the language and applies it', () => {
    settingsStore.setLang('en')
    expect(getLocale()).toBe('en')
    expect(stored('lang')).toBe('en')
  })

  describe('watchNetwork', () => {
    const env = process.env.TARO_ENV
    afterEach(() => {
      process.env.TARO_ENV = env
      settingsStore.setOnline(true)
    })

    it('follows Taro network status in the mini program', () => {
      jest
        .spyOn(Taro, 'getNetworkType')
        .mockImplementation((({ success }) => success({ networkType: 'none' })) as never)
      let onChange: (result: { isConnected: boolean }) => void = () => {}
      jest.spyOn(Taro, 'onNetworkStatusChange').mockImplementation(((callback) => (onChange = callback)) as never)
      process.env.TARO_ENV = 'weapp'
      watchNetwork()
      expect(settingsStore.online).toBe(false)
      onChange({ isConnected: true })
      expect(settingsStore.online).toBe(true)
      onChange({ isConnected: false })
      expect(settingsStore.online).toBe(false)
    })

    it('follows the browser online and offline events on H5', () => {
      process.env.TARO_ENV = 'h5'
      watchNetwork()
      expect(settingsStore.online).toBe(navigator.onLine)
      window.dispatchEvent(new Event('offline'))
      expect(settingsStore.online).toBe(false)
      window.dispatchEvent(new Event('online'))
      expect(settingsStore.online).toBe(true)
    })
  })
})

describe('IntegrityStore (门店管理)', () => {
  it("holds the latest check's damage, and nothing when it was clean, not run, or not answered", async () => {
    const at = new Date(2026, 11, 2, 9, 5).toISOString()
    let answer: unknown = ok({ at, indexes: 291, tables: 102, damaged: ['public.audit_log_pkey'] })
    mockServer({ '/api/admin/site/integrity': () => answer })
    const store = new IntegrityStore()
    await store.load()
    expect(store.damaged).toEqual(['public.audit_log_pkey'])
    expect(store.checkedAt).toBe('2026-12-02 09:05')
    expect(ui.showLoading).not.toHaveBeenCalled()
    for (answer of [
      ok({ at, indexes: 291, tables: 102, damaged: [] }),
      ok(null),
      { code: -5, msg: '无权限', res: null },
    ]) {
      await store.load()
      expect(store.damaged).toEqual([])
    }
    expect(ui.showToast).not.toHaveBeenCalled()
  })
})
