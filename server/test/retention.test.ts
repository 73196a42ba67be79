import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../src/config.js'
import { accessLog, auditLog } from '../src/db/schema.js'
import { sweepOldLogs } from '../src/services/retention.js'
import { accessLines, addSite, startApp, type TestSite } from './helpers.js'

// The access log and the audit keep an entry for the centre's retention, then delete it: each
// test writes entries dated back on a site of its own and reads only that site's.

let app: FastifyInstance
before(async () => {
  app = await startApp()
})
after(() => app.close())

const DAY = 86_400_000
const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY)

/** An access log entry and an audit entry of the site, `days` old, told apart by their record id. */
async function entriesOf(site: TestSite, days: number[]) {
  for (const [i, age] of days.entries()) {
    const at = daysAgo(age)
    const entity = { siteId: site.siteId, accountId: site.accountId, at }
    await app.db.insert(accessLog).values({
      ...entity,
      customerIds: [null],
      kinds: ['customer'],
      recordIds: [i],
      names: ['客户档案'],
      action: 'read',
    })
    await app.db.insert(auditLog).values({ ...entity, action: 'update', entity: 'retention_test', entityId: i })
  }
}

/** The ages in days (as written) of the site's entries left in each table. */
async function left(site: TestSite, days: number[]) {
  const lines = accessLines(app.db)
  const access = await app.db
    .select({ id: lines.recordId })
    .from(lines)
    .where(and(eq(lines.siteId, site.siteId), eq(lines.name, '客户档案')))
  const audit = await app.db
    .select({ id: auditLog.entityId })
    .from(auditLog)
    .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.entity, 'retention_test')))
  const ages = (rows: { id: number }[]) => rows.map((row) => days[row.id]).sort((a, b) => a - b)
  return { access: ages(access), audit: ages(audit) }
}

it('keeps both for three years by default: the daily sweep deletes only what is older', async () => {
  const site = await addSite(app)
  const days = [0, 179, 1094, 1096, 2000]
  await entriesOf(site, days)
  const deleted = await app.sweepOldLogs()
  assert.ok(deleted.accessLog >= 2 && deleted.audit >= 2, JSON.stringify(deleted))
  assert.deepEqual(await left(site, days), { access: [0, 179, 1094], audit: [0, 179, 1094] })
  // Swept again, nothing more goes.
  await app.sweepOldLogs()
  assert.deepEqual(await left(site, days), { access: [0, 179, 1094], audit: [0, 179, 1094] })
})

it('keeps each for its own retention, and deletes a backlog batch after batch', async () => {
  const site = await addSite(app)
  const days = [10, 190, 250, 300, 301, 302, 303, 500]
  await entriesOf(site, days)
  await sweepOldLogs(app.db, { accessLogDays: 200, auditDays: 301 }, { batch: 2 })
  assert.deepEqual(await left(site, days), { access: [10, 190], audit: [10, 190, 250, 300] })
})

it('takes ACCESS_LOG_RETENTION_DAYS and AUDIT_RETENTION_DAYS in days, refusing less than 180 at start', () => {
  assert.deepEqual(loadConfig({}).retention, { accessLogDays: 1095, auditDays: 1095, sweepHours: 24 })
  const set = loadConfig({ ACCESS_LOG_RETENTION_DAYS: '180', AUDIT_RETENTION_DAYS: '3650' }).retention
  assert.deepEqual([set.accessLogDays, set.auditDays], [180, 3650])
  for (const name of ['ACCESS_LOG_RETENTION_DAYS', 'AUDIT_RETENTION_DAYS']) {
    assert.throws(() => loadConfig({ [name]: '179' }), new RegExp(`${name} must be at least 180 days`))
    assert.throws(() => loadConfig({ [name]: '0' }), new RegExp(`${name} must be a positive integer`))
    assert.throws(() => loadConfig({ [name]: 'forever' }), new RegExp(name))
  }
})
