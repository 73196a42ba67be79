// A centre's first day in the mini program, on the real server: globalSetup ran `npm run setup` on
// the suite's stopped server, so beside the demo's sites there is a centre with nothing in it but
// its manager. She signs in with her one-time password and sets her own, enters 门店管理 from the
// personal centre, adds a department, a product and a colleague who may approve (her one-time
// password read once), imports the opening stock (a bad row refused by row and column, the file
// put right imported), adds a room and imports the mothers in house into it (a row in a room the
// centre lacks refused, then put right; she is then in the picker), and receives goods on an
// inbound order; the colleague signs in for the first time, approves it and makes an outbound
// order from the received batch; once the manager has approved it (from her own phone, through
// the API), 库存 shows both movements.
// What only the H5 suite (test/e2e/firstRun.test.mjs) covers: a production server on an empty
// database with no demo accounts (this suite's server holds the demo for its other files), the
// setup command's output, the package, the export of the mothers, and the manager approving in the app.
const path = require('path')
const ExcelJS = require('exceljs')
const h = require('./harness')
const { zh, adminZh, formZh, serverZh, fmt, api, tokenOf, submitLogin, openEntry } = require('./app')
const { fieldOf, fill, chooseFirst, addItem } = require('./forms')

const MANAGER = JSON.parse(process.env.WEAPP_FIRST_MANAGER)
const HOME = 'pages/tabPages/index'
const MINE = 'pages/tabPages/personalCenter'
const LOGIN = 'pages/login/index'
const ADMIN_HOME = 'pagesAdmin/pages/index/index'
const LIST = 'pagesAdmin/pages/masterList/index'
const EDIT = 'pagesAdmin/pages/masterEdit/index'
const STAFF = 'pagesAdmin/pages/staff/index'
const STAFF_EDIT = 'pagesAdmin/pages/staffEdit/index'
const IMPORT = 'pagesAdmin/pages/import/index'
const PRODUCT = { name: '小程序卫生巾', spec: 'M码', unit: '包' }
const label = (key) => formZh[`form.field.${key}`]
const dayFromToday = (days) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000))

beforeAll(() => h.launchApp())

/** A first sign-in: the one-time password leads to 修改密码, and a password of her own to home. */
async function firstSignIn(account, oneTime, chosen) {
  await h.openPage(LOGIN)
  await h.waitForPage(LOGIN)
  await submitLogin(account, oneTime)
  await h.waitForPage('pages/modifyPwd/index')
  const login = h.calls.filter((call) => call.url.endsWith('/api/care/account/login_old')).pop()
  expect(login.reply.code).toBe(-90004)
  await h.settled()
  const [next, confirm] = h.$$('wx-input')
  h.type(next, chosen)
  h.type(confirm, chosen)
  await h.simulate.sleep(30)
  h.tap(h.byText(zh['modifyPwd.submit'])[0])
  await h.waitForPage(HOME)
  await h.settled()
}

/** On 门店管理: taps the entry `labelKey` and waits for its page. */
async function openAdmin(labelKey, route) {
  h.tap(await h.waitFor(() => h.byText(adminZh[labelKey])[0], { what: adminZh[labelKey] }))
  await h.waitForPage(route)
  await h.settled()
}

/** Back on 门店管理 from one of its pages. */
async function backToAdmin() {
  await h.back()
  await h.waitForPage(ADMIN_HOME)
}

const card = (name) => h.$$('.master-list__card').find((c) => h.$('.master-list__name', c)?.textContent.trim() === name)

/** On a list of the centre's: 新增, the fields filled, saved, and the new entry listed. */
async function addEntry(fields, name) {
  h.tap(h.byText(adminZh['master.new'])[0])
  await h.waitForPage(EDIT)
  await h.settled()
  for (const one of fields) await fill(one)
  await h.simulate.sleep(30)
  h.tap(h.byText(zh['common.save']).at(-1))
  await h.waitForPage(LIST)
  await h.waitFor(() => card(name), { what: `${name} listed` })
}

