import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { download, request, send, uploadFile, RequestError } from '@/api/request'
import { sessionStore } from '@/stores'
import { setLocale } from '@/i18n'
import { mockServer, mockUi, ok, requestCalls } from './taroMocks'

let ui: ReturnType<typeof mockUi>

/** Taro.request answers once with this HTTP status and body. */
function replyOnce(data: unknown, statusCode = 200) {
  return jest
    .spyOn(Taro, 'request')
    .mockResolvedValueOnce({ statusCode, data, header: {}, errMsg: 'request:ok' } as never)
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (reason) => reason,
  )
  expect(error).toBeInstanceOf(RequestError)
  return error
}

beforeEach(() => {
  jest.useFakeTimers()
  ui = mockUi()
  runInAction(() => {
    sessionStore.token = 'tok-1'
  })
})

afterEach(() => {
  // Lets a pending logout message fire, so that the next test may log out again.
  jest.runOnlyPendingTimers()
  jest.useRealTimers()
  jest.restoreAllMocks()
  setLocale('zh-CN')
  localStorage.clear()
})

describe('request: what is sent', () => {
  it('POSTs JSON with the token, lang and client headers and the request timeout', async () => {
    replyOnce(ok({ a: 1 }))
    await request('/api/care/account/info', { site_id: 2 })
    expect(requestCalls()[0]).toEqual({
      url: '/api/care/account/info',
      method: 'POST',
      data: { site_id: 2 },
      header: { 'content-type': 'application/json', token: 'tok-1', lang: 'zh', client: 'h5' },
      dataType: 'json',
      timeout: 600000,
    })
  })

  it('sends the locale as lang once the language is English', async () => {
    setLocale('en')
    replyOnce(ok(null))
    await request('/api/care/account/info')
    expect(requestCalls()[0].header).toMatchObject({ lang: 'en' })
    expect(requestCalls()[0].data).toEqual({})
  })

  it('shows the loading indicator and hides it after the reply', async () => {
    replyOnce(ok(null))
    const call = request('/x')
    expect(ui.showLoading).toHaveBeenCalledWith({ title: '加载中', mask: true })
    expect(ui.hideLoading).not.toHaveBeenCalled()
    await call
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('shows no loading indicator when asked not to', async () => {
    replyOnce(ok(null))
    await request('/x', {}, { loading: false })
    expect(ui.showLoading).not.toHaveBeenCalled()
    expect(ui.hideLoading).not.toHaveBeenCalled()
  })
})

describe('request: style 1 replies (code)', () => {
  it('resolves res on code 1 without any message', async () => {
    replyOnce(ok({ id: 7 }))
    await expect(request('/x')).resolves.toEqual({ id: 7 })
    expect(ui.showModal).not.toHaveBeenCalled()
    expect(ui.showToast).not.toHaveBeenCalled()
  })

  it('shows another code in a modal titled 提示 without cancel and rejects with the message', async () => {
    replyOnce({ code: -1, msg: '房间已占用', res: null })
    const error = await rejection(request('/x'))
    expect(error.message).toBe('房间已占用')
    expect(error.code).toBe(-1)
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
    expect(ui.showModal).toHaveBeenCalledWith({
      title: '提示',
      content: '房间已占用',
      showCancel: false,
      confirmText: '确定',
    })
    expect(ui.reLaunch).not.toHaveBeenCalled()
    expect(sessionStore.token).toBe('tok-1')
  })

  it('falls back to 服务端请求失败 when the reply has no message', async () => {
    replyOnce({ code: -3, msg: '', res: null })
    const error = await rejection(request('/x'))
    expect(error.message).toBe('服务端请求失败')
    expect(ui.showModal).toHaveBeenCalledWith({
      title: '提示',
      content: '服务端请求失败',
      showCancel: false,
      confirmText: '确定',
    })
  })

  it('shows nothing when showError is false, and still rejects', async () => {
    replyOnce({ code: -1, msg: 'quiet', res: null })
    const error = await rejection(request('/x', {}, { showError: false }))
    expect(error.message).toBe('quiet')
    expect(ui.showModal).not.toHaveBeenCalled()
    expect(ui.showToast).not.toHaveBeenCalled()
  })

  it.each([-90001, -90002])(
    'logs out on %i: modal, session cleared, relaunch to login, message after 600 ms',
    async (code) => {
      Taro.setStorageSync('token', 'tok-1')
      replyOnce({ code, msg: '登录已过期', res: null })
      const error = await rejection(request('/x'))
      expect(error.code).toBe(code)
      expect(ui.showModal).toHaveBeenCalledWith({
        title: '提示',
        content: '登录已过期',
        showCancel: false,
        confirmText: '确定',
      })
      expect(sessionStore.token).toBe('')
      expect(Taro.getStorageSync('token')).toBe('')
      expect(ui.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
      jest.advanceTimersByTime(599)
      expect(ui.showToast).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      expect(ui.showToast).toHaveBeenCalledWith({ title: '登录已过期', icon: 'none', duration: 2000 })
    },
  )

  it('logs out even when showError is false', async () => {
    replyOnce({ code: -90001, msg: 'gone', res: null })
    await rejection(request('/x', {}, { showError: false }))
    expect(ui.showModal).not.toHaveBeenCalled()
    expect(ui.reLaunch).toHaveBeenCalledTimes(1)
  })

  it('relaunches once when several calls fail with -90001 together', async () => {
    mockServer({ '/a': { code: -90001, msg: 'gone', res: null }, '/b': { code: -90002, msg: 'gone', res: null } })
    await Promise.allSettled([request('/a'), request('/b'), request('/a')])
    jest.advanceTimersByTime(600)
    expect(ui.reLaunch).toHaveBeenCalledTimes(1)
    expect(ui.showToast).toHaveBeenCalledTimes(1)
  })

  it('on -90004 with a token: stores the session it carries and goes to change the password', async () => {
    runInAction(() => {
      sessionStore.token = ''
    })
    const userInfo = {
      id: 1,
      account: 'kf01',
      name: '王',
      site_id: 1,
      site_name: 'A',
      must_change_password: true,
      can_approve: false,
      can_administer: false,
    }
    replyOnce({ code: -90004, msg: '请修改密码', res: { token: 'tok-new', userInfo } })
    const error = await rejection(request('/api/care/account/login_old'))
    expect(error.code).toBe(-90004)
    expect(error.message).toBe('请修改密码')
    expect(sessionStore.token).toBe('tok-new')
    expect(Taro.getStorageSync('token')).toBe('tok-new')
    expect(Taro.getStorageSync('userInfo')).toEqual(userInfo)
    expect(ui.redirectTo).toHaveBeenCalledWith({ url: '/pages/modifyPwd/index' })
    expect(ui.showModal).not.toHaveBeenCalled()
    expect(ui.reLaunch).not.toHaveBeenCalled()
  })

  it('on -90004 without any token: stays put and rejects', async () => {
    runInAction(() => {
      sessionStore.token = ''
    })
    replyOnce({ code: -90004, msg: '请修改密码', res: null })
    const error = await rejection(request('/x'))
    expect(error.code).toBe(-90004)
    expect(sessionStore.token).toBe('')
    expect(ui.redirectTo).not.toHaveBeenCalled()
    expect(ui.showModal).not.toHaveBeenCalled()
  })
})

describe('request: style 2 replies (err)', () => {
  it('resolves the whole body on err 0', async () => {
    const body = { err: 0, message: 'ok', data: { n: 1 } }
    replyOnce(body)
    await expect(request('/x')).resolves.toEqual(body)
  })

  it('shows the message of another err and rejects without logging out', async () => {
    replyOnce({ err: 500, message: '文件过大' })
    const error = await rejection(request('/x'))
    expect(error.code).toBe(500)
    expect(ui.showToast).toHaveBeenCalledWith({ title: '文件过大', icon: 'none', duration: 2000 })
    expect(ui.reLaunch).not.toHaveBeenCalled()
  })

  it('falls back to 服务端请求失败', async () => {
    replyOnce({ err: 3 })
    const error = await rejection(request('/x'))
    expect(error.message).toBe('服务端请求失败')
  })

  it('logs out on err 401 with the message', async () => {
    replyOnce({ err: 401, message: '请重新登录' })
    await rejection(request('/x'))
    expect(sessionStore.token).toBe('')
    expect(ui.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
    jest.advanceTimersByTime(600)
    expect(ui.showToast).toHaveBeenLastCalledWith({ title: '请重新登录', icon: 'none', duration: 2000 })
  })
})

describe('request: failures without an envelope', () => {
  it('on a network failure hides loading first, then shows its errMsg, and rejects', async () => {
    jest.spyOn(Taro, 'request').mockRejectedValueOnce({ errMsg: 'request:fail timeout' })
    const error = await rejection(request('/x'))
    expect(error.message).toBe('request:fail timeout')
    expect(error.code).toBe(0)
    expect(ui.showToast).toHaveBeenCalledWith({ title: 'request:fail timeout', icon: 'none', duration: 2000 })
    expect(ui.hideLoading.mock.invocationCallOrder[0]).toBeLessThan(ui.showToast.mock.invocationCallOrder[0])
  })

  it('says 服务器故障 when the failure carries no message', async () => {
    jest.spyOn(Taro, 'request').mockRejectedValueOnce({})
    const error = await rejection(request('/x'))
    expect(error.message).toBe('服务器故障')
    expect(ui.showToast).toHaveBeenCalledWith({ title: '服务器故障', icon: 'none', duration: 2000 })
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('says server fault in English too', async () => {
    setLocale('en')
    jest.spyOn(Taro, 'request').mockRejectedValueOnce(undefined)
    const error = await rejection(request('/x', {}, { loading: false }))
    expect(error.message).toBe('Server error')
  })

  it('handles a non-2xx reply carrying an envelope as that envelope', async () => {
    replyOnce({ code: -1, msg: '参数错误', res: null }, 400)
    const error = await rejection(request('/x'))
    expect(error.code).toBe(-1)
    expect(ui.showModal).toHaveBeenCalledWith({
      title: '提示',
      content: '参数错误',
      showCancel: false,
      confirmText: '确定',
    })
  })

  it('reports a non-2xx reply without an envelope as 服务器故障', async () => {
    replyOnce('<html>Bad Gateway</html>', 502)
    const error = await rejection(request('/x'))
    expect(error.code).toBe(502)
    expect(error.message).toBe('服务器故障')
    expect(ui.showToast).toHaveBeenCalledWith({ title: '服务器故障', icon: 'none', duration: 2000 })
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('reports a 2xx reply that is no envelope as a server internal error', async () => {
    replyOnce('<html>a proxy page</html>', 200)
    const error = await rejection(request('/x'))
    expect(error.message).toBe('服务器内部错误')
  })

  it('succeeds only on 2xx: an envelope saying success under another status fails with its message', async () => {
    for (const statusCode of [199, 300, 304, 404, 500]) {
      replyOnce({ code: 1, msg: '网关维护中', res: { id: 1 } }, statusCode)
      const error = await rejection(request('/x', {}, { loading: false }))
      expect(error.code).toBe(statusCode)
      expect(error.message).toBe('网关维护中')
    }
    replyOnce({ code: 1, res: { id: 1 } }, 503)
    expect((await rejection(request('/x', {}, { loading: false }))).message).toBe('服务器故障')
    for (const statusCode of [200, 201, 299]) {
      replyOnce({ code: 1, res: { id: statusCode } }, statusCode)
      await expect(request('/x', {}, { loading: false })).resolves.toEqual({ id: statusCode })
    }
  })
})

describe('uploadFile', () => {
  const replyText = (data: string, statusCode = 200) =>
    jest.spyOn(Taro, 'uploadFile').mockResolvedValueOnce({ statusCode, data, errMsg: 'uploadFile:ok' } as never)

  it('sends the file as field `file` with token and lang and resolves the stored file', async () => {
    const file = { url: '/uploads/a.png', name: 'a.png', size: 12 }
    const upload = replyText(JSON.stringify({ err: 0, message: 'ok', data: file }))
    await expect(uploadFile('blob:sig')).resolves.toEqual(file)
    expect(upload).toHaveBeenCalledWith({
      url: '/api/admin/oss/upload',
      filePath: 'blob:sig',
      name: 'file',
      header: { token: 'tok-1', lang: 'zh', client: 'h5' },
      timeout: 60000,
    })
    expect(ui.showLoading).toHaveBeenCalledTimes(1)
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('logs out on err 401', async () => {
    replyText(JSON.stringify({ err: 401, message: '未登录' }))
    const error = await rejection(uploadFile('blob:sig'))
    expect(error.code).toBe(401)
    expect(ui.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
  })

  it('reports a non-2xx reply that is not JSON as 服务器故障, a 2xx one as a server internal error', async () => {
    replyText('Request Entity Too Large', 413)
    expect(await rejection(uploadFile('blob:sig'))).toMatchObject({ code: 413, message: '服务器故障' })
    replyText('<html>ok</html>', 200)
    expect(await rejection(uploadFile('blob:sig'))).toMatchObject({ code: 200, message: '服务器内部错误' })
  })

  it('shows a network failure', async () => {
    jest.spyOn(Taro, 'uploadFile').mockRejectedValueOnce({ errMsg: 'uploadFile:fail' })
    const error = await rejection(uploadFile('blob:sig'))
    expect(error).toMatchObject({ code: 0, message: 'uploadFile:fail' })
    expect(ui.showToast).toHaveBeenCalledWith({ title: 'uploadFile:fail', icon: 'none', duration: 2000 })
  })
})

describe('the generic wrapper', () => {
  it('sends any method with the same headers and envelopes, and the generic 60 s timeout', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      replyOnce({ code: 1, res: { method } })
      await expect(send(method, '/api/x', { a: 1 }, { loading: false })).resolves.toEqual({ method })
      const options = (Taro.request as unknown as jest.Mock).mock.lastCall[0]
      expect(options).toMatchObject({ method, url: expect.stringMatching(/\/api\/x$/), timeout: 60000, data: { a: 1 } })
      expect(options.header).toMatchObject({ lang: 'zh' })
    }
    replyOnce({ code: -3, msg: '没有这条记录' })
    expect((await rejection(send('GET', '/api/x'))).message).toBe('没有这条记录')
  })

  it('keeps product calls on POST with the 600 s timeout', async () => {
    replyOnce({ code: 1, res: null })
    await request('/api/y', {}, { loading: false })
    expect((Taro.request as unknown as jest.Mock).mock.lastCall[0]).toMatchObject({
      method: 'POST',
      timeout: 600000,
    })
  })

  it('downloads to a temporary file with the 60 s timeout; a failing status is a server fault', async () => {
    const spy = jest
      .spyOn(Taro, 'downloadFile')
      .mockResolvedValueOnce({
        statusCode: 200,
        tempFilePath: 'wxfile://tmp/a.pdf',
        errMsg: 'downloadFile:ok',
      } as never)
      .mockResolvedValueOnce({ statusCode: 403, tempFilePath: '', errMsg: 'downloadFile:ok' } as never)
    await expect(download('https://api.example.com/f.pdf?sig=1', { loading: false })).resolves.toBe(
      'wxfile://tmp/a.pdf',
    )
    expect(spy).toHaveBeenCalledWith({ url: 'https://api.example.com/f.pdf?sig=1', timeout: 60000 })
    expect(await rejection(download('https://api.example.com/f.pdf?sig=2'))).toMatchObject({
      code: 403,
      message: '服务器故障',
    })
  })
})
