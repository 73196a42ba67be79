import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import ModifyPassword from '@/pages/modifyPwd/index'
import { sessionStore } from '@/stores'
import { callsTo, click, demoUser, field, mockApi, quietUi, resetApp, typeInto } from './support/helpers'

const CHANGE = '/api/care/account/change_pwd'
const LOGOUT = '/api/care/account/logout'

beforeEach(() => {
  resetApp()
  quietUi()
  runInAction(() => {
    sessionStore.token = 'tok-new'
    sessionStore.userInfo = { ...demoUser, must_change_password: true }
  })
})

function fill(container: HTMLElement, oldPassword: string, newPassword: string, confirmPassword: string) {
  typeInto(field(container, 'oldPassword'), oldPassword)
  typeInto(field(container, 'newPassword'), newPassword)
  typeInto(field(container, 'confirmPassword'), confirmPassword)
  click(screen.getByText('确认修改'))
}

const messages = () => screen.queryAllByRole('alert').map((alert) => alert.textContent)

describe('change password', () => {
  it('tells an account that must change its password why it is here', () => {
    render(<ModifyPassword />)
    expect(screen.getByRole('note').textContent).toBe('为了账号安全，请先设置新密码再继续使用')
  })

  it('checks the rules next to the fields before sending anything', () => {
    const api = mockApi({})
    const { container } = render(<ModifyPassword />)
    click(screen.getByText('确认修改'))
    expect(messages()).toEqual(['请输入原密码', '请输入新密码', '请再次输入新密码'])

    fill(container, 'temp1234', 'abcdefgh', 'abcdefgh')
    expect(messages()).toEqual(['新密码至少 8 位，且同时包含字母和数字'])
    fill(container, 'temp1234', 'short1', 'short1')
    expect(messages()).toEqual(['新密码至少 8 位，且同时包含字母和数字'])
    fill(container, 'temp1234', 'temp1234', 'temp1234')
    expect(messages()).toEqual(['新密码不能与原密码相同'])
    // The account (demoUser) is demo.
    fill(container, 'temp1234', 'Demo2026', 'Demo2026')
    expect(messages()).toEqual(['新密码不能包含账号'])
    fill(container, 'temp1234', 'better2026', 'better2027')
    expect(messages()).toEqual(['两次输入的新密码不一致'])
    expect(api).not.toHaveBeenCalled()
  })

  it('sends the change, says so and goes home', async () => {
    const api = mockApi({ [CHANGE]: () => ({ code: 1, res: null }) })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const { container } = render(<ModifyPassword />)
    fill(container, 'temp1234', 'better2026', 'better2026')

    await waitFor(() => expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' }))
    expect(callsTo(api, CHANGE)[0]).toMatchObject({
      data: { old_password: 'temp1234', password: 'better2026' },
      header: { token: 'tok-new' },
    })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '密码已修改' }))
    expect(sessionStore.userInfo?.must_change_password).toBe(false)
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('does not ask again for the password she has just signed in with, and forgets it once changed', async () => {
    const api = mockApi({ [CHANGE]: () => ({ code: 1, res: null }) })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    runInAction(() => (sessionStore.signInPassword = 'temp1234'))
    const { container } = render(<ModifyPassword />)
    expect(screen.queryByText('原密码')).toBeNull()
    expect(container.querySelector('input[name="oldPassword"]')).toBeNull()
    typeInto(field(container, 'newPassword'), 'temp1234')
    typeInto(field(container, 'confirmPassword'), 'temp1234')
    click(screen.getByText('确认修改'))
    // Still checked against it: the new one must be new.
    expect(messages()).toEqual(['新密码不能与原密码相同'])
    typeInto(field(container, 'newPassword'), 'better2026')
    typeInto(field(container, 'confirmPassword'), 'better2026')
    click(screen.getByText('确认修改'))
    await waitFor(() => expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' }))
    expect(callsTo(api, CHANGE)[0]).toMatchObject({ data: { old_password: 'temp1234', password: 'better2026' } })
    expect(sessionStore.signInPassword).toBe('')
  })

  it('offers a way out: logging out after a confirm ends the session on the server and opens the login page', async () => {
    const api = mockApi({ [LOGOUT]: () => ({ code: 1, res: null }) })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    render(<ModifyPassword />)
    click(screen.getByText('退出登录'))
    await waitFor(() => expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' }))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定要退出当前账号吗？' }))
    expect(callsTo(api, LOGOUT)[0].header).toMatchObject({ token: 'tok-new' })
    expect(sessionStore.token).toBe('')
  })
})
