// Stock outbound end to end: the real server on a fresh embedded database, the built H5 app,
// Chromium at phone size. A general outbound order made by demo is approved from 出库单列表 by
// the manager (its maker is told she may not), taking stock out of its batch; a gift pack from home; a self-paid order signed with the right total; an order
// asking for more than the stock is refused and changes nothing. Goods received on an inbound order
// approved by a colleague show on the stock page with their movements in and out. 导出 Excel of a
// list, and opening stock, items and a package of them imported from spreadsheets by the manager.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import {
  useApp,
  fieldOf,
  saveButton,
  modal,
  openEntry,
  eventually,
  sign,
  adminZh,
  button,
  formZh,
  serverZh,
  fmt,
  isHome,
} from './app.mjs'
import { addItem, chooseFirst, productWithStock as withStock } from './formSteps.mjs'

const app = useApp()
const productWithStock = (page, need, skip) => withStock(app, page, need, skip)

const batchQuantity = async (page, productId, batchId) =>
  (await app.api(page, 'inoutstore/getProductBatch', { product_id: productId })).find((b) => b.id === batchId)
    ?.quantity ?? 0

/** The manager, a colleague with the approve right, signed in on a page of her own with the order's card on its list. */
async function managersCard(listEntry, order) {
  const desk = await app.newPage()
  await app.login(desk, 'manager', 'demo1234')
  await desk.waitForURL(isHome)
  await openEntry(desk, listEntry)
  const card = desk.locator('.stock-list__card').filter({ hasText: order.no })
  await card.waitFor()
  return { desk, card }
}

test('出库单: made by demo, who is shown she may not approve it; approved from 出库单列表 by the manager; the batch stock drops', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  const { product, batch } = await productWithStock(page, 2)
  await openEntry(page, 'entry.outApplyGeneralList')
  await page.locator('.stock-list__new').click()
  await fieldOf(page, 'department_id').waitFor()
  await chooseFirst(page, 'department_id')
  await fieldOf(page, 'requester').locator('input').fill('库管测试')
  await addItem(page, 0, product, 2)
  assert.match(await fieldOf(page, 'items.0.batch_id').textContent(), new RegExp(batch.batch_no))
  await saveButton(page).click()
  const order = await eventually(async () => {
    const { list } = await app.api(page, 'outApply/index', { page: 1, limit: 20, type: 'general', keyword: '库管测试' })
    return list[0]
  }, 'the saved order')
  assert.equal(order.status, 'pending')
  assert.equal(await batchQuantity(page, product.id, batch.id), batch.quantity)

  await page.goBack()
  const own = page.locator('.stock-list__card').filter({ hasText: order.no })
  await own.waitFor()
  // demo may approve, but not her own order: no approve or reject on it, and why.
  await own.locator('.stock-list__own').getByText(formZh['stock.ownOrder'], { exact: true }).waitFor()
  for (const text of [formZh['stock.approve'], formZh['stock.reject']])
    assert.equal(await own.locator('.nut-button').filter({ hasText: text }).count(), 0, text)
  await page.close()

  // The manager, a colleague with the right in the site, approves it from the same list.
  const { desk, card } = await managersCard('entry.outApplyGeneralList', order)
  assert.equal(await card.locator('.stock-list__own').count(), 0)
  // The row's buttons look as NutUI draws them: side by side on one line, the text-only ones
  // (导出 PDF, 删除) without a background.
  const looks = await card.locator('.stock-list__actions .nut-button').evaluateAll((buttons) =>
    buttons.map((button) => ({
      middle: Math.round(button.getBoundingClientRect().top + button.offsetHeight / 2),
      background: getComputedStyle(button).backgroundColor,
    })),
  )
  assert.equal(looks.length, 4)
  assert.equal(new Set(looks.map((look) => look.middle)).size, 1, JSON.stringify(looks))
  assert.deepEqual(
    looks.slice(0, 2).map((look) => look.background),
    ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'],
  )
  await card.locator('.nut-button').filter({ hasText: formZh['stock.approve'] }).click()
  await modal(desk).getByText(formZh['stock.approve'], { exact: true }).click()
  await card.locator('.stock-list__tag--approved').waitFor()
  assert.equal(await batchQuantity(desk, product.id, batch.id), batch.quantity - 2)
  await desk.close()
})

