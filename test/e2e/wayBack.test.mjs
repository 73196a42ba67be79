// A way back and a way out, end to end: the title bar of the forms and lists, asking before a
// half-filled form is left (its draft kept for its account only), a form's address opened without a customer, the page asked for
// after signing in, and the forced password change left by logging out.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  useApp,
  zh,
  formZh,
  input,
  button,
  fieldOf,
  modal,
  isHome,
  openEntry,
  tokenOf,
  eventually,
  pickerRow,
} from './app.mjs'
import { formReady } from './formSteps.mjs'

const app = useApp()

const FORM = '/pagesHome/pages/form/Pediatricianrounds/form'
const CHECK_NOTICE = '/pagesHome/pages/checkNotice'
const FORM_TITLE = formZh['form.title.pediatricianRounds']
const ROOM = '811'

const bar = (page) => page.locator('.nav-bar--back')
const barButton = (page) => bar(page).locator('.nav-bar__button')
// The modal's root has no box of its own (its layers are fixed): its text is what shows.
const leaveQuestion = (page) => modal(page).getByText(formZh['formUi.leaveConfirm'], { exact: true })
const temperature = (page) => fieldOf(page, 'temperature').locator('input')

/** Home again, once the page left has gone (it is removed a moment after the router shows home). */
async function atHome(page) {
  await page.waitForURL(isHome)
  await page.locator('.form-page, .stock-list, .choose-date').first().waitFor({ state: 'detached' })
  await page.locator('.entry-tile').first().waitFor()
}

/** Opens the form from its home entry. */
async function openForm(page) {
  await openEntry(page, 'entry.pediatricianRounds')
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')
}

/** Chooses the customer of `room` in the open customer picker. */
async function chooseCustomer(page, room) {
  const row = await pickerRow(page, room)
  await row.locator('.customer-picker__name').click()
}

test('forms and lists have a title bar: back to where they were opened from, home when opened by address', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, ROOM)

  await openForm(page)
  assert.equal((await bar(page).locator('.nav-bar__title').textContent()).trim(), FORM_TITLE)
  assert.equal(await barButton(page).getAttribute('aria-label'), zh['common.back'])
  await barButton(page).click()
  await atHome(page)

  await openEntry(page, 'entry.outApplyGeneralList')
  await bar(page)
    .locator('.nav-bar__title')
    .getByText(formZh['stock.outApplyGeneralList.title'], { exact: true })
    .waitFor()
  await barButton(page).click()
  await atHome(page)

  // The working date's calendar, too.
  await page
    .locator('.home__date .nut-cell')
    .filter({ has: page.locator('.home__date-value') })
    .click()
  await bar(page).locator('.nav-bar__title').getByText(zh['chooseDate.title'], { exact: true }).waitFor()
  await barButton(page).click()
  await atHome(page)

  // Opened by its address there is nothing to go back to: the bar offers home.
  await page.goto(`${app.server.url}${FORM}`)
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')
  assert.equal(await barButton(page).getAttribute('aria-label'), zh['tab.home'])
  await barButton(page).click()
  await atHome(page)
  await page.close()
})

test('back tapped while the page is still sliding in shows home, and home stays shown', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, ROOM)
  for (const entry of ['entry.outApplyGeneralList', 'entry.pediatricianRounds']) {
    await openEntry(page, entry)
    // At once, while the router is still sliding the page in over home (a click would wait for it to stop moving).
    await barButton(page).dispatchEvent('click')
    await atHome(page)
    // Past the end of the slide, when the router would have hidden home beneath the page.
    await page.waitForTimeout(1000)
    assert.ok(await page.locator('.entry-tile').first().isVisible(), `home is shown after leaving ${entry} at once`)
  }
  await page.close()
})

test("WeChat's browser draws its own bar: no second one in the page", async () => {
  const page = await app.newPage()
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'userAgent', {
      get: () => 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.50',
    })
  })
  await app.loginAndPick(page, ROOM)
  await openForm(page)
  assert.equal(await page.locator('.nav-bar').count(), 0)
  await page.close()
})

test('leaving a half-filled form asks first, by the in-app back and the browser back; the draft is kept for its account', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, ROOM)

  // Nothing typed: leaves without asking.
  await openForm(page)
  await barButton(page).click()
  await atHome(page)
  assert.equal(await leaveQuestion(page).isVisible(), false)

  await openForm(page)
  await temperature(page).fill('36.8')
  await temperature(page).blur()

  // The in-app back asks, in words that say what becomes of the entries; 继续编辑 keeps the page and what was typed.
  await barButton(page).click()
  await leaveQuestion(page).waitFor()
  await modal(page).getByText(formZh['formUi.keepEditing'], { exact: true }).click()
  await leaveQuestion(page).waitFor({ state: 'hidden' })
  assert.equal(new URL(page.url()).pathname, FORM)
  assert.equal(await temperature(page).inputValue(), '36.8')

  // The browser's back asks too, and the page does not change until the user agrees.
  await page.goBack()
  await leaveQuestion(page).waitFor()
  assert.equal(new URL(page.url()).pathname, FORM)
  assert.equal(await temperature(page).inputValue(), '36.8')
  await modal(page).getByText(formZh['formUi.leave'], { exact: true }).click()
  await atHome(page)

  // The draft was kept: the form opens with it.
  await openForm(page)
  await eventually(async () => (await temperature(page).inputValue()) === '36.8', 'the draft restored')

  // The next account signed in on the same device does not get it.
  await barButton(page).click()
  await modal(page).getByText(formZh['formUi.leave'], { exact: true }).click()
  await atHome(page)
  await page.goto(`${app.server.url}/pages/tabPages/personalCenter`)
  await button(page, zh['mine.logout']).click()
  await modal(page).getByText(zh['common.confirm'], { exact: true }).click()
  await page.waitForURL(/\/pages\/login\/index/)
  await app.login(page, 'manager')
  await page.waitForURL(isHome)
  await page.goto(`${app.server.url}${FORM}`)
  await chooseCustomer(page, ROOM)
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')
  assert.equal(await temperature(page).inputValue(), '')
  assert.equal(await page.locator('.form-header__chip--draft').count(), 0)
  await page.close()
})

