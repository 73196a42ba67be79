// A centre's first day end to end, through the pages only: a production server on an empty embedded
// database has no demo accounts; `npm run setup` on its stopped data folder prints the manager's
// one-time password; she signs in with it, sets her own, and from 门店管理 adds a department, a
// room, a product, a package of it and a colleague who may approve; imports the opening stock, more
// rooms and the mothers in house (each file with a bad row refused, then put right and imported; the
// mothers then in the picker); receives goods on an inbound order that the
// colleague approves; the colleague, signed in on her own phone with her one-time password, ships
// an outbound order from the received batch that the manager approves; the stock page shows the
// product on hand and both movements.
import { after, afterEach, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import ExcelJS from 'exceljs'
import { buildServer } from '../../scripts/lib/buildServer.mjs'
import {
  adminZh,
  button,
  cell,
  driving,
  eventually,
  fieldOf,
  fmt,
  formZh,
  input,
  isHome,
  modal,
  openEntry,
  saveButton,
  serverZh,
  zh,
  typeField as type,
  chooseField as choose,
  pickerRow,
} from './app.mjs'
import { chooseFirst } from './formSteps.mjs'
import { ROOT, launchBrowser, startServer } from './support.mjs'

const dataDir = mkdtempSync(path.join(tmpdir(), 'yuezi-first-run-'))
const file = path.join(dataDir, 'opening-stock.xlsx')
/** A real centre's server: production, its own link secrets and backup key, the data folder the setup writes to. */
const ENV = {
  NODE_ENV: 'production',
  BACKUP_KEY: randomBytes(32).toString('base64'),
  DATA_DIR: dataDir,
  PDF_LINK_SECRET: randomBytes(48).toString('base64'),
  UPLOAD_LINK_SECRET: randomBytes(48).toString('base64'),
}
const app = driving({ server: null, browser: null })
/** The colleague's phone: a browser of its own, so that neither device's session touches the other's. */
const phone = driving({ server: null, browser: null })

before(async () => {
  // In production npm run setup runs the compiled server's first run.
  await buildServer()
  ;[app.server, app.browser, phone.browser] = await Promise.all([startServer(ENV), launchBrowser(), launchBrowser()])
  phone.server = app.server
})
after(async () => {
  await Promise.all([app.browser?.close(), phone.browser?.close()])
  await app.server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})
afterEach(() => {
  app.assertNoPageErrors()
  phone.assertNoPageErrors()
})

const CENTRE = '晨曦月子中心'
const PRODUCT = { name: '产妇卫生巾', spec: 'L码', unit: '包' }
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
const dayFromToday = (days) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10)
const label = (key) => formZh[`form.field.${key}`]

const login = async (account, password) => {
  const res = await fetch(`${app.server.url}/api/care/account/login_old`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'zh' },
    body: JSON.stringify({ account, password }),
  })
  return res.json()
}

let manager
let managerPassword
let colleague

test('a production server on an empty database has no demo accounts', async () => {
  for (const account of ['manager', 'demo']) {
    const reply = await login(account, 'demo1234')
    assert.notEqual(reply.code, 1, `${account}: ${JSON.stringify(reply)}`)
  }
  await app.server.stop({ keepData: true })
})

test('npm run setup on the stopped server’s data folder creates the centre and prints the one-time password once', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'setup', '--', '--embedded', '--centre', CENTRE, '--admin', 'wang.dz', '--name', '王店长'],
    // A centre's command speaks Chinese as her terminal does.
    { cwd: ROOT, env: { ...process.env, ...ENV, LANG: 'zh_CN.UTF-8' } },
  )
  const lines = stdout.trim().split('\n')
  const password = /^一次性密码：(\S+)$/.exec(lines.at(-1))?.[1]
  assert.ok(password, stdout)
  assert.equal(lines.filter((line) => line.includes(password)).length, 1, stdout)
  assert.match(stdout, new RegExp(`${CENTRE}.*wang\\.dz`))
  managerPassword = password
  await app.server.restart()
  for (const account of ['manager', 'demo']) assert.notEqual((await login(account, 'demo1234')).code, 1, account)
})

