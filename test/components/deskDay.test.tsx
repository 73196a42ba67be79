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
  visitors_inside: 1,
  longest_inside_minutes: 40,
  no_round: 1,
  waiting: { outApplyGeneral: 2, outApplyGift: 0, specialCare: 0, inbound: 1 },
}
const mother = {
  customer_id: 7,
  name: '李静',
  room: 'A305',
  check_in_date: '2026-11-10',
  leave_date: '2026-12-08',
  status: 'in_house',
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
            ? { mothers: [mother] }
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

  it('opens an arriving mother on her stay, to check her in', async () => {
    deskApi()
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<DeskDayList list="arrivals" />)
    await settle()
    click(screen.getByText('A305 李静'))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pagesCustomer/pages/stay/index?id=7' })
  })
})
