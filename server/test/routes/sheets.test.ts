import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { fieldsOf, labelKeyOf } from '@yuezi/contract/forms/validate'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import { inbound, outApplyGeneral } from '@yuezi/contract/forms/definitions/stock'
import { repoRoot } from '../../src/config.js'
import { DEMO_SIGNATURE } from '../../src/demo/common.js'
import { AppError } from '../../src/errors.js'
import { createExportLink } from '../../src/services/sheets/export.js'
import { signSheetLink } from '../../src/services/sheets/link.js'
import { definitionOf, validSample } from '../formSamples.js'
import { addDays } from '../../src/lib/dates.js'
import { accessLines, addProduct, call, stockRefs } from '../helpers.js'
import {
  app,
  check,
  general,
  INBOUND,
  INDEX,
  other,
  OUT,
  post,
  row,
  saved,
  site,
  today,
  useStockSites,
} from '../stockFixture.js'

// A list as a spreadsheet: the link the app asks for with the list's filters, and the .xlsx it
// downloads with no headers, read back with exceljs as a person would open it.

const SECRET = 'the cluster secret of the sheet tests'
process.env.PDF_LINK_SECRET = SECRET
useStockSites()

const json = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, string>
const zhForms = json('locales/forms/zh-CN.json')
const enForms = { ...zhForms, ...json('locales/forms/en.json') }
const zhServer = json('locales/server/zh-CN.json')
const zhAdmin = json('locales/admin/zh-CN.json')
const enServer = json('locales/server/en.json')

/** The sheets of a downloaded workbook: each its rows of cell texts, the header first. */
async function sheetsOf(bytes: Buffer): Promise<Map<string, string[][]>> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes as unknown as ArrayBuffer)
  return new Map(
    book.worksheets.map((sheet) => {
      const rows: string[][] = []
      sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))))
      return [sheet.name, rows]
    }),
  )
}

/** Asks for the link and downloads it without headers. */
async function exported(url: string, body: object, headers: Record<string, string> = {}) {
  const reply = await post(url, body, headers)
  assert.equal(reply.code, 1, reply.msg)
  const file = await app.inject({ method: 'GET', url: reply.res.url })
  assert.equal(file.statusCode, 200, file.body)
  assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  assert.match(String(file.headers['content-disposition']), /^attachment; filename=".*\.xlsx"; filename\*=UTF-8''/)
  return { name: reply.res.name as string, sheets: await sheetsOf(file.rawPayload) }
}

const exportsLogged = async (recordId: number) => {
  const lines = accessLines(app.db)
  return app.db
    .select({ accountId: lines.accountId, kind: lines.kind })
    .from(lines)
    .where(and(eq(lines.recordId, recordId), eq(lines.action, 'export')))
}

