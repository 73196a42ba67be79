import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { CustomerDetails } from '@/api/types'
import { setLocale } from '@/i18n'
import MonthNotice from '@/pagesHome/pages/form/checkInNotice/yz/form'
import SmallNotice from '@/pagesHome/pages/form/checkInNotice/yzSmall/form'
import { customerStore } from '@/stores'
import { callsTo, click, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

// A notice's save is several calls and a redraw of a long form: more than the default on a busy machine.
jest.setTimeout(20_000)

const SAVE = '/api/care/index/saveForm'
const RECORD = '/api/care/index/getFormRecordInfo'
const LIST = '/api/care/index/getFormRecord'
const INFO = '/api/care/customer/info'
const CUSTOMER_SAVE = '/api/care/customer/save'

const her: CustomerDetails = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: '805',
  delivery_date: '2026-11-10',
  children: [{ id: 70, name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_time: null, birth_weight: 3200 }],
  stay: {
    id: 5,
    kind: 'month',
    check_in_date: '2026-11-20',
    planned_days: 28,
    leave_date: '2026-12-18',
    room: '805',
    package_id: null,
    package_name: null,
    status: 'in_house',
    left_on: null,
    day: 3,
    overdue: false,
  },
  delivery_mode: 'vaginal',
  hospital: '市妇幼',
  allergies: '青霉素过敏',
  diet_needs: null,
  remark: null,
}

/** A month notice as typed (its departments chosen, the room picked). */
const typed = (who: { customer_name: string; phone: string }, extra: Record<string, unknown> = {}) => ({
  ...who,
  delivery_date: '2026-11-18',
  babies: [{ sex: 'male', birth_weight: 3000 }],
  package_id: 2,
  room: '906',
  check_in_date: '2026-11-22',
  days: 28,
  allergies: '芒果过敏',
  departments: [3],
  ...extra,
})

/** Her notice as her file has her: nothing of her file changed. */
const asSheIs = { allergies: '青霉素过敏', babies: [{ sex: 'female', birth_weight: 3200 }] }

const newcomer: CustomerDetails = {
  ...her,
  id: 9,
  name: '周新',
  phone: '13900000009',
  room: '906',
  stay: { ...her.stay!, id: 6, room: '906', check_in_date: '2026-11-22', day: 1 },
}

/** What the notice would have been typed into: the draft the page restores. */
function leaveDraft(customerId: number, values: Record<string, unknown>) {
  Taro.setStorageSync(`draft:1:月子入住通知单:${customerId}`, {
    values,
    request_id: 'req-1',
    record_id: null,
    saved_at: '2026-11-22T01:00:00.000Z',
  })
}

const server = (routes: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    [LIST]: () => ({ code: 1, res: { list: [], total: 0 } }),
    '/api/care/index/floorList': () => ({ code: 1, res: [{ floor: 9, rooms: [{ room: '906', customer_id: null }] }] }),
    '/api/care/index/departmentList': () => ({ code: 1, res: [{ id: 3, name: '护理部' }] }),
    '/api/care/index/stayPackageList': () => ({
      code: 1,
      res: [
        { id: 2, name: '尊享 28 天套餐', days: 28, price: 38800, includes: '', retired: false },
        { id: 3, name: '小月子 14 天套餐', days: 14, price: 12800, includes: '', retired: false },
      ],
    }),
    [SAVE]: () => ({ code: 1, res: { id: 40 } }),
    [RECORD]: () => ({ code: 1, res: { id: 40, name: '月子入住通知单', customer_id: 9, data: {} } }),
    [INFO]: ({ id }) => ({ code: 1, res: id === 9 ? newcomer : her }),
    [CUSTOMER_SAVE]: () => ({ code: 1, res: { id: 7 } }),
    ...routes,
  })

async function show(ui = <MonthNotice />) {
  const view = render(ui)
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
  return view
}

const save = async () => {
  click(screen.getByText(/^(保存|Save)$/))
  await settle()
  await settle()
}

let modal: jest.SpyInstance

beforeEach(() => {
  signedIn()
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' } as never)
})

afterEach(() => setLocale('zh-CN'))

