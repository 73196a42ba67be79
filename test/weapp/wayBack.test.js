// A way back and a way out in the mini program: a form's address without a customer opens the
// customer picker (then the form; closed, home), WeChat asks before its back leaves a half-filled
// form (the draft is kept either way) and the draft is not shown to the next account signed in on
// the phone, and signing in after "please log in" returns to the page asked for.
const h = require('./harness')
const { zh, formZh, signIn, submitLogin, openEntry } = require('./app')
const { FORMS, fieldOf, shownValue } = require('./forms')

const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'
const LOGIN = 'pages/login/index'
const FORM = 'pagesHome/pages/form/Pediatricianrounds/form'
const ROOM = '811'

beforeAll(async () => {
  h.launchApp()
  await signIn('demo')
})

afterEach(() => {
  h.ui.answer = () => ({ confirm: true, cancel: false })
})

const picker = () => h.$('.customer-picker .nut-popup-title-right') && h.$('.customer-picker__search')
const temperature = () => h.$('.nut-input-native', fieldOf('temperature'))
/** The temperature in the signed-in account's draft of the form on the device. */
const draftTemperature = () =>
  [...h.storage.entries()].find(([key]) =>
    key.startsWith(`draft:${h.storage.get('userInfo').id}:${FORMS.pediatricianRounds.name}:`),
  )?.[1]?.values?.temperature

/** Logs out from the personal centre (confirmed), and lets the logout's message pass (a logout under way ignores another). */
async function logOut() {
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  await h.settled()
  h.tap(h.byText(zh['mine.logout'])[0])
  await h.waitForPage(LOGIN)
  await h.settled()
  await h.simulate.sleep(700)
}

/** In the open picker: searches the room and chooses its first customer. */
async function chooseInPicker(room) {
  const search = await h.waitFor(() => h.$('.customer-picker__keyword .nut-input-native'), {
    what: 'the picker search',
  })
  h.type(search, room, { blur: false })
  const row = await h.waitFor(() => h.$$('.customer-picker__row').find((r) => r.textContent.includes(room)), {
    what: `a customer in ${room}`,
  })
  h.tap(row)
}

it("a form's address without a customer opens the picker: closed, home; a customer chosen, the form", async () => {
  expect(h.storage.get('customerInfo')).toBeFalsy()
  await h.openPage(FORM)
  await h.waitForPage(FORM)
  await h.waitFor(picker, { what: 'the customer picker' })
  h.tap(h.$('.customer-picker .nut-popup-title-right'))
  await h.waitForPage(HOME)

  await h.openPage(FORM)
  await h.waitForPage(FORM)
  await h.waitFor(picker, { what: 'the customer picker' })
  await chooseInPicker(ROOM)
  await h.waitFor(temperature, { what: 'the form for the chosen customer' })
  expect(h.topRoute()).toBe(FORM)
  expect(h.storage.get('customerInfo').room).toBe(ROOM)
  await h.settled()
})

it('a home entry that needs a customer opens the picker, and choosing her goes on to the form', async () => {
  // Signed in afresh: no customer chosen.
  await logOut()
  await signIn('demo')
  expect(h.storage.get('customerInfo')).toBeFalsy()
  await openEntry('entry.pediatricianRounds')
  await h.waitFor(picker, { what: 'the customer picker' })
  expect(h.topRoute()).toBe(HOME)
  await chooseInPicker(ROOM)
  await h.waitForPage(FORM)
  await h.waitFor(temperature, { what: 'the form for the chosen customer' })
  expect(h.storage.get('customerInfo').room).toBe(ROOM)
  await h.settled()
})

it("WeChat's back asks before leaving a half-filled form; the draft is kept either way", async () => {
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  // Nothing typed: back leaves without asking.
  await openEntry('entry.pediatricianRounds', FORM)
  await h.waitFor(temperature, { what: 'the form' })
  await h.settled()
  const modals = h.ui.modals.length
  await h.back()
  await h.waitForPage(HOME)
  expect(h.ui.modals.length).toBe(modals)

  await openEntry('entry.pediatricianRounds', FORM)
  await h.waitFor(temperature, { what: 'the form' })
  await h.settled()
  h.type(temperature(), '36.9')
  await h.waitFor(() => h.top().alertBeforeUnload, { what: 'the alert before leaving' })
  expect(h.top().alertBeforeUnload).toBe(formZh['formUi.leaveConfirm'])

  // Staying: the page and what was typed remain.
  h.ui.answer = () => ({ confirm: false, cancel: true })
  await h.back()
  expect(h.ui.modals.slice(modals).map((m) => m.content)).toEqual([formZh['formUi.leaveConfirm']])
  expect(h.topRoute()).toBe(FORM)
  await h.waitFor(() => String(draftTemperature()) === '36.9', { what: 'the draft written' })

  // Leaving: home, and the form opens again with the draft.
  h.ui.answer = () => ({ confirm: true, cancel: false })
  await h.back()
  await h.waitForPage(HOME)
  await openEntry('entry.pediatricianRounds', FORM)
  await h.waitFor(() => temperature() && String(shownValue('temperature')) === '36.9', { what: 'the draft restored' })
  // A restored draft is still unsaved: leaving asks.
  await h.waitFor(() => h.top().alertBeforeUnload, { what: 'the alert on the restored draft' })
  await h.back()
  await h.waitForPage(HOME)
  await h.settled()
})

/** Logs out, signs in as `account` and opens the form's address for the customer of ROOM. */
async function openFormAs(account) {
  await logOut()
  await submitLogin(account, 'demo1234')
  await h.waitForPage(HOME)
  await h.openPage(FORM)
  await h.waitForPage(FORM)
  await h.waitFor(picker, { what: 'the customer picker' })
  await chooseInPicker(ROOM)
}

it('the next account signed in on the phone is not shown the draft; its own account is again', async () => {
  await openFormAs('manager')
  await h.waitFor(temperature, { what: 'the form' })
  await h.settled()
  expect(shownValue('temperature') || '').toBe('')
  expect(h.$('.form-header__chip--draft')).toBeFalsy()
  expect(draftTemperature()).toBeUndefined()

  await openFormAs('demo')
  await h.waitFor(() => temperature() && String(shownValue('temperature')) === '36.9', { what: 'the draft restored' })
  expect(h.$('.form-header__chip--draft').textContent.trim()).toBe(formZh['formUi.draftRestored'])
  await h.settled()
})

it('after "please log in", signing in returns to the page asked for with its query (a tab as a tab)', async () => {
  await logOut()

  await h.openPage(`${FORM}?from=link`)
  await h.waitForPage(LOGIN)
  expect(h.top().query.redirect).toBe(`/${FORM}?from=link`)
  await submitLogin('demo', 'demo1234')
  await h.waitForPage(FORM)
  expect(h.top().query.from).toBe('link')
  expect(h.stack.map((e) => e.route)).toEqual([FORM])
  // The logout forgot the customer: the picker comes first.
  await h.waitFor(picker, { what: 'the customer picker' })
  await chooseInPicker(ROOM)
  await h.waitFor(temperature, { what: 'the form' })
  await h.settled()

  await logOut()
  await h.openPage(MINE)
  await h.waitForPage(LOGIN)
  await submitLogin('demo', 'demo1234')
  await h.waitForPage(MINE)
  expect(h.stack.map((e) => e.route)).toEqual([MINE])
  await h.settled()
})
