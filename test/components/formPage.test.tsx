import { act, render, screen, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { Customer, FormRecord } from '@/api/types'
import FormPage from '@/features/forms/components/FormPage'
import { checkInNoticeMonth, checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import { proofOfLostReceipt } from '@yuezi/contract/forms/definitions/proofOfLostReceipt'
import { visit } from '@yuezi/contract/forms/definitions/visit'
import '@/features/forms/locales'
import VisitPage from '@/pagesHome/pages/form/visit/form'
import { openFormStore } from '@/features/forms'
import { centreClock, customerStore, workingDateStore } from '@/stores'
import { DRAFT_DELAY } from '@/features/forms/stores/formSession'
import { leavePage } from '@/utils/navigation'
import {
  blurField,
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

const SAVE = '/api/care/index/saveForm'
const INFO = '/api/care/index/getFormRecordInfo'
const LIST = '/api/care/index/getFormRecord'
const PREFILL = '/api/care/index/getFormPrefill'
const DELETE = '/api/care/index/delFormRecord'
const CUSTOMERS = '/api/care/customer/index'
const SIGNATURE = 'http://127.0.0.1:3200/uploads/sig.png'
const FOOD_DRAFT = 'draft:1:家属订餐登记表:7'

/** The stand-in server: these routes, and the fresh links of a restored draft's photos and signatures (here the same). */
const serverWith = (routes: Parameters<typeof mockApi>[0]) =>
  mockApi({
    '/api/admin/oss/links': ({ urls }) => ({ err: 0, message: 'ok', data: { urls } }),
    // The site has no round yet: a new round starts without a doctor.
    [PREFILL]: () => ({ code: 1, res: {} }),
    ...routes,
  })

const customer: Customer = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: '805',
  delivery_date: '2026-11-10',
  children: [{ id: 70, name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 }],
}

const record = (fields: Partial<FormRecord>): FormRecord => ({
  id: 12,
  name: '家属订餐登记表',
  customer_id: 7,
  data: {},
  created_at: '2026-11-22T01:00:00.000Z',
  created_by: 1,
  updated_at: '2026-11-22T02:00:00.000Z',
  updated_by: 1,
  created_by_name: '客服小李',
  updated_by_name: '客服小李',
  customer_name: '李静',
  room: '805',
  ...fields,
})

/** A family-meal draft with everything but the unit price. */
function leaveFoodDraft(values: Record<string, unknown> = {}, request_id = 'req-1') {
  Taro.setStorageSync(FOOD_DRAFT, {
    values: { customer_id: 7, meal_date: '2026-11-22', breakfast: 2, family_signature: SIGNATURE, ...values },
    request_id,
    record_id: null,
    saved_at: '2026-11-22T01:00:00.000Z',
  })
}

const frame = (path: string) => document.querySelector(`#form-field-${path.replace(/\./g, '-')}`) as HTMLElement
const messageOf = (path: string) => frame(path)?.querySelector('[role="alert"]')?.textContent ?? null
const saveButton = () => screen.getByText('保存')
const draft = (key = FOOD_DRAFT) => Taro.getStorageSync(key)

let modal: jest.SpyInstance

beforeEach(() => {
  signedIn()
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' } as never)
  customerStore.select(customer)
})

async function show(ui = <FormPage definition={familyFood} />) {
  const view = render(ui)
  await settle()
  // The native inputs (Stencil elements) draw themselves a little after the form.
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

describe('form page', () => {
  it('shows the form title, the customer and the working date', async () => {
    serverWith({})
    await show()
    expect(screen.getAllByText('家属订餐登记表').length).toBeGreaterThan(0)
    expect(screen.getByText('客户：李静（805）')).toBeTruthy()
    expect(screen.getByText('工作日期：2026-11-22')).toBeTruthy()
    expect(Taro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '家属订餐登记表' })
    expect(openFormStore.formName).toBe('家属订餐登记表')
  })

  it('says, on the form itself, when the working date is not today', async () => {
    serverWith({})
    workingDateStore.setToday('2026-11-20')
    await show()
    expect(document.querySelector('.form-header__not-today[role="note"]')?.textContent).toBe(
      '注意：工作日期不是今天，而是 2026-11-20',
    )
    act(() => workingDateStore.setToday(centreClock.today()))
    expect(document.querySelector('.form-header__not-today')).toBeNull()
  })

  it('needs a customer: opened without one, the customer picker comes first, then the form for the chosen one', async () => {
    customerStore.clear()
    const api = serverWith({ [CUSTOMERS]: () => ({ code: 1, res: { list: [customer], total: 1 } }) })
    await show()
    expect(screen.getByText('选择客户')).toBeTruthy()
    expect(frame('meal_date')).toBeNull()
    // The picker searches a moment after it opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    expect(callsTo(api, CUSTOMERS)).toHaveLength(1)
    click(screen.getByText('李静'))
    await settle()
    expect(customerStore.customerInfo?.id).toBe(7)
    expect(frame('meal_date')).toBeTruthy()
    expect(screen.getByText('客户：李静（805）')).toBeTruthy()
  })

  it('needs a customer: closing the picker without choosing goes home', async () => {
    customerStore.clear()
    serverWith({ [CUSTOMERS]: () => ({ code: 1, res: { list: [customer], total: 1 } }) })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    await show()
    click(document.querySelector('.customer-picker .nut-popup-title-right') as HTMLElement)
    await settle()
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' })
    expect(customerStore.customerInfo).toBeNull()
  })

  it('submitting empty shows the messages and a summary, and sends nothing', async () => {
    const api = serverWith({})
    await show()
    // The meal's date starts on the working date; what is left empty is marked.
    expect(frame('meal_date').textContent).toContain('2026-11-22')
    click(saveButton())
    await settle()
    expect(messageOf('meal_date')).toBeNull()
    // A meal's price is asked for once that meal is ordered.
    expect(messageOf('breakfast_price')).toBeNull()
    expect(messageOf('family_signature')).toBe('请家属签字')
    // No meal ordered: said once, on the first of them.
    expect(messageOf('breakfast')).toBe('份数不能都为 0：请至少订一份')
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: '份数不能都为 0：请至少订一份（共 2 处需修改）' }),
    )
    expect(Taro.pageScrollTo).toHaveBeenCalledWith(expect.objectContaining({ selector: '#form-field-breakfast' }))
    expect(api).not.toHaveBeenCalled()
  })

  it("a new record starts with what the app knows: the customer's name and phone, the staff member, the working date", async () => {
    serverWith({})
    const view = await show(<FormPage definition={proofOfLostReceipt} />)
    expect(field(view.container, 'customer_name').getAttribute('value')).toBe('李静')
    expect(field(view.container, 'phone').getAttribute('value')).toBe('13800000007')
    expect(field(view.container, 'handler').getAttribute('value')).toBe('王小美')
    expect(frame('sign_date').textContent).toContain('2026-11-22')
    // Not a date that the form cannot know: when the receipt was issued.
    expect(frame('issue_date').textContent).not.toContain('2026-11-22')
    // Prefilled values stay editable and what is typed is kept.
    typeInto(field(view.container, 'handler'), '客服小李')
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_DELAY + 50)))
    expect(draft('draft:1:收据遗失证明:7').values).toMatchObject({ customer_name: '李静', handler: '客服小李' })
  })

  it("a round starts with the doctor of the site's last round, not the clerk, whom she may change; an empty doctor is not saved", async () => {
    const api = serverWith({ [PREFILL]: () => ({ code: 1, res: { doctor_name: '陈医生' } }) })
    const view = await show(<FormPage definition={pediatricianRounds} />)
    expect(callsTo(api, PREFILL)[0].data).toEqual({ name: '儿科医生查房签到表' })
    expect(field(view.container, 'doctor_name').getAttribute('value')).toBe('陈医生')
    typeInto(field(view.container, 'doctor_name'), '林慧敏')
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_DELAY + 50)))
    expect(draft('draft:1:儿科医生查房签到表:7').values).toMatchObject({ doctor_name: '林慧敏' })
    typeInto(field(view.container, 'doctor_name'), '')
    click(saveButton())
    await settle()
    expect(messageOf('doctor_name')).toBe('请输入查房医生')
    expect(callsTo(api, SAVE)).toEqual([])
  })

  it("a site's first round starts without a doctor: the clerk's name is never put in her place", async () => {
    serverWith({})
    const view = await show(<FormPage definition={pediatricianRounds} />)
    expect(field(view.container, 'doctor_name').getAttribute('value') ?? '').toBe('')
  })

  it("a form without such fields does not ask for the site's last record", async () => {
    const api = serverWith({})
    await show(<FormPage definition={proofOfLostReceipt} />)
    expect(callsTo(api, PREFILL)).toEqual([])
  })

  it('a draft left on the device is restored as it was: prefilling never overwrites it', async () => {
    serverWith({})
    Taro.setStorageSync('draft:1:收据遗失证明:7', {
      values: { customer_name: '李静（代）', handler: '客服小李' },
      request_id: 'req-2',
      record_id: null,
      saved_at: '2026-11-22T01:00:00.000Z',
    })
    const view = await show(<FormPage definition={proofOfLostReceipt} />)
    expect(screen.getByText('已恢复未保存的内容')).toBeTruthy()
    expect(field(view.container, 'customer_name').getAttribute('value')).toBe('李静（代）')
    expect(field(view.container, 'handler').getAttribute('value')).toBe('客服小李')
    // The phone was emptied in the draft: it stays empty.
    expect(field(view.container, 'phone').getAttribute('value')).toBe('')
  })

  it('a check-in notice starts with the mother, her room and both her babies', async () => {
    customerStore.select({
      ...customer,
      children: [
        { id: 70, name: '李大宝', sex: 'male', birth_date: '2026-11-10', birth_weight: 3100 },
        { id: 71, name: '李小宝', sex: 'female', birth_date: '2026-11-10', birth_weight: null },
      ],
    })
    serverWith({
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
      '/api/care/index/floorList': () => ({ code: 1, res: [{ floor: 8, rooms: [{ room: '805', customer_id: 7 }] }] }),
      '/api/care/index/departmentList': () => ({ code: 1, res: [] }),
      '/api/care/index/stayPackageList': () => ({
        code: 1,
        res: [{ id: 3, name: '小月子 14 天套餐', days: 14, price: 12800, includes: '', retired: false }],
      }),
    })
    const view = await show(<FormPage definition={checkInNoticeMonth} />)
    expect(field(view.container, 'customer_name').getAttribute('value')).toBe('李静')
    expect(field(view.container, 'phone').getAttribute('value')).toBe('13800000007')
    expect(frame('room').textContent).toContain('805')
    expect(frame('delivery_date').textContent).toContain('2026-11-10')
    expect(frame('baby_count').textContent).toContain('2')
    expect(field(view.container, 'babies.0.birth_weight').getAttribute('value')).toBe('3100')
    expect(field(view.container, 'babies.1.birth_weight').getAttribute('value')).toBe('')
    // A date the app does not know stays empty.
    expect(frame('check_in_date').textContent).toContain('请选择')
  })

  it('keeps what is typed on the device and restores it when the form opens again', async () => {
    serverWith({})
    const first = await show()
    typeInto(field(first.container, 'lunch_price'), '25.5')
    typeInto(field(first.container, 'lunch'), '3')
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_DELAY + 50)))
    expect(draft().values).toMatchObject({ customer_id: 7, lunch_price: 25.5, lunch: 3 })
    typeInto(field(first.container, 'dinner'), '1')
    typeInto(field(first.container, 'dinner_price'), '40')
    first.unmount() // leaving writes at once

    expect(draft().values).toMatchObject({ lunch_price: 25.5, lunch: 3, dinner: 1, dinner_price: 40 })
    const second = await show()
    expect(field(second.container, 'lunch_price').getAttribute('value')).toBe('25.50')
    expect(field(second.container, 'dinner').getAttribute('value')).toBe('1')
    expect(screen.getByText('已恢复未保存的内容')).toBeTruthy()
    expect(frame('amount').textContent).toContain('116.5')
  })

  it('a restored draft is offered for discarding: declined it stays, confirmed the form starts afresh', async () => {
    serverWith({})
    leaveFoodDraft({ breakfast_price: 25 })
    const view = await show()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('25.00')
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    click(screen.getByText('丢弃草稿'))
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '丢弃未保存的内容吗？丢弃后无法恢复。' }))
    expect(draft().values).toMatchObject({ breakfast_price: 25 })
    expect(screen.getByText('已恢复未保存的内容')).toBeTruthy()

    click(screen.getByText('丢弃草稿'))
    await settle()
    expect(draft()).toBe('')
    expect(screen.queryByText('已恢复未保存的内容')).toBeNull()
    expect(screen.queryByText('丢弃草稿')).toBeNull()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('')
  })

  it('a saved record whose draft is discarded shows what was saved', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    Taro.setStorageSync(`${FOOD_DRAFT}:12`, {
      values: { customer_id: 7, meal_date: '2026-11-21', breakfast_price: 45, dinner: 2 },
      request_id: 'req-12',
      record_id: 12,
      saved_at: '2026-11-22T01:00:00.000Z',
    })
    serverWith({
      [INFO]: () => ({
        code: 1,
        res: record({ data: { customer_id: 7, meal_date: '2026-11-21', breakfast_price: 30, dinner: 2 } }),
      }),
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
    })
    const view = await show()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('45.00')
    click(screen.getByText('丢弃草稿'))
    await settle()
    expect(draft(`${FOOD_DRAFT}:12`)).toBe('')
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toMatch(/^30(\.00)?$/)
    expect(screen.queryByText('丢弃草稿')).toBeNull()
  })

  it("shows the server's field errors next to their fields and keeps everything", async () => {
    leaveFoodDraft({ breakfast_price: 99 })
    const api = serverWith({
      [SAVE]: () => ({
        code: -1,
        msg: '单价超出本店标准',
        res: { errors: [{ path: 'breakfast_price', message: '单价超出本店标准' }] },
      }),
    })
    await show()
    click(saveButton())
    await settle()
    expect(messageOf('breakfast_price')).toBe('单价超出本店标准')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '单价超出本店标准' }))
    expect(callsTo(api, SAVE)[0].data).toEqual({
      name: '家属订餐登记表',
      customer_id: 7,
      request_id: 'req-1',
      data: { customer_id: 7, meal_date: '2026-11-22', breakfast: 2, breakfast_price: 99, family_signature: SIGNATURE },
    })
    expect(draft().values).toMatchObject({ breakfast_price: 99 })
  })

  it('a failed save keeps everything; the retry sends the same request_id and one record is made; success clears the draft', async () => {
    leaveFoodDraft({ breakfast_price: 25 })
    const created = new Map<string, number>()
    let online = false
    const api = serverWith({
      // Offline, the call never gets a reply; online, one record per request_id.
      [SAVE]: ({ request_id }) => {
        if (!online) throw new Error('request:fail')
        if (!created.has(request_id as string)) created.set(request_id as string, 40 + created.size)
        return { code: 1, res: { id: created.get(request_id as string) } }
      },
      [INFO]: () => ({ code: 1, res: record({ id: 40, data: { breakfast_price: 25 } }) }),
    })
    const view = await show()

    click(saveButton())
    await settle()
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ content: expect.stringContaining('已填写的内容已保留在本机') }),
    )
    expect(draft().request_id).toBe('req-1')
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('25.00')

    online = true
    click(saveButton())
    await settle()
    expect(created).toEqual(new Map([['req-1', 40]]))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已保存' }))
    expect(draft()).toBe('')
    expect(screen.getByText('编辑记录 #40')).toBeTruthy()

    // Saving again edits that record, with a new request_id.
    typeInto(field(view.container, 'breakfast_price'), '26')
    click(saveButton())
    await settle()
    const last = callsTo(api, SAVE).pop()!.data as { id: number; request_id: string }
    expect(last.id).toBe(40)
    expect(last.request_id).not.toBe('req-1')
    expect(created.size).toBe(2)
  })

  it('reopens a record by id for editing, and deletes it after a confirm', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    const api = serverWith({
      [INFO]: () => ({
        code: 1,
        res: record({
          data: { customer_id: 7, meal_date: '2026-11-21', dinner_price: 30, dinner: 2, family_signature: SIGNATURE },
        }),
      }),
      [SAVE]: () => ({ code: 1, res: { id: 12 } }),
      [DELETE]: () => ({ code: 1, res: null }),
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
    })
    const view = await show()
    expect(callsTo(api, INFO)[0].data).toEqual({ id: 12 })
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
    expect(screen.getByText(/^客服小李 于 2026-11-22 \d{2}:00 最后修改$/)).toBeTruthy()
    expect(field(view.container, 'dinner_price').getAttribute('value')).toBe('30.00')
    expect(frame('amount').textContent).toContain('60')
    expect(frame('family_signature').querySelector('.form-signature__image')).toBeTruthy()

    typeInto(field(view.container, 'breakfast'), '1')
    typeInto(field(view.container, 'breakfast_price'), '18')
    click(saveButton())
    await settle()
    expect(callsTo(api, SAVE)[0].data).toMatchObject({
      id: 12,
      data: { breakfast: 1, breakfast_price: 18, dinner: 2, dinner_price: 30 },
    })

    click(screen.getByText('删除'))
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定删除这条记录吗？删除后不可恢复。' }))
    expect(callsTo(api, DELETE)[0].data).toEqual({ id: 12 })
    expect(screen.getByText('新建')).toBeTruthy()
    expect(field(view.container, 'dinner_price').getAttribute('value')).toBe('')
  })

  it("a one-per-customer form opens blank; the customer's record is offered and, opened, saves with its id", async () => {
    const notice = record({
      id: 31,
      name: '小月子入住通知单',
      data: {
        customer_name: '李静',
        phone: '13800000007',
        procedure_date: '2026-11-01',
        room: '805',
        check_in_date: '2026-11-20',
        days: 10,
        package_id: 3,
        departments: [3],
      },
    })
    const api = serverWith({
      [LIST]: () => ({ code: 1, res: { list: [notice], total: 1 } }),
      [SAVE]: () => ({ code: 1, res: { id: 31 } }),
      [INFO]: () => ({ code: 1, res: notice }),
      '/api/care/index/floorList': () => ({ code: 1, res: [{ floor: 8, rooms: [{ room: '805', customer_id: 7 }] }] }),
      '/api/care/index/departmentList': () => ({ code: 1, res: [{ id: 3, name: '护理部' }] }),
      '/api/care/index/stayPackageList': () => ({
        code: 1,
        res: [{ id: 3, name: '小月子 14 天套餐', days: 14, price: 12800, includes: '', retired: false }],
      }),
    })
    const view = await show(<FormPage definition={checkInNoticeSmall} />)
    expect(openFormStore.is_month).toBe(false)
    expect(callsTo(api, LIST)[0].data).toEqual({ name: '小月子入住通知单', customer_id: 7, page: 1, limit: 1 })
    expect(openFormStore.formRecord?.id).toBe(31)
    expect(screen.getByText('新建')).toBeTruthy()
    expect(callsTo(api, INFO)).toHaveLength(0)
    expect(screen.getByText('历史记录')).toBeTruthy()
    expect(screen.getByText('该客户已有一份小月子入住通知单，新填的一份无法保存')).toBeTruthy()
    click(screen.getByText('打开已有的'))
    await settle()
    expect(callsTo(api, INFO)[0].data).toEqual({ id: 31 })
    expect(screen.getByText('编辑记录 #31')).toBeTruthy()
    expect(screen.queryByText('打开已有的')).toBeNull()
    expect(frame('leave_date').textContent).toContain('2026-11-30')

    typeInto(field(view.container, 'days'), '12')
    expect(frame('leave_date').textContent).toContain('2026-12-02')
    click(saveButton())
    await settle()
    expect(callsTo(api, SAVE)[0].data).toMatchObject({
      id: 31,
      name: '小月子入住通知单',
      customer_id: 7,
      data: { days: 12 },
    })
    expect(draft('draft:1:小月子入住通知单:7:31')).toBe('')
  })

  it("lists the customer's records of the form and opens one", async () => {
    const api = serverWith({
      [LIST]: () => ({
        code: 1,
        res: { list: [record({ id: 12, data: { meal_date: '2026-11-21', breakfast_price: 30 } })], total: 1 },
      }),
      [INFO]: () => ({
        code: 1,
        res: record({ id: 12, data: { customer_id: 7, meal_date: '2026-11-21', breakfast_price: 30 } }),
      }),
    })
    await show()
    click(screen.getByText('历史记录'))
    await settle()
    expect(callsTo(api, LIST)[0].data).toEqual({ name: '家属订餐登记表', customer_id: 7, page: 1, limit: 20 })
    click(screen.getByText('用餐日期：2026-11-21'))
    await settle()
    expect(callsTo(api, INFO)[0].data).toEqual({ id: 12 })
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
  })

  it("the history's 导出 Excel has the customer's records of the form saved as a spreadsheet", async () => {
    const saved = mockSaveAs()
    const api = serverWith({
      [LIST]: () => ({ code: 1, res: { list: [record({ data: { meal_date: '2026-11-21' } })], total: 1 } }),
      '/api/care/index/formRecordExport': () => ({
        code: 1,
        res: { url: '/api/sheet/tok-f', name: '家属订餐登记表-2026-11-22.xlsx' },
      }),
    })
    await show()
    click(screen.getByText('历史记录'))
    await settle()
    click(screen.getByText('导出 Excel'))
    await settle()
    expect(callsTo(api, '/api/care/index/formRecordExport')[0].data).toEqual({
      names: ['家属订餐登记表'],
      customer_id: 7,
    })
    expect(saved).toEqual([
      { href: `${window.location.origin}/api/sheet/tok-f`, name: '家属订餐登记表-2026-11-22.xlsx' },
    ])
  })

  it("each record in the history names its customer and, on a round per baby, the baby: twins' rounds tell apart", async () => {
    customerStore.select({
      ...customer,
      children: [
        { id: 70, name: '李大宝', sex: 'male', birth_date: '2026-11-10', birth_weight: 3100 },
        { id: 71, name: '李小宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 2900 },
      ],
    })
    const round = (id: number, baby_id: number, more: object = {}) =>
      record({
        id,
        name: '儿科医生查房签到表',
        data: { round_date: '2026-11-21', customer_id: 7, baby_id, temperature: 36.6, ...more },
      })
    const both = {
      ...round(23, 70, { temperature: 37.8, babies: [{ baby_id: 71, temperature: 38 }] }),
      flags: [
        { path: 'temperature', rule: 'babyTemperature', value: 37.8, bound: 37.5 },
        { path: 'babies.0.temperature', rule: 'babyTemperature', value: 38, bound: 37.5 },
      ],
    }
    const alone = {
      ...round(21, 70, { temperature: 37.8 }),
      flags: [{ path: 'temperature', rule: 'babyTemperature', value: 37.8, bound: 37.5 }],
    }
    // A round saved before rounds named their doctor lists all the same.
    const older = round(22, 71)
    alone.data.doctor_name = '林慧敏'
    serverWith({ [LIST]: () => ({ code: 1, res: { list: [alone, older, both], total: 3 } }) })
    await show(<FormPage definition={pediatricianRounds} />)
    click(screen.getByText('历史记录'))
    await settle()
    const rows = [...document.querySelectorAll('.form-records__row')].map((row) => row.textContent ?? '')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toContain('客户：李静（805）')
    expect(rows[0]).toContain('查房医生：林慧敏')
    expect(rows[1]).not.toContain('查房医生')
    expect(rows[0]).toContain('宝宝：李大宝')
    expect(rows[0]).not.toContain('李小宝')
    expect(rows[1]).toContain('宝宝：李小宝')
    // One round for both twins is one row naming both, each baby's marks under her name as the PDF prints them.
    expect(rows[2]).toContain('宝宝：李大宝、李小宝')
    const flags = [...document.querySelectorAll('.form-records__flag')].map((flag) => flag.textContent)
    expect(flags).toEqual([
      '体温偏高：37.8°C（正常上限 37.5°C）',
      '李大宝：体温偏高：37.8°C（正常上限 37.5°C）',
      '李小宝：体温偏高：38°C（正常上限 37.5°C）',
    ])
  })

  it('a form that cannot load its record offers a retry', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    let fail = true
    serverWith({
      [INFO]: () =>
        fail ? { code: -500, msg: '服务器内部错误' } : { code: 1, res: record({ data: { breakfast_price: 30 } }) },
    })
    await show()
    expect(screen.getByRole('alert').textContent).toContain('加载失败：服务器内部错误')
    expect(screen.getByText('保存').closest('.nut-button')?.className).toMatch(/disabled/)
    fail = false
    click(screen.getByText('重试'))
    await settle()
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
  })
})

