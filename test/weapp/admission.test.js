// A new mother admitted from the customer picker, on the real server: her twins, day 1 of her stay
// on home, a duplicate phone that offers her, and her check-out. And one admitted from the room
// board into the free room tapped, whose room then opens her file. One's file opened from her picker
// row, her bill exported as a PDF. And a new arrival's whole stay, from her check-in notice to her
// check-out, her file opened from her self-paid order's row.
const { execFileSync } = require('child_process')
const h = require('./harness')
const { zh, formZh, serverZh, fmt, api, tokenOf, signIn, searchCustomers, pickCustomer, openEntry } = require('./app')
const { FORMS, fieldOf, fill, fillAll, saveAndWaitSaved, productWithStock, addItem } = require('./forms')

const ADMISSION = 'pagesCustomer/pages/admission/index'
const STAY = 'pagesCustomer/pages/stay/index'
const HOME = 'pages/tabPages/index'
const ROOM_BOARD = 'pagesDesk/pages/roomBoard/index'
const FILE = 'pagesCustomer/pages/file/index'
const NOTICE = 'pagesHome/pages/form/checkInNotice/yz/form'
const SELF_PAID = 'pagesHome/pages/form/Selffundeditemconsumptiontable/form'
const SELF_PAID_LIST = 'pagesHome/pages/form/Selffundeditemconsumptiontable/index'
const customerZh = require('../../locales/customer/zh-CN.json')
const deskZh = require('../../locales/desk/zh-CN.json')
const noticeZh = require('../../locales/notice/zh-CN.json')
const paediatricRound = require('../support/paediatricRound.cjs')

beforeAll(() => h.launchApp())

/** Free rooms now, as the room picker offers them. */
async function freeRooms() {
  const floors = await api('index/floorList', {}, await tokenOf())
  return floors.flatMap((floor) => floor.rooms).filter((room) => room.customer_id === null)
}

const row = (name) =>
  h.$$('.customer-picker__row').find((r) => h.$('.customer-picker__name', r)?.textContent.trim() === name)

async function openAdmission() {
  await searchCustomers('')
  h.tap(h.byText(zh['customer.admit'])[0])
  await h.waitForPage(ADMISSION)
  await h.waitFor(() => fieldOf('customer_name'), { what: 'the admission form' })
}

async function typeCustomer(name, phone, room) {
  await fill({ key: 'customer_name', type: 'text', value: name })
  await fill({ key: 'phone', type: 'phone', value: phone })
  await fill({ key: 'stay_kind', type: 'select' })
  await fill({ key: 'room', type: 'room', value: room })
  await fill({ key: 'days', type: 'number', value: '28' })
}