/** Signs in with a one-time password on `page`: the server answers -90004 and the app asks for a new one. */
async function firstSignIn(device, page, account, oneTime, chosen) {
  const reply = page.waitForResponse((res) => res.url().endsWith('/api/care/account/login_old'))
  await device.login(page, account, oneTime)
  assert.equal((await (await reply).json()).code, -90004)
  await page.waitForURL(/\/pages\/modifyPwd\/index/)
  await page.getByText(zh['modifyPwd.mustChange']).waitFor()
  // The one-time password she has just typed is not asked for again.
  assert.equal(await input(page, zh['modifyPwd.enterOld']).count(), 0)
  await input(page, zh['modifyPwd.enterNew']).fill(chosen)
  await input(page, zh['modifyPwd.enterConfirm']).fill(chosen)
  await button(page, zh['modifyPwd.submit']).click()
  await page.waitForURL(isHome)
}

const ADMIN_HOME = '/pagesAdmin/pages/index/index'

/**
 * From 门店管理, a list of the centre's (`labelKey`), empty on the first day (no demo entries): adds
 * an entry with `fill` and waits for its card, the list's only one.
 */
async function addToList(page, labelKey, fill, shown) {
  await page.goto(`${app.server.url}${ADMIN_HOME}`)
  // The list's own cell: 礼包 is also the start of 礼包类型.
  await page
    .locator('.nut-cell')
    .filter({ has: page.getByText(adminZh[labelKey], { exact: true }) })
    .click()
  await page.getByText(adminZh['master.empty']).waitFor()
  await page.locator('.master-list__new .nut-button').click()
  await fill()
  await page.locator('.master-edit__save').click()
  await page.locator('.master-list__card').filter({ hasText: shown }).waitFor()
  assert.equal(await page.locator('.master-list__card').count(), 1)
}

test('the manager’s first sign-in: a password of her own, then her lists from 门店管理 in the personal centre', async () => {
  manager = await app.newPage()
  await firstSignIn(app, manager, 'wang.dz', managerPassword, 'Wang2026dz')
  await manager.getByText(zh['tab.mine'], { exact: true }).click()
  await manager.waitForURL(/personalCenter/)
  await cell(manager, zh['mine.admin']).click()
  await manager.waitForURL((url) => url.pathname === ADMIN_HOME)

  await addToList(manager, 'master.list.departments', () => type(manager, 'name', '护理部'), '护理部')
  await addToList(
    manager,
    'master.list.rooms',
    async () => {
      await type(manager, 'floor', 3)
      await type(manager, 'room', '301')
      await choose(manager, 'kind', 'form.option.roomKind.suite')
      await choose(manager, 'in_service', 'form.option.yesNo.yes')
    },
    '301',
  )
  await addToList(
    manager,
    'master.list.products',
    async () => {
      await type(manager, 'name', PRODUCT.name)
      await type(manager, 'spec', PRODUCT.spec)
      await type(manager, 'unit', PRODUCT.unit)
      await type(manager, 'price', 25)
      await type(manager, 'category', '母婴用品')
      await choose(manager, 'self_paid', 'form.option.yesNo.yes')
    },
    PRODUCT.name,
  )
  await addToList(
    manager,
    'master.list.packages',
    async () => {
      await type(manager, 'name', '入住礼包')
      await addProductRow(manager)
      await type(manager, 'items.0.quantity', 2)
    },
    '入住礼包',
  )
  // The stay package the mothers' import names.
  await addToList(
    manager,
    'master.list.stayPackages',
    async () => {
      await type(manager, 'name', '月子基础包')
      await type(manager, 'days', 28)
      await type(manager, 'fee', 12800)
    },
    '月子基础包',
  )
})

