import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, it } from 'node:test'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { definitionOf, validSample } from './formSamples.js'
import { addSite, call, startApp, type TestSite } from './helpers.js'

// The log holds no personal data: an error of the database is logged by its kind, its statement
// and its request, never with the values the statement carried; a token in an address is never logged.

const lines: string[] = []
let app: FastifyInstance
let site: TestSite
const refused = () => `test_refuse_save_${site.siteId}`

before(async () => {
  app = await startApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } })
  site = await addSite(app)
  // The database refuses this site's records alone: other files save records at the same time.
  await app.db.execute(
    sql.raw(`create function ${refused()}() returns trigger language plpgsql as $$
    begin raise exception 'record refused for the test'; end $$`),
  )
  await app.db.execute(
    sql.raw(`create trigger ${refused()} before insert on form_records for each row
    when (new.site_id = ${site.siteId}) execute function ${refused()}()`),
  )
})
after(async () => {
  await app.db.execute(sql.raw(`drop trigger ${refused()} on form_records`))
  await app.db.execute(sql.raw(`drop function ${refused()}()`))
  await app.close()
})

it('logs a failed save of an ID number by its kind, statement and request id, without the values', async () => {
  const customer = site.customers[0]
  const definition = definitionOf('收据遗失证明')
  const departments = (await call(app, '/api/care/index/departmentList', {}, { token: site.token })).res
  const data = {
    ...validSample(definition, {
      customer,
      room: customer.room,
      departmentIds: departments.map((d: { id: number }) => d.id),
    }),
    customer_name: customer.name,
    phone: customer.phone,
    id_card: '11010519491231002X',
  }
  const requestId = `log-test-${randomUUID()}`
  const reply = await call(
    app,
    '/api/care/index/saveForm',
    { name: definition.name, customer_id: customer.id, data },
    { token: site.token, 'x-request-id': requestId },
  )
  assert.equal(reply.code, -500)

  const failed = lines
    .map((line) => JSON.parse(line))
    .find((entry) => entry.requestId === requestId && entry.msg === 'request failed')
  assert.ok(failed, 'the failure is logged under its request id')
  const log = lines.join('')
  for (const value of ['11010519491231002X', customer.name, customer.phone, 'record refused for the test']) {
    assert.ok(!log.includes(value), `the log holds ${value}`)
  }
  assert.equal(failed.err.statement, 'insert form_records')
  assert.equal(failed.err.cause.code, 'P0001')
})

it("logs no token of an address: the PC back-office's ?token=, any other token value, a PDF, sheet or upload link", async () => {
  const secret = `secret${randomUUID().replace(/-/g, '')}`
  const pdfToken = `pdf${randomUUID().replace(/-/g, '')}`
  const sheetToken = `sheet${randomUUID().replace(/-/g, '')}`
  const uploadLink = `upload${randomUUID().replace(/-/g, '')}`
  const requestId = `log-token-${randomUUID()}`
  const before = lines.length
  const headers = { 'x-request-id': requestId }
  await app.inject({ method: 'GET', url: `/?token=${secret}&customer_id=7`, headers })
  await app.inject({ method: 'GET', url: `/pages/tabPages/index?lang=zh&TOKEN=${secret}`, headers })
  await app.inject({ method: 'GET', url: `/no/such/page?token=${secret}`, headers })
  await app.inject({ method: 'POST', url: `/api/care/account/info?token=${secret}`, headers, payload: {} })
  await app.inject({ method: 'GET', url: `/api/pdf/${pdfToken}?token=${secret}`, headers })
  await app.inject({ method: 'GET', url: `/api/sheet/${sheetToken}`, headers })
  await app.inject({ method: 'GET', url: `/uploads/photo.png?link=${uploadLink}`, headers })
  const written = lines.slice(before)
  const ours = written.map((line) => JSON.parse(line)).filter((entry) => entry.requestId === requestId)
  assert.ok(ours.length >= 7, 'every request is logged')
  assert.ok(
    ours.some((entry) => entry.url === '/?token=[token]&customer_id=7'),
    'the address is logged, its token replaced',
  )
  assert.ok(ours.some((entry) => entry.url === '/api/pdf/[token]?token=[token]'))
  const log = written.join('')
  assert.ok(!log.includes(secret), 'the log holds the session token')
  assert.ok(!log.includes(pdfToken), 'the log holds the PDF link')
  assert.ok(ours.some((entry) => entry.url === '/api/sheet/[token]'))
  assert.ok(ours.some((entry) => entry.url === '/uploads/photo.png?link=[token]'))
  assert.ok(!log.includes(sheetToken), 'the log holds the sheet link')
  assert.ok(!log.includes(uploadLink), 'the log holds the upload link')
})

it('never logs a one-time password, made or reset', async () => {
  const made = await call(
    app,
    '/api/admin/staff/save',
    { name: '日志测试', account: `log.${randomUUID().slice(0, 8)}`, sites: [{ site_id: site.siteId }] },
    { token: site.token },
  )
  assert.equal(made.code, 1, made.msg)
  const reset = await call(app, '/api/admin/staff/resetPassword', { id: made.res.id }, { token: site.token })
  assert.equal(reset.code, 1, reset.msg)
  const logged = lines.join('\n')
  assert.ok(logged.includes('/api/admin/staff/resetPassword'), 'the requests are logged')
  for (const password of [made.res.password, reset.res.password]) assert.ok(!logged.includes(password))
})
