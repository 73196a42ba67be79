// Where and on which day she works, in the compiled mini program against the real server: home
// names the site, also after a manager switches to another; a working date chosen other than today
// is called out on home and on the form's header, so that no one files under another day unawares.
const h = require('./harness')
const { zh, formZh, fmt, api, tokenOf, signIn, pickCustomer, openEntry } = require('./app')

const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'

/** The site's name as home's card shows it. */
const homeSite = () => h.textOf(h.$('.home__site')).trim()

beforeAll(() => {
  h.launchApp()
})

it("home names the manager's site, and the other one once she switches to it in the personal centre", async () => {
  const sites = await api('account/siteList', {}, await tokenOf('manager'))
  expect(sites.length).toBeGreaterThan(1)
  await signIn('manager')
  const first = sites.find((s) => s.id === h.storage.get('userInfo').site_id)
  const other = sites.find((s) => s.id !== first.id)
  await h.waitFor(() => homeSite().includes(first.name), { what: `home naming ${first.name}` })
  expect(homeSite()).toBe(`${zh['home.site']}${first.name}`)

  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  h.tap(await h.waitFor(() => h.byText(zh['mine.switchSite'])[0], { what: 'the site switch' }))
  const item = await h.waitFor(() => h.byText(other.name).find((el) => el.closest('[class*="actionsheet-item"]')), {
    what: `${other.name} offered`,
  })
  h.tap(item.closest('[class*="actionsheet-item"]'))
  await h.waitFor(() => h.storage.get('userInfo')?.site_id === other.id, { what: 'the switch' })
  await h.settled()
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  await h.waitFor(() => homeSite() === `${zh['home.site']}${other.name}`, { what: `home naming ${other.name}` })
  expect(h.textOf()).not.toContain(first.name)
})

it('a working date other than today is called out on home and on the form, and not once today is chosen again', async () => {
  await signIn('demo')
  await pickCustomer('808')
  const today = (await api('account/index', {}, await tokenOf('demo'))).date
  expect(h.$('.home__not-today')).toBeNull()

  h.tap(h.byText(zh['home.workingDate'])[0])
  await h.waitForPage('pagesHome/pages/form/chooseDate')
  await h.settled()
  const day = Number(today.slice(8))
  const other = h.$$('.nut-calendarcard-day.current').find((el) => Number(h.textOf(el).trim()) === (day === 1 ? 2 : 1))
  h.tap(other)
  const chosen = `${today.slice(0, 8)}${day === 1 ? '02' : '01'}`
  await h.waitFor(() => h.textOf().includes(fmt(zh['chooseDate.selected'], { date: chosen })), { what: chosen })
  h.tap(h.byText(zh['common.confirm'])[0])
  await h.waitForPage(HOME)
  await h.settled()

  const notice = await h.waitFor(() => h.$('.home__not-today'), { what: "home's notice" })
  expect(h.textOf(notice).trim()).toBe(zh['home.notToday'])

  await openEntry('entry.familyFood', 'pagesHome/pages/form/familyFood/form')
  const header = await h.waitFor(() => h.$('.form-header__not-today'), { what: "the form's notice" })
  expect(h.textOf(header).trim()).toBe(fmt(formZh['formUi.notToday'], { date: chosen }))
  await h.back()
  await h.waitForPage(HOME)

  // Today again: no notice on either.
  h.tap(h.byText(zh['home.workingDate'])[0])
  await h.waitForPage('pagesHome/pages/form/chooseDate')
  await h.settled()
  h.tap(h.byText(zh['chooseDate.today'])[0])
  await h.waitFor(() => h.textOf().includes(fmt(zh['chooseDate.selected'], { date: today })), { what: today })
  h.tap(h.byText(zh['common.confirm'])[0])
  await h.waitForPage(HOME)
  await h.settled()
  expect(h.$('.home__not-today')).toBeNull()
  await openEntry('entry.familyFood', 'pagesHome/pages/form/familyFood/form')
  await h.waitFor(() => h.$('.form-header__date'), { what: "the form's header" })
  await h.settled()
  expect(h.$('.form-header__not-today')).toBeNull()
})
