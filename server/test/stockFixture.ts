import assert from 'node:assert/strict'
import { and, asc, count, eq } from 'drizzle-orm'
import { auditLog, inboundOrders, outApplies, specialCares, stockMovements } from '../src/db/schema.js'
import { centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { addSite, approverOf, call, type TestSite } from './helpers.js'
import { app, site, useSite } from './siteFixture.js'

// What the tests of the stock routes share: an app with two sites of their own (see siteFixture.ts)
// and the calls and reads the tests make of them.

export { app, site }

export const INDEX = '/api/care/index'
export const BATCHES = '/api/care/inoutstore/getProductBatch'
export const OUT = '/api/care/outApply'
export const CARE = '/api/care/specialCare'
export const INBOUND = '/api/care/inbound'

/** Another site: its departments, customers and products are not ours. */
export let other: TestSite
/** Another staff member of our site, who approves, rejects and reverses its orders (see approverOf). */
export let approver: { token: string; accountId: number }
export let departments: { id: number; name: string }[]
export const today = centreToday(DEFAULT_ZONE)

/** Starts the app and the two sites before the file's tests (see useSite); closes the app after them. */
export function useStockSites(): void {
  useSite(async () => {
    other = await addSite(app)
    approver = await approverOf(app, site)
    departments = (await call(app, `${INDEX}/departmentList`, {}, { token: site.token })).res
  })
}

export const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  call(app, url, body, { token: site.token, ...headers })

/** Approves, rejects or reverses an order of the site as its approver: not the order's maker. */
export const check = (url: string, body: object, headers: Record<string, string> = {}) =>
  call(app, `${url}/check`, body, { token: approver.token, ...headers })

/** Saves and answers the new id, failing the test on a refusal. */
export async function saved(url: string, body: object): Promise<number> {
  const reply = await post(url, body)
  assert.equal(reply.code, 1, reply.msg)
  return reply.res.id
}

export const row = (productId: number, batchId: number, quantity: number) => ({
  product_id: productId,
  batch_id: batchId,
  quantity,
})
export const general = (items: object[], extra: object = {}) => ({
  type: 'general',
  department_id: departments[0].id,
  requester: '护士长王芳',
  items,
  ...extra,
})
export const info = async (url: string, id: number) => (await post(`${url}/info`, { id })).res

export const movementsOf = (kind: 'out_apply' | 'special_care' | 'inbound', orderId: number) =>
  app.db
    .select({
      batchId: stockMovements.batchId,
      delta: stockMovements.delta,
      action: stockMovements.action,
      by: stockMovements.by,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderKind, kind), eq(stockMovements.orderId, orderId)))
    .orderBy(asc(stockMovements.id))

/** The audit actions on an order: its checks by the approver, the rest by the site's staff member. */
export const auditOf = async (entity: string, id: number) =>
  (
    await app.db
      .select({ action: auditLog.action, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((entry) => {
    assert.equal(entry.accountId, CHECKS.has(entry.action) ? approver.accountId : site.accountId, entry.action)
    return entry.action
  })

const CHECKS = new Set(['approve', 'reject', 'reverse'])

export const orderCount = async (table: typeof outApplies | typeof specialCares | typeof inboundOrders) =>
  (await app.db.select({ n: count() }).from(table).where(eq(table.siteId, site.siteId)))[0].n
