import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { repoRoot } from '../../../src/config.js'
import { auditLog, imports, stockBatches, stockMovements } from '../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { addAccount, addProduct, addSite, call, login, PNG, startApp, type TestSite } from '../../helpers.js'

// The administration's imports, proven with opening stock: the template, files that are no
// spreadsheet, a bad row refused with nothing written, the file put right importing every row.

const MAX_BYTES = 64 * 1024
const json = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, string>
const zhServer = json('locales/server/zh-CN.json')
const enServer = json('locales/server/en.json')
const enForms = { ...json('locales/forms/zh-CN.json'), ...json('locales/forms/en.json') }
const today = centreToday(DEFAULT_ZONE)
const HEADER = ['Product', 'Specification', 'Batch number', 'Production date', 'Expiry date', 'Quantity', 'Unit cost']

let app: FastifyInstance
let site: TestSite
let other: TestSite
before(async () => {
  app = await startApp({ importMaxBytes: MAX_BYTES })
  site = await addSite(app)
  other = await addSite(app)
})
after(() => app.close())

/** POSTs the multipart fields `kind` and `file` to the import. */
async function upload(fileName: string, content: Buffer, headers: Record<string, string> = { token: site.token }) {
  const boundary = '----yuezi-import'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nopeningStock\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/import/upload',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  return reply.json()
}

/** A workbook with these rows under the header. */
async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('x')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const batchesOf = (productId: number) =>
  app.db.select().from(stockBatches).where(eq(stockBatches.productId, productId)).orderBy(stockBatches.batchNo)

