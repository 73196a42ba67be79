// A new mother admitted from the customer picker, on the real server: her twins, day 1 of her stay
// on home, a duplicate phone that offers her, and her check-out. And one admitted from the room
// board into the free room tapped, whose room then opens her file.
const h = require('./harness')
const { zh, fmt, api, tokenOf, signIn, openEntry } = require('./app')
const { fieldOf, fill } = require('./forms')

const ADMISSION = 'pagesCustomer/pages/admission/index'
const STAY = 'pagesCustomer/pages/stay/index'
const HOME = 'pages/tabPages/index'
const ROOM_BOARD = 'pagesDesk/pages/roomBoard/index'
const FILE = 'pagesCustomer/pages/file/index'
const customerZh = require('../../locales/customer/zh-CN.json')
const deskZh = require('../../locales/desk/zh-CN.json')

beforeAll(() => h.launchApp())

/** Free rooms now, as the room picker offers them. */
async function freeRooms() {
  const floors = await api('index/floorList', {}, await tokenOf())
  return floors.flatMap((floor) => floor.rooms).filter((room) => room.customer_id === null)
}

const row = (name) =>
  h.$$('.customer-picker__row').find((r) => h.$('.customer-picker__name', r)?.textContent.trim() === name)

async function openAdmission() {
  h.tap(h.$('.customer-card'))
  await h.waitFor(() => h.$('.customer-picker__filter--on'), { what: 'the picker' })
  h.tap(h.byText(zh['customer.admit'])[0])
  await h.waitForPage(ADMISSION)
  await h.waitFor(() => fieldOf('customer_name'), { what: 'the admission form' })
}

async function typeMother(name, phone, room) {
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
  const [room] = (await freeRooms()).map((r) => r.room)
  await signIn('demo')

  await openAdmission()
  await typeMother(name, phone, room)
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

  // Typed again (her phone, her room) as if new: the app offers her, and choosing her keeps her current.
  await openAdmission()
  await typeMother('另一位', phone, room)
  h.tap('.admission__save')
  await h.waitFor(() => h.byText(fmt(customerZh['admission.duplicate.phone'], { name, room })).length, {
    what: 'the mother who holds the phone',
  })
  expect(h.topRoute()).toBe(ADMISSION)
  h.tap(h.byText(fmt(customerZh['admission.chooseHer'], { name }))[0])
  await h.waitForPage(HOME)
  await h.waitFor(() => h.storage.get('customerInfo')?.name === name, { what: 'she is chosen' })

  // Check-out from her row in the picker: confirmed by her name and room.
  h.tap(h.$('.customer-card'))
  h.type(h.$('.customer-picker__keyword .nut-input-native'), name, { blur: false })
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
  h.tap(h.byText(zh['customer.status.left'])[0])
  await h.waitFor(() => row(name), { what: 'listed as left' })
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
    () => (h.$$('.desk-list__mother').length === day.no_round ? h.$$('.desk-list__mother') : null),
    { what: 'a row per mother with no round' },
  )
  const { mothers } = await api('desk/today', { list: 'noRound' }, await tokenOf())
  expect(h.textOf(rows[0])).toContain(`${mothers[0].room} ${mothers[0].name}`)
  h.tap(h.byText(deskZh['deskDay.obstetricRound'], rows[0])[0])
  await h.waitForPage('pagesHome/pages/form/Obstetricianrounds/form')
  expect(h.storage.get('customerInfo').id).toBe(mothers[0].customer_id)

  // Home again: the day is asked for anew.
  await h.back()
  await h.back()
  await h.waitForPage(HOME)
  await h.waitFor(() => loads() > before + 1, { what: 'the desk day loaded again on show' })
})
