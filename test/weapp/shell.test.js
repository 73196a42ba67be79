// The compiled mini program (DIST_DIR/weapp) in miniprogram-simulate: app.json, the login page,
// and the requests it sends through wx.request to the real server.
const fs = require('fs')
const path = require('path')
const h = require('./harness')
const { DIST, launchApp, openPage, waitFor, waitForPage, readAppJson, simulate, calls, storage } = h
const { zh, submitLogin } = require('./app')

const inputs = () => h.$$('.nut-input-native')

const MAIN_PAGES = [
  'pages/tabPages/index',
  'pages/tabPages/personalCenter',
  'pages/login/index',
  'pages/modifyPwd/index',
  'pages/notFound/index',
  'pages/webView/index',
  'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update',
]

describe('app.json', () => {
  const app = readAppJson()

  it('lists the main-package routes of the seed, home first', () => {
    expect(app.pages).toEqual(MAIN_PAGES)
    expect(app.entryPagePath).toBe('pages/tabPages/index')
  })

  it('has the pagesHome subpackage with the date picker', () => {
    const pagesHome = app.subPackages.find((p) => p.root === 'pagesHome')
    expect(pagesHome.pages).toContain('pages/form/chooseDate')
    for (const page of pagesHome.pages) expect(fs.existsSync(path.join(DIST, 'pagesHome', `${page}.js`))).toBe(true)
  })

  it('has a tab bar of 首页 and 我的 with icons that exist', () => {
    expect(app.tabBar.list.map((item) => [item.pagePath, item.text])).toEqual([
      ['pages/tabPages/index', '首页'],
      ['pages/tabPages/personalCenter', '我的'],
    ])
    for (const item of app.tabBar.list) {
      expect(fs.existsSync(path.join(DIST, item.iconPath))).toBe(true)
      expect(fs.existsSync(path.join(DIST, item.selectedIconPath))).toBe(true)
    }
  })

  it('draws its own navigation bar on home', () => {
    const home = JSON.parse(fs.readFileSync(path.join(DIST, 'pages/tabPages/index.json'), 'utf8'))
    expect(home.navigationStyle).toBe('custom')
  })
})

describe('login page', () => {
  beforeAll(() => launchApp())

  it('renders the customer-service login', async () => {
    await openPage('pages/login/index')
    await waitForPage('pages/login/index')
    await waitFor(() => h.textOf().includes(zh['login.title']))
    expect(inputs()).toHaveLength(2)
    expect(h.textOf()).toContain(zh['login.submit'])
  })

  it('sends nothing and shows the messages when account and password are empty', async () => {
    await openPage('pages/login/index')
    await waitFor(() => h.$('.login__submit'))
    const before = calls.length
    h.tap('.login__submit')
    await waitFor(() => h.textOf().includes(zh['login.enterAccount']) && h.textOf().includes(zh['login.enterPassword']))
    await simulate.sleep(50)
    expect(calls.length).toBe(before)
  })

  it('sends what was typed with the lang header, then calls with the token the server gave', async () => {
    await openPage('pages/login/index')
    const before = calls.length
    await submitLogin('demo', 'demo1234')
    await waitForPage('pages/tabPages/index')
    const [login] = calls.slice(before)
    expect(login.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/care\/account\/login_old$/)
    expect(login.method).toBe('POST')
    expect(login.data).toMatchObject({ account: 'demo', password: 'demo1234' })
    expect(login.header).toMatchObject({ token: '', lang: 'zh' })
    expect(login.reply.code).toBe(1)
    const token = storage.get('token')
    expect(token).toBe(login.reply.res.token)

    // The next page's calls carry the session token.
    await waitFor(() => calls.some((c, i) => i > before && c.url.endsWith('/api/care/account/index')))
    for (const call of calls.slice(before + 1)) expect(call.header).toMatchObject({ token, lang: 'zh' })
  })
})