describe('admin/import', () => {
  it('hands out a template whose header row names the columns, in the caller language', async () => {
    const reply = await call(
      app,
      '/api/admin/import/template',
      { kind: 'openingStock' },
      { token: site.token, lang: 'en' },
    )
    assert.equal(reply.code, 1, reply.msg)
    assert.equal(reply.res.name, 'Opening stock import template.xlsx')
    const file = await app.inject({ method: 'GET', url: reply.res.url })
    assert.equal(file.statusCode, 200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    const header = book.worksheets[0].getRow(1)
    const labels = (header.values as string[]).slice(1)
    assert.deepEqual(labels, HEADER)
    assert.match(String(header.getCell(1).note && JSON.stringify(header.getCell(1).note)), /Required/)
    assert.equal(book.worksheets[0].rowCount, 1, 'no row to delete before filling it in')
  })

  it('refuses what is no spreadsheet, a file too large, and the caller without the administration right', async () => {
    const png = await upload('库存.xlsx', PNG)
    assert.deepEqual([png.code, png.msg], [-1, zhServer['import.notSpreadsheet']])
    const text = await upload('库存.xlsx', Buffer.from('物品名称,批号\n纸尿裤,B1\n'))
    assert.deepEqual([text.code, text.msg], [-1, zhServer['import.notSpreadsheet']])
    const zip = await upload('x.xlsx', Buffer.from('PK\x03\x04not really a workbook at all'))
    assert.equal(zip.msg, zhServer['import.notSpreadsheet'])
    const large = await upload('库存.xlsx', Buffer.alloc(MAX_BYTES + 1, 1))
    assert.deepEqual([large.code, large.msg], [-1, zhServer['import.tooLarge'].replace('{limit}', '64 KB')])
    const empty = await upload(
      '库存.xlsx',
      await workbook(['物品名称', '规格', '批号', '有效期至', '数量', '进价'], []),
    )
    assert.equal(empty.msg, zhServer['import.empty'])

    const staff = await addAccount(app, { siteIds: [site.siteId] })
    const token = await login(app, staff.account, staff.password)
    const refused = await upload('库存.xlsx', PNG, { token })
    assert.deepEqual([refused.code, refused.msg], [-5, zhServer['admin.notAllowed']])
    const template = await call(app, '/api/admin/import/template', { kind: 'openingStock' }, { token })
    assert.equal(template.code, -5)
  })

  it('lists every bad cell by row and column and writes nothing; the file put right imports every row', async () => {
    const product = await addProduct(app, site.siteId)
    const taken = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const theirs = await addProduct(app, other.siteId)
    const header = [
      'Product',
      'Specification',
      'Batch number',
      'Production date',
      'Expiry date',
      'Quantity',
      'Unit cost',
    ]
    const good = (batchNo: string) => [
      product.name,
      '测试规格',
      batchNo,
      addDays(today, -30),
      addDays(today, 365),
      10,
      2.5,
    ]
    const rows = [
      good('A1'),
      [product.name, '测试规格', 'A2', null, addDays(today, -1), 3, 1],
      [theirs.name, '测试规格', 'A3', null, addDays(today, 30), 3, 1],
      [taken.name, '测试规格', taken.batches[0].batchNo, null, addDays(today, 30), 0, 1],
      good('A1'),
    ]
    const bad = await upload('stock.xlsx', await workbook(header, rows), { token: site.token, lang: 'en' })
    assert.equal(bad.code, -1)
    assert.deepEqual(
      bad.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [[5, 'Quantity']],
      'the form rules first: a quantity below 1',
    )
    assert.match(bad.res.errors[0].message, new RegExp(enForms['form.field.quantity']))

    rows[3][5] = 2
    const second = await upload('stock.xlsx', await workbook(header, rows), { token: site.token, lang: 'en' })
    assert.deepEqual(second.res.errors, [
      { row: 3, column: 'Expiry date', message: enServer['import.expired'].replace('{today}', today) },
      { row: 4, column: 'Product', message: enServer['import.productUnknown'] },
      { row: 5, column: 'Batch number', message: enServer['import.batchExists'] },
      { row: 6, column: 'Batch number', message: enServer['import.batchRepeated'].replace('{row}', '2') },
    ])
    assert.deepEqual(await batchesOf(product.productId), [], 'nothing written')
    assert.deepEqual(await app.db.select().from(imports).where(eq(imports.siteId, site.siteId)), [])

    const fixed = [
      good('A1'),
      [product.name, '测试规格', 'A2', null, new Date(`${addDays(today, 60)}T00:00:00Z`), '3', '1.20'],
    ]
    const done = await upload('stock.xlsx', await workbook(header, fixed))
    assert.equal(done.code, 1, JSON.stringify(done))
    assert.equal(done.msg, zhServer['import.done'].replace('{rows}', '2'))
    assert.equal(done.res.rows, 2)
    const batches = await batchesOf(product.productId)
    assert.deepEqual(
      batches.map((b) => [b.batchNo, b.productionDate, b.expiryDate, b.quantity, b.siteId]),
      [
        ['A1', addDays(today, -30), addDays(today, 365), 10, site.siteId],
        ['A2', null, addDays(today, 60), 3, site.siteId],
      ],
    )
    const movements = await app.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderKind, 'import'), eq(stockMovements.orderId, done.res.id)))
    assert.deepEqual(
      movements.map((m) => [m.batchId, m.itemId, m.delta, m.action, m.by]).sort(),
      batches.map((b) => [b.id, b.id, b.quantity, 'approve', site.accountId]).sort(),
    )
    const [record] = await app.db.select().from(imports).where(eq(imports.id, done.res.id))
    assert.deepEqual(
      [record.kind, record.fileName, record.rowCount, record.by],
      ['openingStock', 'stock.xlsx', 2, site.accountId],
    )
    assert.equal(record.rows[1].unit_cost, 1.2)
    const audit = await app.db
      .select({ action: auditLog.action, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'imports'), eq(auditLog.entityId, done.res.id)))
    assert.deepEqual(audit, [{ action: 'create', accountId: site.accountId }])

    // The same file again: its batches exist now.
    const again = await upload('stock.xlsx', await workbook(header, fixed))
    assert.equal(again.res.errors.length, 2)
  })

  it('names unknown and missing columns', async () => {
    const reply = await upload(
      'x.xlsx',
      await workbook(['物品名称', '颜色', '批号', '数量', '进价'], [['a', 'b', 'c', 1, 1]]),
    )
    assert.deepEqual(
      reply.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [
        [1, '颜色'],
        [1, '有效期至'],
      ],
    )
  })
})
