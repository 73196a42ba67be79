// The app shell end to end: the real server on a fresh embedded database, the
// built H5 app, Debian's Chromium at phone size.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser } from './support.mjs'
import {
  useApp,
  zh,
  en,
  serverZh,
  formZh,
  fmt,
  input,
  button,
  cell,
  fieldOf,
  saveButton,
  modal,
  openEntry,
  sign,
  tokenOf,
  eventually,
  driving,
  isHome,
  chooseInPicker,
} from './app.mjs'

const app = useApp()
const { login } = app

/** POST /api/care/<path> as a client of its own; resolves the whole reply. */
async function post(path, body, token) {
  const res = await fetch(`${app.server.url}/api/care/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'zh', token },
    body: JSON.stringify(body),
  })
  return res.json()
}

async function apiLogin(account, password) {
  const res = await fetch(`${app.server.url}/api/care/account/login_old`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'zh' },
    body: JSON.stringify({ account, password }),
  })
  return (await res.json()).res
}

test('a visitor without a session is sent to the login page', async () => {
  const page = await app.newPage()
  await page.goto(`${app.server.url}/`)
  await page.waitForURL(/\/pages\/login\/index/)
  await page.locator('.login__title').getByText(zh['login.title']).waitFor()
  await page.close()
})

test('Enter in the password box signs in', async () => {
  const page = await app.newPage()
  await page.goto(`${app.server.url}/pages/login/index`)
  await input(page, zh['login.enterAccount']).fill('demo2')
  await input(page, zh['login.enterPassword']).fill('demo1234')
  await input(page, zh['login.enterPassword']).press('Enter')
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/tabPages/index')
  await page.getByText(zh['home.group.rounds'], { exact: true }).waitFor()
  await page.close()
})

test('login → home → pick a customer → personal centre → English → change password → log out', async () => {
  const page = await app.newPage()
  await login(page, 'demo', 'demo1234')
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/tabPages/index')
  await page.getByText(zh['home.group.rounds'], { exact: true }).waitFor()

  // Pick a customer by room.
  await button(page, zh['home.chooseCustomer']).click()
  await chooseInPicker(page, '805')

  // Personal centre shows who is signed in.
  await page.getByText(zh['tab.mine'], { exact: true }).click()
  await page.waitForURL(/personalCenter/)
  await page.getByText(zh['mine.accountLine'].replace('{account}', 'demo')).waitFor()

  // English, persisted across a reload.
  await page.getByText('English', { exact: true }).click()
  await page.getByText(en['mine.logout'], { exact: true }).waitFor()
  await page.reload()
  await page.getByText(en['mine.changePassword'], { exact: true }).waitFor()

  // Change the password.
  await cell(page, en['mine.changePassword']).click()
  await page.waitForURL(/modifyPwd/)
  await input(page, en['modifyPwd.enterOld']).fill('demo1234')
  await input(page, en['modifyPwd.enterNew']).fill('newpass123')
  await input(page, en['modifyPwd.enterConfirm']).fill('newpass123')
  await button(page, en['modifyPwd.submit']).click()
  await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/pages/tabPages/index'))

  // Log out (with confirmation), then the new password works and the old does not.
  await page.getByText(en['tab.mine'], { exact: true }).click()
  await button(page, en['mine.logout']).click()
  await page.locator('.taro__modal').getByText(en['common.confirm'], { exact: true }).click()
  await page.waitForURL(/\/pages\/login\/index/)
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)
  assert.equal((await apiLogin('demo', 'demo1234')) ?? null, null)
  assert.ok((await apiLogin('demo', 'newpass123')).token)
  await page.close()
})

test('the customer sheet, whose code home loads on its first opening, slides in that first time too', async () => {
  const page = await app.newPage()
  await login(page, 'demo2', 'demo1234')
  await page.getByText(zh['home.group.rounds'], { exact: true }).waitFor()
  // Every class the sheet is given, from before the tap: the slide's is there only while it moves.
  await page.evaluate(() => {
    window.sheetClasses = new Set()
    new MutationObserver((changes) => {
      for (const { target } of changes)
        if (target.classList?.contains('customer-picker'))
          target.classList.forEach((name) => window.sheetClasses.add(name))
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true })
  })
  await button(page, zh['home.chooseCustomer']).click()
  await page.locator('.customer-picker__row').first().waitFor()
  assert.ok(
    await page.evaluate(() => window.sheetClasses.has('nut-popup-slide-bottom-enter-active')),
    'the sheet appeared without sliding in',
  )
  await page.close()
})

test("home's icons are drawn inline in their colour, none as an SVG mask (a whole document each)", async () => {
  const page = await app.newPage()
  await login(page, 'demo2', 'demo1234')
  await page.getByText(zh['home.group.rounds'], { exact: true }).waitFor()
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll('.nut-icon')].map((icon) => ({
      entry: Boolean(icon.closest('.entry-tile__icon')),
      mask: getComputedStyle(icon).webkitMaskImage,
      fill: icon.querySelector('svg path') ? getComputedStyle(icon.querySelector('svg path')).fill : null,
      width: icon.getBoundingClientRect().width,
    })),
  )
  const entryIcons = icons.filter((icon) => icon.entry)
  assert.ok(entryIcons.length >= 14, `home shows ${entryIcons.length} entry icons`)
  assert.deepEqual(
    icons.filter((icon) => icon.mask !== 'none' || icon.fill === null),
    [],
  )
  // The entries' icons are white on their tiles, 24 px square.
  assert.deepEqual([...new Set(entryIcons.map((icon) => `${icon.fill} ${icon.width}`))], ['rgb(255, 255, 255) 24'])
  await page.close()
})

// Taro's components' look comes in the app's own stylesheet, before the app's rules (so that those
// win), not as style elements its scripts insert while the launch's first task runs.
test("Taro's stylesheets open the app's stylesheet; no script inserts them", async () => {
  const page = await app.newPage()
  await login(page, 'demo2', 'demo1234')
  await page.getByText(zh['home.group.rounds'], { exact: true }).waitFor()
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => {
      const rules = [...sheet.cssRules]
      return {
        owner: sheet.ownerNode.tagName,
        href: sheet.href && new URL(sheet.href).pathname,
        taroAt: rules.findIndex((rule) => rule.name === 'weuiLoading'),
        appAt: rules.findIndex((rule) => rule.selectorText === 'body, page'),
      }
    }),
  )
  const taro = sheets.filter((sheet) => sheet.taroAt >= 0)
  assert.equal(taro.length, 1, JSON.stringify(sheets))
  assert.match(taro[0].href ?? '', /^\/css\/app\.\w+\.css$/)
  assert.equal(taro[0].owner, 'LINK')
  assert.ok(taro[0].appAt > taro[0].taroAt, `the app's rules at ${taro[0].appAt}, Taro's at ${taro[0].taroAt}`)
  await page.close()
})

test("a wrong password shows the server's message and keeps what was typed", async () => {
  const page = await app.newPage()
  await login(page, 'demo2', 'wrong-password')
  await page.getByText(serverZh['auth.badCredentials']).waitFor()
  assert.equal(await input(page, zh['login.enterAccount']).inputValue(), 'demo2')
  assert.match(page.url(), /\/pages\/login\/index/)
  await page.close()
})

test('an unknown path shows the not-found page', async () => {
  const page = await app.newPage()
  await page.goto(`${app.server.url}/no/such/page`)
  await page.getByText(zh['notFound.message']).waitFor()
  await page.getByText(zh['notFound.home'], { exact: true }).waitFor()
  await page.close()
})

test('a PC-origin link with a token logs straight in, the token leaves the address bar; another account asks first', async () => {
  const { token, userInfo: held } = await apiLogin('demo2', 'demo1234')
  const customers = await fetch(`${app.server.url}/api/care/customer/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ page: 1, limit: 1 }),
  }).then((r) => r.json())
  const customer = customers.res.list[0]
  const page = await app.newPage()
  await page.goto(`${app.server.url}/?token=${token}&customer_id=${customer.id}`)
  await page.locator('.customer-card').getByText(customer.name).waitFor()
  assert.ok(!page.url().includes('token='), `token still in ${page.url()}`)
  assert.match(await page.evaluate(() => localStorage.getItem('come')), /PC/)

  // A link of another account asks before it replaces the session on the device.
  const other = await apiLogin('manager', 'demo1234')
  const question = fmt(zh['session.replaceAsk'], {
    current: held.name,
    currentAccount: held.account,
    next: other.userInfo.name,
    nextAccount: other.userInfo.account,
  })
  await page.goto(`${app.server.url}/?token=${other.token}`)
  await modal(page).getByText(question, { exact: true }).waitFor()
  assert.ok(!page.url().includes('token='), `token still in ${page.url()}`)
  await modal(page).getByText(zh['common.cancel'], { exact: true }).click()
  await modal(page).getByText(question, { exact: true }).waitFor({ state: 'hidden' })
  await page.locator('.customer-card').getByText(customer.name).waitFor()
  assert.equal(await tokenOf(page), token)

  await page.goto(`${app.server.url}/?token=${other.token}`)
  await modal(page).getByText(question, { exact: true }).waitFor()
  await modal(page).getByText(zh['session.replace'], { exact: true }).click()
  await eventually(async () => (await tokenOf(page)) === other.token, 'the session replaced')
  await button(page, zh['home.chooseCustomer']).waitFor()
  await page.close()
})

