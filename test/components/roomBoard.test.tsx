import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Admission from '@/features/customers/components/Admission'
import RoomBoard from '@/features/desk/components/RoomBoard'
import { setLocale } from '@/i18n'
import { ADMISSION_PAGE, CUSTOMER_FILE_PAGE, STAY_PAGE } from '@/routes'
import { centreClock } from '@/stores'
import { callsTo, click, demoUser, mockApi, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

const BOARD = '/api/care/room/board'

const occupant = (customer_id: number, name: string, more: object = {}) => ({
  customer_id,
  name,
  check_in_date: '2026-11-20',
  leave_date: '2026-12-18',
  planned_days: 28,
  day: 3,
  leaving_today: false,
  overdue: false,
  ...more,
})

function board() {
  const today = centreClock.today()
  return {
    floors: [
      {
        floor: 8,
        rooms: [
          { room: '801', state: 'in_use', occupant: occupant(7, '李静') },
          { room: '802', state: 'in_use', occupant: occupant(8, '王芳', { day: 28, leaving_today: true }) },
          { room: '803', state: 'in_use', occupant: occupant(9, '陈洁', { day: 31, overdue: true }) },
        ],
      },
      {
        floor: 9,
        rooms: [
          { room: '901', state: 'arriving', occupant: occupant(10, '赵敏', { check_in_date: today, day: null }) },
          { room: '902', state: 'free', occupant: null },
          { room: '903', state: 'out_of_service', occupant: null },
        ],
      },
    ],
    counts: { in_use: 3, arriving: 1, free: 1, out_of_service: 1 },
  }
}

let navigateTo: jest.SpyInstance
let showToast: jest.SpyInstance

beforeEach(() => {
  signedIn()
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
  showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})

describe('room board', () => {
  it('draws floors and rooms whose words say their state, and a legend with counts', async () => {
    const api = mockApi({ [BOARD]: () => ({ code: 1, res: board() }) })
    render(<RoomBoard />)
    expect(await screen.findByText('8 楼')).toBeTruthy()
    expect(callsTo(api, BOARD)[0].data).toEqual({})
    expect(screen.getByText('9 楼')).toBeTruthy()
    for (const legend of ['在住 3', '待入住 1', '空房 1', '停用 1']) expect(screen.getByText(legend)).toBeTruthy()
    expect(screen.getByText('李静 · 第 3/28 天')).toBeTruthy()
    expect(screen.getByText('王芳 · 第 28/28 天 · 今日退房')).toBeTruthy()
    expect(screen.getByText('陈洁 · 第 31/28 天 · 超期')).toBeTruthy()
    expect(screen.getByText('赵敏 · 今日入住')).toBeTruthy()
    expect(screen.getByText('空房 · 点击入住')).toBeTruthy()
    expect(screen.getByText('停用')).toBeTruthy()
    expect(screen.getByText('903').parentElement!.className).toContain('room-board__tile--out_of_service')
    // The overdue room stands out from the rooms in use; the one leaving today does not.
    expect(screen.getByText('803').parentElement!.className).toContain('room-board__tile--overdue')
    expect(screen.getByText('802').parentElement!.className).not.toContain('room-board__tile--overdue')
  })

  it('a board that fails to load says why and loads again on 重试', async () => {
    let fail = true
    mockApi({ [BOARD]: () => (fail ? { code: -500, msg: '服务器内部错误' } : { code: 1, res: board() }) })
    render(<RoomBoard />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('服务器内部错误'))
    fail = false
    click(screen.getByText('重试'))
    expect(await screen.findByText('8 楼')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('opens her file, her stay, an admission into the free room; an out-of-service room only says so', async () => {
    mockApi({ [BOARD]: () => ({ code: 1, res: board() }) })
    render(<RoomBoard />)
    click(await screen.findByText('801'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${CUSTOMER_FILE_PAGE}?id=7` })
    click(screen.getByText('901'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${STAY_PAGE}?id=10` })
    click(screen.getByText('902'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${ADMISSION_PAGE}?room=902` })
    click(screen.getByText('903'))
    expect(navigateTo).toHaveBeenCalledTimes(3)
    expect(showToast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '903 房已停用，不能入住' }))
  })

  it('speaks English', async () => {
    mockApi({ [BOARD]: () => ({ code: 1, res: board() }) })
    setLocale('en')
    render(<RoomBoard />)
    expect(await screen.findByText('Floor 8')).toBeTruthy()
    expect(screen.getByText('In use 3')).toBeTruthy()
    expect(screen.getByText('王芳 · Day 28 of 28 · Leaves today')).toBeTruthy()
    expect(screen.getByText('Free · tap to admit')).toBeTruthy()
  })

  it('says what went wrong when the board cannot be read', async () => {
    mockApi({ [BOARD]: () => ({ code: -1, msg: '网络不佳', res: null }) })
    render(<RoomBoard />)
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByText('网络不佳')).toBeTruthy()
  })
})

describe('admission into a room of the board', () => {
  it('saves her into the room the board was tapped on', async () => {
    const typed = {
      customer_name: '赵敏',
      phone: '13800000099',
      stay_kind: 'month',
      check_in_date: '2026-11-22',
      days: 28,
      babies: [{ name: '赵宝', sex: 'male', birth_date: '2026-11-18' }],
    }
    Taro.setStorageSync(`draft:${demoUser.id}:admission:0`, {
      values: typed,
      request_id: 'req-1',
      record_id: null,
      saved_at: '',
    })
    jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const api = mockApi({
      '/api/care/customer/save': () => ({ code: 1, res: { id: 21 } }),
      '/api/care/customer/info': () => ({
        code: 1,
        res: { id: 21, name: '赵敏', phone: '13800000099', room: '902', delivery_date: null, children: [], stay: null },
      }),
      '/api/care/index/floorList': () => ({
        code: 1,
        res: [{ floor: 9, rooms: [{ room: '902', customer_id: null }] }],
      }),
      '/api/care/index/stayPackageList': () => ({ code: 1, res: [] }),
    })
    render(<Admission room="902" />)
    await settle()
    click(screen.getByText('保存'))
    await waitFor(() => expect(callsTo(api, '/api/care/customer/save')).toHaveLength(1))
    expect(callsTo(api, '/api/care/customer/save')[0].data).toMatchObject({ ...typed, room: '902' })
  })
})