test('员工: the manager adds a colleague who may approve, and reads her one-time password once', async () => {
  await manager.goto(`${app.server.url}${ADMIN_HOME}`)
  await cell(manager, adminZh['staff.title']).click()
  await button(manager, adminZh['staff.add']).click()
  await manager.waitForURL(/\/pagesAdmin\/pages\/staffEdit\/index/)
  await fieldOf(manager, 'name').locator('input').fill('李护士')
  await fieldOf(manager, 'account').locator('input').fill('li.hs')
  await fieldOf(manager, 'sites.0.rights').getByText(adminZh['adminForm.right.approve'], { exact: true }).click()
  await manager.locator('.admin-form__save').click()
  const dialog = modal(manager)
  await dialog.getByText(fmt(adminZh['staff.passwordTitle'], { name: '李护士' })).waitFor()
  const password = /一次性密码：\s*([A-Za-z0-9]+)/.exec(await dialog.textContent())?.[1]
  assert.ok(password)
  await dialog.getByText(zh['common.confirm'], { exact: true }).click()
  const card = manager.locator('.staff-list__card').filter({ hasText: 'li.hs' })
  await card.getByText(adminZh['staff.mustChange']).waitFor()
  await card.getByText(adminZh['staff.approve']).waitFor()
  colleague = { account: 'li.hs', password }
})

/** Writes `rows` under `header` and uploads the file on the import page. */
async function importRows(page, header, rows) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('表格导入')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  await book.xlsx.writeFile(file)
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    button(page, adminZh['import.upload']).click(),
  ])
  await chooser.setFiles(file)
}

const stockOf = async (page) =>
  (await app.api(page, 'inoutstore/stock', { page: 1, limit: 20 })).list.map((p) => [p.name, p.on_hand])

test('表格导入: opening stock with a bad row is refused by row and column, nothing comes in; put right, it imports', async () => {
  await manager.goto(`${app.server.url}${ADMIN_HOME}`)
  await cell(manager, adminZh['import.title']).click()
  await manager.locator('.import-sheet__kind--active').getByText(adminZh['import.kind.openingStock']).waitFor()
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    button(manager, adminZh['import.template']).click(),
  ])
  const template = new ExcelJS.Workbook()
  await template.xlsx.readFile(await download.path())
  const header = template.worksheets[0].getRow(1).values.slice(1)
  const row = (batchNo, expiry) => [PRODUCT.name, PRODUCT.spec, batchNo, null, expiry, 6, 12.5]

  await importRows(manager, header, [row('QC-1', dayFromToday(200)), row('QC-2', dayFromToday(-1))])
  const error = manager.locator('.import-sheet__error')
  await error.first().waitFor()
  assert.equal(await error.count(), 1)
  const text = await error.textContent()
  assert.ok(text.includes(fmt(adminZh['import.at'], { row: 3, column: label('expiry_date') })), text)
  assert.ok(text.includes(fmt(serverZh['import.expired'], { today })), text)
  assert.deepEqual(await stockOf(manager), [[PRODUCT.name, 0]])

  await importRows(manager, header, [row('QC-1', dayFromToday(200)), row('QC-2', dayFromToday(100))])
  await manager.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()
  assert.deepEqual(await stockOf(manager), [[PRODUCT.name, 12]])
})

test('表格导入: rooms from their template, a room already on the list refused, the rest put right', async () => {
  await manager.goto(`${app.server.url}${ADMIN_HOME}`)
  await cell(manager, adminZh['import.title']).click()
  await manager.getByText(adminZh['import.kind.rooms'], { exact: true }).click()
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    button(manager, adminZh['import.template']).click(),
  ])
  const template = new ExcelJS.Workbook()
  await template.xlsx.readFile(await download.path())
  const header = template.worksheets[0].getRow(1).values.slice(1)
  const suite = adminZh['form.option.roomKind.suite']
  const yes = formZh['form.option.yesNo.yes']
  const roomsOf = async () =>
    (await app.api(manager, 'index/floorList', {})).flatMap((floor) => floor.rooms.map((r) => r.room)).sort()

  // 301 came in from the page above.
  await importRows(manager, header, [
    [3, '302', suite, yes],
    [3, '301', suite, yes],
  ])
  const error = manager.locator('.import-sheet__error')
  await error.first().waitFor()
  const errors = await error.allTextContents()
  assert.equal(errors.length, 1, errors.join('\n'))
  assert.ok(errors[0].includes(fmt(adminZh['import.at'], { row: 3, column: adminZh['master.field.room'] })), errors[0])
  assert.deepEqual(await roomsOf(), ['301'])

  await importRows(manager, header, [
    [3, '302', suite, yes],
    [3, '303', suite, yes],
  ])
  await manager.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()
  assert.deepEqual(await roomsOf(), ['301', '302', '303'])
})