it('admits a mother with twins from the picker, offers her for her phone, and checks her out', async () => {
  const stamp = Date.now() % 100000000
  const name = `测试产妇${stamp % 10000}`
  const phone = `139${String(stamp).padStart(8, '0')}`
  const [room, another] = (await freeRooms()).map((r) => r.room)
  await signIn('demo')

  await openAdmission()
  await typeCustomer(name, phone, room)
  for (const [index, baby] of ['大宝', '二宝'].entries()) {
    h.tap(h.$('.form-rows__add', fieldOf('babies')))
    await h.waitFor(() => fieldOf(`babies.${index}.name`), { what: `baby ${index + 1}` })
    await fill({ key: `babies.${index}.name`, type: 'text', value: baby })
    await fill({ key: `babies.${index}.sex`, type: 'select' })
    await fill({ key: `babies.${index}.birth_date`, type: 'date' })
  }
  h.tap('.admission__save')
  await h.waitForPage(HOME)
  await h.waitFor(() => h.storage.get('customerInfo')?.name === name, { what: 'she is the current customer' })
  expect(h.storage.get('childrenData').map((baby) => baby.name)).toEqual(['大宝', '二宝'])
  await h.waitFor(() => h.byText(fmt(zh['customer.day'], { day: 1, days: 28 })).length, { what: 'day 1 of 28' })

  // Typed again (her phone) as if new, into another room (hers is not offered now): the app offers
  // her, and choosing her keeps her current.
  await openAdmission()
  await typeCustomer('另一位', phone, another)
  h.tap('.admission__save')
  await h.waitFor(() => h.byText(fmt(customerZh['admission.duplicate.phone'], { name, room })).length, {
    what: 'the mother who holds the phone',
  })
  expect(h.topRoute()).toBe(ADMISSION)
  h.tap(h.byText(fmt(customerZh['admission.chooseHer'], { name }))[0])
  await h.waitForPage(HOME)
  await h.waitFor(() => h.storage.get('customerInfo')?.name === name, { what: 'she is chosen' })

  // Check-out from her row in the picker: confirmed by her name and room.
  await searchCustomers(name)
  const shown = await h.waitFor(() => row(name), { what: 'her row' })
  h.tap(h.byText(zh['customer.checkOut'], shown)[0])
  await h.waitForPage(STAY)
  const modals = h.ui.modals.length
  h.tap(await h.waitFor(() => h.$('.stay__action'), { what: 'check-out' }))
  const asked = await h.waitFor(() => h.ui.modals[modals], { what: 'the confirmation' })
  expect(asked.content).toBe(fmt(customerZh['stay.checkOutConfirm'], { name, room }))
  await h.waitFor(() => h.byText(customerZh['stay.status.left']).length, { what: 'she has left' })
  await h.back()
  await h.waitFor(() => !row(name), { what: 'gone from the mothers in house' })
  // The home card names her as left, not her old room.
  expect(h.textOf(h.$('.customer-card__room'))).toBe(zh['customer.status.left'])
  h.tap(h.$$('.customer-picker__filter').find((chip) => h.textOf(chip) === zh['customer.status.left']))
  const left = await h.waitFor(() => row(name), { what: 'listed as left' })
  expect(h.textOf(h.$('.customer-picker__room', left))).toBe(zh['customer.status.left'])
})

it('a booked mother who came early counts day 1; checked out and undone, she comes back from her file for a second stay', async () => {
  const stamp = Date.now() % 100000000
  const name = `早到产妇${stamp % 10000}`
  const rooms = (await freeRooms()).map((r) => r.room)
  const [room, next] = rooms.slice(-3, -1)
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())
  const booked = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86400000).toISOString().slice(0, 10)
  const { id } = await api(
    'customer/save',
    {
      customer_name: name,
      phone: `138${String(stamp).padStart(8, '0')}`,
      stay_kind: 'month',
      room,
      check_in_date: booked,
      days: 28,
    },
    await tokenOf(),
  )
  await signIn('demo')
  await h.openPage(`${STAY}?id=${id}`)
  await h.waitForPage(STAY)

  // Three days early: asked what becomes of her leave date, she moves it, and counts from today.
  const sheets = h.ui.sheets.length
  h.ui.pick = () => 1
  h.tap(await h.waitFor(() => h.$('.stay__action'), { what: 'check-in' }))
  const asked = await h.waitFor(() => h.ui.sheets[sheets], { what: 'the leave date question' })
  expect(asked.itemList[0]).toContain(customerZh['stay.keepLeave'].split('（')[0])
  expect(asked.itemList[1]).toContain(customerZh['stay.moveLeave'].split('（')[0])
  await h.waitFor(() => h.byText(fmt(zh['customer.day'], { day: 1, days: 28 })).length, { what: 'day 1 of 28' })
  h.ui.pick = () => 0
  expect(asked.tapped).toBe(1)
  expect(h.textOf(h.$('.stay'))).toContain(today)

  // Checked out by mistake, undone the same day, then checked out for good.
  const checkOut = async () => {
    h.tap(await h.waitFor(() => h.$('.stay__action.nut-button-danger') ?? h.$('.stay__action'), { what: 'check-out' }))
    await h.waitFor(() => h.$('.stay__undo'), { what: 'she has left, to be undone' })
  }
  await checkOut()
  h.tap(h.$('.stay__undo'))
  await h.waitFor(() => !h.$('.stay__undo') && h.byText(customerZh['stay.status.in_house']).length, {
    what: 'in house again',
  })
  await checkOut()

  // Back through her file: 再次入住 opens the admission with her details, and books her second stay.
  await h.openPage(`${FILE}?id=${id}`)
  h.tap(await h.waitFor(() => h.$('.customer-file__readmit'), { what: '再次入住' }))
  await h.waitForPage(ADMISSION)
  await h.waitFor(() => h.byText(fmt(customerZh['admission.readmitTitle'], { name })).length, {
    what: 'her admission again',
  })
  await fill({ key: 'room', type: 'room', value: next })
  h.tap('.admission__save')
  await h.waitForPage(FILE)
  const stays = await h.waitFor(
    () => (h.$$('.customer-file__stay-row').length === 2 ? h.$$('.customer-file__stay-row') : null),
    {
      what: 'two stays in her file',
    },
  )
  expect(h.textOf(stays[0])).toContain(`${next} 房`)
  expect(h.textOf(stays[1])).toContain(`${room} 房`)
  expect(h.textOf(stays[1])).toContain(customerZh['customerFile.left'])
})

