import { act, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Login from '@/pages/login/index'
import { sessionStore, settingsStore } from '@/stores'
import { callsTo, click, demoUser, field, mockApi, quietUi, resetApp, typeInto } from './support/helpers'

const LOGIN = '/api/care/account/login_old'

beforeEach(() => {
  resetApp()
  quietUi()
})

function fillAndSubmit(container: HTMLElement, account: string, password: string) {
  typeInto(field(container, 'account'), account)
  typeInto(field(container, 'password'), password)
  click(screen.getByText('登录'))
}

describe('login page', () => {
  it('shows the customer-service login title', () => {
    render(<Login />)
    expect(screen.getByText('客服端登录')).toBeTruthy()
    expect(Taro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '客服端登录' })
  })

  it('asks for account and password and sends nothing while they are empty', () => {
    const api = mockApi({})
    render(<Login />)
    click(screen.getByText('登录'))
    const messages = screen.getAllByRole('alert').map((alert) => alert.textContent)
    expect(messages).toEqual(['请输入账号', '请输入密码'])
    expect(api).not.toHaveBeenCalled()
  })

  it('sends account and password with the token and lang headers, then opens home', async () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    const api = mockApi({ [LOGIN]: () => ({ code: 1, msg: 'ok', res: { token: 'tok-1', userInfo: demoUser } }) })
    const { container } = render(<Login />)
    fillAndSubmit(container, 'demo', 'demo1234')

    await waitFor(() => expect(switchTab).toHaveBeenCalledWith({ url: '/pages/tabPages/index' }))
    const [call] = callsTo(api, LOGIN)
    expect(call.data).toEqual({ account: 'demo', password: 'demo1234' })
    expect(call.header).toMatchObject({ token: '', lang: 'zh' })
    expect(sessionStore.token).toBe('tok-1')
    expect(settingsStore.rememberedAccount).toBe('demo')
    expect(screen.queryAllByRole('alert')).toHaveLength(0)
  })

  it('Enter in the password box signs in', async () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    const api = mockApi({ [LOGIN]: () => ({ code: 1, msg: 'ok', res: { token: 'tok-1', userInfo: demoUser } }) })
    const { container } = render(<Login />)
    typeInto(field(container, 'account'), 'demo')
    typeInto(field(container, 'password'), 'demo1234')
    act(() => {
      field(container, 'password').dispatchEvent(
        new CustomEvent('confirm', { detail: { value: 'demo1234' }, bubbles: true }),
      )
    })
    await waitFor(() => expect(switchTab).toHaveBeenCalledWith({ url: '/pages/tabPages/index' }))
    expect(callsTo(api, LOGIN)[0].data).toEqual({ account: 'demo', password: 'demo1234' })
  })

  it('after "please log in" on a page, signing in opens that page again with its query', async () => {
    const form = '/pagesHome/pages/form/visit/form?id=3'
    jest
      .spyOn(Taro, 'getCurrentInstance')
      .mockReturnValue({ router: { path: '/pages/login/index', params: { redirect: form } } } as never)
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    mockApi({ [LOGIN]: () => ({ code: 1, msg: 'ok', res: { token: 'tok-1', userInfo: demoUser } }) })
    const { container } = render(<Login />)
    fillAndSubmit(container, 'demo', 'demo1234')
    await waitFor(() => expect(reLaunch).toHaveBeenCalledWith({ url: form }))
    expect(switchTab).not.toHaveBeenCalled()
  })

  it('keeps what was typed when the server refuses (-4) and shows its message', async () => {
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const switchTab = jest.spyOn(Taro, 'switchTab')
    mockApi({ [LOGIN]: () => ({ code: -4, msg: '账号或密码错误' }) })
    const { container } = render(<Login />)
    fillAndSubmit(container, 'demo', 'wrong-pass')

    await waitFor(() => expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '账号或密码错误' })))
    await waitFor(() => expect(screen.getByText('登录').closest('.nut-button')?.className).not.toMatch(/loading/))
    expect(field(container, 'account').getAttribute('value')).toBe('demo')
    expect(field(container, 'password').getAttribute('value')).toBe('wrong-pass')
    expect(switchTab).not.toHaveBeenCalled()
    expect(sessionStore.token).toBe('')
  })

  it('after too many attempts counts down to when the server allows the next one', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const api = mockApi({
      [LOGIN]: () => ({ code: -3, msg: '尝试次数过多，请 2 分钟后再试', res: { retry_after: 65 } }),
    })
    const { container } = render(<Login />)
    fillAndSubmit(container, 'demo', 'guess')
    await waitFor(() => expect(screen.getByText('请在 00:01:05 后重试')).toBeTruthy())
    await waitFor(() => expect(screen.getByText('请在 00:01:04 后重试')).toBeTruthy(), { timeout: 2000 })
    // The button is off until then: another tap sends nothing.
    click(screen.getByText('登录'))
    expect(callsTo(api, LOGIN)).toHaveLength(1)
  })

  it('fills in the remembered account', () => {
    settingsStore.rememberAccount('front-desk-7')
    const { container } = render(<Login />)
    expect(field(container, 'account').getAttribute('value')).toBe('front-desk-7')
    expect(field(container, 'password').getAttribute('value')).toBe('')
  })

  it('shows and hides the password', () => {
    const { container } = render(<Login />)
    expect(field(container, 'password').getAttribute('password')).toBe('true')
    click(screen.getByLabelText('显示密码'))
    expect(field(container, 'password').getAttribute('password')).toBe('false')
    click(screen.getByLabelText('隐藏密码'))
    expect(field(container, 'password').getAttribute('password')).toBe('true')
  })

  it('switches the page to English', () => {
    render(<Login />)
    click(screen.getByText('English'))
    expect(screen.getByText('Customer-service login')).toBeTruthy()
    click(screen.getByText('Log in'))
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter your account',
      'Please enter your password',
    ])
    expect(Taro.getStorageSync('lang')).toBe('en')
  })
})
