import { act, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { Customer } from '@/api/types'
import Admission from '@/features/customers/components/Admission'
import CustomerEdit from '@/features/customers/components/CustomerEdit'
import Stay from '@/features/customers/components/Stay'
import Home from '@/pages/tabPages/index'
import { setLocale } from '@/i18n'
import { ADMISSION_PAGE, CUSTOMER_FILE_PAGE, STAY_PAGE } from '@/routes'
import { centreClock, customerStore, homeStore, sessionStore } from '@/stores'
import { callsTo, click, demoUser, field, mockApi, QUIET_DESK, settle, typeInto } from './support/helpers'
import { signedIn } from './support/signedIn'

// Home, the picker and a long form drawn in one test: more than the default on a busy machine.
jest.setTimeout(20_000)

const SUMMARY = '/api/care/account/index'
const CUSTOMERS = '/api/care/customer/index'
const INFO = '/api/care/customer/info'
const SAVE = '/api/care/customer/save'
const CHECKOUT = '/api/care/customer/checkout'
const CHECKIN = '/api/care/customer/checkin'
const UNDO = '/api/care/customer/undoCheckout'

const stay = {
  id: 3,
  kind: 'month' as const,
  check_in_date: '2026-11-20',
  planned_days: 28,
  leave_date: '2026-12-18',
  room: 'A305',
  package_id: null,
  package_name: null,
  status: 'in_house' as const,
  left_on: null,
  day: 3,
  overdue: false,
}

const customer: Customer = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: 'A305',
  delivery_date: '2026-11-10',
  children: [{ id: 70, name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 }],
  stay,
}

const late: Customer = {
  ...customer,
  id: 8,
  name: '王芳',
  room: 'A306',
  stay: { ...stay, room: 'A306', day: 30, overdue: true },
}

let navigateTo: jest.SpyInstance
let navigateBack: jest.SpyInstance
let modal: jest.SpyInstance

beforeEach(() => {
  signedIn()
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
  navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
})

