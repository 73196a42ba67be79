import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import dayjs from 'dayjs'
import type { Customer } from '@/api/types'
import {
  GiftCollectionForm,
  OutApplyGeneralForm,
  OutApplyGiftForm,
  SpecialCareForm,
} from '@/features/stock/components/StockForms'
import '@/features/forms/locales'
import { customerStore } from '@/stores'
import { callsTo, click, demoUser, field, mockApi, settle, typeInto } from './support/helpers'
import { signedIn } from './support/signedIn'

const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD')
const TODAY = day(0)
const SIGNATURE = 'http://127.0.0.1:3200/uploads/sig.png'

const customer: Customer = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: '805',
  delivery_date: '2026-11-10',
  children: [],
}

const products = [
  { id: 1, name: '婴儿湿巾', spec: '80抽', unit: '包', price: 12.5, category: '母婴', stock: 30 },
  { id: 2, name: '一次性内裤', spec: 'L', unit: '条', price: 3, category: '产妇', stock: 8 },
]
// Out of order on purpose, with an expired one the server would not send: the app sorts and drops it too.
const batches: Record<number, object[]> = {
  1: [
    {
      id: 12,
      product_id: 1,
      batch_no: 'B-LATE',
      production_date: null,
      expiry_date: day(300),
      quantity: 20,
      near_expiry: false,
    },
    {
      id: 11,
      product_id: 1,
      batch_no: 'B-SOON',
      production_date: null,
      expiry_date: day(10),
      quantity: 4,
      near_expiry: true,
    },
    {
      id: 10,
      product_id: 1,
      batch_no: 'B-GONE',
      production_date: null,
      expiry_date: day(-3),
      quantity: 9,
      near_expiry: false,
    },
  ],
  2: [
    {
      id: 21,
      product_id: 2,
      batch_no: 'C-1',
      production_date: null,
      expiry_date: day(100),
      quantity: 8,
      near_expiry: false,
    },
  ],
}

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/api/care/index/productList': () => ({ code: 1, res: { list: products, total: products.length } }),
    '/api/care/inoutstore/getProductBatch': (d) => ({ code: 1, res: batches[d.product_id as number] ?? [] }),
    '/api/care/index/departmentList': () => ({ code: 1, res: [{ id: 3, name: '护理部' }] }),
    '/api/care/index/giftTypeList': () => ({ code: 1, res: [{ id: 5, name: '入住大礼包', package_id: 9 }] }),
    '/api/care/index/productPackageList': () => ({
      code: 1,
      res: [
        {
          id: 9,
          name: '大礼包',
          items: [
            { product_id: 1, quantity: 6 },
            { product_id: 2, quantity: 2 },
          ],
        },
      ],
    }),
    '/api/care/index/floorList': () => ({ code: 1, res: [{ floor: 8, rooms: [{ room: '805', customer_id: 7 }] }] }),
    '/api/care/outApply/info': (d) => ({ code: 1, res: { id: d.id, status: 'pending', items: [] } }),
    '/api/care/specialCare/info': (d) => ({ code: 1, res: { id: d.id, status: 'pending', items: [] } }),
    ...extra,
  })
}

beforeEach(() => {
  signedIn(demoUser, TODAY)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' } as never)
  customerStore.select(customer)
})

async function show(ui: JSX.Element) {
  const view = render(ui)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

const frame = (path: string) => document.querySelector(`#form-field-${path.replace(/\./g, '-')}`) as HTMLElement
const visible = (el: Element) => {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if ((node as HTMLElement).style?.display === 'none' || node.classList.contains('nut-popup-slide-bottom-leave'))
      return false
  }
  return true
}
const tiles = () => ([...document.querySelectorAll('.form-choice-popup__tile')] as HTMLElement[]).filter(visible)
const tile = (text: string) => tiles().find((t) => t.textContent?.includes(text))!

/** Opens the picker of a field and picks the tile showing `text`. */
async function choose(path: string, text: string) {
  click(frame(path).querySelector('.form-picker__value')!)
  await settle()
  click(tile(text))
  await settle()
  await settle()
}