describe('visit form: a visitor leaving', () => {
  it('records a departure with one tap on 离开, names the visitor and the time, and undoes it', async () => {
    const inside = record({
      id: 51,
      name: '访客出入登记表',
      customer_name: '王芳',
      room: '806',
      customer_id: 8,
      data: {
        visitor_name: '赵先生',
        phone: '13900000001',
        relation: 'husband',
        customer_id: 8,
        visitors: 1,
        temperature: 36.5,
        health: ['noFever'],
        time_in: '2026-11-22 09:30',
        visitor_signature: SIGNATURE,
      },
    })
    const left = record({
      id: 52,
      name: '访客出入登记表',
      data: { visitor_name: '钱女士', time_in: '2026-11-22 08:00', time_out: '2026-11-22 09:00' },
    })
    const api = serverWith({
      [LIST]: () => ({ code: 1, res: { list: [inside, left], total: 2 } }),
      [SAVE]: () => ({ code: 1, res: { id: 51 } }),
    })
    await show(<VisitPage />)
    click(screen.getByText('离开登记'))
    await settle()
    expect(callsTo(api, LIST)[0].data).toEqual({
      name: '访客出入登记表',
      date_from: '2026-11-22',
      date_to: '2026-11-22',
      page: 1,
      limit: 100,
    })
    expect(screen.getByText('赵先生 · 13900000001')).toBeTruthy()
    expect(screen.queryByText(/钱女士/)).toBeNull()

    click(screen.getByText('离开'))
    await settle()
    const [departure] = callsTo(api, SAVE)
    expect(departure.data).toEqual({
      name: '访客出入登记表',
      id: 51,
      customer_id: 8,
      data: { ...inside.data, time_out: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) },
      request_id: expect.any(String),
    })
    const time = (departure.data as { data: { time_out: string } }).data.time_out.slice(11)
    const said = `已登记 赵先生 离开，离开时间 ${time}`
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(`${said}撤销`)
    expect(screen.queryByText('赵先生 · 13900000001')).toBeNull()
    // The form is not switched to the visitor's mother: the new visit for 李静 stays open.
    expect(screen.getByText('客户：李静（805）')).toBeTruthy()
    expect(screen.getByText('新建')).toBeTruthy()
    expect(customerStore.customerInfo?.id).toBe(7)

    click(within(screen.getAllByRole('status')[0]).getByText('撤销'))
    await settle()
    expect(callsTo(api, SAVE)[1].data).toMatchObject({ id: 51, customer_id: 8, data: inside.data })
    expect((callsTo(api, SAVE)[1].data as { data: object }).data).not.toHaveProperty('time_out')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已撤销 赵先生 的离开登记' }))
    expect(screen.queryByText(said)).toBeNull()
    expect(screen.getByText('赵先生 · 13900000001')).toBeTruthy()
  })

  it('asks before leaving unsaved entries in words that say what happens to them', async () => {
    serverWith({})
    await show()
    typeInto(field(document.body, 'breakfast'), '2')
    await settle()
    const go = jest.fn()
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await act(() => leavePage(go))
    // 继续编辑: she stays on the form.
    expect(go).not.toHaveBeenCalled()
    expect(modal).toHaveBeenLastCalledWith(
      expect.objectContaining({
        content: '本表还没有保存。退出后，已填写的内容作为草稿留在本机，下次打开本表时恢复。',
        confirmText: '暂存退出',
        cancelText: '继续编辑',
      }),
    )
  })

  it("opens the file of the mother a visitor still inside came to see, from the visitor's row", async () => {
    const inside = record({
      id: 51,
      name: '访客出入登记表',
      customer_id: 8,
      data: { visitor_name: '赵先生', customer_id: 8, time_in: '2026-11-22 09:30' },
    })
    serverWith({ [LIST]: () => ({ code: 1, res: { list: [inside], total: 1 } }) })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show(<VisitPage />)
    click(screen.getByText('离开登记'))
    await settle()
    click(screen.getByText('客户档案'))
    expect(navigate).toHaveBeenLastCalledWith({ url: '/pagesCustomer/pages/file/index?id=8' })
  })
})

