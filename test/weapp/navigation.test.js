// The harness's page stack behind WeChat's route APIs, driven by the compiled app itself: a page
// opened with navigateTo is on top of the one that opened it, back shows that one again (its
// onShow runs: home asks the server for its counts again), redirectTo replaces, switchTab closes
// what is above the tabs and keeps the tab pages, reLaunch starts over; what WeChat refuses
// (navigateTo a tab page, a page not in app.json) fails. And an uncaught error fails a test.
const h = require('./harness')
const { zh, signIn, pickCustomer, openEntry } = require('./app')

const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'
const routes = () => h.stack.map((entry) => entry.route)
const call = (api, options) =>
  new Promise((resolve) =>
    wx[api]({ ...options, success: (res) => resolve({ ok: res }), fail: (err) => resolve({ fail: err }) }),
  )

beforeAll(async () => {
  h.launchApp()
  await signIn('demo')
  await pickCustomer('808')
})

it('navigateTo stacks the form on home; back shows home again and it reloads its counts', async () => {
  await openEntry('entry.familyFood', 'pagesHome/pages/form/familyFood/form')
  expect(routes()).toEqual([HOME, 'pagesHome/pages/form/familyFood/form'])
  await h.settled()
  const before = h.calls.length
  await h.back()
  await h.waitForPage(HOME)
  expect(routes()).toEqual([HOME])
  await h.waitFor(() => h.calls.slice(before).some((c) => c.url.endsWith('/api/care/account/index')), {
    what: 'home reloading on show',
  })
  await h.settled()
})

it('the working date opens the date page over home (navigateTo from a cell)', async () => {
  h.tap(h.byText(zh['home.workingDate'])[0])
  await h.waitForPage('pagesHome/pages/form/chooseDate')
  expect(routes()).toEqual([HOME, 'pagesHome/pages/form/chooseDate'])
  await h.back()
  await h.waitForPage(HOME)
})

it('redirectTo replaces the top page; switchTab closes what is above the tabs and keeps the tab pages', async () => {
  await openEntry('entry.visit', 'pagesHome/pages/form/visit/form')
  await h.settled()
  expect((await call('redirectTo', { url: '/pages/notFound/index' })).ok).toBeDefined()
  await h.waitForPage('pages/notFound/index')
  expect(routes()).toEqual([HOME, 'pages/notFound/index'])
  const home = h.stack[0]
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  expect(routes()).toEqual([MINE])
  await h.settled()
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  // The same home page instance, shown again.
  expect(h.stack[0]).toBe(home)
  await h.settled()
})

it('what WeChat refuses fails: navigateTo a tab page, a page not in app.json, back from the first page', async () => {
  expect((await call('navigateTo', { url: `/${MINE}` })).fail.errMsg).toMatch(
    /^navigateTo:fail can not navigateTo a tabbar page/,
  )
  expect((await call('navigateTo', { url: '/pages/nowhere/index' })).fail.errMsg).toMatch(
    /^navigateTo:fail page "pages\/nowhere\/index" is not found/,
  )
  expect((await call('switchTab', { url: '/pages/login/index' })).fail.errMsg).toMatch(/^switchTab:fail/)
  expect((await call('navigateBack', {})).fail.errMsg).toMatch(/^navigateBack:fail/)
  expect(routes()).toEqual([HOME])
})

it('reLaunch closes every page and opens one', async () => {
  await openEntry('entry.visit', 'pagesHome/pages/form/visit/form')
  await h.settled()
  expect((await call('reLaunch', { url: '/pages/notFound/index' })).ok).toBeDefined()
  await h.waitForPage('pages/notFound/index')
  expect(routes()).toEqual(['pages/notFound/index'])
  // Its 返回首页 goes home again.
  h.tap(h.byText(zh['notFound.home'])[0])
  await h.waitForPage(HOME)
  await h.settled()
})

// An unhandled promise rejection needs no harness: jest 30 fails the test it happens in by itself
// (tried: a bare Promise.reject here fails this test with its message).
it('an uncaught error is caught by the harness (and would fail the test)', async () => {
  setTimeout(() => {
    throw new Error('a throw in a timer')
  }, 0)
  await h.waitFor(() => h.takeErrors.peek().some((e) => e.startsWith('uncaught:')), { what: 'the error seen' })
  const errors = h.takeErrors()
  expect(errors.some((e) => e.startsWith('uncaught:') && e.includes('a throw in a timer'))).toBe(true)
})