describe('batch picker', () => {
  it('offers the earliest-expiring batch first and by default, warns near expiry, never offers expired ones', async () => {
    api()
    await show(<OutApplyGeneralForm />)
    click(screen.getByText(/添加/))
    await settle()
    await choose('items.0.product_id', '婴儿湿巾')
    // The earliest-expiring batch is chosen, with its stock, expiry and the warning.
    const picker = frame('items.0.batch_id')
    expect(picker.textContent).toContain('B-SOON')
    expect(picker.querySelector('.form-picker__note--warn')?.textContent).toContain(
      `库存 4 · 有效期至 ${day(10)} · 临期`,
    )
    click(picker.querySelector('.form-picker__value')!)
    await settle()
    const labels = tiles().map((t) => t.textContent)
    const soon = labels.findIndex((l) => l?.includes('B-SOON'))
    const late = labels.findIndex((l) => l?.includes('B-LATE'))
    expect(soon).toBeGreaterThanOrEqual(0)
    expect(soon).toBeLessThan(late)
    expect(labels.some((l) => l?.includes('B-GONE'))).toBe(false)
    expect(tile('B-SOON').className).toContain('form-choice-popup__tile--warn')
    expect(tile('B-LATE').className).not.toContain('form-choice-popup__tile--warn')
  })

  it('refuses more than the batch has, with the shared message, and keeps what was typed', async () => {
    const spy = api({ '/api/care/outApply/save': () => ({ code: 1, res: { id: 1 } }) })
    const { container } = await show(<OutApplyGeneralForm />)
    await choose('department_id', '护理部')
    typeInto(field(container, 'requester'), '张护士')
    click(screen.getByText(/添加/))
    await settle()
    await choose('items.0.product_id', '婴儿湿巾')
    typeInto(field(container, 'items.0.quantity'), '5')
    click(screen.getByText('保存'))
    await settle()
    expect(frame('items.0.quantity').textContent).toContain('仅剩 4')
    expect(callsTo(spy, '/api/care/outApply/save')).toHaveLength(0)
    typeInto(field(container, 'items.0.quantity'), '4')
    click(screen.getByText('保存'))
    await settle()
    const [sent] = callsTo(spy, '/api/care/outApply/save')
    expect(sent.data).toMatchObject({
      type: 'general',
      department_id: 3,
      requester: '张护士',
      apply_date: TODAY,
      items: [{ product_id: 1, batch_id: 11, quantity: 4 }],
    })
    expect((sent.data as { request_id: string }).request_id).toBeTruthy()
  })

  it('a refused save shows the server message and keeps what was typed', async () => {
    api({
      '/api/care/outApply/save': () => ({
        code: -1,
        msg: '数量超出库存',
        res: { errors: [{ path: 'items.0.quantity', message: '数量超出库存：婴儿湿巾（批次 B-SOON）仅剩 2' }] },
      }),
    })
    const { container } = await show(<OutApplyGeneralForm />)
    await choose('department_id', '护理部')
    typeInto(field(container, 'requester'), '张护士')
    click(screen.getByText(/添加/))
    await settle()
    await choose('items.0.product_id', '婴儿湿巾')
    typeInto(field(container, 'items.0.quantity'), '3')
    click(screen.getByText('保存'))
    await settle()
    expect(frame('items.0.quantity').textContent).toContain('仅剩 2')
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: '数量超出库存：婴儿湿巾（批次 B-SOON）仅剩 2' }),
    )
    expect((field(container, 'requester') as HTMLInputElement).value).toBe('张护士')
  })
})

describe('gift pack', () => {
  it('choosing the gift type fills the rows from its package, earliest-expiry batches first', async () => {
    const spy = api({ '/api/care/outApply/save': () => ({ code: 1, res: { id: 4 } }) })
    await show(<OutApplyGiftForm />)
    await choose('gift_type_id', '入住大礼包')
    await settle()
    await settle()
    // 6 of product 1: 4 from the batch expiring soonest, 2 from the next; 2 of product 2.
    expect(frame('items.0.batch_id').textContent).toContain('B-SOON')
    expect(frame('items.1.batch_id').textContent).toContain('B-LATE')
    expect(frame('items.2.product_id').textContent).toContain('一次性内裤')
    click(screen.getByText('保存'))
    await settle()
    const [sent] = callsTo(spy, '/api/care/outApply/save')
    expect(sent.data).toMatchObject({
      type: 'gift',
      customer_id: 7,
      gift_type_id: 5,
      items: [
        { product_id: 1, batch_id: 11, quantity: 4 },
        { product_id: 1, batch_id: 12, quantity: 2 },
        { product_id: 2, batch_id: 21, quantity: 2 },
      ],
    })
  })
})