describe('values outside the centre’s ranges', () => {
  const flagOf = (path: string) => frame(path)?.querySelector('.form-field__flag')?.textContent ?? null

  it('marks a round’s value as it is typed, with the bound, and saves it all the same', async () => {
    const api = serverWith({ [SAVE]: () => ({ code: 1, res: { id: 31 } }) })
    const view = await show(<FormPage definition={pediatricianRounds} />)
    typeInto(field(view.container, 'temperature'), '38.2')
    expect(flagOf('temperature')).toBe('体温偏高：38.2°C（正常上限 37.5°C）')
    typeInto(field(view.container, 'temperature'), '36.4')
    expect(flagOf('temperature')).toBe('体温偏低：36.4°C（正常下限 36.5°C）')
    typeInto(field(view.container, 'temperature'), '37.5')
    expect(flagOf('temperature')).toBeNull()
    // A mark informs: it is no message and stops nothing.
    typeInto(field(view.container, 'temperature'), '38.2')
    blurField(field(view.container, 'temperature'))
    expect(messageOf('temperature')).toBeNull()
    expect(callsTo(api, SAVE)).toHaveLength(0)
  })

  it('asks why a feverish visitor is let in: the reason field appears, required, and the save waits for it', async () => {
    signedIn({ ...demoUser, visit_rules: { from: '10:00', to: '20:00', policy: 'reason' } })
    customerStore.select(customer)
    const api = serverWith({ [SAVE]: () => ({ code: 1, res: { id: 41 } }) })
    const view = await show(<FormPage definition={visit} />)
    expect(frame('flag_reason')).toBeNull()
    typeInto(field(view.container, 'temperature'), '37.6')
    expect(flagOf('temperature')).toBe('发热：37.6°C（≥37.3°C）')
    expect(frame('flag_reason').querySelector('.form-field__required')).toBeTruthy()
    click(saveButton())
    await settle()
    expect(messageOf('flag_reason')).toBe('体温或到访时间超出本店规定，请填写放行原因')
    expect(callsTo(api, SAVE)).toHaveLength(0)
    // Back to a normal temperature, nothing is asked.
    typeInto(field(view.container, 'temperature'), '36.6')
    expect(frame('flag_reason')).toBeNull()
  })

  it('where the centre refuses feverish visitors, says so on the temperature', async () => {
    signedIn({ ...demoUser, visit_rules: { from: '10:00', to: '20:00', policy: 'refuse' } })
    customerStore.select(customer)
    const view = await show(<FormPage definition={visit} />)
    typeInto(field(view.container, 'temperature'), '37.3')
    blurField(field(view.container, 'temperature'))
    expect(frame('flag_reason')).toBeNull()
    expect(messageOf('temperature')).toBe('体温 37.3°C，达到发热标准（≥37.3°C），本店不接待发热访客')
  })
})

