// What keeps the lists fast as the data grows (see npm run bench, scale): getFormRecord's total
// read from counts that triggers keep, and the lists' statements planned once (floorList's look-up
// of each room's occupant: routes/care/forms/siteLists.test.ts).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formRecordCounts, formRecords } from '../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { listCustomers } from '../src/repositories/customers.js'
import { listFormRecords } from '../src/repositories/formRecords.js'
import { boardRooms, boardVersion } from '../src/repositories/roomBoard.js'
import { insertFileRead } from '../src/repositories/accessLog.js'
import { readFile, readFileVersion, readTimeline } from '../src/repositories/customerFile.js'
import { RECORD_NAMES } from '../src/services/customerFile.js'
import { definitionOf, validSample } from './formSamples.js'
import { addSite, call, startApp, type TestSite } from './helpers.js'

const API = '/api/care/index'
const VISIT = '访客出入登记表'
const FOOD = '家属订餐登记表'

let app: FastifyInstance
let site: TestSite
before(async () => {
  app = await startApp()
  site = await addSite(app)
})
after(() => app.close())

const post = (url: string, body: object, token = site.token) => call(app, url, body, { token })

async function saved(name: string, extra: object = {}): Promise<number> {
  const customer = site.customers[0]
  const data = validSample(definitionOf(name), { customer, room: customer.room, departmentIds: [] })
  const reply = await post(`${API}/saveForm`, { name, customer_id: customer.id, data, ...extra })
  assert.equal(reply.code, 1, reply.msg)
  return reply.res.id
}

/** getFormRecord's total: of one form, or (name undefined) of every form; `filters` take the counting path. */
const total = async (name?: string, filters: object = {}) =>
  (await post(`${API}/getFormRecord`, { ...(name ? { name } : {}), ...filters, page: 1, limit: 1 })).res.total as number

/** The site's live records, counted in the table itself. */
async function counted(name?: string): Promise<number> {
  const [{ n }] = await app.db
    .select({ n: count() })
    .from(formRecords)
    .where(
      and(
        eq(formRecords.siteId, site.siteId),
        isNull(formRecords.deletedAt),
        name ? eq(formRecords.name, name) : undefined,
      ),
    )
  return n
}

const totals = async () => [await total(VISIT), await total(FOOD), await total()]
const counts = async () => [await counted(VISIT), await counted(FOOD), await counted()]

describe("getFormRecord's total", () => {
  it('follows saves, edits and deletes', async () => {
    assert.deepEqual(await totals(), [0, 0, 0])
    const visit = await saved(VISIT)
    await saved(VISIT)
    await saved(FOOD)
    assert.deepEqual(await totals(), [2, 1, 3])

    // An edit changes no count; a delete takes the record out.
    const data = validSample(definitionOf(VISIT), { customer: site.customers[0], room: '801', departmentIds: [] })
    assert.equal(
      (await post(`${API}/saveForm`, { name: VISIT, customer_id: site.customers[0].id, data, id: visit })).code,
      1,
    )
    assert.deepEqual(await totals(), [2, 1, 3])
    assert.equal((await post(`${API}/delFormRecord`, { id: visit })).code, 1)
    assert.deepEqual(await totals(), [1, 1, 2])
    assert.deepEqual(await totals(), await counts())

    // A filtered list counts its own rows.
    assert.equal(await total(VISIT, { customer_id: site.customers[0].id }), 1)
    assert.equal(await total(VISIT, { customer_id: site.customers[1].id }), 0)
    assert.equal(await total(VISIT, { date_from: addDays(centreToday(DEFAULT_ZONE), 1) }), 0)
  })

  it('stays the real count whatever writes the table: several forms in one statement, hard deletes, undeletes', async () => {
    const [template] = await app.db.select().from(formRecords).where(eq(formRecords.siteId, site.siteId)).limit(1)
    const copy = (name: string) => ({ ...template, id: undefined, name, requestId: null, deletedAt: null })
    const inserted = await app.db
      .insert(formRecords)
      .values([copy(VISIT), copy(FOOD), copy(FOOD), { ...copy(VISIT), deletedAt: new Date() }])
      .returning({ id: formRecords.id })
    assert.deepEqual(await totals(), await counts())
    assert.deepEqual(await totals(), [2, 3, 5])

    await app.db.delete(formRecords).where(eq(formRecords.id, inserted[1].id))
    await app.db.update(formRecords).set({ deletedAt: null }).where(eq(formRecords.id, inserted[3].id))
    assert.deepEqual(await totals(), [3, 2, 5])
    assert.deepEqual(await totals(), await counts())
  })

  it('stays the real count when saves and deletes arrive together (on PostgreSQL, over several connections)', async () => {
    const before = await totals()
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => saved(i % 3 ? VISIT : FOOD)))
    await Promise.all(ids.slice(0, 4).map((id) => post(`${API}/delFormRecord`, { id })))
    // Of the 12: 8 visits and 4 meals; the first 4 deleted are 2 of each.
    assert.deepEqual(await totals(), [before[0] + 6, before[1] + 2, before[2] + 8])
    assert.deepEqual(await totals(), await counts())
  })

  it("is the site's own", async () => {
    const other = await addSite(app)
    assert.equal(await total(undefined, {}), await counted())
    assert.equal((await post(`${API}/getFormRecord`, { page: 1, limit: 1 }, other.token)).res.total, 0)
    const kept = await app.db.select().from(formRecordCounts).where(eq(formRecordCounts.siteId, other.siteId))
    assert.deepEqual(kept, [])
  })
})