describe('customer picker', () => {
  function homeApi() {
    return mockApi({
      ...QUIET_DESK,
      [SUMMARY]: () => ({ code: 1, res: { date: '2026-11-22', counts: {} } }),
      [CUSTOMERS]: ({ status, keyword }) => ({
        code: 1,
        res:
          keyword === '无此人' ? { list: [], total: 0 } : { list: status === 'left' ? [] : [customer, late], total: 2 },
      }),
    })
  }

  it('lists mothers in house with day N of M and the overdue mark; the filters send their status', async () => {
    const api = homeApi()
    render(<Home />)
    await settle()
    click(screen.getByText('选择客户'))
    await waitFor(() => expect(callsTo(api, CUSTOMERS)).toHaveLength(1))
    expect(callsTo(api, CUSTOMERS)[0].data).toMatchObject({ status: 'in_house' })
    expect(await screen.findByText('第 3/28 天')).toBeTruthy()
    expect(screen.getByText('第 30/28 天')).toBeTruthy()
    expect(screen.getAllByText('超期')).toHaveLength(1)

    click(screen.getByText('已离开'))
    await settle()
    expect(callsTo(api, CUSTOMERS).slice(-1)[0]?.data).toMatchObject({ status: 'left', page: 1 })
    expect(screen.getByText('没有找到客户')).toBeTruthy()
    expect(screen.getAllByText('新建客户')).toHaveLength(2)
    click(screen.getByText('全部'))
    await settle()
    expect(callsTo(api, CUSTOMERS).slice(-1)[0]?.data).toMatchObject({ status: 'all' })
  })

  it('lists the booked mothers under 待入住, each with her date, one past it flagged 逾期未入住', async () => {
    const booked = (id: number, name: string, date: string, isLate: boolean): Customer => ({
      ...customer,
      id,
      name,
      stay: { ...stay, status: 'arriving', check_in_date: date, day: null, late: isLate },
    })
    const api = mockApi({
      ...QUIET_DESK,
      [SUMMARY]: () => ({ code: 1, res: { date: '2026-11-22', counts: {} } }),
      [CUSTOMERS]: ({ status }) => ({
        code: 1,
        res:
          status === 'booked'
            ? { list: [booked(11, '赵敏', '2026-11-25', false), booked(12, '孙丽', '2026-11-21', true)], total: 2 }
            : { list: [customer], total: 1 },
      }),
    })
    render(<Home />)
    await settle()
    click(screen.getByText('选择客户'))
    await settle()
    click(screen.getByText('待入住'))
    await settle()
    expect(callsTo(api, CUSTOMERS).slice(-1)[0]?.data).toMatchObject({ status: 'booked', page: 1 })
    expect(screen.getByText('2026-11-25 入住')).toBeTruthy()
    expect(screen.getByText('2026-11-21 入住')).toBeTruthy()
    expect(screen.getAllByText('逾期未入住')).toHaveLength(1)
    // A booked mother is checked in from her row.
    expect(screen.getAllByText('办理入住')).toHaveLength(2)
  })

  it('shows her day on the home card once chosen, and none for one stored before stays were kept', async () => {
    homeApi()
    const { stay: _, ...stored } = customer
    customerStore.select(stored)
    const view = render(<Home />)
    await settle()
    expect(screen.getByText('李静')).toBeTruthy()
    expect(screen.queryByText(/^第 /)).toBeNull()
    view.unmount()

    customerStore.select(customer)
    render(<Home />)
    await settle()
    expect(screen.getByText('第 3/28 天')).toBeTruthy()
  })

  it('offers 新建客户 in the picker and when nothing is found, and opens the stay of a mother in house', async () => {
    homeApi()
    render(<Home />)
    await settle()
    click(screen.getByText('选择客户'))
    click(await screen.findByText('第 3/28 天'))
    // The row's own tap chooses her; its 退房 opens her stay instead.
    expect(customerStore.customerInfo?.id).toBe(7)
    click(screen.getByText('切换'))
    click((await screen.findAllByText('退房'))[0])
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${STAY_PAGE}?id=7` })
    expect(customerStore.customerInfo?.id).toBe(7)

    click(screen.getAllByText('新建客户')[0])
    expect(navigateTo).toHaveBeenLastCalledWith({ url: ADMISSION_PAGE })
  })

  it("opens a mother's file and her details (编辑) from her row without choosing her", async () => {
    homeApi()
    render(<Home />)
    await settle()
    click(screen.getByText('选择客户'))
    await screen.findByText('第 30/28 天')
    const row = screen.getByText('王芳').closest('.customer-picker__row') as HTMLElement
    click(within(row).getByText('客户档案'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${CUSTOMER_FILE_PAGE}?id=8` })
    click(within(row).getByText('编辑'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${ADMISSION_PAGE}?edit=8` })
    expect(customerStore.customerInfo).toBeNull()
  })

  it('opens again on the mothers in house with nothing typed, whatever it showed last', async () => {
    const api = homeApi()
    render(<Home />)
    await settle()
    click(screen.getByText('选择客户'))
    await screen.findByText('第 3/28 天')
    click(screen.getByText('已离开'))
    typeInto(field(document.body, 'keyword'), '无此人')
    await waitFor(() => expect(callsTo(api, CUSTOMERS).slice(-1)[0]?.data).toMatchObject({ keyword: '无此人' }))
    expect(screen.getByText('没有找到客户')).toBeTruthy()
    act(() => homeStore.setPicking(false))
    await settle()

    // The card's button (the closed picker keeps its title).
    click(screen.getAllByText('选择客户')[0])
    expect(await screen.findByText('第 3/28 天')).toBeTruthy()
    expect(callsTo(api, CUSTOMERS).slice(-1)[0]?.data).toMatchObject({
      status: 'in_house',
      page: 1,
      keyword: undefined,
    })
    expect(document.querySelector('.customer-picker__filter--on')?.textContent).toBe('在住')
    expect(field(document.body, 'keyword')).toHaveProperty('value', '')
  })

  it('speaks English', async () => {
    homeApi()
    setLocale('en')
    render(<Home />)
    await settle()
    click(screen.getByText('Choose'))
    expect(await screen.findByText('Day 3 of 28')).toBeTruthy()
    expect(screen.getByText('Overdue')).toBeTruthy()
    expect(screen.getByText('Arriving today')).toBeTruthy()
    expect(screen.getAllByText('New customer').length).toBeGreaterThan(0)
  })
})

describe('admission page', () => {
  const typed = {
    customer_name: '赵敏',
    phone: '13800000099',
    stay_kind: 'month',
    room: 'A307',
    check_in_date: '2026-11-22',
    days: 28,
    babies: [
      { name: '赵大宝', sex: 'male', birth_date: '2026-11-18' },
      { name: '赵二宝', sex: 'female', birth_date: '2026-11-18' },
    ],
  }
  const draftKey = `draft:${demoUser.id}:admission:0`
  const admitted: Customer = {
    id: 21,
    name: '赵敏',
    phone: '13800000099',
    room: 'A307',
    delivery_date: null,
    children: [],
    stay: { ...stay, id: 9, room: 'A307', day: 1 },
  }

  function server(save: () => { code: number; msg?: string; res?: unknown }) {
    return mockApi({
      [SAVE]: save,
      [INFO]: ({ id }) => ({ code: 1, res: id === 21 ? admitted : customer }),
      '/api/care/index/floorList': () => ({
        code: 1,
        res: [{ floor: 3, rooms: [{ room: 'A307', customer_id: null }] }],
      }),
      '/api/care/index/stayPackageList': () => ({ code: 1, res: [] }),
    })
  }

  function typedBefore() {
    Taro.setStorageSync(draftKey, { values: typed, request_id: 'req-1', record_id: null, saved_at: '' })
  }

  it('saves her through customer/save; she becomes the current customer and the person goes back', async () => {
    typedBefore()
    const api = server(() => ({ code: 1, res: { id: 21 } }))
    render(<Admission />)
    await settle()
    click(screen.getByText('保存'))
    await waitFor(() => expect(navigateBack).toHaveBeenCalled())
    expect(callsTo(api, SAVE)[0].data).toMatchObject({ ...typed, request_id: 'req-1' })
    expect(callsTo(api, INFO)[0].data).toEqual({ id: 21 })
    expect(customerStore.customerInfo).toMatchObject({ id: 21, name: '赵敏' })
    expect(Taro.getStorageSync('customerInfo')).toMatchObject({ id: 21, stay: { day: 1 } })
    expect(Taro.getStorageSync(draftKey)).toBeFalsy()
  })

  it('a duplicate phone names the mother who holds it, keeps what was typed, and offers her instead', async () => {
    typedBefore()
    const duplicate = { id: 7, name: '李静', phone: '13800000099', room: 'A305', field: 'phone' }
    const api = server(() => ({ code: -9, msg: '手机号已存在', res: { duplicate } }))
    render(<Admission />)
    await settle()
    click(screen.getByText('保存'))
    expect(await screen.findByText('手机号已属于 李静（A305 房）')).toBeTruthy()
    expect(navigateBack).not.toHaveBeenCalled()
    expect(Taro.getStorageSync(draftKey)).toMatchObject({ values: { customer_name: '赵敏' } })
    expect(customerStore.customerInfo).toBeNull()

    click(screen.getByText('选择 李静'))
    await waitFor(() => expect(navigateBack).toHaveBeenCalled())
    expect(callsTo(api, INFO)[0].data).toEqual({ id: 7 })
    expect(customerStore.customerInfo?.id).toBe(7)
  })
  it('a mother who left, named by the duplicate, is admitted again with what was typed, her babies kept', async () => {
    typedBefore()
    const duplicate = { id: 7, name: '李静', phone: '13800000099', room: 'A305', field: 'phone', left: true }
    let offered = false
    const api = server(() => {
      if (offered) return { code: 1, res: { id: 7 } }
      offered = true
      return { code: -9, msg: '手机号已存在', res: { duplicate } }
    })
    render(<Admission />)
    await settle()
    click(screen.getByText('保存'))
    expect(await screen.findByText('手机号已属于 李静（已离开）')).toBeTruthy()
    click(screen.getByText('为 李静 再次入住（保留已填写的内容）'))
    await waitFor(() => expect(navigateBack).toHaveBeenCalled())
    const again = callsTo(api, SAVE)[1].data as { id: number; room: string; babies: { name: string }[] }
    expect([again.id, again.room, again.babies.map((baby) => baby.name)]).toEqual([
      7,
      'A307',
      ['李宝', '赵大宝', '赵二宝'],
    ])
  })

  it('opened with ?readmit, fills in her details and her last stay, and saves them as hers', async () => {
    const api = server(() => ({ code: 1, res: { id: 7 } }))
    render(<Admission readmit={7} />)
    expect(await screen.findByText('再次入住：李静')).toBeTruthy()
    await settle()
    click(screen.getByText('保存'))
    await settle()
    // Her room is chosen anew: the save waits for it; what was typed is kept as her own draft.
    expect(callsTo(api, SAVE)).toHaveLength(0)
    expect(Taro.getStorageSync(draftKey)).toBeFalsy()
    expect(Taro.getStorageSync(`draft:${demoUser.id}:admission:7`)).toMatchObject({
      values: { customer_name: '李静', phone: '13800000007', stay_kind: 'month', days: 28, babies: [{ name: '李宝' }] },
    })
  })
})

describe('her details page (编辑)', () => {
  const details = {
    ...customer,
    delivery_mode: null,
    hospital: null,
    allergies: '青霉素过敏',
    diet_needs: null,
    remark: null,
  }

  it('shows her details and babies; a baby renamed and her allergies corrected are saved to her, her stay kept', async () => {
    customerStore.select(customer)
    const api = mockApi({
      [INFO]: () => ({ code: 1, res: details }),
      [SAVE]: () => ({ code: 1, res: { id: 7 } }),
    })
    const view = render(<CustomerEdit customerId={7} />)
    await settle()
    expect((field(view.container, 'customer_name') as HTMLInputElement).value).toBe('李静')
    typeInto(field(view.container, 'babies.0.name'), '李小宝')
    await settle()
    click(screen.getByText('保存'))
    await waitFor(() => expect(navigateBack).toHaveBeenCalled())
    const sent = callsTo(api, SAVE)[0].data as Record<string, unknown>
    expect(sent).toMatchObject({
      id: 7,
      customer_name: '李静',
      phone: '13800000007',
      allergies: '青霉素过敏',
      babies: [{ name: '李小宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 }],
    })
    // Her ID number is never shown, so it is kept; her stay is not the form's.
    for (const key of ['id_card', 'room', 'stay_kind', 'check_in_date', 'days']) expect(sent).not.toHaveProperty(key)
    // She is the current customer: read afresh.
    expect(callsTo(api, INFO)).toHaveLength(2)
  })
})

describe('stay page', () => {
  it('checks her out after a confirmation naming her and the room, then shows her as left', async () => {
    let left = false
    const api = mockApi({
      [INFO]: () => ({
        code: 1,
        res: left ? { ...customer, stay: { ...stay, status: 'left', left_on: '2026-11-22', day: null } } : customer,
      }),
      [CHECKOUT]: () => {
        left = true
        return { code: 1, res: null }
      },
      [CUSTOMERS]: () => ({ code: 1, res: { list: [], total: 0 } }),
    })
    customerStore.select(customer)
    render(<Stay id={7} />)
    expect(await screen.findByText('第 3/28 天')).toBeTruthy()
    click(screen.getByText('退房'))
    await waitFor(() => expect(callsTo(api, CHECKOUT)).toHaveLength(1))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '为 李静 办理退房？A305 房将空出。' }))
    expect(callsTo(api, CHECKOUT)[0].data).toEqual({ customer_id: 7 })
    expect(await screen.findByText('已离开')).toBeTruthy()
    expect(screen.queryByText('退房')).toBeNull()
    expect(customerStore.customerInfo?.stay?.status).toBe('left')
  })

  it('asks an early arrival about her leave date and checks her in with the answer', async () => {
    const booked = {
      ...customer,
      stay: { ...stay, status: 'arriving' as const, check_in_date: '2099-01-10', day: null },
    }
    const api = mockApi({
      [INFO]: () => ({ code: 1, res: booked }),
      [CHECKIN]: () => ({ code: 1, res: null }),
      [CUSTOMERS]: () => ({ code: 1, res: { list: [], total: 0 } }),
    })
    const sheet = jest
      .spyOn(Taro, 'showActionSheet')
      .mockResolvedValue({ tapIndex: 1, errMsg: 'showActionSheet:ok' } as never)
    render(<Stay id={7} />)
    click(await screen.findByText('办理入住'))
    await waitFor(() => expect(callsTo(api, CHECKIN)).toHaveLength(1))
    expect(sheet.mock.calls[0][0]).toMatchObject({
      itemList: ['保留离所日期（2026-12-18）', expect.stringMatching(/^顺延离所日期（\d{4}-\d{2}-\d{2}）$/)],
    })
    expect(callsTo(api, CHECKIN)[0].data).toEqual({ customer_id: 7, leave: 'move' })
    expect(modal).not.toHaveBeenCalled()
  })

  it('undoes a check-out of today after a confirmation, and offers 再次入住 to a mother who left', async () => {
    let undone = false
    const gone = { ...customer, stay: { ...stay, status: 'left' as const, left_on: centreClock.today(), day: null } }
    const api = mockApi({
      [INFO]: () => ({ code: 1, res: undone ? customer : gone }),
      [UNDO]: () => {
        undone = true
        return { code: 1, res: null }
      },
      [CUSTOMERS]: () => ({ code: 1, res: { list: [], total: 0 } }),
    })
    render(<Stay id={7} />)
    click(await screen.findByText('再次入住'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${ADMISSION_PAGE}?readmit=7` })
    click(screen.getByText('撤销退房'))
    await waitFor(() => expect(callsTo(api, UNDO)).toHaveLength(1))
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '撤销 李静 今天的退房？她将回到 A305 房在住。' }),
    )
    expect(await screen.findByText('第 3/28 天')).toBeTruthy()
    expect(screen.queryByText('撤销退房')).toBeNull()
  })

  it('does nothing when the person cancels', async () => {
    const api = mockApi({ [INFO]: () => ({ code: 1, res: customer }) })
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    render(<Stay id={7} />)
    click(await screen.findByText('退房'))
    await settle()
    expect(callsTo(api, CHECKOUT)).toHaveLength(0)
    expect(sessionStore.isLoggedIn).toBe(true)
  })
})