let colleague

it('the new manager signs in with her one-time password and adds a department, a product and a colleague', async () => {
  await firstSignIn(MANAGER.account, MANAGER.password, 'First2026mg')
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  h.tap(await h.waitFor(() => h.byText(zh['mine.admin'])[0], { what: '门店管理' }))
  await h.waitForPage(ADMIN_HOME)

  await openAdmin('master.list.departments', LIST)
  await addEntry([{ key: 'name', type: 'text', value: '小程序护理部' }], '小程序护理部')
  await backToAdmin()
  await openAdmin('master.list.products', LIST)
  await addEntry(
    [
      { key: 'name', type: 'text', value: PRODUCT.name },
      { key: 'spec', type: 'text', value: PRODUCT.spec },
      { key: 'unit', type: 'text', value: PRODUCT.unit },
      { key: 'price', type: 'money', value: 20 },
      { key: 'category', type: 'text', value: '母婴用品' },
      { key: 'self_paid', type: 'select' },
    ],
    PRODUCT.name,
  )
  await backToAdmin()

  await openAdmin('staff.title', STAFF)
  h.tap(await h.waitFor(() => h.byText(adminZh['staff.add'])[0], { what: 'the add button' }))
  await h.waitForPage(STAFF_EDIT)
  await h.settled()
  await fill({ key: 'name', type: 'text', value: '周护士' })
  await fill({ key: 'account', type: 'text', value: 'zhou.hs' })
  // The first right offered is 审核出入库单.
  await fill({ key: 'sites.0.rights', type: 'multiselect' })
  await h.simulate.sleep(30)
  const modals = h.ui.modals.length
  h.tap('.admin-form__save')
  const dialog = await h.waitFor(() => h.ui.modals.slice(modals).find((m) => m.content.includes('zhou.hs')), {
    what: 'the one-time password',
  })
  colleague = { account: 'zhou.hs', password: /一次性密码：\s*([A-Za-z0-9]+)/.exec(dialog.content)[1] }
  await h.waitForPage(STAFF)
  await backToAdmin()
})

const STOCK_HEADER = [
  'product_name',
  'specification',
  'batch_no',
  'production_date',
  'expiry_date',
  'quantity',
  'unit_cost',
].map(label)

/** Writes the rows under the template's header as the file the chooser hands out, and imports it. */
async function importRows(rows, header = STOCK_HEADER) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('表格导入')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  await book.xlsx.writeFile(path.join(h.TEMP_DIR, 'first-stock.xlsx'))
  h.chooser.files = ['first-stock.xlsx']
  const uploads = h.calls.filter((call) => call.api === 'uploadFile').length
  h.tap(h.byText(adminZh['import.upload'])[0])
  await h.waitFor(() => h.calls.filter((call) => call.api === 'uploadFile' && call.done).length > uploads, {
    what: 'the upload',
  })
  await h.settled()
}

const managerToken = () => tokenOf(MANAGER.account, 'First2026mg')
const onHand = async () =>
  (await api('inoutstore/stock', { page: 1, limit: 20 }, await managerToken())).list.map((p) => [p.name, p.on_hand])

it('表格导入: a bad row is named by row and column and nothing comes in; put right, the opening stock imports', async () => {
  await openAdmin('import.title', IMPORT)
  const row = (n, expiry) => [PRODUCT.name, PRODUCT.spec, `SIM-QC-${n}`, null, expiry, 5, 10]
  await importRows([row(1, dayFromToday(200)), row(2, dayFromToday(-1))])
  const errors = await h.waitFor(() => h.$$('.import-sheet__error').length && h.$$('.import-sheet__error'), {
    what: 'the errors',
  })
  expect(errors).toHaveLength(1)
  expect(errors[0].textContent).toContain(fmt(adminZh['import.at'], { row: 3, column: label('expiry_date') }))
  expect(errors[0].textContent).toContain(fmt(serverZh['import.expired'], { today: dayFromToday(0) }))
  expect(await onHand()).toEqual([[PRODUCT.name, 0]])

  await importRows([row(1, dayFromToday(200)), row(2, dayFromToday(100))])
  await h.waitFor(() => h.byText(fmt(adminZh['import.done'], { rows: 2 }))[0], { what: 'the rows imported' })
  expect(await onHand()).toEqual([[PRODUCT.name, 10]])
})