it('admits a mother into the free room tapped on the room board; her room then opens her file', async () => {
  const stamp = Date.now() % 100000000
  const name = `房态产妇${stamp % 10000}`
  const [room] = (await freeRooms()).map((r) => r.room).reverse()
  await signIn('demo')
  await openEntry('entry.roomBoard', ROOM_BOARD)
  const tileOf = () =>
    h.$$('.room-board__tile').find((tile) => h.$('.room-board__room', tile)?.textContent.trim() === room)
  const free = await h.waitFor(tileOf, { what: `room ${room} on the board` })
  expect(h.textOf(free)).toContain(deskZh['roomBoard.freeHint'])
  // A centre's board stays well within WeChat's node budget.
  expect(h.$$('*').length).toBeLessThan(1000)

  h.tap(h.$('.room-board__room', free))
  await h.waitForPage(ADMISSION)
  await h.waitFor(() => h.$('.form-picker__text', fieldOf('room'))?.textContent.trim() === room, {
    what: `room ${room} chosen`,
  })
  await fill({ key: 'customer_name', type: 'text', value: name })
  await fill({ key: 'phone', type: 'phone', value: `137${String(stamp).padStart(8, '0')}` })
  await fill({ key: 'stay_kind', type: 'select' })
  await fill({ key: 'days', type: 'number', value: '28' })
  h.tap('.admission__save')
  await h.waitForPage(ROOM_BOARD)
  const taken = await h.waitFor(() => tileOf()?.className.includes('room-board__tile--in_use') && tileOf(), {
    what: `room ${room} in use`,
  })
  expect(h.textOf(taken)).toContain(`${name} · ${fmt(zh['customer.day'], { day: 1, days: 28 })}`)
  h.tap(h.$('.room-board__room', taken))
  await h.waitForPage(FILE)
  await h.waitFor(() => h.byText(name).length, { what: 'her file' })
})

it("opens a mother's file from her picker row without choosing her, and exports her bill as a PDF", async () => {
  await signIn('demo')
  const chosen = h.storage.get('customerInfo')
  const [other] = (await api('customer/index', { page: 1, limit: 50 }, await tokenOf())).list.filter(
    (customer) => customer.id !== chosen?.id,
  )
  await searchCustomers('')
  const mine = await h.waitFor(() => row(other.name), { what: `${other.name} in the picker` })
  h.tap(h.byText(zh['customerFile.title'], mine)[0])
  await h.waitForPage(FILE)
  await h.waitFor(() => h.byText(other.name).length, { what: 'her file' })
  expect(h.storage.get('customerInfo')?.id).toBe(chosen?.id)

  const documents = h.ui.documents.length
  h.tap(h.byText(customerZh['customerFile.exportPdf'])[0])
  const opened = await h.waitFor(() => h.ui.documents[documents], { what: 'the document viewer' })
  expect(opened).toMatchObject({ fileType: 'pdf', showMenu: true, page: FILE })
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', opened.file, '-'], { encoding: 'utf8' })
  expect(text).toContain(other.name)
  expect(text).toContain(serverZh['pdf.bill'])
})

