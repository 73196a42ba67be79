// What src/db/prepared.ts relies on in Drizzle, node-postgres and PGlite, checked so that an upgrade
// that changes it fails here: each statement's SQL text as Drizzle builds it (a snapshot), and a
// statement built once running on the connection of the transaction it is given, by name.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { builtStatements } from '../src/db/prepared.js'
import { auditLog } from '../src/db/schema.js'
import type { Db } from '../src/db/types.js'
import { centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { insertEntry, insertFileRead, listEntries } from '../src/repositories/accessLog.js'
import { writeAudit } from '../src/repositories/audit.js'
import { babiesOfCustomers, listCustomers } from '../src/repositories/customers.js'
import { createRecord, customerContext, listFormRecords } from '../src/repositories/formRecords.js'
import { inboundReads } from '../src/repositories/inbound.js'
import { lockMovingItems, lockOrder, recordCheck } from '../src/repositories/orders.js'
import { outApplyReads } from '../src/repositories/outApply.js'
import { boardRooms, boardVersion } from '../src/repositories/roomBoard.js'
import { findSite } from '../src/repositories/siteLists.js'
import { specialCareReads } from '../src/repositories/specialCare.js'
import { batchesByIds } from '../src/repositories/stock.js'
import { readFile as readHerFile, readFileVersion, readTimeline } from '../src/repositories/customerFile.js'
import { RECORD_NAMES } from '../src/services/customerFile.js'
import { addSite, startApp, type TestSite } from './helpers.js'

/** The statements' texts as Drizzle built them when they were last checked (PREPARED_SNAPSHOT=write rewrites it). */
const SNAPSHOT = new URL('./fixtures/preparedStatements.sql', import.meta.url)

let app: FastifyInstance
let site: TestSite
before(async () => {
  app = await startApp()
  site = await addSite(app)
})
after(() => app.close())

/** Rolled back at its end, whatever `run` wrote. */
class RolledBack extends Error {}
async function inRolledBackTransaction(run: (tx: Db) => Promise<void>) {
  await assert.rejects(
    app.db.transaction(async (tx) => {
      await run(tx)
      throw new RolledBack()
    }),
    RolledBack,
  )
}

/** Every prepared statement of the repositories, each run once in `tx`. */
async function runEach(tx: Db) {
  const { siteId, accountId } = site
  const customer = site.customers[0]
  const today = centreToday(DEFAULT_ZONE)
  const actor = { siteId, accountId }
  await writeAudit(tx, { ...actor, action: 'create', entity: 'prepared_test', entityId: 1 })
  await insertEntry(tx, { ...actor, action: 'read', linkOpened: false, httpRequestId: null }, [
    { customerId: customer.id, kind: 'record', recordId: 1, name: 'prepared_test' },
  ])
  await listEntries(tx, siteId, customer.id, 1, 20)
  await findSite(tx, siteId)
  await babiesOfCustomers(tx, siteId, [customer.id])
  await batchesByIds(tx, siteId, [1])
  await listCustomers(tx, siteId, { page: 1, limit: 20, status: 'in_house', today })
  await listFormRecords(tx, siteId, { name: FORM_PAGES.familyFood.name, page: 1, limit: 20 })
  await customerContext(tx, siteId, customer.id)
  await customerContext(tx, siteId, customer.id, true)
  await createRecord(tx, actor, {
    name: FORM_PAGES.familyFood.name,
    customerId: customer.id,
    data: {},
    searchText: '',
    visitHours: null,
    updatedBy: accountId,
    updatedAt: new Date(),
  })
  for (const { tables, get } of [outApplyReads, specialCareReads, inboundReads]) {
    await lockOrder(tx, tables, siteId, 0)
    await lockMovingItems(tx, tables, 0)
    await get(tx, siteId, 0, today)
    await recordCheck(tx, tables, {
      siteId,
      orderId: 0,
      action: 'approve',
      own: false,
      status: 'approved',
      reason: null,
      by: accountId,
      at: new Date(),
      batchDeltas: new Map(),
      movements: [],
    })
  }
  await boardVersion(tx, siteId)
  await boardRooms(tx, siteId, today)
  await insertFileRead(tx, { siteId, accountId, httpRequestId: null }, customer.id, 'prepared_test')
  await readFileVersion(tx, { siteId, customerId: customer.id, byIds: [] })
  const file = { siteId, customerId: customer.id, today, roundName: FORM_PAGES.pediatricianRounds.name, roundsRead: 20 }
  await readHerFile(tx, file)
  const page = { limit: 20, offset: 0, recordNames: RECORD_NAMES, mealsName: FORM_PAGES.familyFood.name }
  await readTimeline(tx, { siteId, customerId: customer.id, ...page, from: today, to: today })
}

/** The statements as the snapshot file holds them: each name's line, then its text. */
const snapshotOf = (statements: ReadonlyMap<string, string>) =>
  [...statements]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, text]) => `-- ${name}\n${text};\n`)
    .join('\n')

describe('prepared statements', () => {
  it('are built as they were: each one’s SQL text is the snapshot’s', async () => {
    await inRolledBackTransaction(runEach)
    const now = snapshotOf(builtStatements())
    if (process.env.PREPARED_SNAPSHOT === 'write') await writeFile(SNAPSHOT, now)
    assert.equal(
      now,
      await readFile(SNAPSHOT, 'utf8'),
      'rewrite the snapshot with PREPARED_SNAPSHOT=write once checked',
    )
  })

  it('run on the connection of the transaction they are given, by name: gone with its rollback', async () => {
    const entity = `prepared_${randomUUID()}`
    const entry = { siteId: site.siteId, accountId: site.accountId, action: 'create' as const, entity, entityId: 1 }
    await inRolledBackTransaction(async (tx) => {
      assert.equal(await writeAudit(tx, entry), true)
      const seen = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity))
      assert.equal(seen.length, 1)
      if (!process.env.DATABASE_URL) return
      // PGlite keeps no statement by name; PostgreSQL lists those of the connection asked.
      const { rows } = (await tx.execute(
        sql`select statement from pg_prepared_statements where name = 'audit_log_insert'`,
      )) as unknown as { rows: { statement: string }[] }
      assert.deepEqual(
        rows.map((row) => row.statement),
        [builtStatements().get('audit_log_insert')],
      )
    })
    assert.deepEqual(await app.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity)), [])
  })
})