test('出库单 asking for more than the stock is refused with the message and nothing changes', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  const { product, batch } = await productWithStock(page, 1)
  const before = (await app.api(page, 'outApply/index', { page: 1, limit: 1 })).total
  await page.goto(`${app.server.url}/pagesHome/pages/form/linliao/commom/form`)
  await fieldOf(page, 'department_id').waitFor()
  await chooseFirst(page, 'department_id')
  await fieldOf(page, 'requester').locator('input').fill('超量测试')
  await addItem(page, 0, product, batch.quantity + 1)
  await saveButton(page).click()
  // The shared rule's message (stockErrors), next to the quantity.
  const message = fmt(formZh['form.rule.stock'], {
    label: formZh['form.field.quantity'],
    product: '@',
    batch: batch.batch_no,
    available: batch.quantity,
  })
  const tail = message.slice(message.indexOf('@') + 1)
  await fieldOf(page, 'items.0.quantity').locator('.field-message').filter({ hasText: tail }).waitFor()
  // What was typed stays; the server refuses the same order too, and nothing changed.
  assert.equal(await fieldOf(page, 'requester').locator('input').inputValue(), '超量测试')
  const refused = await app.api(
    page,
    'outApply/save',
    {
      type: 'general',
      department_id: 1,
      requester: 'x',
      items: [{ product_id: product.id, batch_id: batch.id, quantity: batch.quantity + 1 }],
    },
    -1,
  )
  assert.match(refused.msg, new RegExp(`${batch.quantity}`))
  assert.equal((await app.api(page, 'outApply/index', { page: 1, limit: 1 })).total, before)
  assert.equal(await batchQuantity(page, product.id, batch.id), batch.quantity)
  await page.close()
})

test('入住礼包出库: a gift pack for a customer from home fills its rows from the package', async () => {
  const page = await app.newPage()
  const name = await app.loginAndPick(page, '818')
  const customerId = await page.evaluate(() => JSON.parse(localStorage.getItem('customerInfo')).data.id)
  await openEntry(page, 'entry.outApplyGiftList')
  await page.locator('.stock-list__new').click()
  await fieldOf(page, 'gift_type_id').waitFor()
  await chooseFirst(page, 'gift_type_id')
  await fieldOf(page, 'items.0.batch_id').locator('.form-picker__text').waitFor()
  await saveButton(page).click()
  const order = await eventually(async () => {
    const { list } = await app.api(page, 'outApply/index', {
      page: 1,
      limit: 20,
      type: 'gift',
      customer_id: customerId,
    })
    return list[0]
  }, 'the gift order')
  assert.equal(order.customer_name, name)
  assert.ok(order.gift_type_id)
  assert.ok(order.item_count > 0)
  await page.goBack()
  await page.locator('.stock-list__card').filter({ hasText: order.no }).waitFor()
  await page.close()
})

test('自费物品消费表: items, signature and the right total', async () => {
  const page = await app.newPage()
  const name = await app.loginAndPick(page, '819')
  const customerId = await page.evaluate(() => JSON.parse(localStorage.getItem('customerInfo')).data.id)
  const { product } = await productWithStock(page, 3)
  await openEntry(page, 'entry.specialCare')
  await fieldOf(page, 'room').waitFor()
  await addItem(page, 0, product, 3)
  const total = Math.round(product.price * 100 * 3) / 100
  await fieldOf(page, 'total').getByText(String(total)).waitFor()

  await sign(page, 'signature')

  await saveButton(page).click()
  const order = await eventually(async () => {
    const { list } = await app.api(page, 'specialCare/index', { page: 1, limit: 20, customer_id: customerId })
    return list[0]
  }, 'the self-paid order')
  assert.equal(order.customer_name, name)
  assert.equal(order.total, total)
  assert.match(order.signature ?? '', /^http/)
  await page.close()
})