/** The template of the import page's kind `kindKey`: its header row. */
async function templateHeader(page, kindKey) {
  await page.goto(`${app.server.url}${ADMIN_HOME}`)
  await cell(page, adminZh['import.title']).click()
  await page.getByText(adminZh[kindKey], { exact: true }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    button(page, adminZh['import.template']).click(),
  ])
  const template = new ExcelJS.Workbook()
  await template.xlsx.readFile(await download.path())
  return template.worksheets[0].getRow(1).values.slice(1)
}

test('表格导入: the mothers in house, one in a room the centre lacks is refused; put right, both are in the picker', async () => {
  const header = await templateHeader(manager, 'import.kind.mothers')
  const option = (key) => formZh[`form.option.${key}`]
  /** A mother (a baby or none), in the room since six days ago for 28 days, with the package of the day. */
  const customer = (name, phone, room, baby = [null, null, null, null, null]) => [
    name,
    phone,
    null,
    dayFromToday(-9),
    option('deliveryMode.vaginal'),
    '市妇幼保健院',
    null,
    null,
    null,
    ...baby,
    option('stayKind.month'),
    room,
    dayFromToday(-6),
    28,
    null,
    '月子基础包',
  ]
  const sun = customer('孙悦', '13912345678', '302', ['悦宝', option('sex.female'), dayFromToday(-9), '07:45', 3300])

  await importRows(manager, header, [sun, customer('钱多', '13912345679', '309')])
  const error = manager.locator('.import-sheet__error')
  await error.first().waitFor()
  const errors = await error.allTextContents()
  assert.equal(errors.length, 1, errors.join('\n'))
  assert.ok(errors[0].includes(fmt(adminZh['import.at'], { row: 3, column: label('room') })), errors[0])
  assert.ok(errors[0].includes(fmt(serverZh['stay.roomOutOfService'], { room: '309' })), errors[0])
  assert.equal((await app.api(manager, 'customer/index', { page: 1, limit: 10 })).total, 0)

  await importRows(manager, header, [sun, customer('钱多', '13912345679', '303')])
  await manager.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()

  // The export beside the template answers the same columns.
  const [exported] = await Promise.all([
    manager.waitForEvent('download'),
    button(manager, adminZh['import.exportCustomers']).click(),
  ])
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await exported.path())
  assert.deepEqual(book.worksheets[0].getRow(1).values.slice(1), header)
  assert.equal(book.worksheets[0].rowCount, 3)

  // In the picker on home, in house on her seventh day.
  await manager.goto(`${app.server.url}/`)
  await button(manager, zh['home.chooseCustomer']).click()
  const row = await pickerRow(manager, '孙悦')
  await row.getByText(fmt(zh['customer.day'], { day: 7, days: 28 })).waitFor()
})

/** On `page`'s home, the list `entryKey` and the card of order `no` on it. */
async function cardOn(page, entryKey, no) {
  await page.goto(`${app.server.url}/`)
  await openEntry(page, entryKey)
  const card = page.locator('.stock-list__card').filter({ hasText: no })
  await card.waitFor()
  return card
}

/** A first row of the centre's one product (too few products for the picker's search box). */
async function addProductRow(page) {
  await button(page, fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] })).click()
  await fieldOf(page, 'items.0.product_id').locator('.form-picker__value').click()
  await page.locator('.form-choice-popup__tile').filter({ hasText: PRODUCT.name }).first().click()
}