describe('blur', () => {
  it('checks a field when it is left', async () => {
    serverWith({})
    const view = await show()
    typeInto(field(view.container, 'breakfast_price'), '-3')
    blurField(field(view.container, 'breakfast_price'))
    expect(messageOf('breakfast_price')).toBe('早餐单价不能为负数')
    // Refused as typed, not turned into -3.00 first.
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('-3')
  })

  it('reads full-width digits and marks as the number they are, and shows it so', async () => {
    serverWith({})
    const view = await show()
    typeInto(field(view.container, 'breakfast_price'), '２５．５')
    blurField(field(view.container, 'breakfast_price'))
    expect(messageOf('breakfast_price')).toBeNull()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('25.50')
  })
})

afterAll(() => {
  jest.restoreAllMocks()
})

describe('print / PDF of a saved record', () => {
  const PDF = '/api/care/index/formRecordPdf'
  const saved = () => ({
    code: 1,
    res: record({ data: { customer_id: 7, meal_date: '2026-11-21', breakfast_price: 30, dinner: 2 } }),
  })

  it('is offered on a saved record only, and opens the link the server answers', async () => {
    const tab = mockViewerTab()
    const api = serverWith({
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
      [INFO]: saved,
      [PDF]: () => ({ code: 1, res: { url: '/api/pdf/tok-1', name: '家属订餐登记表-12.pdf' } }),
    })
    const blank = await show()
    expect(screen.queryByText('打印 / 导出 PDF')).toBeNull()
    blank.unmount()

    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    await show()
    click(screen.getByText('打印 / 导出 PDF'))
    await settle()
    expect(callsTo(api, PDF)[0].data).toEqual({ id: 12 })
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-1`)
    expect(modal).not.toHaveBeenCalled()
  })

  it('a refusal (the record deleted meanwhile) is told, and what the form holds stays as it was', async () => {
    const tab = mockViewerTab()
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: { id: '12' } } } as never)
    serverWith({
      [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
      [INFO]: saved,
      [PDF]: () => ({ code: -1, msg: '记录不存在或已删除' }),
    })
    const view = await show()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('30.00')
    click(screen.getByText('打印 / 导出 PDF'))
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '文件未能打开：记录不存在或已删除' }))
    expect(tab.close).toHaveBeenCalled()
    expect(field(view.container, 'breakfast_price').getAttribute('value')).toBe('30.00')
    expect(screen.getByText('编辑记录 #12')).toBeTruthy()
  })
})