test('入库单: made by demo, approved by the manager; the stock page shows the batch, its movement in and an outbound one', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  const {
    list: [product],
  } = await app.api(page, 'index/productList', { page: 1, limit: 1 })
  const batchNo = `E2E-${Date.now() % 1_000_000}`
  await openEntry(page, 'entry.inboundList')
  await page.locator('.stock-list__new').click()
  await fieldOf(page, 'supplier').waitFor()
  await fieldOf(page, 'supplier').locator('input').fill('端到端供应商')
  await button(page, fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] })).click()
  await fieldOf(page, 'items.0.product_id').locator('.form-picker__value').click()
  const popup = page
    .locator('.form-choice-popup')
    .filter({ has: page.locator('.form-choice-popup__tile') })
    .last()
  await popup.locator(`input[placeholder="${formZh['stock.search']}"]`).fill(product.name)
  await popup.locator('.form-choice-popup__tile').filter({ hasText: product.name }).first().click()
  await fieldOf(page, 'items.0.batch_no').locator('input').fill(batchNo)
  // Good until today: still good today, and the earliest batch an outbound order is offered.
  await fieldOf(page, 'items.0.expiry_date').locator('.nut-button').click()
  for (const [key, value] of [
    ['items.0.quantity', 12],
    ['items.0.unit_cost', 9.5],
  ]) {
    await fieldOf(page, key).locator('input').fill(String(value))
    await fieldOf(page, key).locator('input').blur()
  }
  await saveButton(page).click()
  const order = await eventually(async () => {
    const { list } = await app.api(page, 'inbound/index', { page: 1, limit: 20, keyword: batchNo })
    return list[0]
  }, 'the saved inbound order')
  assert.equal(order.status, 'pending')
  assert.match(order.no, /^RK\d{8}-\d{5}$/)
  await page.close()

  // The manager approves it from 入库单列表, and finds the batch and its movement on the stock page.
  const { desk, card } = await managersCard('entry.inboundList', order)
  await card.locator('.nut-button').filter({ hasText: formZh['stock.approve'] }).click()
  await modal(desk).getByText(formZh['stock.approve'], { exact: true }).click()
  await card.locator('.stock-list__tag--approved').waitFor()
  const batch = (await app.api(desk, 'inoutstore/stockBatches', { product_id: product.id })).find(
    (b) => b.batch_no === batchNo,
  )
  assert.equal(batch.quantity, 12)
  // 入库单列表's 导出 Excel holds the order the list shows, with its number and supplier.
  const inboundSheet = (await workbookOf(await downloadBy(desk, formZh['sheet.export'], 'stock-list'))).worksheets[0]
  const inboundRow = inboundSheet
    .getSheetValues()
    .slice(2)
    .find((r) => r?.includes(order.no))
  assert.ok(inboundRow?.includes('端到端供应商'), 'the order is a row of the spreadsheet')

  // An outbound order of 2 from that batch, made by the manager and approved by demo.
  const [department] = await app.api(desk, 'index/departmentList', {})
  const out = await app.api(desk, 'outApply/save', {
    type: 'general',
    department_id: department.id,
    items: [{ product_id: product.id, batch_id: batch.id, quantity: 2 }],
  })
  const outbound = await app.as('demo', 'outApply/check', { id: out.id, approve: true })

  await desk.goBack()
  await openEntry(desk, 'entry.stockLevels')
  // 导出 Excel: the product's quantity on hand, and the batch with its expiry and what it holds now.
  const download = await downloadBy(desk, formZh['sheet.export'], 'stock-levels')
  assert.match(download.suggestedFilename(), /^库存-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const [onHand, held] = (await workbookOf(download)).worksheets.map((sheet) =>
    sheet.getSheetValues().slice(2).filter(Boolean),
  )
  const [stock] = (await app.api(desk, 'inoutstore/stock', { keyword: product.name, page: 1, limit: 1 })).list
  assert.equal(onHand.find((r) => r[1] === product.name)[5], stock.on_hand)
  const heldRow = held.find((r) => r[4] === batchNo)
  assert.deepEqual([heldRow[1], heldRow[6], heldRow[7]], [product.name, batch.expiry_date, 10])
  await desk.locator('.stock-levels__card').filter({ hasText: product.name }).first().click()
  const row = desk.locator('.stock-levels__batch').filter({ hasText: batchNo })
  await row.locator('.stock-levels__expiry--near').waitFor()
  assert.match(await row.textContent(), new RegExp(`10${product.unit}`))
  await row.click()
  const moves = desk.locator('.stock-levels__movement')
  await moves.filter({ hasText: outbound.no }).getByText('-2', { exact: true }).waitFor()
  await moves.filter({ hasText: order.no }).getByText('+12', { exact: true }).waitFor()
  assert.deepEqual(await moves.locator('.stock-levels__order-no').allTextContents(), [
    `${formZh['stockLevels.kind.outApplyGeneral']} ${outbound.no}`,
    `${formZh['stockLevels.kind.inbound']} ${order.no}`,
  ])
  // Tapping the movement in opens its inbound order, approved and only to be read.
  await moves.filter({ hasText: order.no }).click()
  await desk.waitForURL((url) => url.pathname.endsWith('/pagesHome/pages/form/inbound/form'))
  await desk.locator('.form-header__title').getByText(formZh['form.title.inbound'], { exact: true }).waitFor()
  assert.match(desk.url(), new RegExp(`id=${order.id}`))
  await desk.close()
})