describe('a check-in notice for a new arrival', () => {
  it('opens for a new arrival when no mother is chosen, and admits her with the record: she becomes the customer', async () => {
    customerStore.clear()
    leaveDraft(0, typed({ customer_name: '周新', phone: '13900000009' }, { id_card: '11010519491231002X' }))
    const api = server()
    await show()
    expect(screen.getByText('本单客户：新入住')).toBeTruthy()
    expect(screen.queryByText('选择客户')).toBeNull()
    await save()
    const [sent] = callsTo(api, SAVE).map((call) => call.data as Record<string, unknown>)
    expect(sent.customer_id).toBeUndefined()
    expect(sent.id).toBeUndefined()
    expect(sent.admission).toEqual({
      customer_name: '周新',
      phone: '13900000009',
      id_card: '11010519491231002X',
      delivery_date: '2026-11-18',
      allergies: '芒果过敏',
      babies: [{ name: '周新的宝宝', sex: 'male', birth_date: '2026-11-18', birth_weight: 3000 }],
      stay_kind: 'month',
      room: '906',
      check_in_date: '2026-11-22',
      days: 28,
      package_id: 2,
    })
    expect(customerStore.customerInfo).toMatchObject({ id: 9, name: '周新' })
    expect(Taro.getStorageSync('customerInfo')).toMatchObject({ id: 9, name: '周新' })
    expect(screen.getByText('本单客户：周新')).toBeTruthy()
    expect(screen.getByText('第 1 天 / 共 28 天')).toBeTruthy()
  })

  it('a 小月子 notice of a new arrival books a small stay, her diet taboos as her diet', async () => {
    customerStore.clear()
    Taro.setStorageSync('draft:1:小月子入住通知单:0', {
      values: {
        customer_name: '周新',
        phone: '13900000009',
        procedure_date: '2026-11-15',
        room: '906',
        check_in_date: '2026-11-22',
        days: 14,
        package_id: 3,
        diet_taboos: '忌生冷',
        departments: [3],
      },
      request_id: 'req-2',
      record_id: null,
      saved_at: '2026-11-22T01:00:00.000Z',
    })
    const api = server()
    await show(<SmallNotice />)
    await save()
    expect((callsTo(api, SAVE)[0].data as { admission: unknown }).admission).toEqual({
      customer_name: '周新',
      phone: '13900000009',
      diet_needs: '忌生冷',
      stay_kind: 'small',
      room: '906',
      check_in_date: '2026-11-22',
      days: 14,
      package_id: 3,
    })
  })

  it("a new arrival's babies need her delivery date (they are born on it): nothing is sent without", async () => {
    customerStore.clear()
    leaveDraft(0, typed({ customer_name: '周新', phone: '13900000009' }, { delivery_date: undefined }))
    const api = server()
    await show()
    await save()
    expect(callsTo(api, SAVE)).toHaveLength(0)
    expect(document.querySelector('#form-field-delivery_date [role="alert"]')?.textContent).toBeTruthy()
  })
  it('a phone of a mother already here offers her: the notice becomes hers, the rest typed kept, and saves for her', async () => {
    customerStore.clear()
    leaveDraft(0, typed({ customer_name: '李晶', phone: '13800000007' }))
    const refused = {
      code: -9,
      msg: '手机号已属于客户 李静',
      res: { duplicate: { id: 7, name: '李静', phone: '13800000007', room: '805', field: 'phone' } },
    }
    let saves = 0
    const api = server({ [SAVE]: () => (++saves === 1 ? refused : { code: 1, res: { id: 41 } }) })
    await show()
    await save()
    expect(screen.getByText('手机号已属于 李静（805 房）')).toBeTruthy()
    click(screen.getByText('此单填为 李静 的'))
    await settle()
    expect(screen.getByText('本单客户：李静')).toBeTruthy()
    expect(customerStore.customerInfo).toMatchObject({ id: 7 })
    await save()
    // Her allergies and baby differ from her file: the notice alone is saved.
    click(screen.getByText('只保存此单'))
    await settle()
    await settle()
    const [, second] = callsTo(api, SAVE).map((call) => call.data as Record<string, unknown>)
    expect(second.customer_id).toBe(7)
    expect(second.admission).toBeUndefined()
    expect(second.customer_update).toBeUndefined()
    expect(second.data).toMatchObject({
      customer_name: '李静',
      phone: '13800000007',
      room: '906',
      allergies: '芒果过敏',
    })
    expect(screen.queryByText('姓名或电话已改动')).toBeNull()
  })
})

