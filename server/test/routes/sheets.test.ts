import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { fieldsOf, labelKeyOf } from '@yuezi/contract/forms/validate'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import { outApplyGeneral } from '@yuezi/contract/forms/definitions/stock'
import { repoRoot } from '../../src/config.js'
import { accessLog } from '../../src/db/schema.js'
import { DEMO_SIGNATURE } from '../../src/demo/common.js'
import { AppError } from '../../src/errors.js'
import { createExportLink } from '../../src/services/sheets/export.js'
import { signSheetLink } from '../../src/services/sheets/link.js'
import { definitionOf, validSample } from '../formSamples.js'
import { call, stockRefs } from '../helpers.js'
import { app, general, INDEX, other, OUT, post, row, saved, site, today, useStockSites } from '../stockFixture.js'

// A list as a spreadsheet: the link the app asks for with the list's filters, and the .xlsx it
// downloads with no headers, read back with exceljs as a person would open it.

const SECRET = 'the cluster secret of the sheet tests'
process.env.PDF_LINK_SECRET = SECRET
useStockSites()

const json = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, string>
const zhForms = json('locales/forms/zh-CN.json')
const enForms = { ...zhForms, ...json('locales/forms/en.json') }
const zhServer = json('locales/server/zh-CN.json')
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

const exportsLogged = async (recordId: number) =>
  app.db
    .select({ accountId: accessLog.accountId, kind: accessLog.kind })
    .from(accessLog)
    .where(and(eq(accessLog.recordId, recordId), eq(accessLog.action, 'export')))

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
    const [mother, another] = site.customers
    const data = { agree: ['yes'], customer_signature: DEMO_SIGNATURE, sign_date: today }
    const id = await saved(`${INDEX}/answerSave`, { customer_id: mother.id, survey_id: survey.id, data })
    const theirId = await saved(`${INDEX}/answerSave`, { customer_id: another.id, survey_id: survey.id, data })

    const { name, sheets } = await exported(`${INDEX}/answerExport`, { customer_id: mother.id })
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
    assert.equal((await call(app, `${OUT}/export`, {})).code, -90001, 'a session is needed')

    const expired = signSheetLink(Buffer.from(SECRET), {
      kind: 'outApply',
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
