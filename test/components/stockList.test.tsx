import { act, cleanup, render, screen, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import StockOrderList from '@/features/stock/components/StockOrderList'
import '@/features/forms/locales'
import { sessionStore } from '@/stores'
import {
  callsTo,
  click,
  demoUser,
  field,
  mockApi,
  mockSaveAs,
  mockViewerTab,
  settle,
  typeInto,
} from './support/helpers'
import { signedIn } from './support/signedIn'

const order = (id: number, status: string, extra: object = {}) => ({
  id,
  no: `CK20261122-0000${id}`,
  type: 'general',
  status,
  department_id: 3,
  department_name: '护理部',
  customer_id: null,
  customer_name: null,
  room: null,
  gift_type_id: null,
  gift_type_name: null,
  requester: '张护士',
  apply_date: '2026-11-22',
  remark: '',
  items_summary: '婴儿湿巾 ×2',
  item_count: 1,
  total_quantity: 2,
  total: 25,
  reason: null,
  created_at: '2026-11-22T01:00:00.000Z',
  created_by: 1,
  created_by_name: '王小美',
  updated_at: '2026-11-22T01:00:00.000Z',
  updated_by: 1,
  updated_by_name: '王小美',
  checked_at: null,
  checked_by: null,
  checked_by_name: null,
  reversed_at: null,
  reversed_by: null,
  reversed_by_name: null,
  may_approve: true,
  ...extra,
})

let modal: jest.SpyInstance

beforeEach(() => {
  signedIn({ ...demoUser, can_approve: true })
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
})

function server(
  orders: ReturnType<typeof order>[],
  check?: (d: Record<string, unknown>) => { code: number; msg?: string; res?: unknown },
) {
  return mockApi({
    '/api/care/outApply/index': () => ({ code: 1, res: { list: orders, total: orders.length } }),
    '/api/care/outApply/del': () => ({ code: 1, res: null }),
    '/api/care/outApply/check':
      check ??
      ((d) => ({
        code: 1,
        res: order(d.id as number, d.reverse ? 'reversed' : d.approve ? 'approved' : 'rejected', {
          reason: d.reason ?? null,
        }),
      })),
  })
}

async function show() {
  const view = render(<StockOrderList kind="outApplyGeneral" />)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

const card = (no: string) => screen.getByText(no).closest('.stock-list__card') as HTMLElement
const button = (within: HTMLElement, text: string) =>
  [...within.querySelectorAll('button, .nut-button')].find((b) => b.textContent === text) as HTMLElement

describe('outbound order list', () => {
  it('lists general orders of the working date with status tags and the total', async () => {
    const spy = server([order(1, 'pending'), order(2, 'approved')])
    await show()
    expect(callsTo(spy, '/api/care/outApply/index')[0].data).toMatchObject({
      type: 'general',
      date_from: '2026-11-22',
      date_to: '2026-11-22',
      page: 1,
      limit: 20,
    })
    expect(screen.getByText('共 2 单')).toBeTruthy()
    expect(card('CK20261122-00001').textContent).toContain('待审核')
    expect(card('CK20261122-00002').textContent).toContain('已审核')
    expect(card('CK20261122-00001').textContent).toContain('护理部 · 张护士 · 2026-11-22')
    // Only a pending order can be deleted, approved or rejected; an approved one reversed.
    expect(button(card('CK20261122-00002'), '删除')).toBeUndefined()
    expect(button(card('CK20261122-00002'), '冲销')).toBeTruthy()
  })

  it("opened from the desk's orders waiting, lists the pending orders of every day", async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { status: 'pending' } } } as never)
    const spy = server([order(1, 'pending')])
    await show()
    const sent = callsTo(spy, '/api/care/outApply/index')[0].data
    expect(sent).toMatchObject({ type: 'general', status: 'pending' })
    expect(sent).not.toHaveProperty('date_from')
  })

  it('filters by status', async () => {
    const spy = server([order(1, 'pending')])
    await show()
    click(screen.getAllByText('待审核').find((el) => el.closest('.stock-list__status'))!)
    await settle()
    expect(callsTo(spy, '/api/care/outApply/index').pop()!.data).toMatchObject({ status: 'pending' })
  })

  it('approves after a confirmation, and the tag changes', async () => {
    const spy = server([order(1, 'pending')])
    await show()
    click(button(card('CK20261122-00001'), '审核通过'))
    await settle()
    expect(modal).toHaveBeenCalled()
    expect(callsTo(spy, '/api/care/outApply/check')[0].data).toEqual({ id: 1, approve: true })
    expect(card('CK20261122-00001').textContent).toContain('已审核')
  })

  it('an approval the server refuses shows its message and changes nothing', async () => {
    server([order(1, 'pending')], () => ({ code: -7, msg: '第 1 行 婴儿湿巾（批次 B-SOON）库存不足' }))
    await show()
    click(button(card('CK20261122-00001'), '审核通过'))
    await settle()
    await settle()
    expect(modal).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: '第 1 行 婴儿湿巾（批次 B-SOON）库存不足' }),
    )
    expect(card('CK20261122-00001').textContent).toContain('待审核')
  })

  it('rejects with a reason', async () => {
    const spy = server([order(1, 'pending')])
    const { baseElement } = await show()
    click(button(card('CK20261122-00001'), '驳回'))
    await settle()
    const confirm = [...baseElement.querySelectorAll('.stock-list__reject-confirm')][0] as HTMLElement
    click(confirm)
    await settle()
    expect(callsTo(spy, '/api/care/outApply/check')).toHaveLength(0)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请输入驳回原因' }))
    typeInto(baseElement.querySelector('.nut-input-native[name="reason"]')!, '数量有误')
    click(confirm)
    await settle()
    expect(callsTo(spy, '/api/care/outApply/check')[0].data).toEqual({ id: 1, approve: false, reason: '数量有误' })
    expect(card('CK20261122-00001').textContent).toContain('已驳回')
    expect(card('CK20261122-00001').textContent).toContain('原因：数量有误')
  })

  it('reverses an approved order after a confirmation', async () => {
    const spy = server([order(2, 'approved')])
    await show()
    click(button(card('CK20261122-00002'), '冲销'))
    await settle()
    expect(callsTo(spy, '/api/care/outApply/check')[0].data).toEqual({ id: 2, reverse: true })
    expect(card('CK20261122-00002').textContent).toContain('已冲销')
  })

  it('deletes a pending order after a confirmation, not when cancelled', async () => {
    const spy = server([order(1, 'pending')])
    await show()
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    click(button(card('CK20261122-00001'), '删除'))
    await settle()
    expect(callsTo(spy, '/api/care/outApply/del')).toHaveLength(0)
    click(button(card('CK20261122-00001'), '删除'))
    await settle()
    expect(callsTo(spy, '/api/care/outApply/del')[0].data).toEqual({ id: 1 })
    expect(screen.queryByText('CK20261122-00001')).toBeNull()
  })

  it('offers no approve, reject or reverse to a staff member without the permission; delete stays', async () => {
    runInAction(() => (sessionStore.userInfo = { ...demoUser, can_approve: false }))
    server([order(1, 'pending'), order(2, 'approved')])
    await show()
    expect(button(card('CK20261122-00001'), '删除')).toBeTruthy()
    for (const text of ['审核通过', '驳回', '冲销']) {
      expect(button(card('CK20261122-00001'), text)).toBeUndefined()
      expect(button(card('CK20261122-00002'), text)).toBeUndefined()
    }
  })

  it("shows the maker of an order no approve or reject, but says a colleague approves it; others' orders keep them", async () => {
    server([
      order(1, 'pending', { created_by: demoUser.id, may_approve: false }),
      order(2, 'pending'),
      order(3, 'approved', { created_by: demoUser.id, may_approve: false }),
    ])
    await show()
    const own = card('CK20261122-00001')
    expect(button(own, '审核通过')).toBeUndefined()
    expect(button(own, '驳回')).toBeUndefined()
    expect(own.querySelector('.stock-list__own')?.textContent).toBe('自己创建的单据需由其他同事审核')
    expect(button(own, '删除')).toBeTruthy()
    expect(button(card('CK20261122-00002'), '审核通过')).toBeTruthy()
    expect(card('CK20261122-00002').querySelector('.stock-list__own')).toBeNull()
    expect(button(card('CK20261122-00003'), '冲销')).toBeTruthy()
  })

  it('opens an order in its form', async () => {
    server([order(1, 'pending')])
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    click(card('CK20261122-00001'))
    expect(navigate).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/linliao/commom/form?id=1' })
  })
})