/** The workbook the browser saved for `download` (a Playwright download). */
async function workbookOf(download) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await download.path())
  return book
}

/** Taps `text` and resolves to the file the browser saves. */
/**
 * Taps the button `text` of the page `pageClass` (the page just left may still be in the document
 * while it slides away, with a button of the same name) and answers the download it starts.
 */
async function downloadBy(page, text, pageClass) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    button(page.locator(`.${pageClass}`), text).click(),
  ])
  return download
}

test('出库单列表 导出 Excel: the spreadsheet holds a row per order the list shows', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  await openEntry(page, 'entry.outApplyGeneralList')
  await button(page, formZh['recordList.allDates']).click()
  await page.locator('.stock-list__card').first().waitFor()
  const { total } = await app.api(page, 'outApply/index', { page: 1, limit: 1, type: 'general' })
  await eventually(async () => (await page.locator('.stock-list__card').count()) === Math.min(total, 20), 'the list')
  const shown = await page.locator('.stock-list__no').allTextContents()
  assert.ok(total <= 20, 'one page of orders, so that the list shows every one')

  const download = await downloadBy(page, formZh['sheet.export'], 'stock-list')
  assert.match(download.suggestedFilename(), /^出库单-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const sheet = (await workbookOf(download)).worksheets[0]
  const rows = sheet.getSheetValues().slice(2).filter(Boolean)
  assert.equal(rows.length, shown.length)
  const numbers = rows.map((row) => row.find((cell) => shown.includes(cell)))
  assert.deepEqual([...numbers].sort(), [...shown].sort())
  await page.close()
})

