import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import type { FormRecord } from '@/api/types'
import FormPage from '@/features/forms/components/FormPage'
import StockOrderList from '@/features/stock/components/StockOrderList'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'
import '@/features/forms/locales'
import CheckNoticePage from '@/pagesHome/pages/checkNotice'
import { customerStore, formStore, sessionStore } from '@/stores'
import { callsTo, click, demoUser, field, mockApi, quietUi, resetApp, settle } from './support/helpers'

const INFO = '/api/care/index/getFormRecordInfo'
const LIST = '/api/care/index/getFormRecord'
const RECORD_PDF = '/api/care/index/formRecordPdf'
const PDF_LABEL = '打印 / 导出 PDF'

const saved: FormRecord = {
  id: 12,
  name: '家属订餐登记表',
  customer_id: 7,
  data: { customer_id: 7, meal_date: '2026-11-21', unit_price: 30, dinner: 2 },
  created_at: '2026-11-22T01:00:00.000Z',
  created_by: 1,
  updated_at: '2026-11-22T02:00:00.000Z',
  updated_by: 1,
  created_by_name: '客服小李',
  updated_by_name: '客服小李',
  customer_name: '李静',
  room: '805',
}

let modal: jest.SpyInstance
let tab: { document: { title: string }; location: { href: string }; close: jest.Mock }

beforeEach(() => {
  resetApp()
  quietUi()
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
  tab = { document: { title: '' }, location: { href: '' }, close: jest.fn() }
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  runInAction(() => {
    sessionStore.token = 'tok-1'
    sessionStore.userInfo = demoUser
  })
  customerStore.select({ id: 7, name: '李静', phone: '13800000007', room: '805', delivery_date: null, children: [] })
  formStore.setToday('2026-11-22')
})

async function show(ui: JSX.Element) {
  const view = render(ui)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

describe('print / PDF of a saved record', () => {
  it('is offered on a saved record only, and opens the link the server answers', async () => {
    const api = mockApi({
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
      [INFO]: () => ({ code: 1, res: saved }),
      [RECORD_PDF]: () => ({ code: 1, res: { url: '/api/pdf/tok-1', name: '家属订餐登记表-12.pdf' } }),
    })
    const blank = await show(<FormPage definition={familyFood} />)
    expect(screen.queryByText(PDF_LABEL)).toBeNull()
    blank.unmount()

    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    await show(<FormPage definition={familyFood} />)
    click(screen.getByText(PDF_LABEL))
    await settle()
    expect(callsTo(api, RECORD_PDF)[0].data).toEqual({ id: 12 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-1`)
    expect(modal).not.toHaveBeenCalled()
  })

  it('a refusal (the record deleted meanwhile) is told, and what the form holds stays as it was', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    mockApi({
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
      [INFO]: () => ({ code: 1, res: saved }),
      [RECORD_PDF]: () => ({ code: -1, msg: '记录不存在或已删除' }),
    })
    const view = await show(<FormPage definition={familyFood} />)
    expect(field(view.container, 'unit_price').getAttribute('value')).toBe('30.00')
    click(screen.getByText(PDF_LABEL))
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '文件未能打开：记录不存在或已删除' }))
    expect(tab.close).toHaveBeenCalled()
    expect(field(view.container, 'unit_price').getAttribute('value')).toBe('30.00')
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
  })
})

describe('print / PDF of a signed acknowledgement of the check-in rules', () => {
  it('asks for the acknowledgement shown, by its answer id', async () => {
    const api = mockApi({
      '/api/care/index/getSurvey': () => ({ code: 1, res: { id: 3, version: 2, title: '入住须知', content: '1. 访客须在前台登记。' } }),
      '/api/care/index/answerList': () => ({
        code: 1,
        res: {
          list: [
            {
              id: 9,
              survey_id: 3,
              version: 2,
              title: '入住须知',
              customer_id: 7,
              customer_name: '李静',
              room: '805',
              data: { agree: ['yes'], sign_date: '2026-11-21' },
              created_at: '2026-11-21T02:00:00.000Z',
              created_by: 1,
              created_by_name: '客服小李',
            },
          ],
          total: 1,
        },
      }),
      [RECORD_PDF]: () => ({ code: 1, res: { url: '/api/pdf/tok-9', name: '入住须知-9.pdf' } }),
    })
    await show(<CheckNoticePage />)
    click(screen.getByText(PDF_LABEL))
    await settle()
    expect(callsTo(api, RECORD_PDF)[0].data).toEqual({ answer_id: 9 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-9`)
  })
})

describe('print / PDF of an order from its list row', () => {
  it("asks for that order's PDF without opening the order", async () => {
    const row = {
      id: 4,
      no: 'CK20261122-00004',
      type: 'general',
      status: 'approved',
      department_name: '护理部',
      requester: '张护士',
      apply_date: '2026-11-22',
      items_summary: '婴儿湿巾 ×2',
      total_quantity: 2,
      reason: null,
      created_at: '2026-11-22T01:00:00.000Z',
      created_by_name: '王小美',
    }
    const api = mockApi({
      '/api/care/outApply/index': () => ({ code: 1, res: { list: [row], total: 1 } }),
      '/api/care/outApply/pdf': () => ({ code: 1, res: { url: '/api/pdf/tok-4', name: '出库单-CK20261122-00004.pdf' } }),
    })
    const navigate = jest.spyOn(Taro, 'navigateTo')
    await show(<StockOrderList kind="outApplyGeneral" />)
    const card = screen.getByText(row.no).closest('.stock-list__card') as HTMLElement
    click([...card.querySelectorAll('.nut-button')].find((b) => b.textContent === PDF_LABEL)!)
    await settle()
    expect(callsTo(api, '/api/care/outApply/pdf')[0].data).toEqual({ id: 4 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-4`)
    expect(navigate).not.toHaveBeenCalled()
  })
})