describe("her file from an order's row", () => {
  it('opens from a gift or self-paid order for a mother without opening the order; a general order has none', async () => {
    const gift = order(5, 'pending', { type: 'gift', customer_id: 8, customer_name: '王芳', room: '806' })
    mockApi({
      '/api/care/outApply/index': ({ type }) => ({
        code: 1,
        res: type === 'gift' ? { list: [gift], total: 1 } : { list: [order(1, 'pending')], total: 1 },
      }),
      '/api/care/specialCare/index': () => ({
        code: 1,
        res: {
          list: [{ ...gift, id: 6, no: 'ZF20261122-00006', customer_id: 9, consume_date: '2026-11-22' }],
          total: 1,
        },
      }),
    })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    for (const [kind, no, id] of [
      ['outApplyGift', 'CK20261122-00005', 8],
      ['specialCare', 'ZF20261122-00006', 9],
    ] as const) {
      const view = render(<StockOrderList kind={kind} />)
      await settle()
      click(
        within(await screen.findByText(no).then((el) => el.closest('.stock-list__card') as HTMLElement)).getByText(
          '客户档案',
        ),
      )
      expect(navigate).toHaveBeenLastCalledWith({ url: `/pagesCustomer/pages/file/index?id=${id}` })
      view.unmount()
    }
    expect(navigate).toHaveBeenCalledTimes(2)
    await show()
    expect(within(card('CK20261122-00001')).queryByText('客户档案')).toBeNull()
  })
})

