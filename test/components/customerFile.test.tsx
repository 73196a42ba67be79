import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CustomerFile from '@/features/customers/components/CustomerFile'
import { CustomerFileStore, type TimelineEntry } from '@/features/customers/stores/customerFile'
import Home from '@/pages/tabPages/index'
import { setLocale } from '@/i18n'
import { customerStore } from '@/stores'
import { ADMISSION_PAGE, CUSTOMER_FILE_PAGE } from '@/routes'
import { callsTo, click, demoUser, mockApi, mockViewerTab, QUIET_DESK, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const TIMELINE = '/api/care/customer/timeline'
const BILL = '/api/care/customer/billPdf'

const lin = { id: 7, name: '林晓雯', phone: '13900000001', room: '801', delivery_date: '2026-11-10', children: [] }

const file = {
  id: lin.id,
  name: lin.name,
  phone: lin.phone,
  room: lin.room,
  allergies: '青霉素过敏',
  diet_needs: null,
  stay: {
    id: 3,
    kind: 'month',
    check_in_date: '2026-11-13',
    planned_days: 28,
    leave_date: '2026-12-11',
    room: '801',
    package_id: null,
    package_name: '尊享套餐',
    status: 'in_house',
    left_on: null,
    day: 10,
    overdue: false,
  },
  stays: [] as object[],
  babies: [
    {
      id: 11,
      name: '宝宝1',
      sex: 'female',
      birth_date: '2026-11-10',
      birth_weight: 3100,
      age_days: 12,
      latest: { round_date: '2026-11-22', weight: 3260, temperature: 37.1, jaundice: 8.2 },
      trend: [
        { round_date: '2026-11-21', weight: 3200, temperature: 36.6, jaundice: 6.5 },
        { round_date: '2026-11-22', weight: 3260, temperature: 37.1, jaundice: 8.2 },
      ],
    },
  ],
  owed: { self_paid: 79.8, meals: 90, total: 169.8 },
}
// Her stays, newest first: this one and an earlier one, over.
file.stays = [
  file.stay,
  {
    ...file.stay,
    id: 2,
    check_in_date: '2026-03-01',
    leave_date: '2026-03-29',
    room: '819',
    status: 'left',
    left_on: '2026-03-29',
    day: null,
  },
]

const entry = (id: number, extra: object) => ({
  kind: 'record',
  id,
  name: '访客出入登记表',
  title_key: 'form.title.visit',
  route: '/pagesHome/pages/form/visit/form',
  at: '2026-11-22T02:00:00.000Z',
  by: '前台小王',
  no: null,
  status: null,
  ...extra,
})

const entries = [
  entry(5, {
    kind: 'specialCare',
    name: '自费物品消费表',
    title_key: 'form.title.specialCare',
    route: '/pagesHome/pages/form/Selffundeditemconsumptiontable/form',
    no: 'ZF20261122-00001',
    status: 'pending',
    at: '2026-11-22T03:00:00.000Z',
  }),
  entry(12, {}),
]

/** A PDF of the visit record, and one of her bill. */
const printed = entry(12, { kind: 'pdf', pdf_of: 'record', at: '2026-11-22T04:00:00.000Z' }) as TimelineEntry
const billPrinted = entry(lin.id, {
  kind: 'pdf',
  pdf_of: 'bill',
  name: '费用清单',
  title_key: '',
  route: '',
  at: '2026-11-22T05:00:00.000Z',
}) as TimelineEntry

function server() {
  return mockApi({
    ...QUIET_DESK,
    [BILL]: () => ({ code: 1, res: { url: '/api/pdf/bill-1', name: '费用清单-林晓雯.pdf' } }),
    [TIMELINE]: ({ page }) => ({ code: 1, res: { list: page === 1 ? entries : [], total: 2, file } }),
    '/api/care/account/info': () => ({ code: 1, res: demoUser }),
    '/api/care/account/index': () => ({ code: 1, res: { date: '2026-11-22', counts: {} } }),
    '/api/care/account/siteList': () => ({ code: 1, res: [{ id: 1, name: '阳光一店' }] }),
  })
}

beforeEach(() => {
  signedIn()
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: String(lin.id) } } } as never)
})