describe('a check-in notice for a chosen mother', () => {
  beforeEach(() => customerStore.select(her))

  it('names her, her room and the day of her stay; her own notice is saved without a question', async () => {
    leaveDraft(7, typed({ customer_name: '李静', phone: '13800000007' }, asSheIs))
    const api = server()
    await show()
    expect(screen.getByText('本单客户：李静')).toBeTruthy()
    expect(screen.getByText('805 房')).toBeTruthy()
    expect(screen.getByText('第 3 天 / 共 28 天')).toBeTruthy()
    await save()
    expect(screen.queryByText('姓名或电话已改动')).toBeNull()
    expect(callsTo(api, SAVE)[0].data).toMatchObject({ customer_id: 7, data: { customer_name: '李静' } })
    expect(callsTo(api, SAVE)[0].data).not.toHaveProperty('admission')
    expect(callsTo(api, SAVE)[0].data).not.toHaveProperty('customer_update')
  })

  it('a notice changing her allergies and babies asks once; 更新她的档案 saves her file with it', async () => {
    leaveDraft(7, typed({ customer_name: '李静', phone: '13800000007' }, { allergies: '青霉素、头孢过敏' }))
    const api = server()
    await show()
    await save()
    expect(screen.getByText('此单的过敏史、饮食或宝宝与「李静」的档案不同。要一并更新她的档案吗？')).toBeTruthy()
    click(screen.getByText('更新她的档案'))
    await settle()
    await settle()
    expect(callsTo(api, SAVE)).toHaveLength(1)
    expect(callsTo(api, CUSTOMER_SAVE)).toHaveLength(0)
    expect(callsTo(api, SAVE)[0].data).toMatchObject({
      customer_id: 7,
      data: { allergies: '青霉素、头孢过敏' },
      customer_update: {
        customer_name: '李静',
        phone: '13800000007',
        delivery_date: '2026-11-10',
        delivery_mode: 'vaginal',
        hospital: '市妇幼',
        allergies: '青霉素、头孢过敏',
        babies: [{ name: '李宝', sex: 'male', birth_date: '2026-11-10', birth_weight: 3000 }],
      },
    })
  })

  it('只保存此单 saves the notice alone; 取消 sends nothing and keeps what is typed', async () => {
    const twins = { ...asSheIs, babies: [...asSheIs.babies, { sex: 'male' }] }
    leaveDraft(7, typed({ customer_name: '李静', phone: '13800000007' }, twins))
    const api = server()
    await show()
    await save()
    click(screen.getByText('取消'))
    await settle()
    expect(callsTo(api, SAVE)).toHaveLength(0)
    await save()
    click(screen.getByText('只保存此单'))
    await settle()
    await settle()
    expect(callsTo(api, SAVE)).toHaveLength(1)
    expect(callsTo(api, SAVE)[0].data).not.toHaveProperty('customer_update')
  })

  it('a changed name asks; 取消 sends nothing and keeps what is typed', async () => {
    leaveDraft(7, typed({ customer_name: '周新', phone: '13800000007' }))
    const api = server()
    await show()
    await save()
    expect(screen.getByText('此单原为「李静」所填。要更正她的资料，还是为新客户办理入住？')).toBeTruthy()
    click(screen.getByText('取消'))
    await settle()
    expect(callsTo(api, SAVE)).toHaveLength(0)
    expect(callsTo(api, CUSTOMER_SAVE)).toHaveLength(0)
    expect(Taro.getStorageSync('draft:1:月子入住通知单:7').values.customer_name).toBe('周新')
  })

  it('更正她的资料 corrects her details as she is, then files the notice under her', async () => {
    leaveDraft(7, typed({ customer_name: '李静', phone: '13800000070' }, asSheIs))
    const api = server()
    await show()
    await save()
    click(screen.getByText('更正她的资料'))
    await settle()
    await settle()
    expect(callsTo(api, CUSTOMER_SAVE)[0].data).toEqual({
      id: 7,
      customer_name: '李静',
      phone: '13800000070',
      delivery_date: '2026-11-10',
      delivery_mode: 'vaginal',
      hospital: '市妇幼',
      allergies: '青霉素过敏',
      babies: [{ name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 }],
    })
    expect(callsTo(api, SAVE)[0].data).toMatchObject({ customer_id: 7, data: { phone: '13800000070' } })
    expect(callsTo(api, SAVE)[0].data).not.toHaveProperty('admission')
  })

  it('新客户入住 admits someone new with this notice, not filed under her', async () => {
    leaveDraft(7, typed({ customer_name: '周新', phone: '13900000009' }))
    const api = server()
    await show()
    await save()
    click(screen.getByText('新客户入住'))
    await settle()
    await settle()
    const sent = callsTo(api, SAVE)[0].data as Record<string, unknown>
    expect(sent.customer_id).toBeUndefined()
    expect(sent.admission).toMatchObject({ customer_name: '周新', phone: '13900000009', room: '906' })
    expect(callsTo(api, CUSTOMER_SAVE)).toHaveLength(0)
    expect(customerStore.customerInfo?.id).toBe(9)
  })

  it("the server's refusal of a notice naming another mother is shown, and everything typed is kept", async () => {
    leaveDraft(7, typed({ customer_name: '李静', phone: '13800000007' }, asSheIs))
    server({
      [SAVE]: () => ({
        code: -1,
        msg: '此单写的是「周新 139」，不是所选客户「李静」：请改正她的资料，或新建客户',
        res: { field: 'customer_name', customer_id: 7 },
      }),
    })
    await show()
    await save()
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ content: expect.stringContaining('不是所选客户「李静」') }),
    )
    expect(Taro.getStorageSync('draft:1:月子入住通知单:7').values).toMatchObject({ allergies: '青霉素过敏' })
  })

  it('asks in English too, and offers a new arrival from her notice', async () => {
    setLocale('en')
    leaveDraft(7, typed({ customer_name: 'Zhou Xin', phone: '13800000007' }))
    server()
    await show()
    expect(screen.getByText('For: 李静')).toBeTruthy()
    expect(screen.getByText('Day 3 of 28')).toBeTruthy()
    await save()
    expect(screen.getByText('This notice was for 李静. Correct her details, or admit someone new?')).toBeTruthy()
    click(screen.getByText('Cancel'))
    await settle()
    click(screen.getByText('New arrival'))
    await settle()
    expect(screen.getByText('For: a new arrival')).toBeTruthy()
    expect(screen.getByText('Choose a customer')).toBeTruthy()
  })
})