describe('print / PDF of an order', () => {
  it("its row asks for that order's PDF without opening the order", async () => {
    const tab = mockViewerTab()
    const api = mockApi({
      '/api/care/outApply/index': () => ({ code: 1, res: { list: [order(4, 'approved')], total: 1 } }),
      '/api/care/outApply/pdf': () => ({
        code: 1,
        res: { url: '/api/pdf/tok-4', name: '出库单-CK20261122-00004.pdf' },
      }),
    })
    const navigate = jest.spyOn(Taro, 'navigateTo')
    await show()
    click(button(card('CK20261122-00004'), '打印 / 导出 PDF'))
    await settle()
    expect(callsTo(api, '/api/care/outApply/pdf')[0].data).toEqual({ id: 4 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-4`)
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe('inbound order list (入库单列表)', () => {
  const inbound = (id: number, status: string, extra: object = {}) => {
    const {
      type: _t,
      department_id: _d,
      department_name: _n,
      requester: _r,
      apply_date: _a,
      ...common
    } = order(id, status)
    return {
      ...common,
      no: `RK20261122-0000${id}`,
      supplier: '母婴用品批发部',
      inbound_date: '2026-11-22',
      items_summary: '婴儿纸尿裤 ×40',
      total_quantity: 40,
      total: 3840,
      ...extra,
    }
  }

  it('shows the supplier, date and value, its PDF, and approves and reverses with the words of goods coming in', async () => {
    const tab = mockViewerTab()
    const spy = mockApi({
      '/api/care/inbound/pdf': () => ({ code: 1, res: { url: '/api/pdf/tok-1', name: '入库单-RK20261122-00001.pdf' } }),
      '/api/care/inbound/index': () => ({
        code: 1,
        res: { list: [inbound(1, 'pending'), inbound(2, 'approved')], total: 2 },
      }),
      '/api/care/inbound/check': (d) => ({
        code: 1,
        res: inbound(d.id as number, d.reverse ? 'reversed' : 'approved'),
      }),
    })
    render(<StockOrderList kind="inbound" />)
    await settle()
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(callsTo(spy, '/api/care/inbound/index')[0].data).toMatchObject({ date_from: '2026-11-22', page: 1 })
    const pending = card('RK20261122-00001')
    expect(pending.textContent).toContain('母婴用品批发部 · 2026-11-22')
    expect(pending.textContent).toContain('合计 ¥3840.00')
    click(button(pending, '打印 / 导出 PDF'))
    await settle()
    expect(callsTo(spy, '/api/care/inbound/pdf')[0].data).toEqual({ id: 1 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-1`)
    click(button(pending, '审核通过'))
    await settle()
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '确定审核通过 RK20261122-00001 吗？审核后将增加库存。' }),
    )
    expect(callsTo(spy, '/api/care/inbound/check')[0].data).toEqual({ id: 1, approve: true })
    expect(card('RK20261122-00001').textContent).toContain('已审核')
    click(button(card('RK20261122-00002'), '冲销'))
    await settle()
    expect(modal).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: '确定冲销 RK20261122-00002 吗？入库的数量将从库存中扣回。' }),
    )
    expect(card('RK20261122-00002').textContent).toContain('已冲销')
  })
})