test('the content security policy lets the app work: login, home, a form with a drawn signature uploaded and saved', async () => {
  const page = await app.newPage()
  const violations = []
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text())
  })
  const document = await page.goto(`${app.server.url}/pages/login/index`)
  assert.match(document.headers()['content-security-policy'], /script-src 'self'/)
  // manager: the test above changed demo's password.
  await login(page, 'manager', 'demo1234')
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/tabPages/index')
  await button(page, zh['home.chooseCustomer']).click()
  await chooseInPicker(page, '815')
  await openEntry(page, 'entry.familyFood')
  await page.locator('.form-header__title').getByText(formZh['form.title.familyFood'], { exact: true }).waitFor()
  await fieldOf(page, 'meal_date').locator('.nut-button').click()
  await fieldOf(page, 'lunch').locator('input').fill('2')
  await fieldOf(page, 'lunch_price').locator('input').fill('38')
  await fieldOf(page, 'lunch_price').locator('input').blur()
  // The pad draws on a canvas, the drawing is uploaded (a data:/blob: fetch) and shown from /uploads.
  await sign(page, 'family_signature')
  await saveButton(page).click()
  await page.locator('.form-header__chip--edit').waitFor()
  violations.push(...(await page.evaluate(() => window.__cspViolations)))
  assert.deepEqual(violations, [])
  await page.close()
})

