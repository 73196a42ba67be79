// Print / PDF in the mini program on the real server: the server makes a PDF of a saved record or
// of an order, the app downloads it (wx.downloadFile) and opens it in WeChat's document viewer
// with its menu (forward, print); the PDF holds what was saved. A refusal is told, and the form
// keeps what it shows.
const { execFileSync } = require('child_process')
const fs = require('fs')
const h = require('./harness')
const { zh, formZh, serverZh, fmt, api, tokenOf } = require('./app')
const f = require('./forms')
const paediatricRound = require('../support/paediatricRound.cjs')

const ROUNDS = 'pagesHome/pages/form/Pediatricianrounds/form'
const OUTBOUND_LIST = 'pagesHome/pages/form/linliao/index'
const SPECIAL_CARE_LIST = 'pagesHome/pages/form/Selffundeditemconsumptiontable/index'
const PDF_LABEL = formZh['formUi.exportPdf']

let token
let customer

beforeAll(async () => {
  token = await tokenOf('demo')
  customer = (await api('customer/index', { page: 1, limit: 50 }, token)).list.find((c) => c.children?.length)
  h.storage.set('token', token)
  h.storage.set('customerInfo', customer)
  h.launchApp()
})

const pdfText = (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })

/** Taps 打印 / 导出 PDF (inside `root`) and waits for what the document viewer was asked to open. */
async function exportPdf(root) {
  const before = h.ui.documents.length
  h.tap(await h.waitFor(() => h.byText(PDF_LABEL, root)[0], { what: 'the print / PDF button' }))
  const opened = await h.waitFor(() => h.ui.documents[before], { what: 'the document viewer' })
  await h.settled()
  return opened
}

/** The download the app made for the PDF it opened. */
const downloadOf = (opened) =>
  h.calls.find((call) => call.api === 'downloadFile' && call.tempFilePath === opened.filePath)

async function openRound(id) {
  await h.openPage(`${ROUNDS}?id=${id}`)
  await h.waitFor(() => f.shownValue('advice') === 'PDF 查房建议：多晒太阳', { what: 'the saved round' })
  await h.settled()
}

