// The compiled mini program (dist/weapp) in miniprogram-simulate: app.json,
// the login page, and the request it sends through wx.request.
const fs = require('fs')
const path = require('path')
const { DIST, launchApp, renderPage, waitFor, readAppJson, simulate } = require('./harness')
const zh = require('../../locales/zh-CN.json')

const MAIN_PAGES = [
  'pages/tabPages/index',
  'pages/tabPages/personalCenter',
  'pages/login/index',
  'pages/modifyPwd/index',
  'pages/notFound/index',
  'pages/webView/index',
  'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update',
]

/** A stand-in server behind wx.request: answers by path, records what was sent. */
function fakeServer(routes) {
  const calls = []
  wx.request = (options) => {
    calls.push(options)
    const path = options.url.replace(/^https?:\/\/[^/]+/, '')
    const data = routes[path] ? routes[path](options.data) : { code: -2, msg: 'not found' }
    setTimeout(() => {
      options.success?.({ statusCode: 200, data, header: {}, errMsg: 'request:ok' })
      options.complete?.({})
    }, 0)
    return { abort() {} }
  }
  return calls
}

const inputs = (page) => page.querySelectorAll('.nut-input-native')
const type = (input, value) => input.dispatchEvent('input', { detail: { value } })

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
    fakeServer({})
    const page = renderPage('pages/login/index')
    await waitFor(() => page.dom.textContent.includes(zh['login.title']))
    expect(inputs(page)).toHaveLength(2)
    expect(page.dom.textContent).toContain(zh['login.submit'])
  })

  it('sends nothing and shows the messages when account and password are empty', async () => {
    const calls = fakeServer({})
    const page = renderPage('pages/login/index')
    await waitFor(() => page.querySelector('.login__submit'))
    page.querySelector('.login__submit').dispatchEvent('tap')
    await waitFor(() => page.dom.textContent.includes(zh['login.enterAccount']))
    await simulate.sleep(50)
    expect(calls).toHaveLength(0)
  })

  it('sends what was typed with the lang header, then calls with the token it got', async () => {
    const userInfo = { id: 1, account: 'demo', name: '王小美', site_id: 1, site_name: '总店', must_change_password: false, can_approve: true }
    const calls = fakeServer({
      '/api/care/account/login_old': () => ({ code: 1, msg: 'ok', res: { token: 'tok-123', userInfo } }),
      '/api/care/account/info': () => ({ code: 1, msg: 'ok', res: userInfo }),
      '/api/care/account/siteList': () => ({ code: 1, msg: 'ok', res: [{ id: 1, name: '总店' }] }),
    })
    const switchTab = jest.fn()
    wx.switchTab = (options) => {
      switchTab(options.url)
      options.success?.({})
    }
    const page = renderPage('pages/login/index')
    await waitFor(() => inputs(page).length === 2)
    const [account, password] = inputs(page)
    type(account, 'demo')
    type(password, 'demo1234')
    await simulate.sleep(20)
    page.querySelector('.login__submit').dispatchEvent('tap')

    await waitFor(() => calls.length > 0)
    expect(calls[0].url).toMatch(/\/api\/care\/account\/login_old$/)
    expect(calls[0].method).toBe('POST')
    expect(calls[0].data).toEqual({ account: 'demo', password: 'demo1234' })
    expect(calls[0].header).toMatchObject({ token: '', lang: 'zh' })
    await waitFor(() => switchTab.mock.calls.length > 0)
    expect(switchTab).toHaveBeenCalledWith('/pages/tabPages/index')

    // The next page's calls carry the session token.
    const mine = renderPage('pages/tabPages/personalCenter')
    await waitFor(() => calls.some((c) => c.url.endsWith('/api/care/account/info')))
    const info = calls.find((c) => c.url.endsWith('/api/care/account/info'))
    expect(info.header).toMatchObject({ token: 'tok-123', lang: 'zh' })
    await waitFor(() => mine.dom.textContent.includes('王小美'))
  })
})
