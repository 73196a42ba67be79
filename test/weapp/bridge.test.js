// The harness's wx.request / wx.uploadFile bridge behaves as WeChat's: a URL without scheme and
// host is refused (fail callback), the call goes to the real server with its reply as WeChat hands
// it over, and `timeout` is honoured.
const http = require('http')
const h = require('./harness')

const call = (api, options) =>
  new Promise((resolve) =>
    wx[api]({ ...options, success: (res) => resolve({ ok: res }), fail: (err) => resolve({ fail: err }) }),
  )

afterEach(() => {
  h.network.server = null
})

it('refuses a URL without scheme and host, as WeChat does', async () => {
  for (const url of ['/health', 'api/health', '127.0.0.1:3000/api/health', '']) {
    const { fail } = await call('request', { url, method: 'POST' })
    expect(fail.errMsg).toMatch(/^request:fail invalid url/)
  }
  const upload = await call('uploadFile', { url: '/api/admin/oss/upload', filePath: __filename, name: 'file' })
  expect(upload.fail.errMsg).toMatch(/^uploadFile:fail invalid url/)
})

it("sends to the suite's server whatever origin the build baked in; JSON data is parsed", async () => {
  const { ok } = await call('request', { url: 'http://127.0.0.1:3000/api/health', method: 'GET' })
  expect(ok.statusCode).toBe(200)
  expect(typeof ok.data).toBe('object')
  expect(ok.header['content-type']).toMatch(/json/)
})

it('honours timeout', async () => {
  const silent = http.createServer(() => {})
  await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve))
  h.network.server = `http://127.0.0.1:${silent.address().port}`
  const started = Date.now()
  const { fail } = await call('request', {
    url: 'http://127.0.0.1:3000/api/care/account/info',
    method: 'POST',
    data: {},
    timeout: 300,
  })
  expect(fail.errMsg).toBe('request:fail timeout')
  expect(Date.now() - started).toBeLessThan(5000)
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))
})