describe('self-paid items', () => {
  it("shows the product list's unit price, not typed, and computes subtotals and the total live", async () => {
    const spy = api({
      '/api/care/specialCare/save': () => ({ code: 1, res: { id: 8 } }),
      '/api/admin/oss/links': ({ urls }) => ({ err: 0, message: 'ok', data: { urls } }),
    })
    // Signed on this phone before: her signature is kept as the draft has it.
    Taro.setStorageSync('draft:1:自费物品消费表:7', {
      values: { customer_id: 7, room: '805', consume_date: TODAY, signature: SIGNATURE },
      request_id: 'req-1',
      record_id: null,
      saved_at: '2026-11-22T01:00:00.000Z',
    })
    const { container } = await show(<SpecialCareForm />)
    click(screen.getByText(/添加/))
    await settle()
    await choose('items.0.product_id', '婴儿湿巾')
    // The product list's price, which the server keeps: shown, not typed.
    expect(frame('items.0.price').querySelector('input')).toBeNull()
    expect(frame('items.0.price').textContent).toContain('12.50')
    typeInto(field(container, 'items.0.quantity'), '3')
    expect(frame('items.0.subtotal').textContent).toContain('37.5')
    click(screen.getByText(/添加/))
    await settle()
    await choose('items.1.product_id', '一次性内裤')
    typeInto(field(container, 'items.1.quantity'), '2')
    expect(frame('items.1.subtotal').textContent).toContain('6')
    expect(frame('total').textContent).toContain('43.5')
    click(screen.getByText('保存'))
    await settle()
    const [sent] = callsTo(spy, '/api/care/specialCare/save')
    expect(sent.data).toMatchObject({
      customer_id: 7,
      room: '805',
      consume_date: TODAY,
      items: [
        { product_id: 1, batch_id: 11, quantity: 3, price: 12.5 },
        { product_id: 2, batch_id: 21, quantity: 2, price: 3 },
      ],
      signature: SIGNATURE,
    })
  })
})

describe('自费物品消费表', () => {
  it('asks for her signature before anything is sent', async () => {
    const spy = api({ '/api/care/specialCare/save': () => ({ code: 1, res: { id: 8 } }) })
    await show(<SpecialCareForm />)
    click(screen.getByText('保存'))
    await settle()
    expect(callsTo(spy, '/api/care/specialCare/save')).toHaveLength(0)
    expect(frame('signature').querySelector('[role="alert"]')?.textContent).toBe('请客户签字')
  })

  it('marks a room that is not hers beside the room, in her language, and clears it on her own room', async () => {
    api({
      '/api/care/index/floorList': () => ({
        code: 1,
        res: [
          {
            floor: 8,
            rooms: [
              { room: '805', customer_id: 7 },
              { room: '806', customer_id: null },
            ],
          },
        ],
      }),
    })
    await show(<SpecialCareForm />)
    const flag = () => frame('room').querySelector('.form-field__flag')?.textContent ?? null
    expect(flag()).toBeNull()
    await choose('room', '806')
    expect(flag()).toBe('与客户所住房间 805 不一致')
    await choose('room', '805')
    expect(flag()).toBeNull()
  })
})

describe('history', () => {
  it("the self-paid sheet lists the customer's orders in 历史记录, named by customer, and opens one", async () => {
    const order = {
      id: 8,
      no: 'ZF20261122-00008',
      status: 'pending',
      customer_id: 7,
      customer_name: '李静',
      room: '805',
      consume_date: '2026-11-21',
      remark: '',
      signature: null,
      created_at: '2026-11-21T02:00:00.000Z',
      created_by_name: '王小美',
    }
    const spy = api({ '/api/care/specialCare/index': () => ({ code: 1, res: { list: [order], total: 1 } }) })
    await show(<SpecialCareForm />)
    click(screen.getByText('历史记录'))
    await settle()
    expect(callsTo(spy, '/api/care/specialCare/index')[0].data).toEqual({ customer_id: 7, page: 1, limit: 20 })
    const row = document.querySelector('.form-records__row') as HTMLElement
    expect(row.textContent).toContain('客户：李静（805）')
    expect(row.textContent).toContain('消费日期：2026-11-21')
    click(row)
    await settle()
    expect(callsTo(spy, '/api/care/specialCare/info')[0].data).toEqual({ id: 8 })
    expect(screen.getByText('编辑记录 #8')).toBeTruthy()
  })
})

