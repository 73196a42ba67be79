// Loads the compiled mini program into miniprogram-simulate and lets a test use it as a person
// does. The simulator only knows custom components, so App() is captured and Page() is turned into
// a Component whose lifetimes call the page's onLoad / onShow / onReady; the harness keeps a page
// stack that the navigation APIs (navigateTo, redirectTo, switchTab, reLaunch, navigateBack) really
// move through. wx.request / wx.uploadFile / wx.downloadFile go over node:http to the suite's real server; storage is
// a real Map; the canvas of a Canvas 2D node is a real @napi-rs/canvas. What the simulator cannot
// do as WeChat does is said where it is stood in for.
const path = require('path')
const fs = require('fs')
const os = require('os')
const http = require('http')
const simulate = require('miniprogram-simulate')
const exparser = require('miniprogram-exparser')

// The simulator runs a component's script each time a page uses it, but the compiled script (a
// webpack chunk) registers its component only the first time: Taro's recursive `comp` (deep
// trees: popups, rows) stayed empty in every page after the first. Keep each definition and hand
// it over again.
const simulateUtils = require('miniprogram-simulate/src/utils')
const runJs = simulateUtils.runJs
const definitions = new Map()
simulateUtils.runJs = (filePath) => {
  if (definitions.has(filePath)) return global.Component(definitions.get(filePath))
  const register = global.Component
  global.Component = (options) => {
    definitions.set(filePath, options)
    return register(options)
  }
  try {
    return runJs(filePath)
  } finally {
    global.Component = register
  }
}

const DIST = path.join(process.env.DIST_DIR || path.resolve(__dirname, '../../dist'), 'weapp')
let appOptions = null
let launched = false

// ------------------------------------------------------------------------------------------
// The suite's server (started once by globalSetup)

function serverUrl() {
  if (process.env.WEAPP_SERVER_URL) return process.env.WEAPP_SERVER_URL
  const file = process.env.WEAPP_SERVER_FILE
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).url
  return null
}
const SERVER_URL = serverUrl()

// ------------------------------------------------------------------------------------------
// Errors: an uncaught error anywhere (a page, a handler, a promise) fails the test it happens in.

