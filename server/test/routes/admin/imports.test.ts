import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { crc32, deflateRawSync } from 'node:zlib'
import { and, eq, inArray, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { strFromU8, strToU8, unzipSync, Zip, zipSync, type ZipInputFile } from 'fflate'
import { repoRoot } from '../../../src/config.js'
import {
  accounts,
  accountSites,
  auditLog,
  babies,
  customers,
  imports,
  productPackageItems,
  productPackages,
  products,
  rooms,
  sites,
  stayPackages,
  stays,
  stockBatches,
  stockMovements,
} from '../../../src/db/schema.js'
import { seedSiteLists } from '../../../src/demo/seed.js'
import { seedSiteStock } from '../../../src/demo/stock.js'
import { Code } from '../../../src/errors.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { columnLetters, readChecked } from '../../../src/services/sheets/sheetReader.js'
import { readFirstSheet } from '../../../src/services/sheets/workbook.js'
import { randomUUID } from 'node:crypto'
import {
  accessLines,
  addAccount,
  addProduct,
  addSite,
  call,
  login,
  PNG,
  startApp,
  type TestSite,
} from '../../helpers.js'

// The administration's imports: the template, files that are no spreadsheet, a bad row refused with
// nothing written, the file put right importing every row; for opening stock, staff, rooms,
// products and packages, each row checked as the administration pages check a save; files built to
// stop the server refused while it answers, and no row of people kept with the import's record.

const MAX_BYTES = 512 * 1024
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
async function upload(
  fileName: string,
  content: Buffer,
  headers: Record<string, string> = { token: site.token },
  kind = 'openingStock',
) {
  const boundary = '----yuezi-import'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
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
    assert.deepEqual([large.code, large.msg], [-1, zhServer['import.tooLarge'].replace('{limit}', '512 KB')])
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
    // One pass: the row a form rule refuses (a quantity below 1) beside those the site's stock refuses.
    assert.deepEqual(
      bad.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [
        [3, 'Expiry date'],
        [4, 'Product'],
        [5, 'Quantity'],
        [6, 'Batch number'],
      ],
    )
    assert.match(bad.res.errors[2].message, new RegExp(enForms['form.field.quantity']))

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

/** The kind's template's header row, in the language. */
async function templateHeader(kind: string, lang: 'zh' | 'en'): Promise<string[]> {
  const reply = await call(app, '/api/admin/import/template', { kind }, { token: site.token, lang })
  assert.equal(reply.code, 1, reply.msg)
  const file = await app.inject({ method: 'GET', url: reply.res.url })
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
  return (book.worksheets[0].getRow(1).values as string[]).slice(1)
}

/** Uploads the rows under the kind's template header in the language; answers the reply. */
async function importRows(kind: string, rows: unknown[][], lang: 'zh' | 'en' = 'zh', on = site) {
  const header = await templateHeader(kind, lang)
  return upload(`${kind}.xlsx`, await workbook(header, rows), { token: on.token, lang }, kind)
}

const cells = (reply: { res: { errors: { row: number; column: string; message: string }[] } }) =>
  reply.res.errors.map((e) => [e.row, e.column, e.message])
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`

/** The audit entries of these entities' creation by the site's manager. */
const created = (entity: string, ids: number[]) =>
  app.db
    .select({ id: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.action, 'create'),
        eq(auditLog.accountId, site.accountId),
        inArray(auditLog.entityId, ids),
      ),
    )

describe('admin/import of the lists', () => {
  it('offers a template per kind, its header the fields of the page', async () => {
    assert.deepEqual(await templateHeader('staff', 'zh'), ['姓名', '账号', '审核出入库单', '门店管理'])
    assert.deepEqual(await templateHeader('rooms', 'en'), ['Floor', 'Room number', 'Room type', 'Takes customers'])
    assert.deepEqual(await templateHeader('products', 'zh'), [
      '名称',
      '规格',
      '单位',
      '单价',
      '分类',
      '作为自费物品出售',
    ])
    assert.deepEqual(await templateHeader('packages', 'en'), [
      'Gift bundle name',
      'Product',
      'Specification',
      'Quantity',
    ])
    assert.deepEqual(await templateHeader('stayPackages', 'zh'), ['名称', '天数', '价格', '包含内容'])
    const name = await call(app, '/api/admin/import/template', { kind: 'staff' }, { token: site.token })
    assert.equal(name.res.name, '员工导入模板.xlsx')
  })

  it('imports staff with one-time passwords answered once, which sign in with -90004', async () => {
    const taken = await addAccount(app, { siteIds: [other.siteId] })
    const [a, b] = [unique('imp-a'), unique('imp-b')]
    const bad = await importRows('staff', [
      ['王丽', a, '是', ''],
      ['李娜', 'x', '', ''],
      ['赵敏', taken.account, '', ''],
      ['钱芳', a, '', ''],
    ])
    assert.equal(bad.code, -1)
    assert.deepEqual(cells(bad), [
      [3, '账号', zhServer['staff.accountRule']],
      [4, '账号', fill(zhServer['staff.accountTaken'], { account: taken.account })],
      [5, '账号', fill(zhServer['import.repeated'], { row: 2 })],
    ])
    const en = await importRows('staff', [['Wang Li', a, 'Yes', 'Maybe']], 'en')
    assert.deepEqual(
      en.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [[2, 'Administers the site']],
    )
    const none = await app.db.select().from(accounts).where(eq(accounts.account, a))
    assert.deepEqual(none, [], 'nothing written')

    const done = await importRows('staff', [
      ['王丽', a, '是', ''],
      ['李娜', b, '否', '是'],
    ])
    assert.equal(done.code, 1, JSON.stringify(done))
    assert.deepEqual(
      done.res.passwords.map((p: { account: string; name: string }) => [p.account, p.name]),
      [
        [a, '王丽'],
        [b, '李娜'],
      ],
    )
    const made = await app.db
      .select({ id: accounts.id, account: accounts.account, hash: accounts.passwordHash })
      .from(accounts)
      .where(inArray(accounts.account, [a, b]))
    const rights = await app.db
      .select({ id: accountSites.accountId, approve: accountSites.canApprove, administer: accountSites.canAdminister })
      .from(accountSites)
      .where(
        inArray(
          accountSites.accountId,
          made.map((m) => m.id),
        ),
      )
    assert.deepEqual(rights.map((r) => [made.find((m) => m.id === r.id)!.account, r.approve, r.administer]).sort(), [
      [a, true, false],
      [b, false, true],
    ])
    assert.equal(
      (
        await created(
          'accounts',
          made.map((m) => m.id),
        )
      ).length,
      2,
    )
    const [record] = await app.db.select().from(imports).where(eq(imports.id, done.res.id))
    for (const { password } of done.res.passwords) {
      assert.ok(!JSON.stringify(record.rows).includes(password), 'the password is not kept with the import')
      assert.ok(!made.some((m) => m.hash.includes(password)), 'only its hash is stored')
    }
    for (const { account, password } of done.res.passwords) {
      const first = await call(app, '/api/care/account/login_old', { account, password })
      assert.equal(first.code, Code.MUST_CHANGE_PASSWORD, first.msg)
    }
    // Like any one-time password, they sign in for ONE_TIME_PASSWORD_HOURS (72) from the import.
    const aged = new Date(Date.now() - 73 * 3600_000)
    await app.db.update(accounts).set({ passwordSetAt: aged }).where(eq(accounts.account, a))
    const late = await call(app, '/api/care/account/login_old', {
      account: a,
      password: done.res.passwords[0].password,
    })
    assert.deepEqual([late.code, late.msg], [Code.BAD_CREDENTIALS, zhServer['auth.oneTimePasswordExpired']])
  })

  it('imports rooms: a room number of the site or twice in the file is refused, another site does not count', async () => {
    const [mine, theirs, fresh] = [unique('R'), unique('R'), unique('R')]
    await app.db.insert(rooms).values([
      { siteId: site.siteId, floor: 3, room: mine, kind: 'standard' },
      { siteId: other.siteId, floor: 3, room: theirs, kind: 'standard' },
    ])
    const bad = await importRows(
      'rooms',
      [
        [5, fresh, 'Suite', 'Yes'],
        [5, mine, 'Standard', 'No'],
        [6, fresh, 'Deluxe suite', 'Yes'],
      ],
      'en',
    )
    assert.deepEqual(cells(bad), [
      [3, 'Room number', fill(enServer['master.rooms.duplicate'], { name: mine })],
      [4, 'Room number', fill(enServer['import.repeated'], { row: 2 })],
    ])
    // A bad cell and a room twice are named in one pass, in the order of the rows.
    const form = await importRows('rooms', [
      [5, fresh, '总统套房', '是'],
      [5, mine, '标准间', '否'],
      [6, theirs, '标准间', '否'],
      [6, theirs, '套房', '否'],
    ])
    assert.deepEqual(
      form.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [
        [2, '房型'],
        [3, '房间号'],
        [5, '房间号'],
      ],
    )
    const done = await importRows('rooms', [
      [5, fresh, '套房', '是'],
      [6, theirs, '标准间', '否'],
    ])
    assert.equal(done.code, 1, JSON.stringify(done))
    const made = await app.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.siteId, site.siteId), inArray(rooms.room, [fresh, theirs])))
    assert.deepEqual(
      made.map((r) => [r.floor, r.room, r.kind, r.inService]).sort(),
      [
        [5, fresh, 'suite', true],
        [6, theirs, 'standard', false],
      ].sort(),
    )
    assert.equal(
      (
        await created(
          'rooms',
          made.map((r) => r.id),
        )
      ).length,
      2,
    )
  })

  it('imports products, then a package of them, rows grouped by its name', async () => {
    const taken = await addProduct(app, site.siteId)
    const theirs = await addProduct(app, other.siteId)
    const [p1, p2] = [unique('奶瓶'), unique('湿巾')]
    const bad = await importRows('products', [
      [p1, '240ml', '个', 39.5, '母婴用品', '是'],
      [taken.name, '测试规格', '个', 1, '测试', '否'],
      [p1, '240ml', '个', 39.5, '母婴用品', '是'],
      [p2, '80抽', '', 12, '母婴用品', '否'],
    ])
    assert.deepEqual(
      bad.res.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [
        [3, '名称'],
        [4, '名称'],
        [5, '单位'],
      ],
      'one pass: a product without a unit beside the names taken',
    )
    const badEn = await importRows(
      'products',
      [
        [p1, '240ml', 'pc', 39.5, 'Baby', 'Yes'],
        [taken.name, '测试规格', 'pc', 1, 'Test', 'No'],
        [p1, '240ml', 'pc', 39.5, 'Baby', 'Yes'],
      ],
      'en',
    )
    assert.deepEqual(cells(badEn), [
      [3, 'Name', fill(enServer['master.products.duplicate'], { name: taken.name, spec: '测试规格' })],
      [4, 'Name', fill(enServer['import.repeated'], { row: 2 })],
    ])
    assert.deepEqual(await app.db.select().from(products).where(eq(products.name, p1)), [])

    const done = await importRows('products', [
      [p1, '240ml', '个', 39.5, '母婴用品', '是'],
      [p2, '80抽', '包', '12', '母婴用品', '否'],
      [theirs.name, '测试规格', '个', 2, '测试', '否'],
    ])
    assert.equal(done.code, 1, JSON.stringify(done))
    const made = await app.db
      .select()
      .from(products)
      .where(and(eq(products.siteId, site.siteId), inArray(products.name, [p1, p2, theirs.name])))
    assert.deepEqual(
      made.map((p) => [p.name, p.spec, p.unit, p.price, p.selfPaid]).sort(),
      [
        [p1, '240ml', '个', '39.50', true],
        [p2, '80抽', '包', '12.00', false],
        [theirs.name, '测试规格', '个', '2.00', false],
      ].sort(),
    )
    assert.equal(
      (
        await created(
          'products',
          made.map((p) => p.id),
        )
      ).length,
      3,
    )

    const [k1, k2] = [unique('新生儿套餐'), unique('妈妈套餐')]
    const { siteId: otherId } = other
    await app.db.insert(productPackages).values({ siteId: otherId, name: k2 })
    const refused = await importRows('packages', [
      [k1, p1, '240ml', 2],
      [k1, '没有的物品', '', 1],
      [k1, p1, '240ml', 1],
    ])
    assert.deepEqual(cells(refused), [[3, '物品名称', zhServer['import.productUnknown']]])
    const twice = await importRows('packages', [
      [k1, p1, '240ml', 2],
      [k1, p1, '240ml', 1],
    ])
    assert.deepEqual(cells(twice), [[2, '物品名称', zhServer['master.productTwice']]])
    const packages = await importRows('packages', [
      [k1, p1, '240ml', 2],
      [k2, p2, '80抽', 5],
      [k1, p2, '80抽', 1],
    ])
    assert.equal(packages.code, 1, JSON.stringify(packages))
    assert.equal(packages.res.rows, 3)
    const kits = await app.db
      .select({ id: productPackages.id, name: productPackages.name })
      .from(productPackages)
      .where(and(eq(productPackages.siteId, site.siteId), inArray(productPackages.name, [k1, k2])))
    assert.equal(kits.length, 2)
    const items = await app.db
      .select({ packageId: productPackageItems.packageId, name: products.name, quantity: productPackageItems.quantity })
      .from(productPackageItems)
      .innerJoin(products, eq(products.id, productPackageItems.productId))
      .where(
        inArray(
          productPackageItems.packageId,
          kits.map((k) => k.id),
        ),
      )
    const nameOf = (id: number) => kits.find((k) => k.id === id)!.name
    assert.deepEqual(
      items.map((i) => [nameOf(i.packageId), i.name, i.quantity]).sort(),
      [
        [k1, p1, 2],
        [k1, p2, 1],
        [k2, p2, 5],
      ].sort(),
    )
    assert.equal(
      (
        await created(
          'product_packages',
          kits.map((k) => k.id),
        )
      ).length,
      2,
    )

    const again = await importRows(
      'packages',
      [
        [k1, p1, '240ml', 2],
        [k1, p2, '80抽', 1],
      ],
      'en',
    )
    assert.deepEqual(cells(again), [
      [2, 'Gift bundle name', fill(enServer['master.packages.duplicate'], { name: k1 })],
      [3, 'Gift bundle name', fill(enServer['master.packages.duplicate'], { name: k1 })],
    ])
  })
})

/** A mainland ID number with a valid check digit, told apart by `n`. */
function idCard(n: number): string {
  const body = `310104${addDays('1990-01-01', n).replaceAll('-', '')}${String(n % 100).padStart(2, '0')}2`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  return body + '10X98765432'[weights.reduce((sum, w, i) => sum + w * Number(body[i]), 0) % 11]
}

/** A phone no other test holds. */
const phoneOf = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** A site with its rooms and packages and no mother yet, and a manager of it logged in. */
async function emptySite(): Promise<TestSite> {
  const siteId = await app.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(sites)
      .values({ name: `空门店-${randomUUID().slice(0, 8)}` })
      .returning({ id: sites.id })
    await seedSiteLists(tx, made.id)
    await seedSiteStock(tx, made.id)
    return made.id
  })
  const { account, password } = await addAccount(app, { siteIds: [siteId], canAdminister: true })
  const token = await login(app, account, password)
  return { siteId, token, accountId: (await call(app, '/api/care/account/info', {}, { token })).res.id, customers: [] }
}

/** The file's rows as the export wrote them: the header and the data rows, cells as text. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes as unknown as ArrayBuffer)
  const rows: string[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))))
  return rows
}

describe('admin/import of the mothers in house', () => {
  const checkIn = addDays(today, -5)
  /** A row of the template (Chinese): the mother, a baby or none, her stay. */
  const row = (m: {
    name?: string
    phone: string
    id?: string
    baby?: (string | number | null)[]
    room: string
    days?: number | null
    leave?: string
    pack?: string
    checkIn?: string
  }) => [
    m.name ?? '测试产妇',
    m.phone,
    m.id ?? null,
    addDays(today, -8),
    '顺产',
    '妇幼保健院',
    '青霉素过敏',
    null,
    null,
    ...(m.baby ?? [null, null, null, null, null]),
    '月子',
    m.room,
    m.checkIn ?? checkIn,
    m.days === undefined ? 28 : m.days,
    m.leave ?? null,
    m.pack ?? null,
  ]
  const baby = (name: string, sex = '女', time: string | null = '08:30') => [name, sex, addDays(today, -8), time, 3200]

  it('offers a template of the mother, her baby and her stay', async () => {
    assert.deepEqual(await templateHeader('mothers', 'en'), [
      'Customer name',
      'Mobile phone',
      'ID card number',
      'Delivery date',
      'Delivery mode',
      'Hospital',
      'Allergies',
      'Diet needs',
      'Remark',
      "Baby's name",
      "Baby's sex",
      "Baby's date of birth",
      "Baby's time of birth (HH:MM)",
      "Baby's birth weight (g)",
      'Kind of stay',
      'Floor and room',
      'Check-in date',
      'Days of stay',
      'Leave date',
      'Stay package name',
    ])
    const name = await call(app, '/api/admin/import/template', { kind: 'mothers' }, { token: site.token })
    assert.equal(name.res.name, '在住客户导入模板.xlsx')
  })

  it('refuses each bad row by row and column with nothing written, then imports mothers, babies and stays', async () => {
    const [r1, r2, r3, r4, off] = [unique('M'), unique('M'), unique('M'), unique('M'), unique('M')]
    await app.db
      .insert(rooms)
      .values([
        ...[r1, r2, r3, r4].map((room) => ({ siteId: site.siteId, floor: 7, room, kind: 'standard' as const })),
        { siteId: site.siteId, floor: 7, room: off, kind: 'standard', inService: false },
      ])
    const [live, retired] = [unique('套餐'), unique('套餐')]
    await app.db.insert(stayPackages).values([
      { siteId: site.siteId, name: live, days: 28, price: '38800' },
      { siteId: site.siteId, name: retired, days: 28, price: '38800', retiredAt: new Date() },
    ])
    const pa = phoneOf()
    const theirs = other.customers[0]
    const future = addDays(today, 2)
    const bad = await importRows('mothers', [
      row({ name: '周雅', phone: pa, id: idCard(1), baby: baby('大宝'), room: r1, pack: live }),
      row({ name: '周雅', phone: pa, id: idCard(1), baby: ['二宝', null, addDays(today, -8), '8点', null], room: r1 }),
      row({ name: '周雅琴', phone: pa, room: r1 }),
      row({ phone: site.customers[1].phone, room: r2 }),
      row({ phone: phoneOf(), room: r1 }),
      row({ phone: phoneOf(), room: site.customers[0].room }),
      row({ phone: phoneOf(), room: off }),
      row({ phone: phoneOf(), room: r3, pack: retired }),
      row({ phone: phoneOf(), room: r3, pack: '没有的套餐' }),
      row({ phone: phoneOf(), room: r4, days: null }),
      row({ phone: phoneOf(), room: r4, days: 28, leave: addDays(checkIn, 30) }),
      row({ phone: phoneOf(), id: idCard(1).toLowerCase(), room: r2 }),
      row({ phone: phoneOf(), room: r2, baby: ['小宝', '男', future, null, null] }),
    ])
    assert.equal(bad.code, -1, JSON.stringify(bad))
    assert.deepEqual(cells(bad), [
      [3, '宝宝性别', zhServer['import.babyRequired']],
      [3, '宝宝出生时间（时:分）', zhServer['import.birthTime']],
      [4, '客户姓名', fill(zhServer['import.customerDiffers'], { row: 2 })],
      [5, '手机号', fill(zhServer['import.duplicate.phone'], { name: site.customers[1].name })],
      [6, '楼层房间', fill(zhServer['import.repeated'], { row: 2 })],
      [7, '楼层房间', fill(zhServer['stay.roomTaken'], { room: site.customers[0].room })],
      [8, '楼层房间', fill(zhServer['stay.roomOutOfService'], { room: off })],
      [9, '套餐名称', fill(zhServer['stay.packageRetired'], { name: retired })],
      [10, '楼层房间', fill(zhServer['import.repeated'], { row: 9 })],
      [10, '套餐名称', zhServer['import.packageUnknown']],
      [11, '入住天数', zhServer['import.daysOrLeave']],
      [12, '楼层房间', fill(zhServer['import.repeated'], { row: 11 })],
      [12, '离店日期', fill(zhServer['import.leaveDisagrees'], { date: addDays(checkIn, 28) })],
      [13, '身份证号', fill(zhServer['import.repeated'], { row: 2 })],
      [13, '楼层房间', fill(zhServer['import.repeated'], { row: 5 })],
      [14, '楼层房间', fill(zhServer['import.repeated'], { row: 5 })],
      [14, '宝宝出生日期', fill(zhServer['import.future'], { today })],
    ])
    const written = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, pa))
    assert.deepEqual(written, [], 'nothing written')

    // Another site's phone and ID number do not count; a check-in after today is booked.
    const good = await importRows(
      'mothers',
      [
        row({ name: '周雅', phone: pa, id: idCard(1), baby: baby('大宝'), room: r1, pack: live }),
        row({ name: '周雅', phone: pa, id: idCard(1), baby: baby('二宝', '男', null), room: r1, pack: live }),
        row({ name: '吴倩', phone: theirs.phone, room: r2, days: null, leave: addDays(future, 26), checkIn: future }),
      ],
      'zh',
    )
    assert.equal(good.code, 1, JSON.stringify(good))
    assert.equal(good.res.rows, 3)
    const made = await app.db
      .select({ id: customers.id, name: customers.name, idCard: customers.idCard, room: customers.room })
      .from(customers)
      .where(and(eq(customers.siteId, site.siteId), inArray(customers.phone, [pa, theirs.phone])))
      .orderBy(customers.id)
    assert.deepEqual(
      made.map((c) => [c.name, c.idCard, c.room]),
      [
        ['周雅', idCard(1), r1],
        ['吴倩', null, r2],
      ],
    )
    const kids = await app.db
      .select({ name: babies.name, sex: babies.sex, time: babies.birthTime, weight: babies.birthWeight })
      .from(babies)
      .where(eq(babies.customerId, made[0].id))
      .orderBy(babies.id)
    assert.deepEqual(kids, [
      { name: '大宝', sex: 'female', time: '08:30', weight: 3200 },
      { name: '二宝', sex: 'male', time: null, weight: 3200 },
    ])
    const booked = await app.db
      .select({
        customerId: stays.customerId,
        status: stays.status,
        days: stays.plannedDays,
        packageId: stays.packageId,
      })
      .from(stays)
      .where(
        inArray(
          stays.customerId,
          made.map((c) => c.id),
        ),
      )
      .orderBy(stays.customerId)
    assert.deepEqual(
      booked.map((s) => [s.status, s.days, s.packageId !== null]),
      [
        ['in_house', 28, true],
        ['arriving', 26, false],
      ],
    )
    assert.equal(
      (
        await created(
          'customers',
          made.map((c) => c.id),
        )
      ).length,
      2,
    )
    const [done] = await created('imports', [good.res.id])
    assert.ok(done, 'the import is audited')
    const [record] = await app.db.select().from(imports).where(eq(imports.id, good.res.id))
    assert.deepEqual([record.rowCount, record.rows], [3, []], 'her data is kept with her, not with the import')

    // In the picker, in house from her check-in date, with her day of stay.
    const picker = await call(app, '/api/care/customer/index', { keyword: pa }, { token: site.token })
    assert.deepEqual(
      picker.res.list.map((c: { name: string; stay: { day: number } }) => [c.name, c.stay.day]),
      [['周雅', 6]],
    )

    const again = await importRows('mothers', [row({ name: '周雅', phone: phoneOf(), id: idCard(1), room: r3 })])
    assert.deepEqual(cells(again), [[2, '身份证号', fill(zhServer['import.duplicate.id_card'], { name: '周雅' })]])
  })

  it('exports the mothers in house to the administration alone, logged, in columns that import again', async () => {
    const from = await addSite(app)
    const pc = phoneOf()
    const added = await importRows(
      'mothers',
      [row({ name: '郑岚', phone: pc, id: idCard(2), baby: baby('岚宝'), room: '805', pack: '经典 28 天套餐' })],
      'zh',
      from,
    )
    assert.equal(added.code, 1, JSON.stringify(added))
    const staff = await addAccount(app, { siteIds: [from.siteId], canApprove: true })
    const refused = await call(
      app,
      '/api/care/customer/export',
      {},
      { token: await login(app, staff.account, staff.password) },
    )
    assert.deepEqual([refused.code, refused.msg], [-5, zhServer['admin.notAllowed']])

    const link = await call(app, '/api/care/customer/export', {}, { token: from.token })
    assert.equal(link.code, 1, link.msg)
    assert.equal(link.res.name, `在住客户-${today}.xlsx`)
    const file = await app.inject({ method: 'GET', url: link.res.url })
    assert.equal(file.statusCode, 200)
    const [header, ...rows] = await sheetRows(file.rawPayload)
    assert.deepEqual(header, await templateHeader('mothers', 'zh'))
    // Four mothers in house (the first with twins) and the one imported, by room.
    assert.deepEqual(
      rows.map((r) => [r[0], r[15]]),
      [
        ['林晓雯', '801'],
        ['林晓雯', '801'],
        ['苏婉清', '802'],
        ['高若曦', '803'],
        ['程海燕', '804'],
        ['郑岚', '805'],
      ],
    )
    const mine = rows.find((r) => r[1] === pc)!
    assert.deepEqual(
      [mine[2], mine[4], mine[10], mine[14], mine[17], mine[19]],
      [idCard(2), '顺产', '女', '月子', '28', '经典 28 天套餐'],
    )
    const phones = rows.map((r) => r[1])
    for (const theirs of [...other.customers, ...site.customers]) assert.ok(!phones.includes(theirs.phone))
    const lines = accessLines(app.db)
    const logged = await app.db
      .select({ customerId: lines.customerId, action: lines.action, kind: lines.kind })
      .from(lines)
      .where(and(eq(lines.siteId, from.siteId), eq(lines.accountId, from.accountId)))
    const [her] = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, pc))
    assert.deepEqual(logged, [{ customerId: her.id, action: 'export', kind: 'customer' }])

    // The file as it came imports into a centre that starts with no mother.
    const fresh = await emptySite()
    const again = await upload('在住客户.xlsx', file.rawPayload, { token: fresh.token }, 'mothers')
    assert.equal(again.code, 1, JSON.stringify(again))
    assert.equal(again.res.rows, 6)
    const back = await app.db
      .select({ name: customers.name, phone: customers.phone, idCard: customers.idCard, room: stays.room })
      .from(customers)
      .innerJoin(stays, eq(stays.customerId, customers.id))
      .where(eq(customers.siteId, fresh.siteId))
      .orderBy(stays.room)
    assert.deepEqual(
      back.map((c) => [c.name, c.room, c.idCard]),
      [
        ['林晓雯', '801', null],
        ['苏婉清', '802', null],
        ['高若曦', '803', null],
        ['程海燕', '804', null],
        ['郑岚', '805', idCard(2)],
      ],
    )
    const [copy] = await sheetRows(
      (
        await app.inject({
          method: 'GET',
          url: (await call(app, '/api/care/customer/export', {}, { token: fresh.token })).res.url,
        })
      ).rawPayload,
    ).then((all) => [all.slice(1)])
    assert.deepEqual(copy, rows)
  })
})

describe('the record of an import', () => {
  it("keeps no staff member's or mother's row once the import is done; earlier records let theirs go", async () => {
    const done = await importRows('staff', [['赵敏', unique('imp-z'), '', '']])
    assert.equal(done.code, 1, JSON.stringify(done))
    const [record] = await app.db.select().from(imports).where(eq(imports.id, done.res.id))
    assert.deepEqual([record.kind, record.rowCount, record.rows], ['staff', 1, []])

    // The records of imports made before: the migration empties those of people, keeps the others.
    const earlier = await app.db
      .insert(imports)
      .values(
        (['mothers', 'staff', 'rooms'] as const).map((kind) => ({
          siteId: site.siteId,
          kind,
          fileName: `${kind}.xlsx`,
          rowCount: 1,
          rows: [{ name: '周雅', id_card: '110101199003070011', room: '805' }],
          by: site.accountId,
        })),
      )
      .returning({ id: imports.id })
    const migration = readFileSync(
      path.join(repoRoot, 'server/src/db/migrations/0032_imports_without_people.sql'),
      'utf8',
    )
    await app.db.execute(sql.raw(migration))
    const after = await app.db
      .select({ kind: imports.kind, rowCount: imports.rowCount, rows: imports.rows })
      .from(imports)
      .where(
        inArray(
          imports.id,
          earlier.map((row) => row.id),
        ),
      )
      .orderBy(imports.id)
    assert.deepEqual(after, [
      { kind: 'mothers', rowCount: 1, rows: [] },
      { kind: 'staff', rowCount: 1, rows: [] },
      { kind: 'rooms', rowCount: 1, rows: [{ name: '周雅', id_card: '110101199003070011', room: '805' }] },
    ])
  })
})

/** A workbook's parts as a zip, each deflated by node's zlib: fast even for a part of hundreds of megabytes. */
function zipOf(parts: Record<string, Uint8Array>): Buffer {
  const chunks: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    chunks.push(chunk)
  })
  for (const [filename, data] of Object.entries(parts)) {
    const part: ZipInputFile = { filename, size: data.length, crc: crc32(data), compression: 8 }
    zip.add(part)
    part.ondata!(null, deflateRawSync(data, { level: 9 }), true)
  }
  zip.end()
  return Buffer.concat(chunks)
}

/** A file of `rows` under the rooms template's header, its parts as `change` leaves them. */
async function roomsFile(rows: unknown[][], change: (parts: Record<string, Uint8Array>) => void = () => {}) {
  const parts = unzipSync(await workbook(await templateHeader('rooms', 'zh'), rows))
  change(parts)
  return zipOf(parts)
}

/** The part's XML with `edit` applied. */
const editXml = (parts: Record<string, Uint8Array>, name: string, edit: (xml: string) => string) => {
  parts[name] = strToU8(edit(strFromU8(parts[name])))
}

/**
 * Uploads a rooms file while /api/health is asked again and again; answers the upload's reply, the
 * slowest answer of health and how many it gave.
 */
async function uploadWatched(file: Buffer, fileName = 'rooms.xlsx') {
  let settled = false
  const reply = upload(fileName, file, { token: site.token }, 'rooms').finally(() => (settled = true))
  let slowest = 0
  let answers = 0
  do {
    const started = performance.now()
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    slowest = Math.max(slowest, performance.now() - started)
    assert.equal(health.json().code, 1)
    answers++
    await sleep(20)
  } while (!settled)
  return { reply: await reply, slowest, answers }
}

describe('admin/import of files built to stop the server', () => {
  const room = () => [5, unique('R'), '套房', '是']
  const roomsOfSite = () => app.db.select({ room: rooms.room }).from(rooms).where(eq(rooms.siteId, site.siteId))
  const importsOfSite = () => app.db.select({ id: imports.id }).from(imports).where(eq(imports.siteId, site.siteId))

  /** Uploads the file, health answering within a second throughout; answers the refusal after checking nothing was written. */
  async function refused(file: Buffer) {
    const [roomsBefore, importsBefore] = [await roomsOfSite(), await importsOfSite()]
    const { reply, slowest, answers } = await uploadWatched(file)
    assert.ok(slowest < 1000, `/api/health answered in ${Math.round(slowest)} ms`)
    assert.ok(answers >= 1)
    assert.equal(reply.code, -1, JSON.stringify(reply))
    assert.deepEqual([await roomsOfSite(), await importsOfSite()], [roomsBefore, importsBefore], 'nothing written')
    return reply
  }

  it('refuses a merge over the whole sheet, answering health meanwhile', async () => {
    const file = await roomsFile([room()], (parts) =>
      editXml(parts, 'xl/worksheets/sheet1.xml', (xml) =>
        xml.replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>'),
      ),
    )
    assert.ok(file.length < 8 * 1024, `${file.length} bytes`)
    const reply = await refused(file)
    assert.equal(reply.msg, fill(zhServer['import.tooWide'], { column: 'XFD', max: 4 }))
  })

  it('refuses IMPORT_MAX_ROWS rows each with a cell in the last column, answering health meanwhile', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('x')
    sheet.addRow(await templateHeader('rooms', 'zh'))
    for (let i = 0; i < 2000; i++) {
      const row = sheet.getRow(i + 2)
      row.values = room()
      row.getCell(16_384).value = 'x'
    }
    const file = Buffer.from(await book.xlsx.writeBuffer())
    assert.ok(file.length < MAX_BYTES, `${file.length} bytes`)
    const reply = await refused(file)
    assert.equal(reply.msg, fill(zhServer['import.tooWide'], { column: 'XFD', max: 4 }))
  })

  it('refuses a shared string of 300 MB in a file of 300 KB, unpacking none of it, answering health meanwhile', async () => {
    const text = new Uint8Array(300_000_000).fill(0x61)
    const file = await roomsFile([room()], (parts) => {
      const [head, tail] = [strToU8('<sst count="1" uniqueCount="1"><si><t>'), strToU8('</t></si></sst>')]
      const strings = new Uint8Array(head.length + text.length + tail.length)
      strings.set(head)
      strings.set(text, head.length)
      strings.set(tail, head.length + text.length)
      parts['xl/sharedStrings.xml'] = strings
    })
    assert.ok(file.length < MAX_BYTES, `${file.length} bytes`)
    const reply = await refused(file)
    assert.equal(reply.msg, fill(zhServer['import.unpackedTooLarge'], { limit: '32 MB' }))
    const english = await upload('rooms.xlsx', file, { token: site.token, lang: 'en' }, 'rooms')
    assert.equal(english.msg, fill(enServer['import.unpackedTooLarge'], { limit: '32 MB' }))
  })

  it('refuses a row beyond IMPORT_MAX_ROWS and a part packed a thousandfold', async () => {
    const far = await roomsFile([room()], (parts) =>
      editXml(parts, 'xl/worksheets/sheet1.xml', (xml) =>
        xml.replace('</sheetData>', '<row r="1048576"><c r="A1048576"><v>1</v></c></row></sheetData>'),
      ),
    )
    assert.equal((await refused(far)).msg, fill(zhServer['import.tooLong'], { row: 1048576, max: 2000 }))
    const packed = await roomsFile([room()], (parts) => {
      parts['docProps/custom.xml'] = new Uint8Array(8_000_000).fill(0x20)
    })
    assert.equal((await refused(packed)).msg, zhServer['import.oddlyPacked'])
  })

  it('imports a file whose whole columns have a validation and a name, reading neither', async () => {
    const [a, b] = [room(), room()]
    const file = await roomsFile([a, b], (parts) => {
      editXml(parts, 'xl/worksheets/sheet1.xml', (xml) =>
        xml.replace(
          '</sheetData>',
          '</sheetData><dataValidations count="1"><dataValidation type="list" sqref="D2:D1048576">' +
            '<formula1>"是,否"</formula1></dataValidation></dataValidations>',
        ),
      )
      editXml(parts, 'xl/workbook.xml', (xml) =>
        xml
          .replace(/<definedNames\s*\/>/, '')
          .replace(
            '</sheets>',
            '</sheets><definedNames><definedName name="all">x!$A$1:$XFD$1048576</definedName></definedNames>',
          ),
      )
    })
    const { reply, slowest } = await uploadWatched(file)
    assert.ok(slowest < 1000, `/api/health answered in ${Math.round(slowest)} ms`)
    assert.equal(reply.code, 1, JSON.stringify(reply))
    const made = (await roomsOfSite()).map((r) => r.room)
    assert.ok(made.includes(a[1] as string) && made.includes(b[1] as string))
  })

  it("reads any change of a sheet's references as rows within the template, or refuses it with a message", async () => {
    const parts = unzipSync(await workbook(await templateHeader('rooms', 'zh'), [room(), room(), room()]))
    const xml = strFromU8(parts['xl/worksheets/sheet1.xml'])
    const bounds = { columns: 4, rows: 11 }
    const ref = fc
      .tuple(fc.integer({ min: 1, max: 16_384 }), fc.integer({ min: 1, max: 1_048_576 }))
      .map(([column, row]) => `${columnLetters(column)}${row}`)
    const small = fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 14 }))
    const change = fc.oneof(
      // A reference of the sheet (its dimension, a cell, a row) made another, far or near.
      fc
        .tuple(
          fc.nat(),
          fc.oneof(
            ref,
            small.map(([column, row]) => `${columnLetters(column)}${row}`),
          ),
        )
        .map(([n, to]) => {
          const refs = [...xml.matchAll(/\b(r|ref)="([A-Z]*\d+(:[A-Z]+\d+)?)"/g)]
          const { index, 0: found, 1: name, 2: value } = refs[n % refs.length]
          const next = /^\d+$/.test(value) ? to.replace(/^[A-Z]+/, '') : to
          return xml.slice(0, index) + `${name}="${next}"` + xml.slice(index + found.length)
        }),
      // A merge, or cells and rows without a reference, which follow the one before.
      fc
        .tuple(ref, small)
        .map(([far, [c, r]]) =>
          xml
            .replace('</sheetData>', `</sheetData><mergeCells><mergeCell ref="A1:${far}"/></mergeCells>`)
            .replace(
              /<\/row>(?![\s\S]*<\/row>)/,
              `${'<c><v>1</v></c>'.repeat(c)}</row>${'<row><c><v>2</v></c></row>'.repeat(r)}`,
            ),
        ),
    )
    await fc.assert(
      fc.asyncProperty(change, async (changed) => {
        const answer = await readChecked(zipSync({ ...parts, 'xl/worksheets/sheet1.xml': strToU8(changed) }), bounds)
        if (!answer.ok) return assert.ok(answer.key in zhServer && answer.key in enServer, answer.key)
        assert.ok(answer.sheet.headers.length <= bounds.columns)
        for (const row of answer.sheet.rows) assert.ok(row.row <= bounds.rows && row.cells.length <= bounds.columns)
      }),
      { numRuns: 80 },
    )
  })

  it('ends the reading of a file past its time or its memory, and refuses the file', async () => {
    const file = await workbook(await templateHeader('rooms', 'zh'), [room()])
    const bounds = { columns: 4, rows: 2001 }
    assert.equal((await readFirstSheet(file, bounds)).rows.length, 1)
    await assert.rejects(readFirstSheet(file, bounds, { ms: 1, memoryMb: 256 }), { key: 'import.tooComplex' })
    await assert.rejects(readFirstSheet(file, bounds, { ms: 60_000, memoryMb: 4 }), { key: 'import.tooComplex' })
  })
})
