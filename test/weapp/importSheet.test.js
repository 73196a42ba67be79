// 表格导入 in the mini program on the real server, as the manager: the template is downloaded
// (wx.downloadFile) and opened in WeChat's document viewer, a spreadsheet chosen from a chat
// (wx.chooseMessageFile) is sent with wx.uploadFile; a bad row is named by row and column and
// nothing comes in, the file put right imports every row.
const path = require('path')
const ExcelJS = require('exceljs')
const h = require('./harness')
const { adminZh, formZh, serverZh, fmt, api, tokenOf } = require('./app')

const IMPORT = 'pagesAdmin/pages/import/index'
const label = (key) => formZh[`form.field.${key}`]

let token
let product

beforeAll(async () => {
  token = await tokenOf('manager')
  product = (await api('index/productList', { page: 1, limit: 1 }, token)).list[0]
  h.storage.set('token', token)
  h.launchApp()
  await h.openPage(IMPORT)
  await h.waitFor(() => h.byText(adminZh['import.upload'])[0], { what: 'the import page' })
  await h.settled()
})

const batchesOf = async () =>
  (await api('inoutstore/getProductBatch', { product_id: product.id }, token)).map((batch) => batch.batch_no)

/** The centre's day (the demo sites keep China's time), moved by `days`. */
const dayFromToday = (days) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000))

let header

it('the template is downloaded and opened in the document viewer; its header names the columns', async () => {
  const before = h.ui.documents.length
  h.tap(h.byText(adminZh['import.template'])[0])
  const opened = await h.waitFor(() => h.ui.documents[before], { what: 'the document viewer' })
  expect(opened).toMatchObject({ fileType: 'xlsx', showMenu: true, page: IMPORT })
  const download = h.calls.find((call) => call.api === 'downloadFile' && call.tempFilePath === opened.filePath)
  expect(download.statusCode).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(opened.file)
  header = book.worksheets[0].getRow(1).values.slice(1)
  expect(header).toEqual(
    ['product_name', 'specification', 'batch_no', 'production_date', 'expiry_date', 'quantity', 'unit_cost'].map(label),
  )
})

/** Writes the rows under the template's header as the file the chooser hands out, and imports it. */
async function importRows(rows) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('期初库存')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  await book.xlsx.writeFile(path.join(h.TEMP_DIR, 'stock.xlsx'))
  h.chooser.files = ['stock.xlsx']
  const uploads = h.calls.filter((call) => call.api === 'uploadFile').length
  h.tap(h.byText(adminZh['import.upload'])[0])
  await h.waitFor(() => h.calls.filter((call) => call.api === 'uploadFile' && call.done).length > uploads, {
    what: 'the upload',
  })
  await h.settled()
}

const stamp = Date.now().toString(36).toUpperCase()
const row = (n, expiry) => [product.name, product.spec, `SIM-${stamp}-${n}`, null, expiry, 4, 2]

it('a bad row is named by its row and column, and nothing comes in', async () => {
  const before = await batchesOf()
  await importRows([row(1, dayFromToday(200)), row(2, dayFromToday(-1))])
  expect(h.chooser.calls[0]).toMatchObject({ count: 1, type: 'file', extension: ['xlsx'] })
  const upload = h.calls.filter((call) => call.api === 'uploadFile').pop()
  expect(upload.url).toMatch(/\/api\/admin\/import\/upload$/)
  expect(upload.data.formData).toEqual({ kind: 'openingStock' })
  const errors = await h.waitFor(() => h.$$('.import-sheet__error').length && h.$$('.import-sheet__error'), {
    what: 'the errors',
  })
  expect(errors).toHaveLength(1)
  expect(errors[0].textContent).toContain(fmt(adminZh['import.at'], { row: 3, column: label('expiry_date') }))
  expect(errors[0].textContent).toContain(fmt(serverZh['import.expired'], { today: dayFromToday(0) }))
  expect(await batchesOf()).toEqual(before)
})

it('the file put right imports every row', async () => {
  await importRows([row(1, dayFromToday(200)), row(2, dayFromToday(100))])
  await h.waitFor(() => h.byText(fmt(adminZh['import.done'], { rows: 2 }))[0], { what: 'the rows imported' })
  expect(h.$$('.import-sheet__error')).toHaveLength(0)
  expect(await batchesOf()).toEqual(expect.arrayContaining([`SIM-${stamp}-1`, `SIM-${stamp}-2`]))
})