it('a saved record: the PDF is downloaded and opened in the viewer with its menu, and holds the saved values', async () => {
  const round = paediatricRound(customer.id, customer.children[0].id, '2026-11-20')
  round.data.advice = 'PDF 查房建议：多晒太阳'
  const { id } = await api('index/saveForm', round, token)
  await openRound(id)

  const opened = await exportPdf()
  expect(opened).toMatchObject({ fileType: 'pdf', showMenu: true, page: ROUNDS })
  const download = downloadOf(opened)
  expect(download).toMatchObject({ statusCode: 200, type: 'application/pdf' })
  // The signed link needs no session: WeChat's download sends none.
  expect(download.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/pdf\//)
  expect(download.header.token).toBeUndefined()
  expect(fs.readFileSync(opened.file).subarray(0, 4).toString('latin1')).toBe('%PDF')
  const text = pdfText(opened.file)
  expect(text).toContain('PDF 查房建议：多晒太阳')
  expect(text).toContain(customer.name)
  // The indicator came and went; nothing was said; the form is as it was.
  expect(h.ui.loading).toBe(0)
  expect(h.ui.modals.filter((m) => m.page === ROUNDS)).toEqual([])
  expect(f.shownValue('advice')).toBe('PDF 查房建议：多晒太阳')
})

it('a record deleted meanwhile: the server refuses, the reason is told, and the form keeps what it shows', async () => {
  const round = paediatricRound(customer.id, customer.children[0].id, '2026-11-20')
  round.data.advice = 'PDF 查房建议：多晒太阳'
  const { id } = await api('index/saveForm', round, token)
  await openRound(id)
  await api('index/delFormRecord', { id }, token)

  const modals = h.ui.modals.length
  const documents = h.ui.documents.length
  h.tap(h.byText(PDF_LABEL)[0])
  const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the message' })
  expect(modal.content).toBe(fmt(zh['request.fileFailed'], { message: serverZh['record.notFound'] }))
  await h.settled()
  expect(h.ui.documents.length).toBe(documents)
  expect(h.ui.loading).toBe(0)
  expect(f.shownValue('advice')).toBe('PDF 查房建议：多晒太阳')
  expect(h.textOf()).toContain(fmt(formZh['formUi.editRecord'], { id }))
})

it('a link refused by the server (altered on the way) is told with its reason, and nothing opens', async () => {
  const round = paediatricRound(customer.id, customer.children[0].id, '2026-11-20')
  round.data.advice = 'PDF 查房建议：多晒太阳'
  const { id } = await api('index/saveForm', round, token)
  await openRound(id)
  const realDownload = wx.downloadFile
  wx.downloadFile = (options) => realDownload({ ...options, url: `${options.url}x` })
  try {
    const modals = h.ui.modals.length
    const documents = h.ui.documents.length
    h.tap(h.byText(PDF_LABEL)[0])
    const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the message' })
    expect(h.calls.filter((call) => call.api === 'downloadFile').pop()).toMatchObject({ statusCode: 403 })
    expect(modal.content).toBe(fmt(zh['request.fileFailed'], { message: serverZh['pdf.linkInvalid'] }))
    await h.settled()
    expect(h.ui.documents.length).toBe(documents)
    expect(h.ui.loading).toBe(0)
    expect(f.shownValue('advice')).toBe('PDF 查房建议：多晒太阳')
  } finally {
    wx.downloadFile = realDownload
  }
})

it('an order: its row in 出库单列表 opens its PDF, which names the order and its items', async () => {
  const [department] = await api('index/departmentList', {}, token)
  const { product, batch } = await f.productWithStock(1)
  const { id } = await api(
    'outApply/save',
    {
      type: 'general',
      department_id: department.id,
      requester: 'PDF领用人',
      items: [{ product_id: product.id, batch_id: batch.id, quantity: 1 }],
    },
    token,
  )
  const order = await api('outApply/info', { id }, token)
  await h.openPage(OUTBOUND_LIST)
  const card = await h.waitFor(() => h.$$('.stock-list__card').find((el) => el.textContent.includes(order.no)), {
    what: 'the order',
  })

  const opened = await exportPdf(card)
  expect(opened).toMatchObject({ fileType: 'pdf', showMenu: true, page: OUTBOUND_LIST })
  expect(downloadOf(opened)).toMatchObject({ statusCode: 200, type: 'application/pdf' })
  expect(fs.readFileSync(opened.file).subarray(0, 4).toString('latin1')).toBe('%PDF')
  const text = pdfText(opened.file)
  expect(text).toContain(order.no)
  expect(text).toContain('PDF领用人')
  expect(text).toContain(product.name)
  // The tap on its button did not open the order.
  expect(h.topRoute()).toBe(OUTBOUND_LIST)
})

it("a self-paid order opened from its list: the order's header opens its PDF", async () => {
  const { product, batch } = await f.productWithStock(1)
  const { id } = await api(
    'specialCare/save',
    {
      customer_id: customer.id,
      room: customer.room,
      items: [{ product_id: product.id, batch_id: batch.id, quantity: 1, price: 12.5 }],
      remark: 'PDF自费备注',
      // The demo's own signature upload: she signs for what she is charged.
      signature: '/uploads/demo-signature.png',
    },
    token,
  )
  const order = await api('specialCare/info', { id }, token)
  await h.openPage(SPECIAL_CARE_LIST)
  const card = await h.waitFor(() => h.$$('.stock-list__card').find((el) => el.textContent.includes(order.no)), {
    what: 'the order',
  })
  h.tap(card)
  await h.waitFor(() => f.shownValue('remark') === 'PDF自费备注', { what: 'the opened order' })
  await h.settled()
  // The price is the product list's, kept by the server: shown, not typed.
  const [item] = order.items
  const price = f.fieldOf('items.0.price')
  expect(h.$('wx-input', price)).toBeFalsy()
  expect(h.textOf(price)).toContain(item.price.toFixed(2))

  const opened = await exportPdf(h.$('.form-header'))
  expect(opened).toMatchObject({ fileType: 'pdf', showMenu: true })
  expect(downloadOf(opened)).toMatchObject({ statusCode: 200, type: 'application/pdf' })
  const text = pdfText(opened.file)
  for (const value of [order.no, customer.name, product.name, 'PDF自费备注', String(item.price)])
    expect(text).toContain(value)
})