test('期初库存, then 物品 and a 套餐 of them, from spreadsheets as the manager: a bad row is named by row and column, nothing comes in; the file put right imports', async () => {
  const page = await app.newPage()
  await app.login(page, 'manager', 'demo1234')
  await page.waitForURL(isHome)
  const [product] = (await app.api(page, 'index/productList', { page: 1, limit: 1 })).list
  const batchesOf = async () =>
    (await app.api(page, 'inoutstore/getProductBatch', { product_id: product.id })).map((batch) => batch.batch_no)
  const before = await batchesOf()
  await page.goto(`${app.server.url}/pagesAdmin/pages/import/index`)

  const template = await workbookOf(await downloadBy(page, adminZh['import.template'], 'import-sheet'))
  const header = template.worksheets[0].getRow(1).values.slice(1)
  const label = (key) => formZh[`form.field.${key}`]
  assert.deepEqual(header, [
    label('product_name'),
    label('specification'),
    label('batch_no'),
    label('production_date'),
    label('expiry_date'),
    label('quantity'),
    label('unit_cost'),
  ])
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
  const shifted = (days) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10)
  const stamp = Date.now().toString(36).toUpperCase()
  const row = (batchNo, expiry) => [product.name, product.spec, batchNo, null, expiry, 6, 1.5]
  const file = path.join(tmpdir(), `opening-stock-${stamp}.xlsx`)
  const upload = async (rows, columns = header) => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('导入')
    sheet.addRow(columns)
    for (const one of rows) sheet.addRow(one)
    await book.xlsx.writeFile(file)
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      button(page, adminZh['import.upload']).click(),
    ])
    await chooser.setFiles(file)
  }

  await upload([row(`E2E-${stamp}-1`, shifted(200)), row(`E2E-${stamp}-2`, shifted(-1))])
  const error = page.locator('.import-sheet__error')
  await error.first().waitFor()
  assert.equal(await error.count(), 1)
  const text = await error.textContent()
  assert.ok(text.includes(fmt(adminZh['import.at'], { row: 3, column: label('expiry_date') })), text)
  assert.ok(text.includes(fmt(serverZh['import.expired'], { today })), text)
  assert.deepEqual(await batchesOf(), before)

  await upload([row(`E2E-${stamp}-1`, shifted(200)), row(`E2E-${stamp}-2`, shifted(100))])
  await page.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()
  assert.equal(await error.count(), 0)
  assert.deepEqual((await batchesOf()).filter((no) => !before.includes(no)).sort(), [
    `E2E-${stamp}-1`,
    `E2E-${stamp}-2`,
  ])

  // Items, then a package of them, each from its own template; a row naming an unknown item refuses the package.
  const templateOf = async (kind) => {
    await page.locator('.import-sheet__kind', { hasText: adminZh[`import.kind.${kind}`] }).click()
    return (await workbookOf(await downloadBy(page, adminZh['import.template'], 'import-sheet'))).worksheets[0]
      .getRow(1)
      .values.slice(1)
  }
  const products = await templateOf('products')
  const master = (key) => adminZh[`master.field.${key}`]
  assert.deepEqual(products, ['name', 'spec', 'unit', 'price', 'category', 'self_paid'].map(master))
  const [bottle, wipes] = [`E2E奶瓶-${stamp}`, `E2E湿巾-${stamp}`]
  await upload(
    [
      [bottle, '240ml', '个', 39.5, '母婴用品', '是'],
      [wipes, '80抽', '包', 12, '母婴用品', '否'],
    ],
    products,
  )
  await page.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()
  const packages = await templateOf('packages')
  assert.deepEqual(packages, [
    master('package_name'),
    label('product_name'),
    label('specification'),
    master('quantity'),
  ])
  const kit = `E2E新生儿套餐-${stamp}`
  await upload(
    [
      [kit, bottle, '240ml', 2],
      [kit, `${wipes}X`, '80抽', 1],
    ],
    packages,
  )
  await error.first().waitFor()
  const refused = await error.textContent()
  assert.ok(refused.includes(fmt(adminZh['import.at'], { row: 3, column: label('product_name') })), refused)
  assert.ok(refused.includes(serverZh['import.productUnknown']), refused)
  await upload(
    [
      [kit, bottle, '240ml', 2],
      [kit, wipes, '80抽', 1],
    ],
    packages,
  )
  await page.getByText(fmt(adminZh['import.done'], { rows: 2 })).waitFor()
  const made = (await app.api(page, 'index/productPackageList', {})).find((one) => one.name === kit)
  assert.deepEqual(
    made.items.map((item) => [item.product_name, item.quantity]),
    [
      [bottle, 2],
      [wipes, 1],
    ],
  )
  await page.close()
})
