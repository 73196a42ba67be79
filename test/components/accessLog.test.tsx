import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import AccessLog from '@/features/admin/components/AccessLog'
import PersonalCentre from '@/pages/tabPages/personalCenter'
import { setLocale } from '@/i18n'
import { customerStore } from '@/stores'
import { ACCESS_LOG_PAGE, ADMIN_HOME_PAGE } from '@/routes'
import { callsTo, click, demoUser, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const LOG = '/api/care/customer/accessLog'
const CUSTOMERS = '/api/care/customer/index'

const lin = { id: 7, name: '林晓雯', phone: '13900000001', room: '801', delivery_date: '2026-11-10', children: [] }

const entry = (id: number, extra: object) => ({
  id,
  account_id: 2,
  account_name: '客服小李',
  kind: 'record',
  record_id: 12,
  name: '月子入住通知单',
  action: 'read',
  request_id: `req-${id}`,
  at: '2026-11-22T02:00:00.000Z',
  ...extra,
})

/** Newest first, as the server answers them. */
const entries = [
  entry(3, { action: 'pdf', at: '2026-11-22T03:30:00.000Z' }),
  entry(2, { kind: 'specialCare', record_id: 5, name: '自费物品消费表', account_name: '前台小王' }),
]

function server() {
  return mockApi({
    [LOG]: ({ customer_id }) => ({
      code: 1,
      res: customer_id === lin.id ? { list: entries, total: 2 } : { list: [], total: 0 },
    }),
    [CUSTOMERS]: () => ({ code: 1, res: { list: [lin], total: 1 } }),
    '/api/care/account/info': () => ({ code: 1, res: { ...demoUser, can_administer: true } }),
    '/api/care/account/siteList': () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
  })
}

beforeEach(() => {
  signedIn({ ...demoUser, can_administer: true })
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
})

describe('access log page', () => {
  it('opens the customer picker first, then lists who opened her records, newest first', async () => {
    const api = server()
    const { container } = render(<AccessLog />)
    await settle()
    expect(callsTo(api, LOG)).toHaveLength(0)
    click(await screen.findByText('林晓雯'))
    await settle()
    expect(callsTo(api, LOG).map((call) => call.data)).toEqual([{ customer_id: lin.id, page: 1, limit: 20 }])
    const cards = [...container.querySelectorAll('.access-log__card')].map((card) => card.textContent)
    expect(cards).toEqual([
      expect.stringMatching(/^客服小李导出 PDF月子入住通知单 第 12 号2026-11-22 11:30/),
      expect.stringMatching(/^前台小王查看自费物品消费表 第 5 号2026-11-22 10:00/),
    ])
  })

  it('reads in English, the records named by their forms’ English titles', async () => {
    server()
    setLocale('en')
    customerStore.select(lin)
    render(<AccessLog />)
    await settle()
    expect(screen.getByText('Postnatal check-in notice No. 12')).toBeTruthy()
    expect(screen.getByText('Self-paid item consumption sheet No. 5')).toBeTruthy()
    expect(screen.getByText('Read')).toBeTruthy()
    expect(screen.getByText('PDF')).toBeTruthy()
  })

  it('says so when no one has opened her records', async () => {
    server()
    customerStore.select({ ...lin, id: 8 })
    render(<AccessLog />)
    await settle()
    expect(screen.getByText('还没有人查看过她的这些记录')).toBeTruthy()
  })

  it('says in words why the list did not load', async () => {
    mockApi({
      [LOG]: () => ({ code: -5, msg: '只有有管理权限的员工可以查看', res: null }),
      [CUSTOMERS]: () => ({ code: 1, res: { list: [lin], total: 1 } }),
    })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    customerStore.select(lin)
    render(<AccessLog />)
    await settle()
    expect(screen.getByText('加载失败：只有有管理权限的员工可以查看')).toBeTruthy()
  })
})

describe('personal centre', () => {
  it('offers the access log to staff with the administration right only', async () => {
    server()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<PersonalCentre />)
    await settle()
    click(screen.getByText('客户资料查阅记录'))
    expect(navigateTo).toHaveBeenCalledWith({ url: ACCESS_LOG_PAGE })
    click(screen.getByText('门店管理'))
    expect(navigateTo).toHaveBeenCalledWith({ url: ADMIN_HOME_PAGE })
  })

  it('hides it from the others', async () => {
    signedIn(demoUser)
    mockApi({
      '/api/care/account/info': () => ({ code: 1, res: demoUser }),
      '/api/care/account/siteList': () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
    })
    render(<PersonalCentre />)
    await settle()
    expect(screen.getByText('修改密码')).toBeTruthy()
    expect(screen.queryByText('客户资料查阅记录')).toBeNull()
    expect(screen.queryByText('门店管理')).toBeNull()
  })
})