it('表格导入: the mothers in house, a row in a room the centre lacks refused; put right, she is in the picker', async () => {
  await backToAdmin()
  await openAdmin('master.list.rooms', LIST)
  await addEntry(
    [
      { key: 'floor', type: 'number', value: 5 },
      { key: 'room', type: 'text', value: '501' },
      { key: 'kind', type: 'select' },
      { key: 'in_service', type: 'select' },
    ],
    '501',
  )
  await backToAdmin()
  await openAdmin('import.title', IMPORT)
  h.tap(h.byText(adminZh['import.kind.mothers'])[0])
  await h.settled()
  // The required columns and her baby's: the others may be left out.
  const header = [
    ...['customer_name', 'phone', 'baby_name'].map(label),
    adminZh['customersSheet.baby_sex'],
    adminZh['customersSheet.baby_birth_date'],
    ...['stay_kind', 'room', 'check_in_date', 'days'].map(label),
  ]
  const row = (room) => [
    '冯小雨',
    '13800001111',
    '雨宝',
    formZh['form.option.sex.female'],
    dayFromToday(-5),
    formZh['form.option.stayKind.month'],
    room,
    dayFromToday(-2),
    28,
  ]
  await importRows([row('502')], header)
  const errors = await h.waitFor(() => h.$$('.import-sheet__error').length && h.$$('.import-sheet__error'), {
    what: 'the errors',
  })
  expect(errors).toHaveLength(1)
  expect(errors[0].textContent).toContain(fmt(adminZh['import.at'], { row: 2, column: label('room') }))
  expect(errors[0].textContent).toContain(fmt(serverZh['stay.roomOutOfService'], { room: '502' }))

  await importRows([row('501')], header)
  await h.waitFor(() => h.byText(fmt(adminZh['import.done'], { rows: 1 }))[0], { what: 'the mother imported' })
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  await h.settled()
  h.tap(h.byText(zh['home.chooseCustomer'])[0] || h.$('.customer-card'))
  const search = await h.waitFor(() => h.$('.customer-picker__keyword .nut-input-native'), { what: 'the picker' })
  h.type(search, '冯小雨', { blur: false })
  const found = await h.waitFor(
    () => h.$$('.customer-picker__row').find((r) => h.$('.customer-picker__name', r)?.textContent.trim() === '冯小雨'),
    { what: 'her row' },
  )
  expect(found.textContent).toContain(fmt(zh['customer.day'], { day: 3, days: 28 }))
  h.tap(found)
  await h.waitFor(() => h.storage.get('customerInfo')?.name === '冯小雨', { what: 'she is chosen' })
})

/** The newest order that the list `route` finds with `body`, once it is saved. */
async function newest(route, body, token) {
  for (let i = 0; i < 100; i++) {
    const [order] = (await api(route, { page: 1, limit: 5, ...body }, token)).list
    if (order) return order
    await h.simulate.sleep(100)
  }
  throw new Error(`no order on ${route}`)
}

let inbound
let outbound

