// Loads the compiled mini program into miniprogram-simulate. The simulator only
// knows custom components, so App() is captured and Page() is turned into a
// Component whose lifetimes call the page's onLoad / onShow / onReady.
const path = require('path')
const fs = require('fs')
const simulate = require('miniprogram-simulate')

const DIST = path.join(process.env.DIST_DIR || path.resolve(__dirname, '../../dist'), 'weapp')
let appOptions = null
let currentQuery = {}

// The simulator's storage API does nothing; the app keeps its session there, so give it a real one.
const storage = new Map()
const settle = (options, result) => {
  options?.success?.(result)
  options?.complete?.(result)
  return Promise.resolve(result)
}
function installStorage() {
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
}
installStorage()

function installGlobals() {
  global.App = (options) => {
    appOptions = options
  }
  global.getApp = () => appOptions
  global.getCurrentPages = () => []
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
          this.options = currentQuery
          if (this.onLoad) this.onLoad(currentQuery)
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

/** Starts the compiled app once (app.js and its chunks) and runs onLaunch. */
function launchApp(query = {}) {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) {
    throw new Error('dist/weapp is missing: run `npm run build:weapp` first')
  }
  installGlobals()
  require(path.join(DIST, 'app.js'))
  if (appOptions.onLaunch) appOptions.onLaunch({ path: 'pages/tabPages/index', query, scene: 1001 })
  if (appOptions.onShow) appOptions.onShow({ path: 'pages/tabPages/index', query, scene: 1001 })
  return appOptions
}

// A page's script runs once (require caches it), so each page is loaded once and rendered anew.
const loaded = {}

/** Renders a compiled page (e.g. 'pages/login/index') into a container in the jsdom body. */
function renderPage(route, query = {}) {
  currentQuery = query
  loaded[route] = loaded[route] || simulate.load(path.join(DIST, route), { rootPath: DIST })
  const page = simulate.render(loaded[route])
  const parent = document.createElement('parent-wrapper')
  document.body.appendChild(parent)
  page.attach(parent)
  return page
}

/** Polls until check() returns a truthy value (the runtime renders asynchronously). */
async function waitFor(check, { timeout = 5000, interval = 20 } = {}) {
  const start = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - start > timeout) throw new Error('waitFor: timed out')
    await simulate.sleep(interval)
  }
}

function readAppJson() {
  return JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))
}

module.exports = { DIST, simulate, launchApp, renderPage, waitFor, readAppJson, storage }
