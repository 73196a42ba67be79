import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { SurveyAnswer } from '@/api/types'
import CheckNoticePage from '@/pagesHome/pages/checkNotice'
import { customerStore } from '@/stores'
import { callsTo, click, mockApi, mockSaveAs, mockViewerTab, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const SURVEY = '/api/care/index/getSurvey'
const ANSWERS = '/api/care/index/answerList'
const ANSWER = '/api/care/index/answerSave'
const SIGNATURE = 'http://127.0.0.1:3200/uploads/sig.png'
const rules = {
  id: 3,
  version: 2,
  title: '入住须知',
  content: '1. 探视时间为每日 10:00–11:30。\n2. 访客须在前台登记。',
}

const answer = (fields: Partial<SurveyAnswer> = {}): SurveyAnswer => ({
  id: 9,
  survey_id: 3,
  version: 2,
  title: '入住须知',
  customer_id: 7,
  customer_name: '李静',
  room: '805',
  data: { agree: ['yes'], customer_signature: SIGNATURE, sign_date: '2026-11-21' },
  created_at: '2026-11-21T02:00:00.000Z',
  created_by: 1,
  created_by_name: '客服小李',
  ...fields,
})

const messageOf = (path: string) =>
  document.querySelector(`#form-field-${path}`)?.querySelector('[role="alert"]')?.textContent ?? null

async function show() {
  const view = render(<CheckNoticePage />)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

beforeEach(() => {
  signedIn()
  customerStore.select({ id: 7, name: '李静', phone: '13800000007', room: '805', delivery_date: null, children: [] })
})

describe('check-in rules (入住须知)', () => {
  it('shows the rules; agree, signature and date are required; saves the acknowledgement with answerSave', async () => {
    let saved: SurveyAnswer | null = null
    const api = mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: saved ? [saved] : [], total: saved ? 1 : 0 } }),
      [ANSWER]: ({ data }) => {
        saved = answer({ data: data as Record<string, unknown> })
        return { code: 1, res: { id: 9 } }
      },
    })
    const first = await show()
    expect(screen.getByText(/探视时间为每日/)).toBeTruthy()
    expect(screen.getByText('第 2 版')).toBeTruthy()
    expect(callsTo(api, ANSWERS)[0].data).toEqual({ customer_id: 7, page: 1, limit: 1 })

    click(screen.getByText('保存'))
    await settle()
    expect(messageOf('agree')).toBe('请选择我已阅读并同意')
    expect(messageOf('customer_signature')).toBe('请客户签字')
    // The date of signing starts on the working date.
    expect(messageOf('sign_date')).toBeNull()
    expect(document.querySelector('#form-field-sign_date')?.textContent).toContain('2026-11-22')
    expect(callsTo(api, ANSWER)).toHaveLength(0)

    click(screen.getByText('我已阅读并同意以上须知'))
    click(screen.getByText('今天'))
    expect(messageOf('agree')).toBeNull()
    first.unmount()
    // Left and reopened: the draft is back (with a signature, as the pad would have added it).
    const left = Taro.getStorageSync('draft:1:入住须知:7')
    expect(left.values).toEqual({ agree: ['yes'], sign_date: '2026-11-22' })
    Taro.setStorageSync('draft:1:入住须知:7', { ...left, values: { ...left.values, customer_signature: SIGNATURE } })
    const again = await show()
    expect(again.container.querySelector('.form-signature__image')).toBeTruthy()
    expect(screen.getByText('已恢复未保存的内容')).toBeTruthy()
    click(screen.getByText('保存'))
    await settle()
    expect(callsTo(api, ANSWER)[0].data).toEqual({
      customer_id: 7,
      survey_id: 3,
      data: { agree: ['yes'], customer_signature: SIGNATURE, sign_date: '2026-11-22' },
    })
    await settle()
    expect(screen.getByText('客户已阅读并签字确认本版入住须知')).toBeTruthy()
    expect(screen.getByText('签字日期：2026-11-22')).toBeTruthy()
    expect(screen.queryByText('保存')).toBeNull()
    expect(Taro.getStorageSync('draft:1:入住须知:7')).toBe('')
  })

  it('shows an acknowledgement of the current rules instead of the form', async () => {
    mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: [answer()], total: 1 } }),
    })
    const { container } = await show()
    expect(screen.getByText('客户已阅读并签字确认本版入住须知')).toBeTruthy()
    expect(screen.getByText('签字日期：2026-11-21')).toBeTruthy()
    expect(container.querySelector('.check-notice__signature')?.getAttribute('src')).toBe(SIGNATURE)
    expect(screen.queryByText('保存')).toBeNull()
    expect(document.querySelector('#form-field-agree')).toBeNull()
  })

  it("历史记录's 导出 Excel has the customer's acknowledgements saved as a spreadsheet", async () => {
    const saved = mockSaveAs()
    const api = mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: [answer()], total: 1 } }),
      '/api/care/index/answerExport': () => ({
        code: 1,
        res: { url: '/api/sheet/tok-a', name: '入住须知-2026-11-22.xlsx' },
      }),
    })
    await show()
    click(screen.getByText('历史记录'))
    await settle()
    click(screen.getByText('导出 Excel'))
    await settle()
    expect(callsTo(api, '/api/care/index/answerExport')[0].data).toEqual({ customer_id: 7 })
    expect(saved).toEqual([{ href: `${window.location.origin}/api/sheet/tok-a`, name: '入住须知-2026-11-22.xlsx' }])
  })

  it("lists the customer's acknowledgements in 历史记录 and shows the one picked", async () => {
    const old = answer({
      id: 8,
      survey_id: 2,
      version: 1,
      data: { agree: ['yes'], customer_signature: SIGNATURE, sign_date: '2026-11-01' },
    })
    const api = mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: [old], total: 1 } }),
    })
    await show()
    expect(document.querySelector('#form-field-agree')).toBeTruthy()
    click(screen.getByText('历史记录'))
    await settle()
    expect(callsTo(api, ANSWERS).pop()!.data).toEqual({ customer_id: 7, page: 1, limit: 20 })
    const row = document.querySelector('.form-records__row') as HTMLElement
    expect(row.textContent).toContain('客户：李静（805）')
    expect(row.textContent).toContain('签字日期：2026-11-01')
    click(row)
    await settle()
    expect(document.querySelector('.check-notice__done')?.textContent).toContain('签字日期：2026-11-01')
    expect(document.querySelector('#form-field-agree')).toBeNull()
    expect(screen.queryByText('保存')).toBeNull()
    // Back to the rules to sign.
    click(screen.getByText('新建一条'))
    await settle()
    expect(document.querySelector('#form-field-agree')).toBeTruthy()
  })

  it('asks to sign again when the rules have changed since', async () => {
    mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: [answer({ survey_id: 2, version: 1 })], total: 1 } }),
    })
    await show()
    expect(screen.getByText('客户曾确认第 1 版须知，须知已更新，请重新阅读并签字。')).toBeTruthy()
    expect(document.querySelector('#form-field-agree')).toBeTruthy()
    expect(screen.getByText('保存')).toBeTruthy()
  })

  it('offers the acknowledgement shown as a PDF, asked for by its answer id', async () => {
    const tab = mockViewerTab()
    const api = mockApi({
      [SURVEY]: () => ({ code: 1, res: rules }),
      [ANSWERS]: () => ({ code: 1, res: { list: [answer()], total: 1 } }),
      '/api/care/index/formRecordPdf': () => ({ code: 1, res: { url: '/api/pdf/tok-9', name: '入住须知-9.pdf' } }),
    })
    await show()
    click(screen.getByText('打印 / 导出 PDF'))
    await settle()
    expect(callsTo(api, '/api/care/index/formRecordPdf')[0].data).toEqual({ answer_id: 9 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-9`)
  })
})