const errors = []
const IGNORED_CONSOLE = [
  // Warnings of the simulator's template compiler about attributes it does not know.
  /^\[j-component\]/,
]
const originalConsoleError = console.error
console.error = (...args) => {
  const text = args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : safeJson(a))).join(' ')
  if (!IGNORED_CONSOLE.some((re) => re.test(text))) errors.push(`console.error: ${text}`)
  originalConsoleError(...args)
}
function safeJson(value) {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
window.addEventListener('error', (event) => errors.push(`uncaught: ${event.error?.stack || event.message}`))
const onRejection = (reason) => errors.push(`unhandled rejection: ${reason?.stack || safeJson(reason)}`)
process.on('unhandledRejection', onRejection)
afterAll(() => process.off('unhandledRejection', onRejection))
afterEach(() => {
  for (const entry of new Set([...stack, ...tabPages.values()])) checkPictures(entry)
  const found = errors.splice(0)
  if (found.length) throw new Error(`uncaught errors during the test:\n${found.join('\n\n')}`)
})
/** Errors seen so far (a test expecting one takes it out). */
const takeErrors = () => errors.splice(0)
takeErrors.peek = () => [...errors]

// On a phone the mini program shows pictures only from its trusted domains (its own server): a
// page that names a picture on any other host shows it broken there, so the test fails.
const IMAGE_TAGS = 'wx-image, wx-cover-image'
const STYLE_URL = /url\(\s*['"]?(https?:[^'")\s]+)/g

/** Notes every picture of a rendered page (an image's src, a style's url()) on another host. */
function checkPictures(entry) {
  const root = entry?.page.dom
  if (!root) return
  const own = new Set([SERVER_URL, ...calls.map((c) => c.url)].filter(hasOrigin).map((url) => new URL(url).origin))
  const sources = [...root.querySelectorAll(IMAGE_TAGS)].map((el) => attr(el, 'src'))
  for (const el of root.querySelectorAll('*')) {
    const style = `${el.getAttribute('style') ?? ''} ${el.__wxElement?._vt?.attrs.find((a) => a.name === 'style')?.value ?? ''}`
    sources.push(...[...style.matchAll(STYLE_URL)].map((match) => match[1]))
  }
  for (const url of sources) {
    if (hasOrigin(url) && !own.has(new URL(url).origin)) errors.push(`remote picture on ${entry.route}: ${url}`)
  }
}

// ------------------------------------------------------------------------------------------
// Storage: the simulator's does nothing; the app keeps its session there.

const storage = new Map()
const settle = (options, result) => {
  options?.success?.(result)
  options?.complete?.(result)
  return Promise.resolve(result)
}
const fail = (options, errMsg) => {
  const result = { errMsg }
  options?.fail?.(result)
  options?.complete?.(result)
}
const later = (fn) => setTimeout(fn, 0)

Object.assign(wx, {
  setStorageSync: (key, value) => void storage.set(key, value),
  getStorageSync: (key) => (storage.has(key) ? storage.get(key) : ''),
  removeStorageSync: (key) => void storage.delete(key),
  clearStorageSync: () => storage.clear(),
  getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
  setStorage: (o) => settle(o, (storage.set(o.key, o.data), { errMsg: 'setStorage:ok' })),
  getStorage: (o) => settle(o, { data: storage.get(o.key), errMsg: 'getStorage:ok' }),
  removeStorage: (o) => settle(o, (storage.delete(o.key), { errMsg: 'removeStorage:ok' })),
})

// ------------------------------------------------------------------------------------------
// The network: wx.request and wx.uploadFile to the real server.

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
      console.warn(`wx.request refused "${url}" as WeChat does: build with an absolute TARO_APP_API_BASE (test/weapp/README.md)`)
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

// Temp files (canvasToTempFilePath): WeChat hands out wxfile:// paths; here they map to a folder.
const TEMP_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-weapp-files-'))
afterAll(() => fs.rmSync(TEMP_DIR, { recursive: true, force: true }))
const localPath = (filePath) => {
  const name = String(filePath).replace(/^(wxfile:\/\/|http:\/\/tmp\/)/, '')
  return path.isAbsolute(name) ? name : path.join(TEMP_DIR, name)
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
  const call = { api: 'uploadFile', url, method: 'POST', header: { ...header }, data: { filePath, name, formData }, done: false }
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
  const parts = Object.entries(formData).map(
    ([key, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  )
  const fileName = path.basename(localPath(filePath))
  const type = /\.png$/i.test(fileName) ? 'image/png' : /\.jpe?g$/i.test(fileName) ? 'image/jpeg' : 'application/octet-stream'
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`))
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`))
  const body = Buffer.concat(parts)
  const headers = { ...lowerKeys(header), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length }
  exchange('uploadFile', { url, method: 'POST', headers, body, timeout }, (fn) => (abort = fn)).then(
    ({ statusCode, body: raw, header: resHeader }) => {
      for (const cb of progress) cb({ progress: 100, totalBytesSent: body.length, totalBytesExpectedToSend: body.length })
      // uploadFile hands back the body as text.
      Object.assign(call, { done: true, statusCode, reply: raw.toString('utf8') })
      settle(options, { statusCode, data: raw.toString('utf8'), header: resHeader, errMsg: 'uploadFile:ok' })
    },
    ({ errMsg }) => failed(call, options, errMsg),
  )
  return task
}

/** WeChat names a downloaded file by its type. */
const DOWNLOAD_EXTENSIONS = { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' }
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
      const type = String(resHeader['content-type'] || '').split(';')[0].trim()
      const name = `download-${++downloads}${DOWNLOAD_EXTENSIONS[type] || ''}`
      fs.writeFileSync(path.join(TEMP_DIR, name), body)
      Object.assign(call, { done: true, statusCode, type, tempFilePath: `wxfile://${name}` })
      settle(options, { statusCode, tempFilePath: `wxfile://${name}`, header: resHeader, errMsg: 'downloadFile:ok' })
    },
    ({ errMsg }) => failed(call, options, errMsg),
  )
  return task
}

/** The files on the phone: what a download saved, read back. */
wx.getFileSystemManager = () => ({
  readFileSync: (filePath, encoding) => fs.readFileSync(localPath(filePath), encoding),
})

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

// ------------------------------------------------------------------------------------------
// What WeChat draws itself: toasts, modals, loading, titles. Recorded for the tests.

const ui = {
  toasts: [],
  modals: [],
  loading: 0,
  /** How the next modals are answered: a function of the modal, resolving { confirm, cancel }. */
  answer: () => ({ confirm: true, cancel: false }),
}
Object.assign(wx, {
  showToast: (o) => (ui.toasts.push({ ...o, page: topRoute() }), later(() => settle(o, { errMsg: 'showToast:ok' }))),
  hideToast: (o) => later(() => settle(o, { errMsg: 'hideToast:ok' })),
  showLoading: (o) => (ui.loading++, later(() => settle(o, { errMsg: 'showLoading:ok' }))),
  hideLoading: (o) => (ui.loading = Math.max(0, ui.loading - 1), later(() => settle(o, { errMsg: 'hideLoading:ok' }))),
  showModal: (o) => {
    const modal = { ...o, page: topRoute() }
    ui.modals.push(modal)
    later(async () => {
      const { confirm, cancel } = await ui.answer(modal)
      modal.answered = confirm ? 'confirm' : 'cancel'
      settle(o, { confirm: !!confirm, cancel: !!cancel, errMsg: 'showModal:ok' })
    })
  },
  showActionSheet: (o) => later(() => settle(o, { tapIndex: 0, errMsg: 'showActionSheet:ok' })),
  setNavigationBarTitle: (o) => {
    const top = stack[stack.length - 1]
    if (top) top.title = o.title
    later(() => settle(o, { errMsg: 'setNavigationBarTitle:ok' }))
  },
  setTabBarItem: (o) => {
    ui.tabBar[o.index] = { ...ui.tabBar[o.index], ...o }
    later(() => settle(o, { errMsg: 'setTabBarItem:ok' }))
  },
  stopPullDownRefresh: (o) => later(() => settle(o, { errMsg: 'stopPullDownRefresh:ok' })),
  // A page with unsaved entries: WeChat asks before its back button or gesture leaves it (back()).
  enableAlertBeforeUnload: (o) => {
    const top = stack[stack.length - 1]
    if (top) top.alertBeforeUnload = o.message
    later(() => settle(o, { errMsg: 'enableAlertBeforeUnload:ok' }))
  },
  disableAlertBeforeUnload: (o = {}) => {
    const top = stack[stack.length - 1]
    if (top) top.alertBeforeUnload = ''
    later(() => settle(o, { errMsg: 'disableAlertBeforeUnload:ok' }))
  },
  pageScrollTo: (o) => later(() => settle(o, { errMsg: 'pageScrollTo:ok' })),
  // WeChat's document viewer: what it was asked to open, with the file's local path to read.
  openDocument: (o) => {
    const file = localPath(o.filePath)
    if (!fs.existsSync(file)) return later(() => fail(o, `openDocument:fail file not found: ${o.filePath}`))
    ui.documents.push({ ...o, file, page: topRoute() })
    later(() => settle(o, { errMsg: 'openDocument:ok' }))
  },
})
ui.tabBar = []
/** The files opened in WeChat's document viewer ({ filePath, fileType, showMenu, file, page }). */
ui.documents = []

// WeChat's map pages and the location permission. `location.answer` is what the picker does next:
// a place (confirmed), 'cancel', or 'deny' (the user refused the app the location);
// `location.chosen` and `location.opened` record what the app asked of each page.
const location = {
  answer: 'cancel',
  /** Set by the settings page when the user allows the location there. */
  allowed: true,
  chosen: [],
  opened: [],
  settings: 0,
}
Object.assign(wx, {
  chooseLocation: (o) => {
    location.chosen.push({ latitude: o.latitude, longitude: o.longitude, page: topRoute() })
    const { answer } = location
    if (answer === 'deny') return later(() => fail(o, 'chooseLocation:fail auth deny'))
    if (answer === 'cancel' || !answer) return later(() => fail(o, 'chooseLocation:fail cancel'))
    later(() => settle(o, { ...answer, errMsg: 'chooseLocation:ok' }))
  },
  openLocation: (o) => {
    location.opened.push({ ...o, page: topRoute() })
    later(() => settle(o, { errMsg: 'openLocation:ok' }))
  },
  openSetting: (o) => {
    location.settings++
    later(() => settle(o, { authSetting: { 'scope.userLocation': location.allowed }, errMsg: 'openSetting:ok' }))
  },
})

// ------------------------------------------------------------------------------------------
// The update manager: a stand-in whose events a test fires.

function makeUpdateManager() {
  const handlers = { check: [], ready: [], failed: [] }
  return {
    applied: 0,
    onCheckForUpdate: (cb) => handlers.check.push(cb),
    onUpdateReady: (cb) => handlers.ready.push(cb),
    onUpdateFailed: (cb) => handlers.failed.push(cb),
    applyUpdate() {
      this.applied++
    },
    /** Test side: what WeChat reports. */
    fire(event, payload = {}) {
      for (const cb of handlers[event]) cb(payload)
    },
  }
}
const updateManager = makeUpdateManager()
wx.getUpdateManager = () => updateManager

// ------------------------------------------------------------------------------------------
// Canvas 2D: the simulator's canvas node is a real @napi-rs/canvas.

let napiCanvas = null
function napi() {
  napiCanvas ||= require('@napi-rs/canvas')
  return napiCanvas
}
/** The size a canvas is laid out at (jsdom has no layout): a phone-width signature pad. */
const CANVAS_LAYOUT = { width: 343, height: 200 }
const canvasNodes = new WeakMap()

/** The node WeChat hands out for a `<canvas type="2d">`: width/height and a real 2d context. */
function canvasNodeOf(element) {
  if (canvasNodes.has(element)) return canvasNodes.get(element)
  const real = napi().createCanvas(300, 150)
  const node = {
    _real: real,
    get width() {
      return real.width
    },
    set width(value) {
      real.width = Math.round(value)
    },
    get height() {
      return real.height
    },
    set height(value) {
      real.height = Math.round(value)
    },
    getContext: (type) => (type === '2d' ? real.getContext('2d') : null),
    createImage: () => new (napi().Image)(),
    requestAnimationFrame: (cb) => setTimeout(() => cb(Date.now()), 16),
    cancelAnimationFrame: (id) => clearTimeout(id),
    toDataURL: (type) => real.toDataURL(type),
  }
  canvasNodes.set(element, node)
  return node
}

let tempCount = 0
wx.canvasToTempFilePath = (options) => {
  const node = options.canvas
  if (!node?._real) return later(() => fail(options, 'canvasToTempFilePath:fail canvas is empty'))
  const name = `canvas-${Date.now()}-${++tempCount}.${options.fileType === 'jpg' ? 'jpg' : 'png'}`
  const buffer = node._real.toBuffer(options.fileType === 'jpg' ? 'image/jpeg' : 'image/png')
  fs.writeFileSync(path.join(TEMP_DIR, name), buffer)
  later(() => settle(options, { tempFilePath: `wxfile://${name}`, errMsg: 'canvasToTempFilePath:ok' }))
}

/**
 * A selector query over the top page's rendered tree. jsdom lays nothing out, so a rect is the
 * canvas's layout size for a canvas and zero otherwise.
 */
function createSelectorQuery() {
  const commands = []
  const find = (selector, all) => queryDom(stack[stack.length - 1]?.page.dom, selector, all)
  const describe = (element, fields) => {
    if (!element) return null
    const isCanvas = element.tagName.toLowerCase() === 'wx-canvas' || element.getAttribute('type') === '2d'
    const size = isCanvas ? CANVAS_LAYOUT : { width: 0, height: 0 }
    const out = {}
    if (fields.id) out.id = element.id
    if (fields.dataset) out.dataset = { ...element.dataset }
    if (fields.rect || fields.size) Object.assign(out, { left: 0, top: 0, right: size.width, bottom: size.height })
    if (fields.size || fields.rect) Object.assign(out, size)
    if (fields.node) out.node = isCanvas ? canvasNodeOf(element) : null
    return out
  }
  const nodesRef = (selector, all) => {
    const add = (fields, cb) => {
      commands.push({ selector, all, fields, cb })
      return query
    }
    return {
      fields: (fields, cb) => add(fields, cb),
      boundingClientRect: (cb) => add({ id: true, dataset: true, rect: true, size: true }, cb),
      scrollOffset: (cb) => add({ id: true, dataset: true, scrollOffset: true }, cb),
      node: (cb) => add({ node: true }, cb),
      context: (cb) => add({ context: true }, cb),
    }
  }
  const query = {
    in: () => query,
    select: (selector) => nodesRef(selector, false),
    selectAll: (selector) => nodesRef(selector, true),
    selectViewport: () => nodesRef(null, false),
    exec(cb) {
      later(() => {
        const results = commands.map(({ selector, all, fields, cb: each }) => {
          let result
          if (selector === null) result = { scrollTop: 0, scrollLeft: 0, width: 375, height: 812 }
          else if (all) result = find(selector, true).map((el) => describe(el, fields))
          else result = describe(find(selector, false), fields)
          each?.(result)
          return result
        })
        cb?.(results)
      })
      return query
    },
  }
  return query
}
wx.createSelectorQuery = createSelectorQuery

// ------------------------------------------------------------------------------------------
// Pages and the page stack

const appJson = () => JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))
let routes = null
function knownRoutes() {
  if (routes) return routes
  const json = appJson()
  const all = [...json.pages]
  for (const sub of json.subPackages || []) for (const page of sub.pages) all.push(`${sub.root}/${page}`)
  routes = { all: new Set(all), tabs: new Set((json.tabBar?.list || []).map((item) => item.pagePath)) }
  return routes
}

