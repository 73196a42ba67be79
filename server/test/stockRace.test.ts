import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, sum } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { stockMovements } from '../src/db/schema.js'
import { addProduct, addSite, approverOf, call, startApp, stockOf, type TestSite } from './helpers.js'
import { SIGNATURE } from './formSamples.js'

// Approvals at the same moment, as several staff members' phones send them. On PostgreSQL
// (scripts/test.sh) the requests run in transactions on separate connections of the pool.

let app: FastifyInstance
let site: TestSite
let departmentId: number
/** Who approves: not the maker of the orders. */
let approverToken: string

before(async () => {
  app = await startApp()
  site = await addSite(app)
  departmentId = (await call(app, '/api/care/index/departmentList', {}, { token: site.token })).res[0].id
  approverToken = (await approverOf(app, site)).token
})
after(() => app.close())

const post = (url: string, body: object) => call(app, url, body, { token: site.token })
const check = (url: string, body: object) => call(app, url, body, { token: approverToken })

async function order(
  kind: 'outApply' | 'specialCare',
  productId: number,
  batchId: number,
  quantity: number,
): Promise<number> {
  const items = [
    { product_id: productId, batch_id: batchId, quantity, ...(kind === 'specialCare' ? { price: 12 } : {}) },
  ]
  const body =
    kind === 'outApply'
      ? { type: 'general', department_id: departmentId, items }
      : { customer_id: site.customers[0].id, items, signature: SIGNATURE }
  const reply = await post(`/api/care/${kind}/save`, body)
  assert.equal(reply.code, 1, reply.msg)
  return reply.res.id
}

/** The batch's movements, added up: what left it (negative) or came back. */
const moved = async (batchId: number) =>
  Number(
    (
      await app.db
        .select({ total: sum(stockMovements.delta) })
        .from(stockMovements)
        .where(eq(stockMovements.batchId, batchId))
    )[0].total ?? 0,
  )

describe('approvals racing for the same stock', () => {
  it('two orders for the last units: exactly one is approved, the stock ends at zero', async () => {
    for (let round = 0; round < 5; round++) {
      const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
      const batchId = batches[0].id
      const [a, b] = [await order('outApply', productId, batchId, 5), await order('outApply', productId, batchId, 4)]
      const replies = await Promise.all([
        check('/api/care/outApply/check', { id: a, approve: true }),
        check('/api/care/outApply/check', { id: b, approve: true }),
      ])
      const codes = replies.map((r) => r.code)
      assert.deepEqual([...codes].sort(), [-7, 1], `round ${round}: ${replies.map((r) => r.msg)}`)
      const winner = replies.find((r) => r.code === 1)!.res
      assert.equal(await stockOf(app, batchId), 5 - winner.total_quantity)
      assert.equal(await moved(batchId), -winner.total_quantity)
      const loser = replies.find((r) => r.code === -7)!
      assert.match(loser.msg, /库存不足/)
      const statuses = await Promise.all(
        [a, b].map(async (id) => (await post('/api/care/outApply/info', { id })).res.status),
      )
      assert.deepEqual([...statuses].sort(), ['approved', 'pending'])
    }
  })

  it('an outbound and a self-paid order for the last units: one of them gets them', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 3 }] })
    const batchId = batches[0].id
    const [a, b] = [await order('outApply', productId, batchId, 3), await order('specialCare', productId, batchId, 2)]
    const replies = await Promise.all([
      check('/api/care/specialCare/check', { id: b, approve: true }),
      check('/api/care/outApply/check', { id: a, approve: true }),
    ])
    assert.deepEqual(replies.map((r) => r.code).sort(), [-7, 1])
    const left = await stockOf(app, batchId)
    assert.ok(left === 0 || left === 1, `left ${left}`)
    assert.equal(await moved(batchId), left - 3)
  })

  it('the same order approved twice at once moves its stock once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const id = await order('outApply', productId, batches[0].id, 4)
    const replies = await Promise.all([1, 2, 3].map(() => check('/api/care/outApply/check', { id, approve: true })))
    assert.deepEqual(replies.map((r) => r.code).sort(), [-6, -6, 1])
    assert.equal(await stockOf(app, batches[0].id), 6)
    assert.equal(await moved(batches[0].id), -4)
    // And reversed twice at once: the stock comes back once.
    const reversals = await Promise.all([1, 2].map(() => check('/api/care/outApply/check', { id, reverse: true })))
    assert.deepEqual(reversals.map((r) => r.code).sort(), [-6, 1])
    assert.equal(await stockOf(app, batches[0].id), 10)
    assert.equal(await moved(batches[0].id), 0)
  })

  it('reversing an inbound order while an outbound order of its batch is approved: one of them, never below zero', async () => {
    for (let round = 0; round < 4; round++) {
      const { productId } = await addProduct(app, site.siteId)
      const inbound = await post('/api/care/inbound/save', {
        supplier: '供应商',
        items: [{ product_id: productId, batch_no: `R${round}`, expiry_date: '2999-12-31', quantity: 5, unit_cost: 1 }],
      })
      assert.equal((await check('/api/care/inbound/check', { id: inbound.res.id, approve: true })).code, 1)
      const [batch] = (await post('/api/care/inoutstore/getProductBatch', { product_id: productId })).res
      const outbound = await order('outApply', productId, batch.id, 3)
      const [reversal, approval] = await Promise.all([
        check('/api/care/inbound/check', { id: inbound.res.id, reverse: true }),
        check('/api/care/outApply/check', { id: outbound, approve: true }),
      ])
      assert.deepEqual(
        [reversal.code, approval.code].sort(),
        [-7, 1],
        `round ${round}: ${reversal.msg} / ${approval.msg}`,
      )
      const left = await stockOf(app, batch.id)
      assert.equal(left, reversal.code === 1 ? 0 : 2)
      assert.equal(await moved(batch.id), left)
    }
  })

  it('many approvals at once never take a batch below zero', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 10 },
        { expiresIn: 200, quantity: 10 },
      ],
    })
    const [a, b] = batches
    // Eight orders of 3 from batch a; every second one also takes 1 from batch b (the locks are
    // taken in batch order, so orders sharing two batches do not deadlock).
    const ids: number[] = []
    for (let i = 0; i < 8; i++) {
      const items = [
        { product_id: productId, batch_id: a.id, quantity: 3 },
        ...(i % 2 ? [{ product_id: productId, batch_id: b.id, quantity: 1 }] : []),
      ]
      const reply = await post('/api/care/outApply/save', {
        type: 'general',
        department_id: departmentId,
        items: i % 2 ? [...items].reverse() : items,
      })
      assert.equal(reply.code, 1, reply.msg)
      ids.push(reply.res.id)
    }
    const replies = await Promise.all(ids.map((id) => check('/api/care/outApply/check', { id, approve: true })))
    const approved = replies.filter((r) => r.code === 1)
    assert.equal(approved.length, 3, replies.map((r) => r.msg).join(' / '))
    assert.ok(replies.every((r) => r.code === 1 || r.code === -7))
    assert.equal(await stockOf(app, a.id), 1)
    assert.equal(await moved(a.id), -9)
    assert.equal(await stockOf(app, b.id), 10 + (await moved(b.id)))
  })
})
