// What the simulator tests share beyond the harness: the locales, the server's API from outside
// the app (another client), and the steps a person takes in the app (sign in, choose a customer,
// open a home entry).
const http = require('http')
const h = require('./harness')

const zh = require('../../locales/zh-CN.json')
const en = require('../../locales/en.json')
const formZh = require('../../locales/forms/zh-CN.json')
const formEn = require('../../locales/forms/en.json')
const serverZh = require('../../locales/server/zh-CN.json')
const adminZh = require('../../locales/admin/zh-CN.json')
const adminEn = require('../../locales/admin/en.json')

/** Fills a locale string's {params}. */
const fmt = (text, params = {}) => text.replace(/\{(\w+)\}/g, (_, key) => String(params[key]))

/** POST /api/<path> on the suite's server as another client; resolves the whole JSON reply. */
function post(path, body = {}, { token = '', lang = 'zh' } = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = http.request(`${h.SERVER_URL}/api/${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), token, lang },
    })
    req.on('response', (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        try {
          resolve(JSON.parse(text))
        } catch {
          reject(new Error(`${path}: not JSON (${res.statusCode}): ${text.slice(0, 200)}`))
        }
      })
    })
    req.on('error', reject)
    req.end(data)
  })
}

/** A call of /api/care/<route> that must answer code 1; resolves its res. */
async function api(route, body, token) {
  const reply = await post(`care/${route}`, body, { token })
  if (reply.code !== 1) throw new Error(`${route}: ${JSON.stringify(reply)}`)
  return reply.res
}

/** A session of another client (not the app's), one per account and test file. */
const tokens = new Map()
async function tokenOf(account = 'demo', password = 'demo1234') {
  const key = `${account}\n${password}`
  if (!tokens.has(key)) tokens.set(key, (await api('account/login_old', { account, password })).token)
  return tokens.get(key)
}

/** GET a path of the server (an uploaded file): { statusCode, body (Buffer), type }. */
function download(path) {
  return new Promise((resolve, reject) => {
    const url = /^https?:/.test(path) ? path.replace(/^https?:\/\/[^/]+/, h.SERVER_URL) : `${h.SERVER_URL}${path}`
    http
      .get(url, { agent: false }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({ statusCode: res.statusCode, body: Buffer.concat(chunks), type: res.headers['content-type'] }),
        )
      })
      .on('error', reject)
  })
}

/** The app's token, as the session store keeps it in storage. */
const appToken = () => h.storage.get('token')

const inputs = () => h.$$('.nut-input-native')

/** On the login page: types account and password and taps 登录. */
async function submitLogin(account, password) {
  await h.waitFor(() => inputs().length === 2, { what: 'the login inputs' })
  const [accountInput, passwordInput] = inputs()
  h.type(accountInput, account)
  h.type(passwordInput, password)
  await h.simulate.sleep(30)
  h.tap('.login__submit')
}

/** From a fresh start: the login page, sign in, home. */
async function signIn(account = 'demo', password = 'demo1234') {
  await h.openPage('pages/login/index')
  await h.waitForPage('pages/login/index')
  await submitLogin(account, password)
  await h.waitForPage('pages/tabPages/index')
  await h.settled()
}

/** Whether the customer picker's last search sent after call number `since` is answered, and was for `keyword`. */
function pickerAnswered(since, keyword) {
  const last = h.calls
    .slice(since)
    .filter((call) => /\/api\/care\/customer\/index$/.test(call.url))
    .pop()
  const data = typeof last?.data === 'string' ? JSON.parse(last.data) : last?.data
  return Boolean(last?.done && (data?.keyword ?? '') === keyword)
}

/**
 * Opens the customer picker (tapping `opener`, home's customer card by default) and searches `keyword`;
 * resolves once its list is the search's answer. Each opening lists the mothers in house anew, and a
 * search waits for a pause in typing: rows seen before then belong to a list about to be replaced.
 */
async function searchCustomers(keyword, opener = h.$('.customer-card')) {
  const shown = () => {
    const picker = h.$('.customer-picker')
    return Boolean(picker) && !/display:\s*none/.test(picker.getAttribute('style') ?? '')
  }
  let since = h.calls.length
  if (!shown()) h.tap(opener)
  // A picker a page opens with (or left open on a page drawn anew) listed the mothers in house as it opened.
  await h.waitFor(() => pickerAnswered(since, '') || (shown() && pickerAnswered(0, '')), {
    what: 'the picker open on the mothers in house',
  })
  if (!keyword) return
  since = h.calls.length
  h.type(h.$('.customer-picker__keyword .nut-input-native'), keyword, { blur: false })
  await h.waitFor(() => pickerAnswered(since, keyword), { what: `the picker's answer for ${keyword}` })
}

/** On home: opens the customer picker, searches the room, picks its first customer; resolves the customer. */
async function pickCustomer(room) {
  await searchCustomers(room, h.byText(zh['home.chooseCustomer'])[0] || h.$('.customer-card'))
  const roomText = fmt(zh['customer.room'], { room })
  const row = await h.waitFor(
    () => h.$$('.customer-picker__row').find((r) => h.$('.customer-picker__room', r)?.textContent.trim() === roomText),
    { what: `a customer in room ${room}` },
  )
  const name = h.$('.customer-picker__name', row).textContent.trim()
  h.tap(row)
  await h.waitFor(() => h.storage.get('customerInfo')?.name === name, { what: 'the chosen customer' })
  return h.storage.get('customerInfo')
}

/** Taps a home entry by its title's locale key and waits for its page. */
async function openEntry(entryKey, route) {
  const title = h.byText(zh[entryKey]).find((el) => el.closest('[class*="entry-tile"]'))
  if (!title) throw new Error(`no home entry ${zh[entryKey]}`)
  h.tap(title)
  if (route) await h.waitForPage(route)
}

module.exports = {
  zh,
  adminZh,
  adminEn,
  en,
  formZh,
  formEn,
  serverZh,
  fmt,
  post,
  api,
  tokenOf,
  download,
  appToken,
  inputs,
  submitLogin,
  signIn,
  searchCustomers,
  pickCustomer,
  openEntry,
}