test('a home tile that needs a customer opens the picker, and choosing her goes on to the form', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)
  await openEntry(page, 'entry.pediatricianRounds')
  await page.locator('.customer-picker').getByText(zh['customer.pickerTitle'], { exact: true }).waitFor()
  await chooseCustomer(page, ROOM)
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')
  assert.equal(new URL(page.url()).pathname, FORM)
  await page.locator('.form-header').getByText(ROOM).first().waitFor()
  await page.close()
})

test("a form's address without a customer opens the customer picker, then the form; cancelling goes home", async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)

  await page.goto(`${app.server.url}${FORM}`)
  await page.locator('.customer-picker').getByText(zh['customer.pickerTitle'], { exact: true }).waitFor()
  assert.equal(new URL(page.url()).pathname, FORM)
  await chooseCustomer(page, ROOM)
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')
  assert.equal(new URL(page.url()).pathname, FORM)
  await page.locator('.form-header').getByText(ROOM).first().waitFor()

  // Without a customer again (another device), closing the picker goes home; the check-in
  // rules (a page of their own) do the same.
  const other = await app.newPage()
  await app.login(other)
  await other.waitForURL(isHome)
  const picker = other.locator('.customer-picker')
  for (const address of [FORM, CHECK_NOTICE]) {
    await other.goto(`${app.server.url}${address}`)
    await picker.getByText(zh['customer.pickerTitle'], { exact: true }).waitFor()
    await picker.locator('.nut-popup-title-right').click()
    await other.waitForURL(isHome)
    await other.locator('.entry-tile').first().waitFor()
  }
  await other.goto(`${app.server.url}${CHECK_NOTICE}`)
  await picker.getByText(zh['customer.pickerTitle'], { exact: true }).waitFor()
  await chooseCustomer(other, ROOM)
  await other.locator('.check-notice__rules-title').waitFor()
  assert.equal(new URL(other.url()).pathname, CHECK_NOTICE)
  await other.close()
  await page.close()
})

test('signing in after "please log in" returns to the page asked for, with its query', async () => {
  const page = await app.newPage()
  await page.goto(`${app.server.url}${FORM}?from=link`)
  await page.waitForURL(/\/pages\/login\/index/)
  await input(page, zh['login.enterAccount']).fill('demo')
  await input(page, zh['login.enterPassword']).fill('demo1234')
  await page.locator('.login__submit').click()
  await page.waitForURL((url) => url.pathname === FORM && url.searchParams.get('from') === 'link')
  // No customer on this device yet: the picker comes first.
  await page.locator('.customer-picker').getByText(zh['customer.pickerTitle'], { exact: true }).waitFor()
  await chooseCustomer(page, ROOM)
  await formReady(page, 'form.title.pediatricianRounds', 'temperature')

  // A tab page is returned to as a tab.
  const mine = await app.newPage()
  await mine.goto(`${app.server.url}/pages/tabPages/personalCenter`)
  await mine.waitForURL(/\/pages\/login\/index/)
  await input(mine, zh['login.enterAccount']).fill('demo')
  await input(mine, zh['login.enterPassword']).fill('demo1234')
  await mine.locator('.login__submit').click()
  await mine.waitForURL(/\/pages\/tabPages\/personalCenter/)
  await mine.getByText(zh['mine.logout'], { exact: true }).waitFor()
  await mine.close()
  await page.close()
})

test('the forced password change can be left by logging out, which ends the session on the server', async () => {
  const page = await app.newPage()
  await app.login(page, 'newstaff', 'temp1234')
  await page.waitForURL(/\/pages\/modifyPwd\/index/)
  await page.getByText(zh['modifyPwd.mustChange']).waitFor()
  const token = await tokenOf(page)
  assert.ok(token)

  await button(page, zh['mine.logout']).click()
  await modal(page).getByText(zh['mine.logoutConfirm']).waitFor()
  await modal(page).getByText(zh['common.confirm'], { exact: true }).click()
  await page.waitForURL(/\/pages\/login\/index/)
  assert.ok(!(await tokenOf(page)))
  const ended = await eventually(async () => {
    const res = await fetch(`${app.server.url}/api/care/account/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'zh', token },
      body: '{}',
    })
    const json = await res.json()
    // The app sends the logout as it leaves: until it lands, the session still asks for the change (-90004).
    return ![1, -90004].includes(json.code) && json
  }, 'the session ended on the server')
  assert.equal(ended.code, -90001)
  await page.close()
})