/** The page stack, bottom first: { route, query, page (simulator component), title }. */
const stack = []
/** Tab pages stay alive while another tab is shown, as WeChat keeps them. */
const tabPages = new Map()
let pending = { route: '', query: {} }

const topRoute = () => stack[stack.length - 1]?.route ?? null

function installGlobals() {
  global.App = (options) => {
    appOptions = options
  }
  global.getApp = () => appOptions
  // What WeChat's getCurrentPages() hands out: the page instances, bottom first.
  global.getCurrentPages = () => stack.map((entry) => entry.page.instance)
  global.Page = (options) => {
    const methods = {}
    const data = options.data || {}
    for (const [key, value] of Object.entries(options)) {
      if (typeof value === 'function') methods[key] = value
    }
    global.Component({
      data,
      methods,
      lifetimes: {
        attached() {
          this.route = pending.route
          this.__route__ = pending.route
          this.options = pending.query
          if (this.onLoad) this.onLoad(pending.query)
          if (this.onShow) this.onShow()
        },
        ready() {
          if (this.onReady) this.onReady()
        },
        detached() {
          if (this.onUnload) this.onUnload()
        },
      },
    })
  }
}

/** Starts the compiled app once (app.js and its chunks) and runs onLaunch / onShow. */
function launchApp(query = {}) {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) {
    throw new Error(`${DIST} is missing: build it first (see test/weapp/README or the jest config)`)
  }
  if (launched) throw new Error('launchApp: the app is launched once per test file')
  launched = true
  installGlobals()
  require(path.join(DIST, 'app.js'))
  const launch = { path: 'pages/tabPages/index', query, scene: 1001 }
  if (appOptions.onLaunch) appOptions.onLaunch(launch)
  if (appOptions.onShow) appOptions.onShow(launch)
  return appOptions
}

