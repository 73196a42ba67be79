import Taro from '@tarojs/taro'
import { downloadAndOpen, openLocalFile, openServerFile } from '@/api/files'
import { RequestError } from '@/api/request'
import { setLocale } from '@/i18n'
import { mockUi } from './taroMocks'

const PDF = { url: '/api/pdf/tok-abc', name: '儿科医生查房签到表-12.pdf' }

let ui: ReturnType<typeof mockUi>

/** The rejection of a promise that must fail. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (reason: Error) => reason,
  )
}

beforeEach(() => {
  ui = mockUi()
})

afterEach(() => {
  jest.restoreAllMocks()
  setLocale('zh-CN')
})

describe('a file the server made, on the mini program', () => {
  it('downloads the link with the 60 s timeout and opens the PDF in the viewer with its menu (forward, print)', async () => {
    const downloadFile = jest.spyOn(Taro, 'downloadFile').mockResolvedValue({
      statusCode: 200,
      tempFilePath: 'wxfile://tmp/record.pdf',
      errMsg: 'downloadFile:ok',
    } as never)
    const openDocument = jest.spyOn(Taro, 'openDocument').mockResolvedValue({ errMsg: 'openDocument:ok' })
    await downloadAndOpen(PDF)
    expect(downloadFile).toHaveBeenCalledWith({ url: '/api/pdf/tok-abc', timeout: 60000 })
    expect(openDocument).toHaveBeenCalledWith({ filePath: 'wxfile://tmp/record.pdf', fileType: 'pdf', showMenu: true })
    // The file's own indicator and message belong to the caller: the download shows none.
    expect(ui.showLoading).not.toHaveBeenCalled()
    expect(ui.showToast).not.toHaveBeenCalled()
  })

  it('a refused link is not opened', async () => {
    jest
      .spyOn(Taro, 'downloadFile')
      .mockResolvedValue({ statusCode: 403, tempFilePath: 'wxfile://tmp/x', errMsg: 'downloadFile:ok' } as never)
    const openDocument = jest.spyOn(Taro, 'openDocument')
    const error = await failure(downloadAndOpen(PDF))
    expect(error).toBeInstanceOf(RequestError)
    expect((error as RequestError).code).toBe(403)
    expect(openDocument).not.toHaveBeenCalled()
  })
})

describe('how a downloaded file is opened, by its kind', () => {
  it('documents in the viewer with the menu, by their extension', async () => {
    const openDocument = jest.spyOn(Taro, 'openDocument').mockResolvedValue({ errMsg: 'openDocument:ok' })
    await openLocalFile('wxfile://a', '出库单-CK1.PDF')
    await openLocalFile('wxfile://b', '交接表.docx')
    await openLocalFile('wxfile://c', '库存.xlsx')
    expect(openDocument.mock.calls.map(([option]) => option)).toEqual([
      { filePath: 'wxfile://a', fileType: 'pdf', showMenu: true },
      { filePath: 'wxfile://b', fileType: 'docx', showMenu: true },
      { filePath: 'wxfile://c', fileType: 'xlsx', showMenu: true },
    ])
  })

  it('a kind the phone cannot open, or a viewer failing, is told in the user’s words', async () => {
    const openDocument = jest
      .spyOn(Taro, 'openDocument')
      .mockRejectedValue({ errMsg: 'openDocument:fail filetype not supported' })
    expect((await failure(openLocalFile('wxfile://d', '签名.png'))).message).toBe('手机无法打开这种文件')
    expect((await failure(openLocalFile('wxfile://v', 'video.mp4'))).message).toBe('手机无法打开这种文件')
    expect(openDocument).not.toHaveBeenCalled()
    setLocale('en')
    expect((await failure(openLocalFile('wxfile://a', 'a.pdf'))).message).toBe(
      'This kind of file cannot be opened on the phone',
    )
  })
})

describe('openServerFile on H5', () => {
  /** A tab as window.open answers it during the tap. */
  function fakeTab() {
    const tab = { document: { title: '' }, location: { href: '' }, close: jest.fn() }
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    return { tab, open }
  }

  it('opens a tab during the tap, shows the indicator while the file is made, then points the tab at the link', async () => {
    const { tab, open } = fakeTab()
    let answer: (file: typeof PDF) => void = () => {}
    const opening = openServerFile(() => new Promise((resolve) => (answer = resolve)))
    // Before any reply: the tab is already open (a later one would be blocked) and the indicator shows.
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.document.title).toBe('正在生成文件')
    expect(ui.showLoading).toHaveBeenCalledWith({ title: '正在生成文件', mask: true })
    expect(ui.hideLoading).not.toHaveBeenCalled()
    answer(PDF)
    await expect(opening).resolves.toBe(true)
    expect(tab.location.href).toBe(`${window.location.origin}/api/pdf/tok-abc`)
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
    expect(tab.close).not.toHaveBeenCalled()
    expect(ui.showModal).not.toHaveBeenCalled()
  })

  it("the server's refusal: the tab closes and its reason is told", async () => {
    const { tab } = fakeTab()
    await expect(openServerFile(() => Promise.reject(new RequestError('记录不存在或已删除', -1)))).resolves.toBe(false)
    expect(tab.close).toHaveBeenCalled()
    expect(tab.location.href).toBe('')
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
    expect(ui.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '文件未能打开：记录不存在或已删除', showCancel: false }),
    )
  })

  it('no reply at all (offline, timeout) is told as such in the user’s language', async () => {
    fakeTab()
    setLocale('en')
    await openServerFile(() => Promise.reject(new RequestError('request:fail timeout', 0)))
    expect(ui.showModal).toHaveBeenCalledWith(
      expect.objectContaining({
        content: 'The file could not be opened: No connection, or the server took too long. Please try again.',
      }),
    )
  })
})