describe('list exports', () => {
  it('exports the outbound orders the list shows, its columns the form fields with the who and when', async () => {
    const refs = await stockRefs(app, site.token)
    const keyword = `导出测试${Date.now()}`
    const first = await saved(`${OUT}/save`, general([row(refs.productId, refs.batchId, 2)], { remark: keyword }))
    const second = await saved(`${OUT}/save`, general([row(refs.productId, refs.batchId, 1)], { remark: keyword }))
    // Another site's order with the same remark is never in our export.
    const theirs = await stockRefs(app, other.token)
    const theirDepartments = (await call(app, `${INDEX}/departmentList`, {}, { token: other.token })).res
    const body = { ...general([row(theirs.productId, theirs.batchId, 1)], { remark: keyword }) }
    body.department_id = theirDepartments[0].id
    assert.equal((await call(app, `${OUT}/save`, body, { token: other.token })).code, 1)

    const { name, sheets } = await exported(`${OUT}/export`, { type: 'general', keyword })
    assert.equal(name, `${zhForms[outApplyGeneral.titleKey]}-${today}.xlsx`)
    const [rows] = [...sheets.values()]
    const header = rows[0]
    for (const field of fieldsOf(outApplyGeneral)) assert.ok(header.includes(zhForms[labelKeyOf(field)]), field.key)
    for (const fact of ['pdf.number', 'pdf.status', 'pdf.created', 'pdf.updated']) {
      assert.ok(header.includes(zhServer[fact]), fact)
    }
    assert.equal(rows.length, 3, 'the header and our two orders')
    const numbers = rows.slice(1).map((r) => r[header.indexOf(zhServer['pdf.number'])])
    const list = (await post(`${OUT}/index`, { type: 'general', keyword, page: 1, limit: 10 })).res.list
    assert.deepEqual(
      numbers,
      list.map((order: { no: string }) => order.no),
    )
    assert.deepEqual(
      list.map((order: { id: number }) => order.id),
      [second, first],
    )
    const department = rows[1][header.indexOf(zhForms['form.field.department_id'])]
    assert.equal(department, (await post(`${INDEX}/departmentList`, {})).res[0].name, 'names, not ids')
    assert.equal(rows[1][header.indexOf(zhServer['pdf.status'])], zhServer['pdf.status.pending'])

    // A filter the orders do not pass: only the header.
    const approved = await exported(`${OUT}/export`, { type: 'general', keyword, status: 'approved' })
    assert.equal([...approved.sheets.values()][0].length, 1)
  })

  it('exports the inbound orders the list shows with its filters, each row with its batch and cost', async () => {
    const { productId, name: productName } = await addProduct(app, site.siteId)
    const supplier = `导出供应商${Date.now()}`
    const items = (batchNo: string) => [
      { product_id: productId, batch_no: batchNo, expiry_date: addDays(today, 200), quantity: 4, unit_cost: 2.5 },
    ]
    const first = await saved(`${INBOUND}/save`, { supplier, items: items('EX-1') })
    const second = await saved(`${INBOUND}/save`, { supplier, items: items('EX-2') })
    assert.equal((await check(INBOUND, { id: second, approve: true })).code, 1)
    const theirs = await addProduct(app, other.siteId)
    const theirBody = { supplier, items: [{ ...items('EX-3')[0], product_id: theirs.productId }] }
    assert.equal((await call(app, `${INBOUND}/save`, theirBody, { token: other.token })).code, 1)

    const { name, sheets } = await exported(`${INBOUND}/export`, { keyword: supplier })
    assert.equal(name, `${zhForms[inbound.titleKey]}-${today}.xlsx`)
    const [[header, ...rows]] = [...sheets.values()]
    for (const field of fieldsOf(inbound)) assert.ok(header.includes(zhForms[labelKeyOf(field)]), field.key)
    const list = (await post(`${INBOUND}/index`, { keyword: supplier, page: 1, limit: 10 })).res.list
    assert.deepEqual(
      list.map((order: { id: number }) => order.id),
      [second, first],
    )
    assert.deepEqual(
      rows.map((r) => r[header.indexOf(zhServer['pdf.number'])]),
      list.map((order: { no: string }) => order.no),
      "the list's orders, not the other site's",
    )
    const goods = rows[0][header.indexOf(zhForms['form.field.items'])]
    for (const text of [productName, 'EX-2', '2.50']) assert.ok(goods.includes(text), `${text} in ${goods}`)
    assert.equal(rows[0][header.indexOf(zhForms['form.field.supplier'])], supplier)

    const approved = await exported(`${INBOUND}/export`, { keyword: supplier, status: 'approved' })
    const [[, ...approvedRows]] = [...approved.sheets.values()]
    assert.deepEqual(
      approvedRows.map((r) => r[header.indexOf(zhServer['pdf.status'])]),
      [zhServer['pdf.status.approved']],
    )
  })

  it("exports the stock page: each product's quantities, and the batches holding them with their expiry", async () => {
    const name = `导出库存${Date.now()}`
    const { productId, batches } = await addProduct(app, site.siteId, {
      name,
      batches: [
        { expiresIn: 200, quantity: 7 },
        { expiresIn: 10, quantity: 3 },
        { expiresIn: -5, quantity: 2 },
        { expiresIn: 300, quantity: 0 },
      ],
    })
    // The same name at the other site is not ours.
    await addProduct(app, other.siteId, { name, batches: [{ expiresIn: 100, quantity: 50 }] })

    const { name: fileName, sheets } = await exported('/api/care/inoutstore/stockExport', { keyword: name })
    assert.equal(fileName, `${zhForms['stockLevels.title']}-${today}.xlsx`)
    assert.deepEqual([...sheets.keys()], [zhForms['stockLevels.title'], zhServer['sheet.stock.batches']])
    const [products, held] = [...sheets.values()]
    const [page] = (await post('/api/care/inoutstore/stock', { keyword: name, page: 1, limit: 10 })).res.list
    assert.equal(page.product_id, productId)
    assert.deepEqual(products, [
      [
        zhForms['form.field.product_id'],
        zhAdmin['master.field.spec'],
        zhAdmin['master.field.unit'],
        zhAdmin['master.field.category'],
        zhServer['sheet.stock.onHand'],
        zhServer['sheet.stock.nearExpiry'],
        zhServer['sheet.stock.expired'],
      ],
      [name, page.spec, page.unit, page.category, String(page.on_hand), String(page.near_expiry), String(page.expired)],
    ])
    assert.deepEqual([page.on_hand, page.near_expiry, page.expired], [12, 3, 2])
    const [header, ...rows] = held
    const column = (key: string) => rows.map((r) => r[header.indexOf(key)] ?? '')
    // Earliest expiry first; the empty batch is not there.
    assert.deepEqual(
      column(zhForms['form.field.batch_no']),
      [batches[2], batches[1], batches[0]].map((b) => b.batchNo),
    )
    assert.deepEqual(
      column(zhForms['form.field.expiry_date']),
      [-5, 10, 200].map((days) => addDays(today, days)),
    )
    assert.deepEqual(column(zhForms['form.field.quantity']), ['2', '3', '7'])
    assert.deepEqual(column(zhServer['pdf.status']), [
      zhServer['sheet.stock.expiredBatch'],
      zhServer['sheet.stock.nearExpiryBatch'],
      '',
    ])
    const english = await exported('/api/care/inoutstore/stockExport', { keyword: name }, { lang: 'en' })
    assert.deepEqual([...english.sheets.keys()], [enForms['stockLevels.title'], enServer['sheet.stock.batches']])
  })

  it('writes the labels in English, a signature as whether there is one, and logs the export of personal data', async () => {
    const definition = definitionOf('儿科医生查房签到表')
    const customer = site.customers[0]
    const data = validSample(definition, { customer, room: customer.room, departmentIds: [] })
    data.doctor_signature = data.family_signature = DEMO_SIGNATURE
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    // Another site's record of the same form is not ours to export.
    const theirs = other.customers[0]
    const theirData = validSample(definition, { customer: theirs, room: theirs.room, departmentIds: [] })
    const theirBody = { name: definition.name, customer_id: theirs.id, data: theirData }
    const theirId = (await call(app, `${INDEX}/saveForm`, theirBody, { token: other.token })).res.id

    const asked = await post(`${INDEX}/formRecordExport`, { names: [definition.name], keyword: customer.name })
    assert.deepEqual(await exportsLogged(id), [], 'nothing has left yet')
    const { sheets } = await exported(
      `${INDEX}/formRecordExport`,
      { names: [definition.name], keyword: customer.name },
      { lang: 'en' },
    )
    assert.ok(asked.res.url)
    const [rows] = [...sheets.values()]
    const header = rows[0]
    assert.ok(header.includes(enForms['form.field.doctor_signature'] ?? 'doctor_signature'))
    assert.ok(header.includes(enServer['pdf.customer']))
    const mine = rows.find((r) => r[header.indexOf(enServer['pdf.number'])] === String(id))
    assert.ok(mine, 'our record is a row')
    const signature = header.findIndex((h) => h === enForms[labelKeyOf({ key: 'doctor_signature', type: 'signature' })])
    assert.equal(mine[signature], enServer['sheet.yes'])
    assert.ok(!JSON.stringify(rows).includes('/uploads/'), 'no file links')
    assert.ok(!rows.some((r) => r[header.indexOf(enServer['pdf.number'])] === String(theirId)))
    assert.deepEqual(await exportsLogged(id), [{ accountId: site.accountId, kind: 'record' }])
    assert.deepEqual(await exportsLogged(theirId), [])
  })

  it("exports a customer's acknowledgements of the check-in rules, only hers, and logs them", async () => {
    const survey = (await post(`${INDEX}/getSurvey`, {})).res
    const [customer, another] = site.customers
    const data = { agree: ['yes'], customer_signature: DEMO_SIGNATURE, sign_date: today }
    const id = await saved(`${INDEX}/answerSave`, { customer_id: customer.id, survey_id: survey.id, data })
    const theirId = await saved(`${INDEX}/answerSave`, { customer_id: another.id, survey_id: survey.id, data })

    const { name, sheets } = await exported(`${INDEX}/answerExport`, { customer_id: customer.id })
    assert.equal(name, `${zhForms[checkNotice.titleKey]}-${today}.xlsx`)
    const [[header, ...rows]] = [...sheets.values()]
    assert.deepEqual(
      rows.map((r) => r[header.indexOf(zhServer['pdf.number'])]),
      [String(id)],
    )
    assert.equal(rows[0][header.indexOf(zhForms[labelKeyOf({ key: 'customer_signature', type: 'signature' })])], '有')
    assert.deepEqual(await exportsLogged(id), [{ accountId: site.accountId, kind: 'answer' }])
    assert.ok(!(await exportsLogged(theirId)).some((entry) => entry.kind === 'answer'))
  })

  it('refuses more records than one spreadsheet takes, an unknown form, and an altered or expired link', async () => {
    const siteOf = { id: site.siteId, name: 'x', timeZone: 'Asia/Shanghai' }
    const actor = { siteId: site.siteId, accountId: site.accountId }
    const settings = { linkSecret: Buffer.from(SECRET), linkTtlSeconds: 300, maxRows: 1 }
    await assert.rejects(
      createExportLink(app.db, settings, siteOf, actor, { kind: 'outApply', query: {}, lang: 'zh-CN' }),
      (error: AppError) => error.key === 'sheet.tooMany' && Number(error.params.max) === 1,
    )
    const unknown = await post(`${INDEX}/formRecordExport`, { names: ['没有这张表'] })
    assert.deepEqual([unknown.code, unknown.msg], [-1, zhServer['sheet.unknownForm'].replace('{name}', '没有这张表')])
    for (const url of [`${OUT}/export`, `${INBOUND}/export`, '/api/care/inoutstore/stockExport']) {
      assert.equal((await call(app, url, {})).code, -90001, `${url}: a session is needed`)
    }
    await assert.rejects(
      createExportLink(app.db, settings, siteOf, actor, { kind: 'stock', query: {}, lang: 'zh-CN' }),
      (error: AppError) => error.key === 'sheet.tooMany' && Number(error.params.max) === 1,
    )

    const expired = signSheetLink(Buffer.from(SECRET), {
      kind: 'stock',
      query: {},
      siteId: site.siteId,
      accountId: site.accountId,
      lang: 'en',
      expires: Math.floor(Date.now() / 1000) - 1,
    })
    const late = await app.inject({ method: 'GET', url: `/api/sheet/${expired}` })
    assert.equal(late.statusCode, 403)
    assert.equal(late.json().msg, enServer['sheet.linkExpired'])
    const altered = await app.inject({ method: 'GET', url: `/api/sheet/${expired.replace(/.$/, 'x')}x` })
    assert.equal(altered.statusCode, 403)
    assert.equal(altered.json().msg, enServer['sheet.linkInvalid'])
  })
})