describe('an opened order', () => {
  it('an approved order opens read-only, with its batch even when it is no longer offered', async () => {
    api({
      '/api/care/outApply/info': (d) => ({
        code: 1,
        res: {
          id: d.id,
          no: 'CK20261122-00009',
          type: 'general',
          status: 'approved',
          department_id: 3,
          requester: '张护士',
          apply_date: TODAY,
          remark: '',
          customer_id: null,
          created_at: '2026-11-22T01:00:00.000Z',
          created_by: 1,
          updated_at: '2026-11-22T01:00:00.000Z',
          updated_by: 1,
          items: [
            {
              id: 1,
              product_id: 2,
              product_name: '一次性内裤',
              spec: 'L',
              unit: '条',
              batch_id: 29,
              batch_no: 'C-SPENT',
              production_date: null,
              expiry_date: day(50),
              near_expiry: false,
              expired: false,
              available: 0,
              quantity: 3,
              price: 3,
              subtotal: 9,
            },
          ],
        },
      }),
    })
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '9' } } } as never)
    await show(<OutApplyGeneralForm />)
    expect(screen.getByText('该单据已审核或已驳回，只能查看')).toBeTruthy()
    expect(screen.queryByText('保存')).toBeNull()
    expect(frame('items.0.product_id').textContent).toContain('一次性内裤')
    expect(frame('items.0.batch_id').textContent).toContain('C-SPENT')
    expect(frame('department_id').textContent).toContain('护理部')
  })
})

describe('礼包领取明细表', () => {
  it('the gift type fills its rows; without the receiver signature nothing is sent to saveForm', async () => {
    const spy = api({ '/api/care/index/saveForm': () => ({ code: 1, res: { id: 31 } }) })
    await show(<GiftCollectionForm />)
    await choose('gift_type_id', '入住大礼包')
    await settle()
    expect(frame('items.2.product_id').textContent).toContain('一次性内裤')
    click(screen.getByText('保存'))
    await settle()
    // Signature and handler are still missing: nothing is sent.
    expect(callsTo(spy, '/api/care/index/saveForm')).toHaveLength(0)
    expect(frame('receiver_signature').textContent).toContain('领取人签字')
  })
})

describe('product picker', () => {
  it('a site with more products than one page searches them on the server and keeps the picked one', async () => {
    // 150 products: the first page has 100, the one looked for is not among them.
    const many = Array.from({ length: 150 }, (_, i) => ({ ...products[0], id: 100 + i, name: `商品${i}`, spec: '' }))
    const wanted = { ...products[1], name: '月子营养汤料', spec: '' }
    const spy = api({
      '/api/care/index/productList': (d) => {
        const keyword = d.keyword as string | undefined
        if (!keyword) return { code: 1, res: { list: many.slice(0, 100), total: many.length + 1 } }
        const hits = [...many, wanted].filter((p) => p.name.includes(keyword))
        return { code: 1, res: { list: hits.slice(0, 100), total: hits.length } }
      },
    })
    await show(<OutApplyGeneralForm />)
    click(screen.getByText(/添加/))
    await settle()
    click(frame('items.0.product_id').querySelector('.form-picker__value')!)
    await settle()
    expect(tiles()).toHaveLength(100)
    expect(tile('营养汤料')).toBeUndefined()

    const search = document.querySelector('.nut-input-native[name="product_id-search"]')!
    typeInto(search, '营养')
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)))
    await settle()
    expect(callsTo(spy, '/api/care/index/productList').map((c) => c.data.keyword)).toContain('营养')
    expect(tiles().map((t) => t.textContent)).toEqual([expect.stringContaining('月子营养汤料')])

    click(tile('月子营养汤料'))
    await settle()
    await settle()
    expect(frame('items.0.product_id').querySelector('.form-picker__text')?.textContent).toBe('月子营养汤料')
    expect(frame('items.0.batch_id').textContent).toContain('C-1')
  })
})