describe('her file store', () => {
  it('reads her file and her timeline of the mother it was opened for', async () => {
    const api = server()
    const store = new CustomerFileStore(lin.id)
    await store.refresh()
    expect(callsTo(api, TIMELINE).map((call) => call.data)).toEqual([{ customer_id: lin.id, page: 1, limit: 20 }])
    expect(store.file?.owed.total).toBe(169.8)
    expect(store.owes).toBe(true)
    expect(store.list.items.map((item) => item.id)).toEqual([5, 12])
  })

  it('opens a PDF entry on the page of the record it printed; one of her bill makes a new bill', async () => {
    const tab = mockViewerTab()
    const api = server()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const store = new CustomerFileStore(lin.id)
    await store.refresh()
    expect(store.openEntry(printed)).toBe(true)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/visit/form?id=12' })
    expect(store.openEntry(billPrinted)).toBe(true)
    await settle()
    expect(callsTo(api, BILL).map((call) => call.data)).toEqual([{ customer_id: lin.id }])
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/bill-1`)
  })

  it('opens an entry on the page its lists open it with', async () => {
    server()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const store = new CustomerFileStore(lin.id)
    await store.refresh()
    expect(store.openEntry(store.list.items[1])).toBe(true)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/visit/form?id=12' })
    expect(store.openEntry({ ...store.list.items[1], route: '/nowhere' })).toBe(false)
  })
})

describe('her file page', () => {
  it('opens her details and babies to edit (编辑) on the admission page', async () => {
    server()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<CustomerFile />)
    await settle()
    click(screen.getByText('编辑'))
    expect(navigateTo).toHaveBeenCalledWith({ url: `${ADMISSION_PAGE}?edit=${lin.id}` })
  })

  it('shows her stay, babies, allergies, what she owes and her timeline', async () => {
    server()
    const { container } = render(<CustomerFile />)
    await settle()
    expect(screen.getByText('第 10 / 28 天')).toBeTruthy()
    expect(screen.getByText('过敏：青霉素过敏')).toBeTruthy()
    expect(screen.getByText('12 天')).toBeTruthy()
    expect(screen.getByText('黄疸 8.2 mg/dL')).toBeTruthy()
    expect(screen.getByText('近 2 次体重：3200 → 3260')).toBeTruthy()
    expect(screen.getByText('合计 ¥169.80')).toBeTruthy()
    // Her stays, newest first; in house, she is not offered 再次入住.
    const stays = [...container.querySelectorAll('.customer-file__stay-row')].map((row) => row.textContent)
    expect(stays).toEqual([
      '月子 · 801 房 · 2026-11-13 至 2026-12-11 · 第 10 / 28 天',
      '月子 · 819 房 · 2026-03-01 至 2026-03-29 · 已退房',
    ])
    expect(container.querySelector('.customer-file__readmit')).toBeNull()
    const rows = [...container.querySelectorAll('.customer-file__entry')].map((row) => row.textContent)
    expect(rows).toEqual([
      expect.stringMatching(/^自费物品消费表待审核ZF20261122-00001前台小王/),
      expect.stringMatching(/^访客出入登记表前台小王/),
    ])
  })

  it('exports what she owes as a PDF, and lists the PDFs made of her records and her bill', async () => {
    const tab = mockViewerTab()
    const api = mockApi({
      ...QUIET_DESK,
      [BILL]: () => ({ code: 1, res: { url: '/api/pdf/bill-2', name: '费用清单-林晓雯.pdf' } }),
      [TIMELINE]: ({ page }) => ({
        code: 1,
        res: { list: page === 1 ? [billPrinted, printed, ...entries] : [], total: 4, file },
      }),
    })
    const { container } = render(<CustomerFile />)
    await settle()
    const rows = [...container.querySelectorAll('.customer-file__entry')].map((row) => row.textContent)
    expect(rows.slice(0, 2)).toEqual([
      expect.stringMatching(/^PDF · 费用清单前台小王/),
      expect.stringMatching(/^PDF · 访客出入登记表前台小王/),
    ])
    click(screen.getByText('导出 PDF'))
    await settle()
    expect(callsTo(api, BILL).map((call) => call.data)).toEqual([{ customer_id: lin.id }])
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/bill-2`)
  })

  it('reads in English', async () => {
    server()
    setLocale('en')
    render(<CustomerFile />)
    await settle()
    expect(screen.getByText('Day 10 of 28')).toBeTruthy()
    expect(screen.getByText('Total ¥169.80')).toBeTruthy()
    expect(screen.getByText('Export PDF')).toBeTruthy()
  })

  it('opens from the home card’s mother', async () => {
    server()
    customerStore.select(lin)
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<Home />)
    await settle()
    click(screen.getByText('林晓雯'))
    expect(navigateTo).toHaveBeenCalledWith({ url: `${CUSTOMER_FILE_PAGE}?id=${lin.id}` })
  })
})
