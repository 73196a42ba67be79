import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import ImportSheet from '@/features/admin/components/ImportSheet'
import { chooseSheet } from '@/utils/chooseSheet'
import { callsTo, click, demoUser, mockApi, mockSaveAs, settle } from './support/helpers'
import { signedIn } from './support/signedIn'

jest.mock('@/utils/chooseSheet', () => ({ chooseSheet: jest.fn() }))

const TEMPLATE = '/api/admin/import/template'
const UPLOAD = '/api/admin/import/upload'
const EXPORT = '/api/care/customer/export'

/** The upload route answers `reply` (its style 1 envelope) to the file sent. */
function uploadAnswers(reply: object) {
  return jest
    .spyOn(Taro, 'uploadFile')
    .mockImplementation((() =>
      Promise.resolve({ statusCode: 200, data: JSON.stringify(reply), errMsg: 'uploadFile:ok' })) as never)
}

beforeEach(() => {
  signedIn({ ...demoUser, can_administer: true })
  jest.mocked(chooseSheet).mockResolvedValue({ path: 'blob:stock', name: '期初库存.xlsx' })
})

async function show() {
  const view = render(<ImportSheet />)
  await settle()
  return view
}

describe('表格导入', () => {
  it("downloads the chosen kind's template", async () => {
    const saved = mockSaveAs()
    const api = mockApi({
      [TEMPLATE]: () => ({ code: 1, res: { url: '/api/sheet/tok-t', name: '期初库存-模板.xlsx' } }),
    })
    await show()
    click(screen.getByText('下载模板'))
    await settle()
    expect(callsTo(api, TEMPLATE)[0].data).toEqual({ kind: 'openingStock' })
    expect(saved).toEqual([{ href: `${window.location.origin}/api/sheet/tok-t`, name: '期初库存-模板.xlsx' }])
  })

  it('a refused file lists every error by row and column; nothing is said to be imported', async () => {
    const upload = uploadAnswers({
      code: -1,
      msg: '表格有 2 处错误，未导入任何数据',
      res: {
        errors: [
          { row: 3, column: '有效期', message: '有效期不能早于今天' },
          { row: 4, column: '数量', message: '请输入大于 0 的整数' },
        ],
      },
    })
    await show()
    click(screen.getByText('选择表格并导入'))
    await settle()
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({
        url: UPLOAD,
        filePath: 'blob:stock',
        name: 'file',
        formData: { kind: 'openingStock' },
        fileName: '期初库存.xlsx',
      }),
    )
    expect(screen.getByText('表格：期初库存.xlsx')).toBeTruthy()
    expect(screen.getByText('表格有 2 处错误，未导入任何数据')).toBeTruthy()
    const errors = [...document.querySelectorAll('.import-sheet__error')].map((row) => row.textContent)
    expect(errors).toEqual(['第 3 行 · 有效期有效期不能早于今天', '第 4 行 · 数量请输入大于 0 的整数'])
    expect(screen.queryByText(/导入成功/)).toBeNull()
  })

  it('a valid file says how many rows came in, and the earlier errors go', async () => {
    uploadAnswers({
      code: -1,
      msg: '表格有 1 处错误，未导入任何数据',
      res: { errors: [{ row: 2, column: '数量', message: '必填' }] },
    })
    await show()
    click(screen.getByText('选择表格并导入'))
    await settle()
    expect(document.querySelectorAll('.import-sheet__error')).toHaveLength(1)
    uploadAnswers({ code: 1, msg: 'ok', res: { id: 5, rows: 3 } })
    click(screen.getByText('选择表格并导入'))
    await settle()
    expect(screen.getByText('导入成功 3 行')).toBeTruthy()
    expect(document.querySelectorAll('.import-sheet__error')).toHaveLength(0)
  })

  it('offers every kind, each with its own template', async () => {
    mockSaveAs()
    const api = mockApi({ [TEMPLATE]: () => ({ code: 1, res: { url: '/api/sheet/tok', name: 'x.xlsx' } }) })
    await show()
    const kinds = [...document.querySelectorAll('.import-sheet__kind')].map((chip) => chip.textContent)
    expect(kinds).toEqual(['期初库存', '员工', '房间', '物品', '礼包', '套餐', '在住客户'])
    click(screen.getByText('礼包'))
    click(screen.getByText('下载模板'))
    await settle()
    expect(callsTo(api, TEMPLATE)[0].data).toEqual({ kind: 'packages' })
  })

  it("staff imported: each account's one-time password is listed once, with the note that it is shown only now", async () => {
    const upload = uploadAnswers({
      code: 1,
      msg: '导入成功 2 行',
      res: {
        id: 7,
        rows: 2,
        passwords: [
          { account: 'wangli', name: '王丽', password: 'Kq7mX2pa' },
          { account: 'lina', name: '李娜', password: 'Zt4nW8rb' },
        ],
      },
    })
    await show()
    click(screen.getByText('员工'))
    click(screen.getByText('选择表格并导入'))
    await settle()
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ formData: { kind: 'staff' } }))
    expect(screen.getByText('导入成功 2 行')).toBeTruthy()
    expect(screen.getByText('一次性密码（只显示这一次）')).toBeTruthy()
    expect(screen.getByText(/离开本页后不能再查看/)).toBeTruthy()
    const listed = [...document.querySelectorAll('.import-sheet__password')].map((row) => row.textContent)
    expect(listed).toEqual(['王丽（wangli）：Kq7mX2pa', '李娜（lina）：Zt4nW8rb'])
    expect(JSON.stringify(window.localStorage)).not.toContain('Kq7mX2pa')

    click(screen.getByText('房间'))
    expect(document.querySelectorAll('.import-sheet__password')).toHaveLength(0)
    expect(screen.queryByText(/Kq7mX2pa/)).toBeNull()
  })

  it('the mothers in house: their template, and an export in the same columns offered beside it', async () => {
    const saved = mockSaveAs()
    const api = mockApi({
      [TEMPLATE]: () => ({ code: 1, res: { url: '/api/sheet/tok-m', name: '在住客户导入模板.xlsx' } }),
      [EXPORT]: () => ({ code: 1, res: { url: '/api/sheet/tok-e', name: '在住客户-2026-11-26.xlsx' } }),
    })
    await show()
    expect(screen.queryByText('导出在住客户')).toBeNull()
    click(screen.getByText('在住客户'))
    click(screen.getByText('下载模板'))
    await settle()
    expect(callsTo(api, TEMPLATE)[0].data).toEqual({ kind: 'mothers' })
    click(screen.getByText('导出在住客户'))
    await settle()
    expect(callsTo(api, EXPORT)).toHaveLength(1)
    expect(saved[1]).toEqual({ href: `${window.location.origin}/api/sheet/tok-e`, name: '在住客户-2026-11-26.xlsx' })
  })

  it('closing the file picker sends nothing', async () => {
    jest.mocked(chooseSheet).mockResolvedValue(undefined)
    const upload = uploadAnswers({ code: 1, res: { id: 1, rows: 1 } })
    await show()
    click(screen.getByText('选择表格并导入'))
    await settle()
    expect(upload).not.toHaveBeenCalled()
  })
})
