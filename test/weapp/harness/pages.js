// The app and its pages: App() is captured and Page() is turned into a Component whose lifetimes
// call the page's onLoad / onShow / onReady (the simulator only knows custom components); the page
// stack moves through WeChat's route APIs (navigateTo, redirectTo, switchTab, reLaunch, navigateBack).
const path = require('path')
const fs = require('fs')
const simulate = require('miniprogram-simulate')
const { settle, fail, later } = require('./callbacks')
const { checkAfterEach } = require('./errors')
const { checkPictures } = require('./pictures')

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

const DIST = path.join(process.env.DIST_DIR || path.resolve(__dirname, '../../../dist'), 'weapp')
let appOptions = null
let launched = false

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

/** Per route, what its page last opened sent with setData (bytes, in order). */
const setDataSent = new Map()

/** The bytes of each setData of the page last opened at a route, first first. */
const setDataOf = (route) => setDataSent.get(route) ?? []

/** The page stack, bottom first: { route, query, page (simulator component), title }. */
const stack = []
/** Tab pages stay alive while another tab is shown, as WeChat keeps them. */
const tabPages = new Map()
let pending = { route: '', query: {} }

const topRoute = () => stack[stack.length - 1]?.route ?? null

/** The page on top of the stack ({ route, query, page, title }). */
const top = () => stack[stack.length - 1]

// The pages still open when a test ends have their pictures looked at too (the others did as they closed).
checkAfterEach(() => {
  for (const entry of new Set([...stack, ...tabPages.values()])) checkPictures(entry)
})

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
          // What each setData sends across WeChat's bridge, in bytes of JSON, as its audit weighs it.
          const sent = []
          setDataSent.set(pending.route, sent)
          const setData = this.setData
          this.setData = function (data, callback) {
            sent.push(Buffer.byteLength(JSON.stringify(data)))
            return setData.call(this, data, callback)
          }
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
  return new Promise((resolve, reject) =>
    wx.reLaunch({ url: url.startsWith('/') ? url : `/${url}`, success: resolve, fail: reject }),
  )
}

module.exports = { DIST, launchApp, openPage, top, topRoute, stack, readAppJson: appJson, setDataOf }
