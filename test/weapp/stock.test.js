// Goods received: an inbound order that demo made is approved by the manager from 入库单列表 in the
// mini program; the stock page shows its batch and the movement in, which opens the order, and its
// 导出 Excel opens the stock as a spreadsheet in the document viewer.
const ExcelJS = require('exceljs')
const h = require('./harness')
const { formZh, api, tokenOf, signIn, openEntry, fmt } = require('./app')

const INBOUND_LIST = 'pagesHome/pages/form/inbound/index'
const STOCK = 'pagesHome/pages/form/stock/index'
const INBOUND_FORM = 'pagesHome/pages/form/inbound/form'

beforeAll(() => h.launchApp())

it('an inbound order approved by a colleague shows on the stock page with its batch and its movement', async () => {
  const demo = await tokenOf('demo')
  const {
    list: [product],
  } = await api('index/productList', { page: 1, limit: 1 }, demo)
  const batchNo = `WX-${Date.now() % 1_000_000}`
  const { id } = await api(
    'inbound/save',
    {
      supplier: '小程序供应商',
      items: [{ product_id: product.id, batch_no: batchNo, expiry_date: '2099-12-31', quantity: 7, unit_cost: 3 }],
    },
    demo,
  )
  const order = await api('inbound/info', { id }, demo)

  await signIn('manager')
  await openEntry('entry.inboundList', INBOUND_LIST)
  const card = await h.waitFor(
    () => h.$$('.stock-list__card').find((el) => h.$('.stock-list__no', el)?.textContent.trim() === order.no),
    { what: `the card of ${order.no}` },
  )
  expect(h.textOf(h.$('.stock-list__pdf', card))).toBe(formZh['formUi.exportPdf'])
  const modals = h.ui.modals.length
  h.tap(h.byText(formZh['stock.approve'], card)[0])
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the approve confirmation' })
  expect(modal.content).toBe(fmt(formZh['stock.approveInboundConfirm'], { no: order.no }))
  await h.waitFor(() => h.$('.stock-list__tag--approved', card), { what: 'the approved tag' })
  await h.settled()

  await h.back()
  await h.waitForPage('pages/tabPages/index')
  await openEntry('entry.stockLevels', STOCK)
  const productCard = await h.waitFor(
    () => h.$$('.stock-levels__card').find((el) => el.textContent.includes(product.name)),
    { what: `the card of ${product.name}` },
  )
  const documents = h.ui.documents.length
  h.tap(h.byText(formZh['sheet.export'])[0])
  const opened = await h.waitFor(() => h.ui.documents[documents], { what: 'the stock spreadsheet' })
  expect(opened).toMatchObject({ fileType: 'xlsx', page: STOCK })
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(opened.file)
  const [products, batches] = book.worksheets.map((sheet) => sheet.getSheetValues().slice(2).filter(Boolean))
  const [stock] = (await api('inoutstore/stock', { keyword: product.name, page: 1, limit: 1 }, demo)).list
  expect(products.find((row) => row[1] === product.name)[5]).toBe(stock.on_hand)
  expect(batches.find((row) => row[4] === batchNo).slice(1)).toEqual(
    expect.arrayContaining([product.name, batchNo, '2099-12-31', 7]),
  )
  await h.settled()
  h.tap(productCard)
  const batch = await h.waitFor(() => h.$$('.stock-levels__batch').find((el) => el.textContent.includes(batchNo)), {
    what: `the batch ${batchNo}`,
  })
  expect(batch.textContent).toContain(fmt(formZh['stockLevels.onHand'], { quantity: 7, unit: product.unit }))
  h.tap(batch)
  const movement = await h.waitFor(
    () => h.$$('.stock-levels__movement').find((el) => el.textContent.includes(order.no)),
    { what: 'the movement in' },
  )
  expect(h.textOf(h.$('.stock-levels__delta', movement))).toBe('+7')
  expect(h.textOf(h.$('.stock-levels__order-no', movement))).toBe(`${formZh['stockLevels.kind.inbound']} ${order.no}`)
  h.tap(movement)
  await h.waitForPage(INBOUND_FORM)
})