async function approve(page, card) {
  await card.locator('.nut-button').filter({ hasText: formZh['stock.approve'] }).click()
  await modal(page).getByText(formZh['stock.approve'], { exact: true }).click()
  await card.locator('.stock-list__tag--approved').waitFor()
}

let inbound
let outbound
let her

test('入库单: the manager receives a new batch; her colleague signs in for the first time and approves it', async () => {
  await manager.goto(`${app.server.url}/`)
  await openEntry(manager, 'entry.inboundList')
  await manager.locator('.stock-list__new').click()
  await fieldOf(manager, 'supplier').locator('input').fill('晨曦供应商')
  await addProductRow(manager)
  await fieldOf(manager, 'items.0.batch_no').locator('input').fill('RK-1')
  // Good until today: the earliest batch, the one an outbound order is offered first.
  await fieldOf(manager, 'items.0.expiry_date').locator('.nut-button').click()
  for (const [key, value] of [
    ['items.0.quantity', 10],
    ['items.0.unit_cost', 12],
  ]) {
    await fieldOf(manager, key).locator('input').fill(String(value))
    await fieldOf(manager, key).locator('input').blur()
  }
  await saveButton(manager).click()
  inbound = await eventually(
    async () => (await app.api(manager, 'inbound/index', { page: 1, limit: 5, keyword: 'RK-1' })).list[0],
    'the saved inbound order',
  )

  her = await phone.newPage()
  await firstSignIn(phone, her, colleague.account, colleague.password, 'Lihs2026ok')
  await approve(her, await cardOn(her, 'entry.inboundList', inbound.no))
  assert.deepEqual(await stockOf(manager), [[PRODUCT.name, 22]])
})

test('出库单: the colleague ships from the received batch, the manager approves', async () => {
  await her.goto(`${app.server.url}/`)
  await openEntry(her, 'entry.outApplyGeneralList')
  await her.locator('.stock-list__new').click()
  await chooseFirst(her, 'department_id')
  await fieldOf(her, 'requester').locator('input').fill('李护士')
  await addProductRow(her)
  // The earliest batch comes by itself: the one just received, good until today.
  await fieldOf(her, 'items.0.batch_id').locator('.form-picker__text').getByText(/RK-1/).waitFor()
  await fieldOf(her, 'items.0.quantity').locator('input').fill('4')
  await fieldOf(her, 'items.0.quantity').locator('input').blur()
  await saveButton(her).click()
  outbound = await eventually(
    async () => (await phone.api(her, 'outApply/index', { page: 1, limit: 5, type: 'general' })).list[0],
    'the saved outbound order',
  )
  await approve(manager, await cardOn(manager, 'entry.outApplyGeneralList', outbound.no))
})

test('库存: the product on hand, and the received batch with its movement in and out', async () => {
  await manager.goto(`${app.server.url}/`)
  await openEntry(manager, 'entry.stockLevels')
  const product = manager.locator('.stock-levels__card').filter({ hasText: PRODUCT.name })
  await product
    .locator('.stock-levels__on-hand')
    .getByText(fmt(formZh['stockLevels.onHand'], { quantity: 18, unit: PRODUCT.unit }), { exact: true })
    .waitFor()
  await product.click()
  const batch = manager.locator('.stock-levels__batch').filter({ hasText: 'RK-1' })
  await batch.getByText(fmt(formZh['stockLevels.onHand'], { quantity: 6, unit: PRODUCT.unit })).waitFor()
  await batch.click()
  const moves = manager.locator('.stock-levels__movement')
  await moves.filter({ hasText: outbound.no }).getByText('-4', { exact: true }).waitFor()
  await moves.filter({ hasText: inbound.no }).getByText('+10', { exact: true }).waitFor()
  assert.deepEqual(await moves.locator('.stock-levels__order-no').allTextContents(), [
    `${formZh['stockLevels.kind.outApplyGeneral']} ${outbound.no}`,
    `${formZh['stockLevels.kind.inbound']} ${inbound.no}`,
  ])
  await manager.close()
  await her.close()
})
