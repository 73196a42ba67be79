import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { Centre, StaffEdit, StaffList } from '@/features/admin'
import AdminHome from '@/features/admin/components/AdminHome'
import { setLocale } from '@/i18n'
import { CENTRE_PAGE, STAFF_EDIT_PAGE, STAFF_PAGE } from '@/routes'
import { callsTo, click, demoUser, field, mockApi, settle, typeInto } from './support/helpers'
import { signedIn } from './support/signedIn'

const API = '/api/admin/staff'
const manager = { ...demoUser, can_administer: true }

const member = (id: number, extra: object = {}) => ({
  id,
  name: '李护士',
  account: 'li.nurse',
  disabled: false,
  must_change_password: false,
  default_site_id: 1,
  sites: [{ site_id: 1, site_name: '阳光一店', can_approve: true, can_administer: false }],
  ...extra,
})

let modal: jest.SpyInstance
beforeEach(() => {
  signedIn(manager)
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
  jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
})
afterEach(() => setLocale('zh-CN'))

async function show(ui: JSX.Element) {
  const view = render(ui)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

const saveButton = () => screen.getByText('保存')
const modalText = () => modal.mock.calls.map(([options]) => `${options.title}|${options.content}`)

describe('administration home', () => {
  it('lists the staff and centre pages', async () => {
    await show(<AdminHome />)
    click(screen.getByText('员工'))
    click(screen.getByText('门店设置'))
    const urls = (Taro.navigateTo as jest.Mock).mock.calls.map(([options]) => options.url)
    expect(urls).toEqual([STAFF_PAGE, CENTRE_PAGE])
  })
})

describe('staff list', () => {
  it('shows each member with her rights as tags, the disabled marked, and searches', async () => {
    const api = mockApi({
      [`${API}/list`]: ({ keyword }) => ({
        code: 1,
        res: keyword
          ? { list: [member(2)], total: 1 }
          : { list: [member(2), member(3, { name: '张前台', account: 'zhang', disabled: true, sites: [] })], total: 2 },
      }),
    })
    const { container } = await show(<StaffList />)
    expect(screen.getByText('李护士')).toBeTruthy()
    expect(screen.getByText('li.nurse')).toBeTruthy()
    expect(screen.getByText('审核')).toBeTruthy()
    expect(screen.getByText('已停用')).toBeTruthy()
    typeInto(field(container, 'keyword'), 'li')
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    expect(callsTo(api, `${API}/list`).map((call) => call.data)).toEqual([
      { page: 1, limit: 20 },
      { page: 1, limit: 20, keyword: 'li' },
    ])
    click(screen.getByText('李护士'))
    expect((Taro.navigateTo as jest.Mock).mock.lastCall[0].url).toBe(`${STAFF_EDIT_PAGE}?id=2`)
  })
})

describe('staff page', () => {
  it('adds a member in the current site and shows her one-time password once', async () => {
    const api = mockApi({
      [`${API}/sites`]: () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
      [`${API}/save`]: () => ({ code: 1, res: { id: 9, password: 'Abc234defGHk' } }),
    })
    const { container } = await show(<StaffEdit />)
    typeInto(field(container, 'name'), '王新人')
    typeInto(field(container, 'account'), 'wang.new')
    click(saveButton())
    await settle()
    await settle()
    expect(callsTo(api, `${API}/save`).map((call) => call.data)).toEqual([
      { account: 'wang.new', name: '王新人', sites: [{ site_id: 1, rights: [] }] },
    ])
    const [shown] = modalText()
    expect(shown).toContain('王新人 的一次性密码')
    expect(shown).toContain('Abc234defGHk')
    expect(shown).toContain('只显示这一次')
    expect(shown).toContain('首次登录后须立即修改密码')
    // On a line of its own, and no toast over the dialog.
    expect(shown).toContain('一次性密码：\nAbc234defGHk\n')
    expect(Taro.showToast).not.toHaveBeenCalled()
    expect(Taro.navigateBack).toHaveBeenCalled()
  })

  it('shows what the server refuses, and the form rules before sending', async () => {
    const api = mockApi({
      [`${API}/sites`]: () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
      [`${API}/save`]: () => ({ code: -6, msg: '账号 demo 已被使用，请换一个' }),
    })
    const { container } = await show(<StaffEdit />)
    click(saveButton())
    await settle()
    expect(callsTo(api, `${API}/save`)).toHaveLength(0)
    expect(container.textContent).toContain('请输入姓名')
    typeInto(field(container, 'name'), '王新人')
    typeInto(field(container, 'account'), 'demo')
    click(saveButton())
    await settle()
    await settle()
    expect(modalText().join()).toContain('账号 demo 已被使用，请换一个')
  })

  it('disables, enables and resets the password of a member, each after a question naming her', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '2' } } } as never)
    let disabled = false
    const api = mockApi({
      [`${API}/sites`]: () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
      [`${API}/info`]: () => ({ code: 1, res: member(2, { disabled }) }),
      [`${API}/disable`]: () => ((disabled = true), { code: 1, res: null }),
      [`${API}/enable`]: () => ((disabled = false), { code: 1, res: null }),
      [`${API}/resetPassword`]: () => ({ code: 1, res: { password: 'Zyx987wvuTSr' } }),
    })
    const { container } = await show(<StaffEdit />)
    expect(container.querySelector('.nut-input-native[name="account"]')).toBeNull()
    click(screen.getByText('停用'))
    await settle()
    await settle()
    expect(callsTo(api, `${API}/disable`).map((call) => call.data)).toEqual([{ id: 2 }])
    expect(modalText()[0]).toContain('停用 李护士（li.nurse）？她会立即被登出')
    click(await screen.findByText('启用'))
    await settle()
    await settle()
    expect(callsTo(api, `${API}/enable`)).toHaveLength(1)
    click(await screen.findByText('重置密码'))
    await settle()
    await settle()
    expect(callsTo(api, `${API}/resetPassword`).map((call) => call.data)).toEqual([{ id: 2 }])
    expect(modalText().slice(-1)[0]).toContain('Zyx987wvuTSr')
  })

  it('offers no disable or reset on her own account', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: String(manager.id) } } } as never)
    mockApi({
      [`${API}/sites`]: () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
      [`${API}/info`]: () => ({ code: 1, res: member(manager.id) }),
    })
    await show(<StaffEdit />)
    expect(screen.getByText('李护士')).toBeTruthy()
    expect(screen.queryByText('停用')).toBeNull()
    expect(screen.queryByText('重置密码')).toBeNull()
  })
})

