import { act, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import MasterEdit from '@/features/admin/components/MasterEdit'
import MasterList from '@/features/admin/components/MasterList'
import AdminHome from '@/features/admin/components/AdminHome'
import { setLocale } from '@/i18n'
import { MASTER_LIST_PAGE } from '@/routes'
import { callsTo, click, demoUser, field, mockApi, settle, typeInto } from './support/helpers'
import { signedIn } from './support/signedIn'

const DEPARTMENTS = '/api/admin/departments'
const room = { id: 3, name: '808', detail: '8 楼 · 套房', retired: false, in_service: false }
const kitchen = { id: 5, name: '厨房', detail: '', retired: false, in_service: true }

let modal: jest.SpyInstance
beforeEach(() => {
  signedIn({ ...demoUser, can_administer: true })
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => {})
  jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' } as never)
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
})

const wait = async () => {
  await settle()
  await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
  await settle()
}

describe('a list of the centre', () => {
  it('is entered from the administration home, one entry per list', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    render(<AdminHome />)
    click(screen.getByText('房间与楼层'))
    click(screen.getByText('礼包'))
    click(screen.getByText('套餐'))
    expect(navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
      `${MASTER_LIST_PAGE}?kind=rooms`,
      `${MASTER_LIST_PAGE}?kind=packages`,
      `${MASTER_LIST_PAGE}?kind=stayPackages`,
    ])
  })

  it('lists the entries in use with what tells them apart, searches them and shows the retired ones', async () => {
    const api = mockApi({
      '/api/admin/rooms/list': ({ retired }) => ({
        code: 1,
        res: retired
          ? { list: [{ ...room, id: 4, name: '909', retired: true }], total: 1 }
          : { list: [room], total: 1 },
      }),
    })
    const { container } = render(<MasterList kind="rooms" />)
    await wait()
    expect(container.querySelector('.master-list__card')?.textContent).toBe('808暂停入住8 楼 · 套房编辑停用删除')
    expect(screen.getByText('暂停入住')).toBeTruthy()
    typeInto(field(container, 'keyword'), '80')
    await wait()
    click(screen.getAllByText('已停用')[0])
    await wait()
    expect(callsTo(api, '/api/admin/rooms/list').map((call) => call.data)).toEqual([
      { retired: false, page: 1, limit: 20 },
      { keyword: '80', retired: false, page: 1, limit: 20 },
      { keyword: '80', retired: true, page: 1, limit: 20 },
    ])
    expect(screen.getByText('909')).toBeTruthy()
    expect(screen.getByText('恢复使用')).toBeTruthy()
  })

  it('refuses to delete what records refer to and offers to retire it instead', async () => {
    const api = mockApi({
      [`${DEPARTMENTS}/list`]: () => ({ code: 1, res: { list: [kitchen], total: 1 } }),
      [`${DEPARTMENTS}/delete`]: () => ({
        code: -8,
        msg: '“厨房”已有记录在用，不能删除。可以停用它。',
        res: { retire: true },
      }),
      [`${DEPARTMENTS}/retire`]: () => ({ code: 1, res: null }),
    })
    render(<MasterList kind="departments" />)
    await wait()
    click(screen.getByText('删除'))
    await wait()
    const [asked, refused] = modal.mock.calls.map(([options]) => options)
    expect(asked.content).toBe('确定删除“厨房”？删除后不能恢复。')
    expect([refused.title, refused.content, refused.confirmText]).toEqual([
      '不能删除',
      '“厨房”已有记录在用，不能删除。可以停用它。',
      '停用',
    ])
    expect(callsTo(api, `${DEPARTMENTS}/retire`).map((call) => call.data)).toEqual([{ id: kitchen.id }])
    // The list again, after retiring.
    expect(callsTo(api, `${DEPARTMENTS}/list`)).toHaveLength(2)
  })

  it('retires an entry only once confirmed, as deleting is; a refusal is shown and nothing changes', async () => {
    const api = mockApi({
      '/api/admin/rooms/list': () => ({ code: 1, res: { list: [{ ...room, in_service: true }], total: 1 } }),
      '/api/admin/rooms/retire': () => ({
        code: -6,
        msg: '房间 808 有客户在住或已预订，不能停用。请先为她办理退房或换房。',
        res: null,
      }),
    })
    render(<MasterList kind="rooms" />)
    await wait()
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    click(screen.getByText('停用'))
    await wait()
    expect(modal.mock.calls[0][0].content).toBe('确定停用“808”？停用后不再供新记录选择，已有记录照常显示。')
    expect(callsTo(api, '/api/admin/rooms/retire')).toHaveLength(0)
    click(screen.getByText('停用'))
    await wait()
    expect(callsTo(api, '/api/admin/rooms/retire').map((call) => call.data)).toEqual([{ id: room.id }])
    expect(modal.mock.calls.slice(-1)[0][0].content).toBe(
      '房间 808 有客户在住或已预订，不能停用。请先为她办理退房或换房。',
    )
    // Refused: the list is not read again.
    expect(callsTo(api, '/api/admin/rooms/list')).toHaveLength(1)
  })

  it('reads in English', async () => {
    setLocale('en')
    mockApi({ [`${DEPARTMENTS}/list`]: () => ({ code: 1, res: { list: [kitchen], total: 1 } }) })
    render(<MasterList kind="departments" />)
    await wait()
    for (const text of ['Departments', 'In use', 'Retired', 'Add', 'Retire', 'Delete']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0)
    }
  })
})

