// Sessions against the real server: an account that must change its password is sent to do so and
// can use the app after; a manager switches site and then sees only that site's customers; a token
// the server no longer knows (logged out from another client) sends the app to login with the
// server's message.
const h = require('./harness')
const { zh, serverZh, api, post, tokenOf, appToken, submitLogin, signIn, fmt } = require('./app')

const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'
const LOGIN = 'pages/login/index'
const NEW_PASSWORD = 'Welcome2026'

beforeAll(() => h.launchApp())

/** The names the customer picker lists (its first page). */
async function pickerNames() {
  const before = h.calls.length
  h.tap(h.byText(zh['home.chooseCustomer'])[0] || h.$('.customer-card'))
  // The picker searches a moment after it opens (until then it shows the list it had).
  await h.waitFor(() => h.calls.slice(before).some((c) => c.url.endsWith('/api/care/customer/index') && c.done), {
    what: 'the search',
  })
  await h.settled()
  await h.waitFor(() => h.$$('.customer-picker__row').length > 0, { what: 'the picker list' })
  return h.$$('.customer-picker__name').map((el) => el.textContent.trim())
}

it('newstaff, sent to change the password, can log out instead, which ends the session on the server', async () => {
  await h.openPage(LOGIN)
  await h.waitForPage(LOGIN)
  await submitLogin('newstaff', 'temp1234')
  await h.waitForPage('pages/modifyPwd/index')
  await h.settled()
  const token = appToken()
  expect(token).toBeTruthy()
  const modals = h.ui.modals.length
  h.tap(h.byText(zh['mine.logout'])[0])
  await h.waitForPage(LOGIN)
  await h.settled()
  expect(h.ui.modals.slice(modals).map((m) => m.content)).toEqual([zh['mine.logoutConfirm']])
  expect(appToken()).toBeFalsy()
  const refused = await post('care/account/info', {}, { token })
  expect(refused.code).toBe(-90001)
})

it('newstaff is sent to change the password, and can use the app after the change', async () => {
  await h.openPage(LOGIN)
  await h.waitForPage(LOGIN)
  await submitLogin('newstaff', 'temp1234')
  await h.waitForPage('pages/modifyPwd/index')
  expect(h.stack.map((e) => e.route)).toEqual(['pages/modifyPwd/index'])
  await h.settled()
  // Until then the server refuses the app's calls.
  const refused = await post('care/account/index', {}, { token: appToken() })
  expect(refused.msg).toBe(serverZh['auth.mustChangePassword'])

  // The password she has just signed in with is not asked for again.
  expect(h.byText(zh['modifyPwd.oldPassword'])).toHaveLength(0)
  const [next, confirm] = h.$$('wx-input')
  expect(h.$$('wx-input')).toHaveLength(2)
  h.type(next, NEW_PASSWORD)
  h.type(confirm, NEW_PASSWORD)
  await h.simulate.sleep(30)
  const toasts = h.ui.toasts.length
  h.tap(h.byText(zh['modifyPwd.submit'])[0])
  await h.waitForPage(HOME)
  await h.settled()
  expect(h.ui.toasts.slice(toasts).map((t) => t.title)).toContain(zh['modifyPwd.success'])
  const counts = h.calls.filter((c) => c.url.endsWith('/api/care/account/index')).pop()
  expect(counts.reply.code).toBe(1)
  expect(counts.header.token).toBe(appToken())
  // The new password is the one that signs in now.
  expect(await tokenOf('newstaff', NEW_PASSWORD)).toBeTruthy()
})