test('a page whose code is slow to arrive shows the loading state after 200 ms; a fast one shows none', async () => {
  const page = await app.newPage()
  // manager: demo's password was changed by an earlier test.
  await login(page, 'manager', 'demo1234')
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/tabPages/index')
  await page.locator('.entry-tile').first().waitFor()
  // Every time the loading indicator is drawn, noted by the page itself.
  await page.evaluate(() => {
    window.loadingShown = 0
    new MutationObserver(() => {
      const toast = document.querySelector('.taro__toast')
      if (toast && getComputedStyle(toast).display !== 'none' && toast.textContent.includes('加载中'))
        window.loadingShown += 1
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })

  // The date picker's code is here (it was opened once before: on a busy machine even this
  // machine's server can be slow the first time): no loading state.
  const openDatePicker = async () => {
    await page
      .locator('.home__date .nut-cell')
      .filter({ has: page.locator('.home__date-value') })
      .click()
    await page.locator('.choose-date__calendar').waitFor()
    await page.goBack()
    await page.locator('.choose-date__calendar').waitFor({ state: 'detached' })
    await page.locator('.entry-tile').first().waitFor()
  }
  await openDatePicker()
  await page.evaluate(() => (window.loadingShown = 0))
  await openDatePicker()
  assert.equal(await page.evaluate(() => window.loadingShown), 0)

  // The outbound order list's code is held back for 1.5 s: the loading state shows, then the page.
  let held = 0
  await page.route('**/js/*.js', async (route) => {
    held += 1
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await openEntry(page, 'entry.outApplyGeneralList')
  await page.locator('.taro__toast').getByText(zh['common.loading']).waitFor()
  await page.locator('.stock-list').first().waitFor()
  assert.ok(held > 0, 'the page needed no code of its own')
  await page.locator('.taro__toast').getByText(zh['common.loading']).waitFor({ state: 'hidden' })
  await page.close()
})

test('the personal centre lists the signed-in devices and signs another one out, which is then refused', async () => {
  const page = await app.newPage()
  await login(page, 'manager', 'demo1234')
  await page.waitForURL(isHome)
  // Only the two devices of this test: the account's earlier sessions end.
  assert.equal((await post('account/sessions/end', {}, await tokenOf(page))).code, 1)
  const other = driving({ server: app.server, browser: await launchBrowser() })
  try {
    const phone = await other.newPage()
    await other.login(phone, 'manager', 'demo1234')
    await phone.waitForURL(isHome)
    const phoneToken = await tokenOf(phone)

    await page.getByText(zh['tab.mine'], { exact: true }).click()
    await cell(page, zh['mine.devices']).click()
    await page.waitForURL(/\/pagesAccount\/devices\/index/)
    const rows = page.locator('.devices__row')
    await eventually(async () => (await rows.count()) === 2, 'two devices')
    const [mine, theirs] = [
      rows.filter({ hasText: zh['devices.thisDevice'] }),
      rows.filter({ hasNotText: zh['devices.thisDevice'] }),
    ]
    for (const row of [mine, theirs]) await row.getByText(zh['devices.client.h5'], { exact: true }).waitFor()
    assert.equal(await mine.locator('.nut-button').count(), 0)

    await button(theirs, zh['devices.signOut']).click()
    await modal(page)
      .getByText(fmt(zh['devices.signOutConfirm'], { client: zh['devices.client.h5'] }))
      .waitFor()
    await modal(page).getByText(zh['common.confirm'], { exact: true }).click()
    await eventually(async () => (await rows.count()) === 1, 'one device left')
    assert.equal(await button(page, zh['devices.signOutOthers']).count(), 0)

    // The other device is refused at its next request, and sent to sign in.
    assert.equal((await post('account/info', {}, phoneToken)).code, -90001)
    await phone.getByText(zh['tab.mine'], { exact: true }).click()
    await phone.waitForURL(/\/pages\/login\/index/)
    other.assertNoPageErrors()
  } finally {
    await other.browser.close()
  }
  assert.equal((await post('account/info', {}, await tokenOf(page))).code, 1)
  await page.close()
})