describe('centre page', () => {
  const site = {
    name: '阳光一店',
    time_zone: 'Asia/Shanghai',
    latitude: null,
    longitude: null,
    radius: 500,
    visit_from: null,
    visit_to: null,
    visit_policy: 'reason',
    creator_may_approve: false,
    upload_retention_days: 30,
    rules: '入住须知正文',
    rules_version: 1,
  }

  it('shows the settings with the check-in rules, and saves them as the server takes them', async () => {
    const api = mockApi({
      '/api/admin/site/info': () => ({ code: 1, res: site }),
      '/api/admin/site/save': () => ({ code: 1, res: null }),
      '/api/care/account/info': () => ({ code: 1, res: { ...manager, site_name: '阳光总店' } }),
    })
    const { container } = await show(<Centre />)
    expect((container.querySelector('[name="rules"]') as HTMLTextAreaElement).value).toBe('入住须知正文')
    expect(container.textContent).toContain('访客发热或不在探视时间填写原因后登记')
    typeInto(field(container, 'name'), '阳光总店')
    typeInto(field(container, 'visit_from'), '10:00')
    typeInto(field(container, 'visit_to'), '20:00')
    click(saveButton())
    await settle()
    await settle()
    expect(callsTo(api, '/api/admin/site/save').map((call) => call.data)).toEqual([
      {
        name: '阳光总店',
        time_zone: 'Asia/Shanghai',
        latitude: null,
        longitude: null,
        radius: 500,
        visit_from: '10:00',
        visit_to: '20:00',
        visit_policy: 'reason',
        creator_may_approve: false,
        upload_retention_days: 30,
        rules: '入住须知正文',
      },
    ])
    // The app reads the site anew: its zone and place count from now on.
    expect(callsTo(api, '/api/care/account/info')).toHaveLength(1)
  })

  it('speaks English', async () => {
    setLocale('en')
    mockApi({ '/api/admin/site/info': () => ({ code: 1, res: site }) })
    const { container } = await show(<Centre />)
    expect(container.textContent).toContain('Check-in rules')
    expect(container.textContent).toContain('Time zone')
    expect(screen.getByText('Save')).toBeTruthy()
  })
})
