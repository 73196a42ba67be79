import { act, render, screen, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { FormRecord } from '@/api/types'
import CheckInNoticeList from '@/pagesHome/pages/form/checkInNotice/index'
import { openFormStore } from '@/features/forms'
import { CUSTOMER_FILE_PAGE } from '@/routes'
import { customerStore } from '@/stores'
import { callsTo, click, field, mockApi, mockSaveAs, settle, typeInto } from './support/helpers'
import { signedIn } from './support/signedIn'

const LIST = '/api/care/index/getFormRecord'
const COUNT = '/api/care/index/getFormRecordCount'
const DELETE = '/api/care/index/delFormRecord'
const MONTH = '月子入住通知单'
const SMALL = '小月子入住通知单'

/** `n` notices of a kind, newest first, created a minute apart from `start`. */
function notices(name: string, n: number, firstId: number, start: number) {
  return Array.from({ length: n }, (_, i): FormRecord => {
    const minute = start - i * 2
    return {
      id: firstId + i,
      name,
      customer_id: 100 + i,
      customer_name: `${name === MONTH ? '月' : '小'}客户${i + 1}`,
      room: `${800 + i}`,
      data: { check_in_date: '2026-11-22', room: `${800 + i}` },
      created_at: new Date(Date.UTC(2026, 10, 22, 2, minute)).toISOString(),
      created_by: 1,
      created_by_name: '客服小李',
      updated_at: new Date(Date.UTC(2026, 10, 22, 2, minute)).toISOString(),
      updated_by: 1,
    }
  })
}

/** A fake getFormRecord over `records`: by name, keyword on the customer's name, pages of `limit`. */
function server(records: FormRecord[], { failing = (): boolean => false }: { failing?: () => boolean } = {}) {
  let live = [...records]
  const api = mockApi({
    [LIST]: ({ name, keyword, page, limit }) => {
      if (failing()) return { code: -500, msg: '服务器内部错误' }
      const matching = live.filter(
        (r) => (!name || r.name === name) && (!keyword || String(r.customer_name).includes(String(keyword))),
      )
      const start = ((page as number) - 1) * (limit as number)
      return { code: 1, res: { list: matching.slice(start, start + (limit as number)), total: matching.length } }
    },
    [COUNT]: ({ name }) => ({ code: 1, res: { count: live.filter((r) => r.name === name).length } }),
    [DELETE]: ({ id }) => {
      live = live.filter((r) => r.id !== id)
      return { code: 1, res: null }
    },
  })
  return api
}

const cards = () => Array.from(document.querySelectorAll('.checkin-list__name')).map((n) => n.textContent)
const kindTab = (label: string) =>
  screen.getByText(label, { selector: '.checkin-list__kind > :first-child' }).parentElement!

async function show() {
  const view = render(<CheckInNoticeList />)
  await settle()
  await settle()
  return view
}

beforeEach(() => {
  signedIn()
})

describe('check-in notice records', () => {
  it('lists one kind in pages of 20 for the working date, loads more at the end, shows the total', async () => {
    const api = server(notices(MONTH, 25, 1, 59))
    await show()
    click(kindTab('月子'))
    await settle()
    const calls = callsTo(api, LIST).filter((c) => (c.data as { name?: string }).name === MONTH)
    expect(calls[calls.length - 1].data).toEqual({
      name: MONTH,
      date_from: '2026-11-22',
      date_to: '2026-11-22',
      page: 1,
      limit: 20,
    })
    expect(cards()).toHaveLength(20)
    expect(screen.getByText('共 25 条')).toBeTruthy()

    click(screen.getByText('加载更多'))
    await settle()
    expect(cards()).toHaveLength(25)
    expect(cards()[24]).toBe('月客户25')
    expect(screen.getByText('共 25 条，已全部加载')).toBeTruthy()
  })

  it('both kinds together, newest first, with the counts of each kind', async () => {
    // 月 at minutes 59, 57, 55 …; 小 at 58, 56, 54 …: they interleave.
    const api = server([...notices(MONTH, 15, 1, 59), ...notices(SMALL, 12, 101, 58)])
    await show()
    expect(cards().slice(0, 4)).toEqual(['月客户1', '小客户1', '月客户2', '小客户2'])
    expect(cards()).toHaveLength(20)
    expect(screen.getByText('共 27 条')).toBeTruthy()
    expect(within(kindTab('全部')).getByText('27')).toBeTruthy()
    expect(within(kindTab('月子')).getByText('15')).toBeTruthy()
    expect(within(kindTab('小月子')).getByText('12')).toBeTruthy()
    expect(callsTo(api, COUNT).map((c) => c.data)).toEqual([
      { name: MONTH, date: '2026-11-22' },
      { name: SMALL, date: '2026-11-22' },
    ])

    click(screen.getByText('加载更多'))
    await settle()
    expect(cards()).toHaveLength(27)
    expect(new Set(cards()).size).toBe(27)
    expect(cards().slice(20)).toEqual([
      '月客户11',
      '小客户11',
      '月客户12',
      '小客户12',
      '月客户13',
      '月客户14',
      '月客户15',
    ])
    const tags = Array.from(document.querySelectorAll('.checkin-list__tag')).map((n) => n.textContent)
    expect(tags.filter((t) => t === '月子')).toHaveLength(15)
  })

  it('searches, and shows the empty state', async () => {
    const api = server(notices(MONTH, 3, 1, 59))
    const view = await show()
    typeInto(field(view.container, 'keyword'), '无此人')
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    expect(callsTo(api, LIST).some((c) => (c.data as { keyword?: string }).keyword === '无此人')).toBe(true)
    expect(screen.getByText('暂无入住通知单')).toBeTruthy()
    expect(cards()).toHaveLength(0)
  })

  it('every date: no date filter', async () => {
    const api = server(notices(SMALL, 2, 1, 59))
    await show()
    click(screen.getAllByText('全部日期').find((n) => n.closest('.nut-button'))!)
    await settle()
    const last = callsTo(api, LIST).pop()!.data as Record<string, unknown>
    expect(last).not.toHaveProperty('date_from')
    expect(screen.getByText('全部日期', { selector: '.checkin-list__date > *' })).toBeTruthy()
  })

  it('an error shows a retry that loads the page', async () => {
    let failing = true
    server(notices(MONTH, 2, 1, 59), { failing: () => failing })
    await show()
    expect(screen.getByRole('alert').textContent).toContain('加载失败：服务器内部错误')
    failing = false
    click(screen.getByText('重试'))
    await settle()
    await settle()
    expect(cards()).toHaveLength(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('opens a notice in its own form, deletes one after a confirm, starts a new one of each kind', async () => {
    const api = server([...notices(MONTH, 1, 1, 59), ...notices(SMALL, 1, 101, 58)])
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await show()

    click(screen.getByText('小客户1'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yzSmall/form?id=101' })
    expect(openFormStore.is_month).toBe(false)

    const monthCard = screen.getByText('月客户1').closest('.checkin-list__card') as HTMLElement
    click(within(monthCard).getByText('删除'))
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定删除 月客户1 的入住通知单吗？' }))
    expect(callsTo(api, DELETE)[0].data).toEqual({ id: 1 })
    expect(cards()).toEqual(['小客户1'])
    expect(screen.getByText('共 1 条')).toBeTruthy()
    // Deleting does not open the notice.
    expect(navigateTo).toHaveBeenCalledTimes(1)

    // A new notice without a customer is a new arrival's: it opens all the same.
    click(screen.getByText('新建月子通知单'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yz/form' })
    expect(Taro.showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: '请先选择客户' }))
    customerStore.select({ id: 7, name: '李静', phone: '13800000007', room: '805', delivery_date: null, children: [] })
    click(screen.getByText('新建小月子通知单'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yzSmall/form' })
    click(screen.getByText('新建月子通知单'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yz/form' })
    expect(openFormStore.is_month).toBe(true)
  })
})

describe("a notice's mother", () => {
  it('opens her file from the row, and the row still opens the notice', async () => {
    const unfiled = { ...notices(SMALL, 1, 102, 57)[0], customer_id: null, customer_name: '未建档客户' }
    server([...notices(MONTH, 1, 1, 59), unfiled])
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    await show()
    const card = screen.getByText('月客户1').closest('.checkin-list__card') as HTMLElement
    click(within(card).getByText('客户档案'))
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(navigateTo).toHaveBeenLastCalledWith({ url: `${CUSTOMER_FILE_PAGE}?id=100` })
    click(within(card).getByText('月客户1'))
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pagesHome/pages/form/checkInNotice/yz/form?id=1' })
    // A notice filed under no mother has no file to open.
    const other = screen.getByText('未建档客户').closest('.checkin-list__card') as HTMLElement
    expect(within(other).queryByText('客户档案')).toBeNull()
  })
})

describe('导出 Excel of the check-in notices', () => {
  it('asks for the notices of the kind, date and keyword shown, and has the browser save them', async () => {
    const saved = mockSaveAs()
    const api = mockApi({
      [LIST]: () => ({ code: 1, res: { list: notices(MONTH, 1, 1, 59), total: 1 } }),
      [COUNT]: () => ({ code: 1, res: { count: 1 } }),
      '/api/care/index/formRecordExport': () => ({
        code: 1,
        res: { url: '/api/sheet/tok-n', name: '月子入住通知单-2026-11-22.xlsx' },
      }),
    })
    const view = await show()
    click(kindTab('月子'))
    typeInto(field(view.container, 'keyword'), '月客户')
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    await settle()
    click(screen.getByText('导出 Excel'))
    await settle()
    expect(callsTo(api, '/api/care/index/formRecordExport')[0].data).toEqual({
      names: [MONTH],
      date_from: '2026-11-22',
      date_to: '2026-11-22',
      keyword: '月客户',
    })
    expect(saved).toEqual([
      { href: `${window.location.origin}/api/sheet/tok-n`, name: '月子入住通知单-2026-11-22.xlsx' },
    ])
  })
})
