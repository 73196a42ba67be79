// A staff member's day in the compiled mini program, against the real server, page by page:
// login (a wrong password first) → home with the server's counts → a customer → every care form
// filled, signed, saved and reopened with its values → the check-in notice list → an outbound
// order and a gift pack approved (the batch stock drops once) → personal centre → English → log out.
// The steps run in order and share the one app launch of this file, as a person's session does.
const h = require('./harness')
const { zh, en, formZh, serverZh, fmt, api, appToken, submitLogin, pickCustomer, openEntry } = require('./app')
const f = require('./forms')

const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'
let customer
const token = () => appToken()
const recordsOf = async (name) => (await api('index/getFormRecord', { name, customer_id: customer.id, page: 1, limit: 50 }, token())).list

beforeAll(() => h.launchApp())

// Steps depend on the ones before: once one fails, the rest are skipped rather than piling up.
let failed = false
const step = (name, fn, timeout) =>
  it(name, async () => {
    if (failed) throw new Error('an earlier step failed')
    try {
      await fn()
    } catch (error) {
      failed = true
      throw error
    }
  }, timeout)

step('without a session the app opens on login; a wrong password shows the server\'s message', async () => {
  // WeChat opens the entry page; its login guard sends the user to login.
  await h.openPage(HOME)
  await h.waitForPage('pages/login/index')
  const modals = h.ui.modals.length
  await submitLogin('demo', 'wrong-password')
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the error modal' })
  expect(modal.content).toBe(serverZh['auth.badCredentials'])
  await h.settled()
  expect(h.topRoute()).toBe('pages/login/index')
})

step('signs in; home shows the server\'s counts of today as badges', async () => {
  await submitLogin('demo', 'demo1234')
  await h.waitForPage(HOME)
  await h.settled()
  const { counts } = await api('account/index', {}, token())
  const tiles = h.$$('.entry-tile')
  let badges = 0
  for (const tile of tiles) {
    const title = h.$('.entry-tile__title', tile).textContent.trim()
    const name = Object.keys(counts).find((key) => key === title)
    const count = name ? counts[name] : 0
    const badge = tile.textContent.trim().slice(0, -title.length)
    expect([title, badge]).toEqual([title, count ? String(count) : ''])
    if (count) badges++
  }
  expect(badges).toBeGreaterThan(0)
})

step('chooses a customer with the picker (the server\'s customer list)', async () => {
  customer = await pickCustomer('811')
  await h.waitFor(() => h.$('.customer-card__name')?.textContent.trim() === customer.name)
  expect(h.textOf(h.$('.customer-card'))).toContain(fmt(zh['customer.room'], { room: '811' }))
})

for (const key of ['pediatricianRounds', 'obstetricianRounds', 'proofOfLostReceipt', 'visit', 'familyFood']) {
  const spec = f.FORMS[key]
  step(`${spec.name}: filled, signed, saved, then reopened from 历史记录 with the saved values`, async () => {
    await openEntry(spec.entry, spec.route)
    await h.waitFor(() => f.fieldOf(spec.fields[0].key), { what: 'the form' })
    await h.settled()
    const expected = await f.fillAll(spec.fields)
    expect(f.messages()).toEqual([])
    const id = await f.saveAndWaitSaved()
    const record = (await recordsOf(spec.name)).find((r) => r.id === id)
    expect(record).toBeDefined()
    f.expectRecord(record, spec.fields, expected)

    // A new one, then the saved one again from 历史记录.
    h.tap(h.byText(formZh['formUi.new'])[0])
    await h.waitFor(() => h.$('.form-header__chip')?.textContent.trim() === formZh['formUi.newRecord'], { what: 'a new record' })
    h.tap(h.byText(formZh['formUi.records'])[0])
    const row = await h.waitFor(() => h.$$('.form-records__row')[0], { what: 'the records' })
    h.tap(row)
    await h.waitFor(() => h.$('.form-header__chip--edit')?.textContent.trim() === fmt(formZh['formUi.editRecord'], { id }), { what: `record #${id}` })
    await h.waitFor(() => f.shownValue(Object.keys(expected)[0] ?? spec.fields[0].key) !== undefined || !Object.keys(expected).length)
    f.expectShown(expected)
    for (const { key, type } of spec.fields) if (type === 'signature') expect(h.$('.form-signature__image', f.fieldOf(key))).not.toBeNull()
    await h.back()
    await h.waitForPage(HOME)
  })
}

for (const key of ['checkInNoticeMonth', 'checkInNoticeSmall']) {
  const spec = f.FORMS[key]
  step(`${spec.name}: filled, saved, and the customer's notice when opened again`, async () => {
    const fields = spec.fields(customer.room)
    await openEntry(spec.entry, spec.route)
    await h.waitFor(() => f.fieldOf(fields[0].key), { what: 'the form' })
    await h.settled()
    const expected = await f.fillAll(fields)
    expect(f.messages()).toEqual([])
    const id = await f.saveAndWaitSaved()
    const record = (await recordsOf(spec.name)).find((r) => r.id === id)
    f.expectRecord(record, fields, expected)
    await h.settled()
    await h.back()
    await h.waitForPage(HOME)
    await openEntry(spec.entry, spec.route)
    await h.waitFor(() => h.$('.form-header__chip--edit')?.textContent.trim() === fmt(formZh['formUi.editRecord'], { id }), { what: `record #${id}` })
    f.expectShown(expected)
    await h.back()
    await h.waitForPage(HOME)
  })
}

step('入住须知: read, agreed, signed and saved; shown as acknowledged when opened again', async () => {
  await openEntry('entry.checkNotice', 'pagesHome/pages/checkNotice')
  await h.waitFor(() => f.fieldOf('agree'), { what: 'the rules' })
  await h.settled()
  await f.fillAll([
    { key: 'agree', type: 'multiselect' },
    { key: 'customer_signature', type: 'signature' },
    { key: 'sign_date', type: 'date' },
  ])
  h.tap('.form-page__save')
  await h.waitFor(() => h.textOf().includes(zh['checkNotice.acknowledged'] ?? formZh['checkNotice.acknowledged']), { what: 'acknowledged' })
  const answers = await api('index/answerList', { customer_id: customer.id, page: 1, limit: 5 }, token())
  expect(answers.total).toBe(1)
  expect(answers.list[0].data.customer_signature).toMatch(/\.png$/)
  await h.back()
  await h.waitForPage(HOME)
  await openEntry('entry.checkNotice', 'pagesHome/pages/checkNotice')
  await h.waitFor(() => h.textOf().includes(zh['checkNotice.acknowledged'] ?? formZh['checkNotice.acknowledged']), { what: 'acknowledged again' })
  await h.back()
  await h.waitForPage(HOME)
})

step('入住通知单记录 lists both notices of the customer', async () => {
  await openEntry('entry.checkInNoticeList', 'pagesHome/pages/form/checkInNotice/index')
  await h.settled()
  const [month] = await recordsOf(f.FORMS.checkInNoticeMonth.name)
  const line = fmt(formZh['checkInList.checkIn'], { date: month.data.check_in_date, room: customer.room })
  // Both cards: the customer, the check-in day and room of each.
  await h.waitFor(() => h.textOf().split(line).length === 3, { what: `two notices in ${h.textOf()}` })
  expect(h.textOf().split(customer.name).length).toBe(3)
  expect(h.textOf()).toContain(fmt(formZh['checkInList.total'], { total: 2 }))
  await h.back()
  await h.waitForPage(HOME)
})
