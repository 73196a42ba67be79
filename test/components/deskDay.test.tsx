import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { DeskDayList } from '@/features/desk'
import { customerStore } from '@/stores'
import { callsTo, click, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const DESK = '/api/care/desk/today'
const INFO = '/api/care/customer/info'

const day = {
  date: '2026-11-22',
  arrivals: 1,
  departures: 0,
  booked: 0,
  visitors_inside: 1,
  longest_inside_minutes: 40,
  no_round: 1,
  waiting: { outApplyGeneral: 2, outApplyGift: 0, specialCare: 0, inbound: 1 },
}
const customer = {
  customer_id: 7,
  name: '李静',
  room: 'A305',
  check_in_date: '2026-11-10',
  leave_date: '2026-12-08',
  status: 'in_house',
  late: false,
  overdue: false,
}
const details = {
  id: 7,
  name: '李静',
  phone: '13800000007',
  room: 'A305',
  delivery_date: '2026-11-08',
  children: [],
}

beforeEach(() => {
  signedIn()
})

function deskApi() {
  return mockApi({
    [DESK]: ({ list }) => ({
      code: 1,
      res: {
        ...day,
        ...(list === 'visitors'
          ? {
              visits: [
                {
                  id: 31,
                  visitor_name: '王先生',
                  customer_id: 7,
                  customer_name: '李静',
                  room: 'A305',
                  time_in: '2026-11-22 09:20',
                },
              ],
            }
          : list
            ? { customers: [customer] }
            : {}),
      },
    }),
    [INFO]: () => ({ code: 1, res: details }),
  })
}

describe('the lists behind the desk day', () => {
  it('lists the mothers with no round, and a round for one opens her round form', async () => {
    const api = deskApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<DeskDayList list="noRound" />)
    await settle()
    expect(callsTo(api, DESK)[0].data).toEqual({ list: 'noRound' })
    expect(screen.getByText('今天还没有查房记录的在住妈妈')).toBeTruthy()
    expect(screen.getByText('A305 李静')).toBeTruthy()
    click(screen.getByText('产科查房'))
    await waitFor(() => expect(customerStore.customerInfo?.id).toBe(7))
    await waitFor(() =>
      expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/Obstetricianrounds/form' }),
    )
    expect(navigateTo).toHaveBeenCalledTimes(1)
    click(screen.getByText('A305 李静'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesCustomer/pages/file/index?id=7' })
  })

  it('lists the visitors inside, each opening their visit', async () => {
    deskApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<DeskDayList list="visitors" />)
    await settle()
    expect(screen.getByText('探访 李静（A305）')).toBeTruthy()
    expect(screen.getByText('09:20 进入')).toBeTruthy()
    click(screen.getByText('王先生'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/visit/form?id=31' })
  })

  it('lists the order lists with orders waiting, each opening its pending orders', async () => {
    const api = deskApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<DeskDayList list="orders" />)
    await settle()
    expect(callsTo(api, DESK)[0].data).toEqual({})
    expect(screen.getByText('出库单列表')).toBeTruthy()
    expect(screen.getByText('待审批 2')).toBeTruthy()
    expect(screen.getByText('入库单列表')).toBeTruthy()
    expect(screen.queryByText('大礼包出库单列表')).toBeNull()
    click(screen.getByText('入库单列表'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesHome/pages/form/inbound/index?status=pending' })
  })

  it('flags a late arrival and an overdue departure; lists the booked mothers with their dates', async () => {
    const rows = {
      arrivals: [{ ...customer, status: 'arriving', check_in_date: '2026-11-21', late: true }],
      departures: [{ ...customer, customer_id: 8, name: '陈洁', leave_date: '2026-11-20', overdue: true }],
      booked: [{ ...customer, customer_id: 9, name: '赵敏', status: 'arriving', check_in_date: '2026-11-25' }],
      noRound: [{ ...customer, overdue: true }],
    }
    const api = mockApi({
      [DESK]: ({ list }) => ({ code: 1, res: { ...day, booked: 1, customers: rows[list as keyof typeof rows] } }),
    })
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const arrivals = render(<DeskDayList list="arrivals" />)
    await settle()
    expect(screen.getByText('逾期未入住')).toBeTruthy()
    arrivals.unmount()
    const departures = render(<DeskDayList list="departures" />)
    await settle()
    expect(screen.getByText('今日退房（在住、计划今天或之前离店）')).toBeTruthy()
    expect(screen.getByText('超期')).toBeTruthy()
    departures.unmount()
    const booked = render(<DeskDayList list="booked" />)
    await settle()
    expect(callsTo(api, DESK).slice(-1)[0].data).toEqual({ list: 'booked' })
    expect(screen.getByText('待入住（预订了以后的日子）')).toBeTruthy()
    expect(screen.getByText('2026-11-25 入住 · 2026-12-08 离店')).toBeTruthy()
    expect(screen.queryByText('逾期未入住')).toBeNull()
    click(screen.getByText('A305 赵敏'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesCustomer/pages/stay/index?id=9' })
    booked.unmount()
    // Without a round today, an overdue mother keeps her round buttons.
    render(<DeskDayList list="noRound" />)
    await settle()
    expect(screen.getByText('产科查房')).toBeTruthy()
  })

  it('opens an arriving mother on her stay, to check her in', async () => {
    deskApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<DeskDayList list="arrivals" />)
    await settle()
    click(screen.getByText('A305 李静'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesCustomer/pages/stay/index?id=7' })
  })
})
