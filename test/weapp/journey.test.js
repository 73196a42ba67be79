// A staff member's day in the compiled mini program, against the real server, page by page:
// login (a wrong password first) → home with the server's counts → a customer → every care form
// filled, signed, saved and reopened with its values → the check-in notice list → an outbound
// order and a gift pack saved (their maker is told a colleague approves them) and a colleague's
// approved (the batch stock drops once) → personal centre → English → log out.
// The steps run in order and share the one app launch of this file, as a person's session does.
// WeChat's own chrome is not in the simulated page: the navigation bar's back arrow and the native
// tab bar are pressed through the route APIs WeChat calls for them (h.back(), h.tapTab()); a modal
// is answered by the harness (confirm unless a test says otherwise).
const h = require('./harness')
const { zh, en, formZh, serverZh, fmt, api, post, appToken, submitLogin, pickCustomer, openEntry } = require('./app')
const f = require('./forms')

const HOME = 'pages/tabPages/index'
const CHECK_NOTICE_DONE = formZh['checkNotice.acknowledged']
const MINE = 'pages/tabPages/personalCenter'
let customer
const token = () => appToken()
const recordsOf = async (name) =>
  (await api('index/getFormRecord', { name, customer_id: customer.id, page: 1, limit: 50 }, token())).list

beforeAll(() => h.launchApp())

// Steps depend on the ones before: once one fails, the rest are skipped rather than piling up.
let failed = false
const step = (name, fn, timeout) =>
  it(
    name,
    async () => {
      if (failed) throw new Error('an earlier step failed')
      try {
        await fn()
      } catch (error) {
        failed = true
        throw error
      }
    },
    timeout,
  )