it('her allergy corrected on her notice updates her file after the question; her baby renamed from her file', async () => {
  await signIn('demo')
  const token = await tokenOf()
  const [room] = (await freeRooms()).map((r) => r.room)
  const stamp = Date.now() % 100000000
  const name = `孙过敏${stamp % 10000}`
  const today = (await api('account/index', {}, token)).date
  const babyName = fmt(noticeZh['notice.babyNameOf'], { name, n: 1 })
  const baby = { name: babyName, sex: 'female', birth_date: today }
  const body = { customer_name: name, phone: `137${String(stamp).padStart(8, '0')}`, allergies: '青霉素过敏' }
  const { id } = await api(
    'customer/save',
    { ...body, babies: [baby], stay_kind: 'month', room, check_in_date: today, days: 28 },
    token,
  )
  await pickCustomer(room)

  // Her notice with her allergies changed asks once; 更新她的档案 saves her file with it.
  await openEntry('entry.checkInNoticeMonth', NOTICE)
  await h.waitFor(() => fieldOf('package_id'), { what: 'her notice' })
  await h.settled()
  await fillAll([
    { key: 'package_id', type: 'choice' },
    { key: 'check_in_date', type: 'date' },
    { key: 'days', type: 'number', value: '28' },
    { key: 'allergies', type: 'textarea', value: '青霉素、头孢过敏' },
    { key: 'departments', type: 'multiselect' },
  ])
  h.tap('.form-page__save')
  h.tap(await h.waitFor(() => h.$('.notice-file__update'), { what: 'the question about her file' }))
  await h.waitFor(() => h.$('.form-header__chip--edit'), { what: 'the saved notice' })
  expect((await api('customer/info', { id }, token)).allergies).toBe('青霉素、头孢过敏')
  await h.back()
  await h.waitForPage(HOME)

  // Her file says so; 编辑 renames her baby, and her file shows the new name.
  h.tap(h.$('.customer-card__info'))
  await h.waitForPage(FILE)
  const allergies = fmt(customerZh['customerFile.allergies'], { value: '青霉素、头孢过敏' })
  await h.waitFor(() => h.byText(allergies).length, { what: 'her allergies in her file' })
  h.tap(h.byText(customerZh['customerFile.edit'])[0])
  await h.waitForPage(ADMISSION)
  await h.waitFor(() => fieldOf('babies.0.name'), { what: 'her details' })
  await h.settled()
  await fill({ key: 'babies.0.name', type: 'text', value: '孙小满' })
  h.tap('.admission__save')
  await h.waitForPage(FILE)
  await h.waitFor(() => h.byText('孙小满').length, { what: 'her baby renamed in her file' })
  expect((await api('customer/info', { id }, token)).children.map((c) => c.name)).toEqual(['孙小满'])
})

it("home starts with the desk's day: its counts, its list of mothers with no round, and a round for one", async () => {
  await signIn('demo')
  const day = await api('desk/today', {}, await tokenOf())
  const badge = (name) => h.$(`.desk-day__badge--${name}`)
  const shows = async (name, text) =>
    h.waitFor(() => badge(name)?.textContent.trim() === text, { what: `the badge ${text}` })
  await shows('arrivals', fmt(zh['deskDay.arrivals'], { n: day.arrivals }))
  await shows('departures', fmt(zh['deskDay.departures'], { n: day.departures }))
  await shows('noRound', fmt(zh['deskDay.noRound'], { n: day.no_round }))
  const waiting = Object.values(day.waiting).reduce((sum, n) => sum + n, 0)
  await shows('orders', fmt(zh['deskDay.waiting'], { n: waiting }))
  expect(badge('visitors').textContent).toContain(fmt(zh['deskDay.visitors'], { n: day.visitors_inside }))
  expect(day.no_round).toBeGreaterThan(0)

  const loads = () => h.calls.filter((call) => call.url?.endsWith('/api/care/desk/today')).length
  const before = loads()
  h.tap(badge('noRound'))
  await h.waitForPage('pagesDesk/pages/today/index')
  await h.waitFor(() => h.byText(deskZh['deskDay.list.noRound']).length, { what: 'the list title' })
  const rows = await h.waitFor(
    () => (h.$$('.desk-list__customer').length === day.no_round ? h.$$('.desk-list__customer') : null),
    { what: 'a row per mother with no round' },
  )
  const { customers } = await api('desk/today', { list: 'noRound' }, await tokenOf())
  expect(h.textOf(rows[0])).toContain(`${customers[0].room} ${customers[0].name}`)
  h.tap(h.byText(deskZh['deskDay.obstetricRound'], rows[0])[0])
  await h.waitForPage('pagesHome/pages/form/Obstetricianrounds/form')
  expect(h.storage.get('customerInfo').id).toBe(customers[0].customer_id)

  // Home again: the day is asked for anew.
  await h.back()
  await h.back()
  await h.waitForPage(HOME)
  await h.waitFor(() => loads() > before + 1, { what: 'the desk day loaded again on show' })
})