describe('the stock page (库存)', () => {
  const product = { product_id: 7, name: '婴儿纸尿裤', spec: 'NB码', unit: '包', category: '母婴用品' }
  const batch = (id: number, batch_no: string, expiry_date: string, quantity: number, marks: object) => ({
    id,
    batch_no,
    production_date: null,
    expiry_date,
    quantity,
    near_expiry: false,
    expired: false,
    ...marks,
  })
  const movement = (id: number, delta: number, order_kind: string, extra: object) => ({
    id,
    delta,
    action: 'approve',
    at: '2026-11-22T02:00:00.000Z',
    by_name: '李主管',
    order_kind,
    order_id: id * 10,
    order_type: null,
    order_no: null,
    order_date: '2026-11-22',
    ...extra,
  })

  it("lists what each product holds; a product's batches are marked; a batch's movements open their orders", async () => {
    const { default: StockLevels } = await import('@/features/stock/components/StockLevels')
    const spy = mockApi({
      '/api/care/inoutstore/stock': () => ({
        code: 1,
        res: { list: [{ ...product, on_hand: 52, expired: 2, near_expiry: 10 }], total: 1 },
      }),
      '/api/care/inoutstore/stockBatches': () => ({
        code: 1,
        res: [
          batch(1, 'B-OLD', '2026-11-01', 2, { expired: true }),
          batch(2, 'B-SOON', '2026-12-01', 10, { near_expiry: true }),
          batch(3, 'R20261122A', '2028-10-01', 40, {}),
        ],
      }),
      '/api/care/inoutstore/batchMovements': () => ({
        code: 1,
        res: {
          list: [
            movement(2, -4, 'out_apply', { order_type: 'general', order_no: 'CK20261122-00003' }),
            movement(1, 44, 'inbound', { order_no: 'RK20261122-00001' }),
            movement(3, 5, 'opening_stock', {}),
          ],
          total: 3,
        },
      }),
    })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const { baseElement } = render(<StockLevels />)
    await settle()
    const card = screen.getByText('婴儿纸尿裤').closest('.stock-levels__card') as HTMLElement
    expect(card.textContent).toContain('52包')
    expect(card.textContent).toContain('临期 10')
    expect(card.textContent).toContain('已过期 2')

    click(card)
    await settle()
    expect(callsTo(spy, '/api/care/inoutstore/stockBatches')[0].data).toEqual({ product_id: 7 })
    const batches = [...baseElement.querySelectorAll('.stock-levels__batch')].map((b) => b.textContent)
    expect(batches).toEqual([
      '批次 B-OLD有效期至 2026-11-01 · 已过期2包',
      '批次 B-SOON有效期至 2026-12-01 · 临期10包',
      '批次 R20261122A有效期至 2028-10-0140包',
    ])
    expect(baseElement.querySelector('.stock-levels__expiry--expired')?.textContent).toContain('已过期')

    click(screen.getByText('批次 R20261122A'))
    await settle()
    expect(callsTo(spy, '/api/care/inoutstore/batchMovements')[0].data).toMatchObject({ batch_id: 3, page: 1 })
    const moves = [...baseElement.querySelectorAll('.stock-levels__movement')]
    expect(moves.map((m) => m.querySelector('.stock-levels__order-no')?.textContent)).toEqual([
      '出库单 CK20261122-00003',
      '入库单 RK20261122-00001',
      '其他单据（opening_stock） #30',
    ])
    expect(moves[1].textContent).toContain('+44')
    expect(moves[0].textContent).toContain('-4')
    expect(moves[0].textContent).toContain('2026-11-22 · 李主管')
    click(moves[1] as HTMLElement)
    expect(navigate).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/inbound/form?id=10' })
    click(moves[0] as HTMLElement)
    expect(navigate).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/linliao/commom/form?id=20' })
    // A kind of order without a form of the app opens nothing.
    navigate.mockClear()
    click(moves[2] as HTMLElement)
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe('导出 Excel of an order list', () => {
  it('asks for the list with its current filters, every page, and has the browser save it', async () => {
    const saved = mockSaveAs()
    const api = mockApi({
      '/api/care/outApply/index': () => ({ code: 1, res: { list: [order(1, 'pending')], total: 1 } }),
      '/api/care/outApply/export': () => ({
        code: 1,
        res: { url: '/api/sheet/tok-x', name: '出库单列表-2026-11-22.xlsx' },
      }),
    })
    const view = await show()
    click(screen.getAllByText('待审核').find((el) => el.closest('.stock-list__status'))!)
    typeInto(field(view.container, 'keyword'), '湿巾')
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    click(screen.getByText('导出 Excel'))
    await settle()
    const { page, limit, ...filters } = callsTo(api, '/api/care/outApply/index').pop()!.data as Record<string, unknown>
    expect([page, limit]).toEqual([1, 20])
    expect(filters).toMatchObject({ type: 'general', status: 'pending', keyword: '湿巾', date_from: '2026-11-22' })
    expect(callsTo(api, '/api/care/outApply/export')[0].data).toEqual(filters)
    expect(saved).toEqual([{ href: `${window.location.origin}/api/sheet/tok-x`, name: '出库单列表-2026-11-22.xlsx' }])
    expect(modal).not.toHaveBeenCalled()
  })

  it('the stock page asks for every product and its batches and has the browser save it', async () => {
    const { default: StockLevels } = await import('@/features/stock/components/StockLevels')
    const saved = mockSaveAs()
    const api = mockApi({
      '/api/care/inoutstore/stock': () => ({ code: 1, res: { list: [], total: 0 } }),
      '/api/care/inoutstore/stockExport': () => ({
        code: 1,
        res: { url: '/api/sheet/tok-s', name: '库存-2026-11-22.xlsx' },
      }),
    })
    render(<StockLevels />)
    await settle()
    click(screen.getByText('导出 Excel'))
    await settle()
    expect(callsTo(api, '/api/care/inoutstore/stockExport')[0].data).toEqual({})
    expect(saved).toEqual([{ href: `${window.location.origin}/api/sheet/tok-s`, name: '库存-2026-11-22.xlsx' }])
  })
})

describe('an order list opened again', () => {
  it('keeps the status, day and search she left it with; a sign-out forgets them', async () => {
    const spy = server([order(1, 'pending')])
    const first = await show()
    click(screen.getAllByText('待审核').find((el) => el.closest('.stock-list__status'))!)
    typeInto(field(first.container, 'keyword'), '湿巾')
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    first.unmount()

    const again = await show()
    expect(callsTo(spy, '/api/care/outApply/index').pop()!.data).toMatchObject({
      status: 'pending',
      keyword: '湿巾',
      date_from: '2026-11-22',
    })
    expect((field(again.container, 'keyword') as HTMLInputElement).value).toBe('湿巾')
    again.unmount()

    // Another list keeps its own.
    render(<StockOrderList kind="outApplyGift" />)
    await settle()
    expect(callsTo(spy, '/api/care/outApply/index').pop()!.data).not.toHaveProperty('keyword')
    cleanup()

    jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    act(() => sessionStore.logout())
    signedIn({ ...demoUser, can_approve: true })
    await show()
    expect(callsTo(spy, '/api/care/outApply/index').pop()!.data).not.toHaveProperty('keyword')
  })
})