step("without a session the app opens on login; a wrong password shows the server's message", async () => {
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

/** Every home tile's badge is the server's count of today for it (none when 0). */
async function expectBadges() {
  const { counts } = await api('account/index', {}, token())
  let badges = 0
  for (const tile of h.$$('.entry-tile')) {
    const title = h.$('.entry-tile__title', tile).textContent.trim()
    const count = counts[title] ?? 0
    const badge = tile.textContent.trim().slice(0, -title.length)
    expect([title, badge]).toEqual([title, count ? String(count) : ''])
    if (count) badges++
  }
  expect(badges).toBeGreaterThan(0)
  return counts
}

step("signs in; home shows the server's counts of today as badges", async () => {
  await submitLogin('demo', 'demo1234')
  await h.waitForPage(HOME)
  await h.settled()
  await expectBadges()
  // WeChat's audit weighs each setData: home's first (what it draws before anything arrives) and
  // each after it stay small, the icons' pictures being in the stylesheet.
  const sent = h.setDataOf(HOME)
  expect(sent[0]).toBeLessThanOrEqual(50 * 1024)
  expect(Math.max(...sent)).toBeLessThanOrEqual(50 * 1024)
})

step("chooses a customer with the picker (the server's customer list)", async () => {
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
    await h.waitFor(() => h.$('.form-header__chip')?.textContent.trim() === formZh['formUi.newRecord'], {
      what: 'a new record',
    })
    h.tap(h.byText(formZh['formUi.records'])[0])
    const row = await h.waitFor(() => h.$$('.form-records__row')[0], { what: 'the records' })
    h.tap(row)
    await h.waitFor(
      () => h.$('.form-header__chip--edit')?.textContent.trim() === fmt(formZh['formUi.editRecord'], { id }),
      { what: `record #${id}` },
    )
    await h.waitFor(
      () => f.shownValue(Object.keys(expected)[0] ?? spec.fields[0].key) !== undefined || !Object.keys(expected).length,
    )
    f.expectShown(expected)
    for (const { key, type } of spec.fields)
      if (type === 'signature') expect(h.$('.form-signature__image', f.fieldOf(key))).not.toBeNull()
    await h.back()
    await h.waitForPage(HOME)
  })
}

for (const key of ['checkInNoticeMonth', 'checkInNoticeSmall']) {
  const spec = f.FORMS[key]
  step(`${spec.name}: filled, saved; opened again it starts blank and the notice opens from 历史记录`, async () => {
    // On her own notice the customer's room is chosen.
    const fields = spec.fields.map((field) => (field.type === 'room' ? { ...field, value: customer.room } : field))
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
    await h.waitFor(() => h.$('.form-header__chip')?.textContent.trim() === formZh['formUi.newRecord'], {
      what: 'a new record',
    })
    h.tap(h.byText(formZh['formUi.records'])[0])
    const row = await h.waitFor(() => h.$$('.form-records__row')[0], { what: 'the records' })
    // The entry names the customer.
    expect(h.textOf(row)).toContain(fmt(formZh['formUi.forCustomer'], { name: customer.name, room: customer.room }))
    h.tap(row)
    await h.waitFor(
      () => h.$('.form-header__chip--edit')?.textContent.trim() === fmt(formZh['formUi.editRecord'], { id }),
      { what: `record #${id}` },
    )
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
  await h.waitFor(() => h.textOf().includes(CHECK_NOTICE_DONE), { what: 'acknowledged' })
  const answers = await api('index/answerList', { customer_id: customer.id, page: 1, limit: 5 }, token())
  expect(answers.total).toBe(1)
  expect(answers.list[0].data.customer_signature).toMatch(/\.png\?link=[\w.-]+$/)
  await h.back()
  await h.waitForPage(HOME)
  await openEntry('entry.checkNotice', 'pagesHome/pages/checkNotice')
  await h.waitFor(() => h.textOf().includes(CHECK_NOTICE_DONE), { what: 'acknowledged again' })
  await h.back()
  await h.waitForPage(HOME)
})

step('back on home, the badges count the records just saved', async () => {
  await h.settled()
  const counts = await expectBadges()
  for (const key of ['pediatricianRounds', 'obstetricianRounds', 'proofOfLostReceipt', 'visit', 'familyFood']) {
    expect([key, counts[f.FORMS[key].name] >= 1]).toEqual([key, true])
  }
})

step('入住通知单记录 lists both notices of the customer', async () => {
  await openEntry('entry.checkInNoticeList', 'pagesHome/pages/form/checkInNotice/index')
  await h.settled()
  const [month] = await recordsOf(f.FORMS.checkInNoticeMonth.name)
  const line = fmt(formZh['checkInNoticeList.checkIn'], { date: month.data.check_in_date, room: customer.room })
  // Both cards: the customer, the check-in day and room of each.
  await h.waitFor(() => h.textOf().split(line).length === 3, { what: `two notices in ${h.textOf()}` })
  // Hers among the day's notices (other files of the suite admit mothers on the same day).
  expect(h.textOf().split(customer.name).length).toBe(3)
  await h.back()
  await h.waitForPage(HOME)
})

// ------------------------------------------------------------------------------------------
// Stock: orders saved in the app and approved from their lists; the batches through the API.

const batchQuantity = async (productId, batchId) =>
  (await api('inoutstore/getProductBatch', { product_id: productId }, token())).find((b) => b.id === batchId)
    ?.quantity ?? 0

const { productWithStock, chooseFirst, addItem } = f

/** The card of an order on a stock list, once it shows. */
const cardOf = (order) =>
  h.waitFor(() => h.$$('.stock-list__card').find((el) => h.$('.stock-list__no', el)?.textContent.trim() === order.no), {
    what: `the card of ${order.no}`,
  })

/** On a stock list: the maker's own pending order offers no approve or reject, and says who approves it. */
async function ownCard(order) {
  const card = await cardOf(order)
  expect(h.textOf(h.$('.stock-list__own', card))).toBe(formZh['stock.ownOrder'])
  expect(h.byText(formZh['stock.approve'], card)).toHaveLength(0)
  expect(h.byText(formZh['stock.reject'], card)).toHaveLength(0)
}

/** A pending order of the demo data that a colleague made: demo may approve it. */
async function colleaguesOrder(type) {
  const { list } = await api('outApply/index', { page: 1, limit: 50, type, status: 'pending' }, token())
  const order = list.find((o) => o.may_approve)
  expect(order).toBeDefined()
  return { order, items: (await api('outApply/info', { id: order.id }, token())).items }
}

/** Each batch's quantity now, by batch id. */
async function quantitiesOf(items) {
  const now = {}
  for (const item of items) now[item.batch_id] = await batchQuantity(item.product_id, item.batch_id)
  return now
}

/** The batches dropped by the items' quantities, once. */
async function expectTakenOut(items, before) {
  const out = {}
  for (const item of items) out[item.batch_id] = (out[item.batch_id] ?? 0) + item.quantity
  const after = await quantitiesOf(items)
  for (const item of items)
    expect([item.batch_id, after[item.batch_id]]).toEqual([item.batch_id, before[item.batch_id] - out[item.batch_id]])
}

/** On a stock list: approves the order's card (confirming the modal); waits for its approved tag. */
async function approveFromList(order) {
  const card = await cardOf(order)
  const modals = h.ui.modals.length
  h.tap(h.byText(formZh['stock.approve'], card)[0])
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the approve confirmation' })
  expect(modal.content).toBe(fmt(formZh['stock.approveConfirm'], { no: order.no }))
  await h.waitFor(() => h.$('.stock-list__tag--approved', card), { what: 'the approved tag' })
  await h.settled()
}

step('出库单: saved, its maker may not approve it; another approved from 出库单列表, drops once', async () => {
  const { product, batch } = await productWithStock(2)
  await openEntry('entry.outApplyGeneralList', 'pagesHome/pages/form/linliao/index')
  await h.settled()
  h.tap('.stock-list__new')
  await h.waitForPage('pagesHome/pages/form/linliao/commom/form')
  await h.settled()
  await chooseFirst('department_id')
  h.type(h.$('.nut-input-native', f.fieldOf('requester')), '库管小程序')
  await addItem(0, product, 2)
  expect(h.textOf(f.fieldOf('items.0.batch_id'))).toContain(batch.batch_no)
  h.tap('.form-page__save')
  let order
  for (let i = 0; i < 100 && !order; i++) {
    ;[order] = (
      await api('outApply/index', { page: 1, limit: 20, type: 'general', keyword: '库管小程序' }, token())
    ).list
    if (!order) await h.simulate.sleep(100)
  }
  expect(order).toBeDefined()
  expect(order.status).toBe('pending')
  expect(await batchQuantity(product.id, batch.id)).toBe(batch.quantity)
  await h.settled()
  await h.back()
  await h.waitForPage('pagesHome/pages/form/linliao/index')
  await ownCard(order)
  // The server refuses it too, and nothing goes out.
  const own = await post('care/outApply/check', { id: order.id, approve: true }, { token: token() })
  expect([own.code, own.msg]).toEqual([-5, serverZh['order.ownOrder']])
  expect(await batchQuantity(product.id, batch.id)).toBe(batch.quantity)

  const colleagues = await colleaguesOrder('general')
  const before = await quantitiesOf(colleagues.items)
  await approveFromList(colleagues.order)
  await expectTakenOut(colleagues.items, before)
  // Approved once: nothing more goes out (the server refuses a second check of the order).
  const again = await post('care/outApply/check', { id: colleagues.order.id, approve: true }, { token: token() })
  expect(again.code).not.toBe(1)
  await expectTakenOut(colleagues.items, before)
  await h.back()
  await h.waitForPage(HOME)
})

step('入住礼包出库: a gift pack saved; another approved from 大礼包出库单列表; each batch drops once', async () => {
  await openEntry('entry.outApplyGiftList', 'pagesHome/pages/form/checkInGift/index')
  await h.settled()
  h.tap('.stock-list__new')
  await h.waitForPage('pagesHome/pages/form/checkInGift/form')
  await h.settled()
  await chooseFirst('gift_type_id')
  await h.waitFor(() => h.$('.form-picker__text', f.fieldOf('items.0.batch_id')), { what: "the pack's rows" })
  await h.settled()
  h.tap('.form-page__save')
  let order
  for (let i = 0; i < 100 && !order; i++) {
    ;[order] = (
      await api('outApply/index', { page: 1, limit: 20, type: 'gift', customer_id: customer.id }, token())
    ).list
    if (!order) await h.simulate.sleep(100)
  }
  expect(order).toBeDefined()
  expect(order.customer_name).toBe(customer.name)
  const { items } = await api('outApply/info', { id: order.id }, token())
  expect(items.length).toBeGreaterThan(0)
  await h.settled()
  await h.back()
  await h.waitForPage('pagesHome/pages/form/checkInGift/index')
  await ownCard(order)
  const colleagues = await colleaguesOrder('gift')
  const before = await quantitiesOf(colleagues.items)
  await approveFromList(colleagues.order)
  await expectTakenOut(colleagues.items, before)
  await h.back()
  await h.waitForPage(HOME)
})

// ------------------------------------------------------------------------------------------
// Personal centre, English, log out

step('personal centre shows who is signed in, from the server', async () => {
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  await h.settled()
  const info = await api('account/info', {}, token())
  await h.waitFor(() => h.textOf().includes(info.name) && h.textOf().includes(info.site_name), { what: 'the user' })
  expect(h.top().title).toBe(zh['personalCenter.title'])
})

step('English: the page is in English and the next calls carry lang: en', async () => {
  h.tap(h.byText(zh['lang.en'])[0])
  await h.waitFor(() => h.textOf().includes(en['mine.changePassword']), { what: 'the page in English' })
  expect(h.textOf()).not.toContain(zh['mine.changePassword'])
  await h.waitFor(() => h.top().title === en['personalCenter.title'], { what: 'the English title' })
  expect(h.ui.tabBar.map((item) => item?.text)).toEqual(['Home', 'Me'])
  const before = h.calls.length
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  await h.settled()
  const next = h.calls.slice(before)
  expect(next.length).toBeGreaterThan(0)
  for (const call of next) expect(call.header.lang).toBe('en')
  expect(h.textOf()).toContain(en['home.workingDate'])
})

step('log out: confirmed, back on login, and the session is over on the server', async () => {
  const old = token()
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  const modals = h.ui.modals.length
  h.tap(h.byText(en['mine.logout'])[0])
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the logout confirmation' })
  expect(modal.content).toBe(en['mine.logoutConfirm'])
  await h.waitForPage('pages/login/index')
  expect(h.stack.map((e) => e.route)).toEqual(['pages/login/index'])
  expect(h.storage.get('token') || '').toBe('')
  await h.settled()
  const reply = await post('care/account/info', {}, { token: old })
  expect(reply.code).not.toBe(1)
})