it("a new arrival's stay: her notice admits her with twins, day 1 in the picker and on the board, her records and what she owes in her file, a feverish visitor asked why, check-out frees her room", async () => {
  const stamp = Date.now() % 100000000
  const name = `双胞产妇${stamp % 10000}`
  const [room] = (await freeRooms()).map((r) => r.room)
  const day1 = fmt(zh['customer.day'], { day: 1, days: 28 })
  const twins = [1, 2].map((n) => fmt(noticeZh['notice.babyNameOf'], { name, n }))
  const tileOf = () =>
    h.$$('.room-board__tile').find((tile) => h.$('.room-board__room', tile)?.textContent.trim() === room)
  const openPicker = async () => {
    await searchCustomers(name)
    return h.waitFor(() => row(name), { what: 'her row' })
  }
  const openForm = async (entry, route, first) => {
    await openEntry(entry, route)
    await h.waitFor(() => fieldOf(first), { what: `the field ${first}` })
    await h.settled()
  }
  const home = async () => {
    await h.back()
    await h.waitForPage(HOME)
  }
  await signIn('demo')
  const { product } = await productWithStock(1)
  await pickCustomer('811')

  // Her notice, started with 新入住 over the mother chosen, admits her and her twins as it is saved.
  await openForm('entry.checkInNoticeMonth', NOTICE, 'customer_name')
  h.tap(h.byText(noticeZh['notice.startNewArrival'])[0])
  await h.waitFor(() => h.byText(noticeZh['notice.newArrival']).length, { what: 'a new arrival’s notice' })
  await fillAll([
    { key: 'customer_name', type: 'text', value: name },
    { key: 'phone', type: 'phone', value: `136${String(stamp).padStart(8, '0')}` },
    { key: 'delivery_date', type: 'date' },
  ])
  for (const index of [0, 1]) {
    h.tap(h.$('.form-rows__add', fieldOf('babies')))
    await fill({ key: `babies.${index}.sex`, type: 'select' })
  }
  await fillAll([
    { key: 'package_id', type: 'choice' },
    { key: 'room', type: 'room', value: room },
    { key: 'check_in_date', type: 'date' },
    { key: 'days', type: 'number', value: '28' },
    { key: 'departments', type: 'multiselect' },
  ])
  await saveAndWaitSaved()
  await h.waitFor(() => h.byText(fmt(noticeZh['notice.stayDay'], { day: 1, days: 28 })).length, { what: 'day 1' })

  // Among the mothers in house on day 1 of 28, and in her room on the board.
  await home()
  const shown = await openPicker()
  expect(h.textOf(h.$('.customer-picker__filter--on'))).toBe(zh['customer.status.in_house'])
  expect(h.textOf(shown)).toContain(day1)
  h.tap(shown)
  await h.settled()
  await openEntry('entry.roomBoard', ROOM_BOARD)
  await h.waitFor(() => tileOf() && h.textOf(tileOf()).includes(`${name} · ${day1}`), { what: `her in ${room}` })
  await home()

  // A visit, a family meal (2 lunches at 38), a self-paid item and one round for both her babies.
  for (const [spec, more] of [
    [FORMS.visit, []],
    [FORMS.familyFood, [{ key: 'lunch', type: 'number', value: '2' }]],
  ]) {
    await openForm(spec.entry, spec.route, spec.fields[0].key)
    await fillAll([...spec.fields, ...more])
    await saveAndWaitSaved()
    await home()
  }
  await openForm('entry.specialCare', SELF_PAID, 'room')
  await addItem(0, product, 1)
  await fill({ key: 'signature', type: 'signature' })
  await saveAndWaitSaved()
  await home()
  // Her file opens from her order's row in the self-paid list, as from the picker.
  await openEntry('entry.specialCareList', SELF_PAID_LIST)
  const order = await h.waitFor(() => h.$$('.stock-list__card').find((card) => h.textOf(card).includes(name)), {
    what: 'her order in the list',
  })
  await h.settled()
  h.tap(h.byText(zh['customerFile.title'], order)[0])
  await h.waitForPage(FILE)
  await h.waitFor(() => h.byText(name).length, { what: 'her file' })
  await h.back()
  await h.waitForPage(SELF_PAID_LIST)
  await home()
  await openForm(FORMS.pediatricianRounds.entry, FORMS.pediatricianRounds.route, 'round_date')
  expect(h.byText(fmt(formZh['formUi.babySection'], { n: 2, name: twins[1] })).length).toBe(1)
  await fillAll(paediatricRound.twinsFields(37.1))
  await saveAndWaitSaved()
  await home()

  // Her file: her twins' readings from the round, every record newest first, and what she owes.
  h.tap(h.$('.customer-card__info'))
  await h.waitForPage(FILE)
  const titles = ['pediatricianRounds', 'specialCare', 'familyFood', 'visit', 'checkInNoticeMonth']
  await h.waitFor(() => h.$$('.customer-file__entry').length === titles.length, { what: 'her five records' })
  expect(h.$$('.customer-file__entry .customer-file__name').map((el) => h.textOf(el).trim())).toEqual(
    titles.map((key) => formZh[`form.title.${key}`]),
  )
  expect(h.textOf(h.$('.customer-file__day'))).toBe(fmt(customerZh['customerFile.day'], { day: 1, days: 28 }))
  for (const [baby, temperature] of [
    [twins[0], 36.6],
    [twins[1], 37.1],
  ]) {
    const card = h.$$('.customer-file__baby').find((el) => h.textOf(el).includes(baby))
    expect(h.textOf(card)).toContain(fmt(customerZh['customerFile.temperature'], { value: temperature }))
  }
  for (const line of [
    fmt(customerZh['customerFile.selfPaid'], { amount: product.price.toFixed(2) }),
    fmt(customerZh['customerFile.meals'], { amount: (76).toFixed(2) }),
    fmt(customerZh['customerFile.total'], { amount: (product.price + 76).toFixed(2) }),
  ])
    expect(h.byText(line).length).toBe(1)
  await home()

  // A visitor at 37.5 °C is marked as typed, and saved only with the reason she is let in.
  await openForm(FORMS.visit.entry, FORMS.visit.route, 'visitor_name')
  await fillAll(FORMS.visit.fields)
  await fill({ key: 'temperature', type: 'number', value: '37.5' })
  const mark = fmt(formZh['form.flag.visitorFever'], { value: 37.5, bound: 37.3 })
  await h.waitFor(() => h.textOf(fieldOf('temperature')).includes(mark), { what: 'the fever mark' })
  // 37.5 °C is a fever: her declaration says 发热, not 无发热 (the first chip, ticked by the filler).
  const chips = () => h.$$('.nut-checkbox', fieldOf('health'))
  const ticked = () => h.$$('[class*="-active"], [class*="-checked"]', fieldOf('health')).length
  h.tap(chips()[0])
  await h.waitFor(() => ticked() === 0, { what: '无发热 unticked' })
  h.tap(chips()[3])
  await h.waitFor(() => ticked() > 0, { what: '发热 ticked' })
  h.tap('.form-page__save')
  const asked = fmt(formZh['form.rule.flagReason'], { label: formZh['form.field.flag_reason'] })
  await h.waitFor(() => h.textOf(fieldOf('flag_reason')).includes(asked), { what: 'the reason asked for' })
  await fill({ key: 'flag_reason', type: 'textarea', value: '复测 36.9°C' })
  await saveAndWaitSaved()
  await home()

  // Check-out on her stay page: she leaves the mothers in house, and her room is free on the board.
  h.tap(h.byText(zh['customer.checkOut'], await openPicker())[0])
  await h.waitForPage(STAY)
  h.tap(await h.waitFor(() => h.$('.stay__action'), { what: 'check-out' }))
  await h.waitFor(() => h.byText(customerZh['stay.status.left']).length, { what: 'she has left' })
  await home()
  await h.waitFor(() => !row(name), { what: 'gone from the mothers in house' })
  await openEntry('entry.roomBoard', ROOM_BOARD)
  await h.waitFor(() => tileOf() && h.textOf(tileOf()).includes(deskZh['roomBoard.freeHint']), {
    what: `${room} free`,
  })
  // A whole stay, from her notice to her check-out, is the longest walk of the file.
}, 180_000)