describe("the lists' statements", () => {
  it(
    'keep one plan for a first page, whatever its form, where PostgreSQL had planned each call anew',
    { skip: !process.env.DATABASE_URL && 'PGlite sends each statement afresh: it has no plans to keep' },
    async () => {
      await saved(VISIT)
      await saved(FOOD)
      const from = new Date(Date.now() - 30 * 86_400_000)
      // One connection (a transaction's), where the statements are prepared and their plans kept.
      const plans = await app.db.transaction(async (tx) => {
        for (let call = 0; call < 10; call++) {
          await listFormRecords(tx, site.siteId, { name: call % 2 ? VISIT : FOOD, page: 1, limit: 20 })
          await listFormRecords(tx, site.siteId, {
            customerId: site.customers[0].id,
            from,
            to: new Date(),
            page: 1,
            limit: 10,
          })
          await listCustomers(tx, site.siteId, {
            page: 1,
            limit: 20,
            status: 'in_house',
            today: centreToday(DEFAULT_ZONE),
          })
          // Later pages are planned for their values, by statements of no name.
          await listFormRecords(tx, site.siteId, { name: VISIT, page: 2, limit: 20 })
        }
        const statements = sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements`
        const { rows } = (await tx.execute(statements)) as {
          rows: { name: string; generic_plans: number; custom_plans: number }[]
        }
        return new Map(rows.map((row) => [row.name, [row.generic_plans, row.custom_plans] as const]))
      })
      // PostgreSQL plans a statement's first five calls for their values, then keeps its one
      // plan when that costs no more.
      for (const name of [
        'form_record_list_name_20',
        'form_record_list_customerId_from_to_10',
        'customer_list_in_house_20',
      ]) {
        const [generic, custom] = plans.get(name) ?? [0, 0]
        assert.equal(custom, 5, `${name}: planned for the values of every call`)
        assert.ok(generic >= 5, `${name}: ${generic} calls on the kept plan`)
      }
    },
  )
})

describe("the room board's and her file's statements", () => {
  it(
    "are prepared statements (the board's version and rooms, her file's read, head and timeline's page), each keeping its plan",
    { skip: !process.env.DATABASE_URL && 'PGlite sends each statement afresh: it has no plans to keep' },
    async () => {
      const today = centreToday(DEFAULT_ZONE)
      const customerId = site.customers[0].id
      const plans = await app.db.transaction(async (tx) => {
        for (let call = 0; call < 8; call++) {
          await boardVersion(tx, site.siteId)
          await boardRooms(tx, site.siteId, today)
          const by = { siteId: site.siteId, accountId: site.accountId, httpRequestId: null }
          assert.ok(await insertFileRead(tx, by, customerId, 'customer'))
          const read = await readFileVersion(tx, { siteId: site.siteId, customerId, byIds: [site.accountId] })
          assert.deepEqual(Object.keys(read!.names), [String(site.accountId)])
          const file = await readFile(tx, {
            siteId: site.siteId,
            customerId,
            today,
            roundName: FORM_PAGES.pediatricianRounds.name,
            roundsRead: 20,
          })
          const stay = { from: file!.stay?.check_in_date ?? null, to: today }
          const page = {
            limit: 20,
            offset: 0,
            recordNames: RECORD_NAMES,
            mealsName: FORM_PAGES.familyFood.name,
            ...stay,
          }
          await readTimeline(tx, { siteId: site.siteId, customerId, ...page })
        }
        const statements = sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements`
        const { rows } = (await tx.execute(statements)) as {
          rows: { name: string; generic_plans: number; custom_plans: number }[]
        }
        return new Map(rows.map((row) => [row.name, [row.generic_plans, row.custom_plans] as const]))
      })
      // Planned for the first five calls' values, then on the one kept plan: never planned per call.
      assert.deepEqual(plans.get('room_board_version'), [3, 5])
      assert.deepEqual(plans.get('room_board'), [3, 5])
      assert.deepEqual(plans.get('customer_file_read'), [3, 5])
      assert.deepEqual(plans.get('customer_file'), [3, 5])
      assert.deepEqual(plans.get('customer_timeline'), [3, 5])
    },
  )
})

describe("the keyword search's indexes", () => {
  it('merge their pending entries at 256 kB, a few milliseconds of a save, not 4 MB and 65 ms', async () => {
    const indexes = sql`select relname, reloptions from pg_class where relname like '%_search_idx' order by relname`
    const { rows } = (await app.db.execute(indexes)) as { rows: { relname: string; reloptions: string[] | null }[] }
    assert.deepEqual(
      rows.map((row) => [row.relname, row.reloptions]),
      [
        'customers_name',
        'customers_phone',
        'customers_room',
        'form_records',
        'inbound_orders',
        'out_applies',
        'special_cares',
      ].map((table) => [`${table}_search_idx`, ['gin_pending_list_limit=256']]),
    )
  })
})