it('入库单: the manager receives a batch, her colleague signs in for the first time and approves it', async () => {
  await h.tapTab(HOME)
  await h.waitForPage(HOME)
  await openEntry('entry.inboundList', 'pagesHome/pages/form/inbound/index')
  await h.settled()
  h.tap('.stock-list__new')
  await h.waitForPage('pagesHome/pages/form/inbound/form')
  await h.settled()
  await fill({ key: 'supplier', type: 'text', value: '小程序供应商' })
  h.tap(h.byText(fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] }))[0])
  await chooseFirst('items.0.product_id')
  await fill({ key: 'items.0.batch_no', type: 'text', value: 'SIM-RK-1' })
  // Good until today (the one-tap today): the earliest batch, the one an outbound order is offered.
  await fill({ key: 'items.0.expiry_date', type: 'date' })
  await fill({ key: 'items.0.quantity', type: 'number', value: 8 })
  await fill({ key: 'items.0.unit_cost', type: 'money', value: 9 })
  await h.simulate.sleep(30)
  h.tap('.form-page__save')
  inbound = await newest('inbound/index', { keyword: 'SIM-RK-1' }, await managerToken())
  expect(inbound.status).toBe('pending')

  await firstSignIn(colleague.account, colleague.password, 'Zhou2026hs')
  await openEntry('entry.inboundList', 'pagesHome/pages/form/inbound/index')
  const order = await h.waitFor(
    () => h.$$('.stock-list__card').find((el) => h.$('.stock-list__no', el)?.textContent.trim() === inbound.no),
    { what: `the card of ${inbound.no}` },
  )
  const modals = h.ui.modals.length
  h.tap(h.byText(formZh['stock.approve'], order)[0])
  await h.waitFor(() => h.ui.modals[modals], { what: 'the approve confirmation' })
  await h.waitFor(() => h.$('.stock-list__tag--approved', order), { what: 'the approved tag' })
  await h.settled()
  expect(await onHand()).toEqual([[PRODUCT.name, 18]])
  await h.back()
  await h.waitForPage(HOME)
})

it('出库单: the colleague ships from the received batch; approved, 库存 shows the movement in and out', async () => {
  await openEntry('entry.outApplyGeneralList', 'pagesHome/pages/form/linliao/index')
  await h.settled()
  h.tap('.stock-list__new')
  await h.waitForPage('pagesHome/pages/form/linliao/commom/form')
  await h.settled()
  await chooseFirst('department_id')
  await addItem(0, PRODUCT, 3)
  expect(h.textOf(fieldOf('items.0.batch_id'))).toContain('SIM-RK-1')
  await h.simulate.sleep(30)
  h.tap('.form-page__save')
  const token = await tokenOf(colleague.account, 'Zhou2026hs')
  outbound = await newest('outApply/index', { type: 'general' }, token)
  await api('outApply/check', { id: outbound.id, approve: true }, await managerToken())
  await h.settled()
  await h.back()
  await h.waitForPage('pagesHome/pages/form/linliao/index')
  await h.back()
  await h.waitForPage(HOME)

  await openEntry('entry.stockLevels', 'pagesHome/pages/form/stock/index')
  const product = await h.waitFor(
    () => h.$$('.stock-levels__card').find((el) => el.textContent.includes(PRODUCT.name)),
    { what: `the card of ${PRODUCT.name}` },
  )
  expect(h.textOf(h.$('.stock-levels__on-hand', product)).trim()).toBe(
    fmt(formZh['stockLevels.onHand'], { quantity: 15, unit: PRODUCT.unit }),
  )
  h.tap(product)
  const batch = await h.waitFor(() => h.$$('.stock-levels__batch').find((el) => el.textContent.includes('SIM-RK-1')), {
    what: 'the received batch',
  })
  h.tap(batch)
  await h.waitFor(() => h.$$('.stock-levels__movement').length === 2, { what: 'the movements in and out' })
  expect(h.$$('.stock-levels__movement').map((el) => h.textOf(h.$('.stock-levels__order-no', el)).trim())).toEqual([
    `${formZh['stockLevels.kind.outApplyGeneral']} ${outbound.no}`,
    `${formZh['stockLevels.kind.inbound']} ${inbound.no}`,
  ])
  expect(h.$$('.stock-levels__movement').map((el) => h.textOf(h.$('.stock-levels__delta', el)).trim())).toEqual([
    '-3',
    '+8',
  ])
})
