// The network: wx.request, wx.uploadFile and wx.downloadFile over node:http to the suite's real
// server (started once by globalSetup), and the device's network that a test switches off.
const path = require('path')
const fs = require('fs')
const http = require('http')
const { settle, fail, later } = require('./callbacks')
const { TEMP_DIR, localPath } = require('./files')

function serverUrl() {
  if (process.env.WEAPP_SERVER_URL) return process.env.WEAPP_SERVER_URL
  const file = process.env.WEAPP_SERVER_FILE
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).url
  return null
}
const SERVER_URL = serverUrl()

/** Every call the mini program made ({ api, url, method, header, data }), oldest first. */
const calls = []
/** The device's network; tests switch it with setNetwork(). */
// `server` (an origin) sends the calls elsewhere than the suite's server (a test of the bridge
// itself); `loseReplies` counts calls whose reply is lost on the way back (the server did the work).
const network = { online: true, type: 'wifi', listeners: [], server: null, loseReplies: 0 }

/** WeChat refuses a URL without scheme and host; the bridge does too. */
const hasOrigin = (url) => /^https?:\/\/[^/?#]+/i.test(String(url || ''))

/** The same path and query on the suite's server (its origin replaces the app's). */
function toServer(url) {
  if (!SERVER_URL) throw new Error('no suite server: run through test/weapp/jest.config.js (globalSetup)')
  return String(url).replace(/^https?:\/\/[^/?#]+/i, network.server || SERVER_URL)
}

function lowerKeys(header = {}) {
  return Object.fromEntries(Object.entries(header).map(([k, v]) => [k.toLowerCase(), v]))
}

/** One HTTP exchange; resolves { statusCode, body (Buffer), header } or rejects { errMsg }. */
function exchange(api, { url, method, headers, body, timeout }, onAbort) {
  return new Promise((resolve, reject) => {
    const req = http.request(toServer(url), { method, headers, agent: false })
    let timer
    if (timeout > 0) {
      timer = setTimeout(() => {
        req.destroy()
        reject({ errMsg: `${api}:fail timeout` })
      }, timeout)
    }
    onAbort(() => {
      clearTimeout(timer)
      req.destroy()
      reject({ errMsg: `${api}:fail abort` })
    })
    req.on('response', (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => {
        clearTimeout(timer)
        resolve({ statusCode: res.statusCode, body: Buffer.concat(chunks), header: res.headers })
      })
      res.on('error', (error) => reject({ errMsg: `${api}:fail ${error.message}` }))
    })
    req.on('error', (error) => {
      clearTimeout(timer)
      reject({ errMsg: `${api}:fail ${error.message}` })
    })
    req.end(body)
  })
}

function offline(api) {
  // What WeChat on Android reports with the network off.
  return network.online ? null : `${api}:fail -2:net::ERR_INTERNET_DISCONNECTED`
}

let warnedOrigin = false

function request(options) {
  const { url, method = 'GET', data, header = {}, dataType = 'json', timeout = 60000 } = options
  const call = { api: 'request', url, method, header: { ...header }, data, done: false }
  calls.push(call)
  let abort = () => {}
  const task = {
    abort: () => abort(),
    onHeadersReceived() {},
    offHeadersReceived() {},
    onChunkReceived() {},
    offChunkReceived() {},
  }
  if (!hasOrigin(url)) {
    if (!warnedOrigin && /^\/api\//.test(String(url))) {
      warnedOrigin = true
      console.warn(
        `wx.request refused "${url}" as WeChat does: build with an absolute TARO_APP_API_BASE (test/weapp/README.md)`,
      )
    }
    call.done = true
    later(() => fail(options, (call.errMsg = `request:fail invalid url "${url}"`)))
    return task
  }
  const down = offline('request')
  if (down) {
    Object.assign(call, { done: true, errMsg: down })
    later(() => fail(options, down))
    return task
  }
  const headers = lowerKeys(header)
  let target = url
  let body
  const upper = method.toUpperCase()
  if (upper === 'GET' && data && typeof data === 'object') {
    const query = new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString()
    if (query) target += (target.includes('?') ? '&' : '?') + query
  } else if (data !== undefined) {
    if (typeof data === 'string' || data instanceof ArrayBuffer) body = Buffer.from(data)
    else {
      headers['content-type'] ||= 'application/json'
      body = /json/.test(headers['content-type'])
        ? JSON.stringify(data)
        : new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString()
    }
  }
  exchange('request', { url: target, method: upper, headers, body, timeout }, (fn) => (abort = fn)).then(
    ({ statusCode, body: raw, header: resHeader }) => {
      let payload = raw.toString('utf8')
      if (dataType === 'json') {
        try {
          payload = JSON.parse(payload)
        } catch {
          // not JSON: handed over as text, as WeChat does
        }
      }
      Object.assign(call, { done: true, statusCode, reply: payload })
      if (network.loseReplies > 0) {
        // The server did the work; the phone lost the connection before the reply came.
        network.loseReplies--
        call.lost = true
        return fail(options, (call.errMsg = 'request:fail -2:net::ERR_INTERNET_DISCONNECTED'))
      }
      settle(options, { statusCode, data: payload, header: resHeader, errMsg: 'request:ok' })
    },
    ({ errMsg }) => failed(call, options, errMsg),
  )
  return task
}

/** A transfer failed: recorded on its call, told to its caller. */
function failed(call, options, errMsg) {
  Object.assign(call, { done: true, errMsg })
  fail(options, errMsg)
}

/** A transfer WeChat refuses before sending (no scheme and host, no network) fails on the next tick: true if so. */
function refused(call, options) {
  const errMsg = !hasOrigin(call.url) ? `${call.api}:fail invalid url "${call.url}"` : offline(call.api)
  if (!errMsg) return false
  Object.assign(call, { done: true, errMsg })
  later(() => fail(options, errMsg))
  return true
}

function uploadFile(options) {
  const { url, filePath, name, header = {}, formData = {}, timeout = 60000 } = options
  const call = {
    api: 'uploadFile',
    url,
    method: 'POST',
    header: { ...header },
    data: { filePath, name, formData },
    done: false,
  }
  calls.push(call)
  let abort = () => {}
  const progress = []
  const task = {
    abort: () => abort(),
    onProgressUpdate: (cb) => progress.push(cb),
    offProgressUpdate() {},
    onHeadersReceived() {},
    offHeadersReceived() {},
  }
  if (refused(call, options)) return task
  let file
  try {
    file = fs.readFileSync(localPath(filePath))
  } catch {
    later(() => fail(options, `uploadFile:fail file not found: ${filePath}`))
    return task
  }
  const boundary = `----wxsim${Date.now().toString(16)}`
  const parts = Object.entries(formData).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  )
  const fileName = path.basename(localPath(filePath))
  const type = /\.png$/i.test(fileName)
    ? 'image/png'
    : /\.jpe?g$/i.test(fileName)
      ? 'image/jpeg'
      : 'application/octet-stream'
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
  )
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`))
  const body = Buffer.concat(parts)
  const headers = {
    ...lowerKeys(header),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': body.length,
  }
  exchange('uploadFile', { url, method: 'POST', headers, body, timeout }, (fn) => (abort = fn)).then(
    ({ statusCode, body: raw, header: resHeader }) => {
      for (const cb of progress)
        cb({ progress: 100, totalBytesSent: body.length, totalBytesExpectedToSend: body.length })
      // uploadFile hands back the body as text.
      Object.assign(call, { done: true, statusCode, reply: raw.toString('utf8') })
      settle(options, { statusCode, data: raw.toString('utf8'), header: resHeader, errMsg: 'uploadFile:ok' })
    },
    ({ errMsg }) => failed(call, options, errMsg),
  )
  return task
}

/** WeChat names a downloaded file by its type. */
const DOWNLOAD_EXTENSIONS = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
}
let downloads = 0

function downloadFile(options) {
  const { url, header = {}, timeout = 60000 } = options
  const call = { api: 'downloadFile', url, method: 'GET', header: { ...header }, done: false }
  calls.push(call)
  let abort = () => {}
  const task = {
    abort: () => abort(),
    onProgressUpdate() {},
    offProgressUpdate() {},
    onHeadersReceived() {},
    offHeadersReceived() {},
  }
  if (refused(call, options)) return task
  exchange('downloadFile', { url, method: 'GET', headers: lowerKeys(header), timeout }, (fn) => (abort = fn)).then(
    ({ statusCode, body, header: resHeader }) => {
      // WeChat saves the body whatever the status; the caller reads the status.
      const type = String(resHeader['content-type'] || '')
        .split(';')[0]
        .trim()
      const name = `download-${++downloads}${DOWNLOAD_EXTENSIONS[type] || ''}`
      fs.writeFileSync(path.join(TEMP_DIR, name), body)
      Object.assign(call, { done: true, statusCode, type, tempFilePath: `wxfile://${name}` })
      settle(options, { statusCode, tempFilePath: `wxfile://${name}`, header: resHeader, errMsg: 'downloadFile:ok' })
    },
    ({ errMsg }) => failed(call, options, errMsg),
  )
  return task
}

/** Switches the device's network; listeners of wx.onNetworkStatusChange hear it as WeChat tells them. */
function setNetwork(online) {
  network.online = online
  network.type = online ? 'wifi' : 'none'
  for (const listener of network.listeners) listener({ isConnected: online, networkType: network.type })
}

Object.assign(wx, {
  request,
  uploadFile,
  downloadFile,
  getNetworkType: (o) => later(() => settle(o, { networkType: network.type, errMsg: 'getNetworkType:ok' })),
  onNetworkStatusChange: (listener) => network.listeners.push(listener),
  offNetworkStatusChange: (listener) => {
    network.listeners = listener ? network.listeners.filter((l) => l !== listener) : []
  },
})

module.exports = { SERVER_URL, calls, network, hasOrigin, setNetwork }