// A page's script runs once (require caches it), so each page is loaded once and rendered anew.
const loaded = {}

/** Renders a page (e.g. 'pages/login/index') into its own container: onLoad, onShow, onReady. */
function mountPage(route, query = {}) {
  pending = { route, query }
  loaded[route] ||= simulate.load(path.join(DIST, route), { rootPath: DIST })
  const page = simulate.render(loaded[route])
  const parent = document.createElement('page-wrapper')
  parent.setAttribute('route', route)
  document.body.appendChild(parent)
  page.attach(parent)
  return { route, query, page, parent, title: '' }
}

function hide(entry) {
  entry?.page.instance?.onHide?.()
}
function show(entry) {
  entry?.page.instance?.onShow?.()
}
function unload(entry) {
  checkPictures(entry)
  entry.page.detach()
  entry.parent.remove()
  if (tabPages.get(entry.route) === entry) tabPages.delete(entry.route)
}

/** '/pages/x/y?a=1' → { route: 'pages/x/y', query: { a: '1' } } (Taro adds its own __key_). */
function parseUrl(url) {
  const [pathPart, search = ''] = String(url).split('?')
  const route = pathPart.replace(/^\//, '')
  const query = Object.fromEntries(new URLSearchParams(search))
  return { route, query }
}

/** One of WeChat's route APIs: checks like WeChat, changes the stack, then calls back. */
function routeApi(api, change) {
  return (options = {}) => {
    let result
    try {
      result = change(options)
    } catch (error) {
      later(() => fail(options, `${api}:fail ${error.message}`))
      return
    }
    later(() => settle(options, { errMsg: `${api}:ok`, ...(result || {}) }))
  }
}

function target(options, { tab }) {
  const { route, query } = parseUrl(options.url)
  if (!knownRoutes().all.has(route)) throw new Error(`page "${route}" is not found`)
  const isTab = knownRoutes().tabs.has(route)
  if (tab === true && !isTab) throw new Error('can not switch to no-tabBar page')
  if (tab === false && isTab) throw new Error('can not navigateTo a tabbar page')
  return { route, query }
}

Object.assign(wx, {
  navigateTo: routeApi('navigateTo', (options) => {
    const { route, query } = target(options, { tab: false })
    if (stack.length >= 10) throw new Error('webview count limit exceed')
    hide(stack[stack.length - 1])
    stack.push(mountPage(route, query))
    return { eventChannel: { emit() {}, on() {}, off() {}, once() {} } }
  }),
  redirectTo: routeApi('redirectTo', (options) => {
    const { route, query } = target(options, { tab: false })
    const top = stack.pop()
    if (top) unload(top)
    stack.push(mountPage(route, query))
  }),
  switchTab: routeApi('switchTab', (options) => {
    const { route } = target(options, { tab: true })
    const top = stack[stack.length - 1]
    // Every page above the tab is closed; the tab itself is kept (shown again) or opened.
    while (stack.length) {
      const entry = stack.pop()
      if (tabPages.get(entry.route) === entry) {
        if (entry.route !== route) hide(entry)
      } else unload(entry)
    }
    const kept = tabPages.get(route)
    if (kept) {
      stack.push(kept)
      if (kept !== top) show(kept)
    } else {
      const entry = mountPage(route, {})
      tabPages.set(route, entry)
      stack.push(entry)
    }
  }),
  reLaunch: routeApi('reLaunch', (options) => {
    const { route, query } = target(options, {})
    while (stack.length) unload(stack.pop())
    for (const entry of tabPages.values()) unload(entry)
    const entry = mountPage(route, query)
    if (knownRoutes().tabs.has(route)) tabPages.set(route, entry)
    stack.push(entry)
  }),
  navigateBack: routeApi('navigateBack', (options) => {
    const delta = Math.max(1, options.delta || 1)
    if (stack.length <= 1) throw new Error('cannot navigate back at first page.')
    for (let i = 0; i < delta && stack.length > 1; i++) unload(stack.pop())
    show(stack[stack.length - 1])
  }),
})

/** Opens a page as the app's first page (what WeChat does at launch, or a reLaunch). */
function openPage(url) {
  return new Promise((resolve, reject) => wx.reLaunch({ url: url.startsWith('/') ? url : `/${url}`, success: resolve, fail: reject }))
}

// WeChat's own chrome (the navigation bar's back arrow, the native tab bar) is not in the page's
// tree: a test presses them through the route API WeChat calls for them.
const call = (api, options) => new Promise((resolve, reject) => wx[api]({ ...options, success: resolve, fail: reject }))
/**
 * The navigation bar's back arrow. On a page that enabled the alert before unload, WeChat asks
 * first (a modal, answered by ui.answer); cancelled, the page stays.
 */
async function back() {
  const message = top()?.alertBeforeUnload
  if (message) {
    const modal = { content: message, page: topRoute(), beforeUnload: true }
    ui.modals.push(modal)
    const { confirm } = await ui.answer(modal)
    modal.answered = confirm ? 'confirm' : 'cancel'
    if (!confirm) return undefined
  }
  return call('navigateBack', { delta: 1 })
}
/** A tap on the tab bar's item of `route`. */
const tapTab = (route) => call('switchTab', { url: `/${route.replace(/^\//, '')}` })

/** The page on top of the stack ({ route, query, page, title }). */
const top = () => stack[stack.length - 1]

// ------------------------------------------------------------------------------------------
// Driving pages as a person does

/** Polls until check() returns a truthy value (the runtime renders asynchronously). */
async function waitFor(check, { timeout = 10000, interval = 20, what = '' } = {}) {
  const start = Date.now()
  let lastError
  for (;;) {
    try {
      const value = check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() - start > timeout) {
      throw new Error(`waitFor timed out${what ? `: ${what}` : ''}${lastError ? ` (${lastError.message})` : ''}`)
    }
    await simulate.sleep(interval)
  }
}

/** Waits until every call sent so far has its answer, and none came for a short while. */
async function settled({ timeout = 15000, quiet = 150 } = {}) {
  let since = Date.now()
  let count = calls.length
  await waitFor(
    () => {
      if (calls.length !== count || calls.some((c) => !c.done)) {
        count = calls.length
        since = Date.now()
        return false
      }
      return Date.now() - since >= quiet
    },
    { timeout, what: 'the network to settle' },
  )
}

/** Waits until `route` is on top and has rendered (something in its tree). */
async function waitForPage(route, { timeout = 10000 } = {}) {
  return waitFor(
    () => {
      const entry = top()
      return entry && entry.route === route.replace(/^\//, '') && entry.page.dom.textContent.trim().length > 0 && entry
    },
    { timeout, what: `page ${route} on top (top is ${topRoute()})` },
  )
}

// The simulator prefixes the classes of a component's tree with its tag ('main--login__submit')
// and keeps ids on its own nodes only: a selector is translated, and ids are copied to the DOM.
const PREFIXES = ['main', 'comp', 'custom-wrapper']
function translate(selector) {
  return selector.replace(/\.(-?[A-Za-z_][\w-]*)/g, (_, name) => `:is(${[name, ...PREFIXES.map((p) => `${p}--${name}`)].map((c) => `.${c}`).join(', ')})`)
}
function syncIds(root) {
  for (const el of root.querySelectorAll('*')) {
    const id = el.__wxElement?.id
    if (id && el.id !== id) el.id = id
  }
}
function queryDom(root, selector, all) {
  if (!root) return all ? [] : null
  if (selector.includes('#')) syncIds(root)
  const css = translate(selector)
  return all ? [...root.querySelectorAll(css)] : root.querySelector(css)
}
/** The rendered element of the top page matching a CSS selector (jsdom; classes as in the source). */
const $ = (selector, root = top()?.page.dom) => queryDom(root, selector, false)
const $$ = (selector, root = top()?.page.dom) => queryDom(root, selector, true)
/** The innermost elements of the top page whose own text is `text` (exactly, trimmed). */
function byText(text, root = top()?.page.dom, selector = '*') {
  return [...(root?.querySelectorAll(selector) ?? [])].filter(
    (el) => el.textContent.trim() === text && ![...el.children].some((child) => child.textContent.trim() === text),
  )
}
/** The text of the top page (or an element). */
const textOf = (root = top()?.page.dom) => root?.textContent ?? ''

function wxElementOf(element) {
  let el = element
  while (el && !el.__wxElement) el = el.parentNode
  if (!el) throw new Error('no mini program element behind this DOM node')
  return el.__wxElement
}

/** An attribute of a mini program element as the page last set it (an input's value). */
function attr(element, name) {
  const found = element && wxElementOf(element)._vt?.attrs.find((a) => a.name === name)
  return found ? found.value : undefined
}

/** Fires a mini program event on an element (bubbling, as WeChat does). */
function fire(element, name, detail = {}, extra = {}) {
  exparser.Event.dispatchEvent(
    wxElementOf(element),
    exparser.Event.create(name, detail, {
      bubbles: true,
      capturePhase: true,
      composed: true,
      extraFields: { touches: [], changedTouches: [], ...extra },
    }),
  )
}

/** Taps an element (by element, or the first match of a selector on the top page). */
function tap(target) {
  const element = typeof target === 'string' ? $(target) : target
  if (!element) throw new Error(`tap: nothing matches ${target}`)
  fire(element, 'tap', { x: 1, y: 1 }, { touches: [], changedTouches: [{ x: 1, y: 1, clientX: 1, clientY: 1 }] })
}

/** Types into an input or textarea (input event, then blur as the keyboard closes). */
function type(target, value, { blur = true } = {}) {
  const element = typeof target === 'string' ? $(target) : target
  if (!element) throw new Error(`type: nothing matches ${target}`)
  fire(element, 'input', { value: String(value), cursor: String(value).length, keyCode: 0 })
  if (blur) fire(element, 'blur', { value: String(value) })
}

/** A touch stroke on a canvas: points in the canvas's own coordinates (x, y), as WeChat gives them. */
async function stroke(element, points) {
  const touch = ([x, y]) => ({ identifier: 0, x, y, clientX: x, clientY: y, pageX: x, pageY: y })
  fire(element, 'touchstart', {}, { touches: [touch(points[0])], changedTouches: [touch(points[0])] })
  await simulate.sleep(5)
  for (const point of points.slice(1)) {
    fire(element, 'touchmove', {}, { touches: [touch(point)], changedTouches: [touch(point)] })
    await simulate.sleep(5)
  }
  const last = points[points.length - 1]
  fire(element, 'touchend', {}, { touches: [], changedTouches: [touch(last)] })
}

module.exports = {
  location,
  DIST,
  SERVER_URL,
  simulate,
  launchApp,
  openPage,
  back,
  tapTab,
  top,
  topRoute,
  stack,
  waitFor,
  waitForPage,
  settled,
  $,
  $$,
  byText,
  textOf,
  tap,
  type,
  fire,
  attr,
  stroke,
  readAppJson: appJson,
  storage,
  calls,
  ui,
  network,
  setNetwork,
  updateManager,
  takeErrors,
  canvasNodeOf,
  TEMP_DIR,
  hasOrigin,
}