describe('an entry of a list', () => {
  it("is its kind's form: its rules in the app, then the save with the form's values", async () => {
    const api = mockApi({ '/api/admin/products/save': () => ({ code: 1, res: { id: 9 } }) })
    const { container } = render(<MasterEdit kind="products" />)
    await wait()
    click(screen.getByText('保存'))
    await settle()
    expect(screen.getByText('请输入名称')).toBeTruthy()
    expect(screen.getByText('请输入单位')).toBeTruthy()
    expect(callsTo(api, '/api/admin/products/save')).toHaveLength(0)

    typeInto(field(container, 'name'), '婴儿湿巾')
    typeInto(field(container, 'unit'), '包')
    typeInto(field(container, 'price'), '39.9')
    typeInto(field(container, 'category'), '母婴用品')
    click(screen.getByText('是'))
    click(screen.getByText('保存'))
    await wait()
    expect(callsTo(api, '/api/admin/products/save').map((call) => call.data)).toEqual([
      { name: '婴儿湿巾', unit: '包', price: 39.9, category: '母婴用品', self_paid: 'yes' },
    ])
    expect(Taro.navigateBack).toHaveBeenCalled()
  })

  it('shows the retired package a gift type has, while offering only those in use', async () => {
    const pack = (id: number, name: string, retired: boolean) => ({ id, name, retired, items: [] })
    const api = mockApi({
      '/api/admin/giftTypes/info': () => ({
        code: 1,
        res: { id: 4, retired: false, data: { name: '入住大礼包', package_id: 2 } },
      }),
      '/api/care/index/productPackageList': () => ({
        code: 1,
        res: [pack(1, '尊享套餐', false), pack(2, '旧套餐', true)],
      }),
      '/api/admin/giftTypes/save': () => ({ code: 1, res: { id: 4 } }),
    })
    render(<MasterEdit kind="giftTypes" id={4} />)
    await wait()
    const picker = document.querySelector('#form-field-package_id .form-picker__text')!
    expect(picker.textContent).toBe('旧套餐')
    click(document.querySelector('#form-field-package_id .form-picker__value')!)
    await settle()
    const tiles = [...document.querySelectorAll('.form-choice-popup__tile')].map((tile) => tile.textContent)
    expect(tiles).toEqual(['尊享套餐'])
    click(screen.getByText('保存'))
    await wait()
    expect(callsTo(api, '/api/admin/giftTypes/save').map((call) => call.data)).toEqual([
      { id: 4, name: '入住大礼包', package_id: 2 },
    ])
  })

  it("says the server's refusal of a name another entry has, and stays on the form", async () => {
    mockApi({
      '/api/admin/departments/save': () => ({
        code: -6,
        msg: '部门“厨房”已存在',
        res: null,
      }),
    })
    const { container } = render(<MasterEdit kind="departments" />)
    await wait()
    typeInto(field(container, 'name'), '厨房')
    click(screen.getByText('保存'))
    await wait()
    expect(modal.mock.calls.map(([options]) => options.content)).toEqual([expect.stringContaining('部门“厨房”已存在')])
    expect(Taro.navigateBack).not.toHaveBeenCalled()
  })
})