it('manager switches to the other site and then sees only its customers', async () => {
  await signIn('manager')
  const site1 = (await api('customer/index', { page: 1, limit: 20 }, await tokenOf('demo'))).list.map((c) => c.name)
  const site2 = (await api('customer/index', { page: 1, limit: 20 }, await tokenOf('demo2'))).list.map((c) => c.name)
  expect(await pickerNames()).toEqual(site1)
  h.tap(h.$('.nut-popup-title-right, .nut-popup-close-icon') || h.$('[class*="close"]'))
  await h.simulate.sleep(50)

  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  await h.settled()
  const sites = await api('account/siteList', {}, appToken())
  const other = sites.find((site) => site.id !== h.storage.get('userInfo').site_id)
  h.tap(h.byText(zh['mine.switchSite'])[0])
  const option = await h.waitFor(() => h.byText(other.name).find((el) => el.closest('[class*="nut-actionsheet"]')), {
    what: 'the site choices',
  })
  const toasts = h.ui.toasts.length
  h.tap(option)
  await h.waitFor(
    () => h.ui.toasts.slice(toasts).some((t) => t.title === fmt(zh['mine.siteSwitched'], { name: other.name })),
    { what: 'switched' },
  )
  await h.waitFor(() => h.textOf().includes(other.name))
  expect(h.storage.get('customerInfo') || null).toBeNull()

  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  await h.settled()
  const names = await pickerNames()
  expect(names).toEqual(site2)
  expect(names.filter((name) => site1.includes(name) && !site2.includes(name))).toEqual([])
})

it("a token the server no longer knows sends the app to login with the server's message", async () => {
  await signIn('demo')
  // Another client ends this session.
  expect((await post('care/account/logout', {}, { token: appToken() })).code).toBe(1)
  const modals = h.ui.modals.length
  const toasts = h.ui.toasts.length
  await h.tapTab(MINE)
  await h.waitForPage(LOGIN)
  const refused = h.calls.filter((c) => c.reply && c.reply.code !== undefined && c.reply.code !== 1).pop()
  // A revoked token is one the server does not know: it asks to sign in.
  expect(refused.reply.msg).toBe(serverZh['auth.loginRequired'])
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the modal' })
  expect(modal.content).toBe(refused.reply.msg)
  await h.waitFor(() => h.ui.toasts.slice(toasts).some((t) => t.title === refused.reply.msg), {
    what: 'the toast on login',
  })
  expect(h.stack.map((e) => e.route)).toEqual([LOGIN])
  expect(h.storage.get('token') || '').toBe('')
})

it('the personal centre lists the signed-in devices and signs another one out, which is then refused', async () => {
  await signIn('demo2')
  // Only the two devices of this test: the account's earlier sessions end.
  expect((await post('care/account/sessions/end', {}, { token: appToken() })).code).toBe(1)
  // The other device: a client that says nothing of itself (as the PC back-office).
  const desk = (await api('account/login_old', { account: 'demo2', password: 'demo1234' })).token

  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  await h.settled()
  h.tap(h.byText(zh['mine.devices'])[0])
  await h.waitForPage('pagesAccount/devices/index')
  const rows = () => h.$$('.devices__row')
  await h.waitFor(() => rows().length === 2, { what: 'two devices' })
  const clients = rows().map((row) => h.$('.devices__client', row).textContent.trim())
  expect(clients).toEqual([zh['devices.client.weapp'] + zh['devices.thisDevice'], zh['devices.client.other']])
  expect(h.byText(zh['devices.signOut']).filter((el) => rows()[0].contains(el))).toEqual([])

  const modals = h.ui.modals.length
  h.tap(h.byText(zh['devices.signOut']).find((el) => rows()[1].contains(el)))
  await h.waitFor(() => rows().length === 1, { what: 'one device left' })
  expect(h.ui.modals.slice(modals).map((m) => m.content)).toEqual([
    fmt(zh['devices.signOutConfirm'], { client: zh['devices.client.other'] }),
  ])
  expect(h.byText(zh['devices.signOutOthers'])).toEqual([])
  expect((await post('care/account/info', {}, { token: desk })).code).toBe(-90001)
  expect((await post('care/account/info', {}, { token: appToken() })).code).toBe(1)
})
