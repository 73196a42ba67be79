import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { call, login, startApp, stockOf } from './helpers.js'
import { SIGNATURE } from './formSamples.js'

// Site 1's stock and orders (the demo seed, staff account demo) seen from site 2 (demo2): nothing
// of them can be read, listed, changed, checked or referred to.

let app: FastifyInstance
let one: string
let two: string

before(async () => {
  app = await startApp()
  one = await login(app, 'demo', 'demo1234')
  two = await login(app, 'demo2', 'demo1234')
})
after(() => app.close())

const as =
  (token: string) =>
  (url: string, body: object = {}) =>
    call(app, url, body, { token })
const notFound = { code: -2, msg: '单据不存在或已删除', res: null }
const idsOf = (list: { id: number }[]) => list.map((item) => item.id)

describe("another site's stock", () => {
  it('products, packages, gift types and batches are not listed or offered', async () => {
    const [mine, theirs] = [as(one), as(two)]
    const products = (await mine('/api/care/index/productList', { limit: 100 })).res.list
    const otherProducts = idsOf((await theirs('/api/care/index/productList', { limit: 100 })).res.list)
    assert.ok(products.length >= 40)
    assert.ok(products.every((p: { id: number }) => !otherProducts.includes(p.id)))
    const packages = idsOf((await mine('/api/care/index/productPackageList')).res)
    assert.ok(idsOf((await theirs('/api/care/index/productPackageList')).res).every((id) => !packages.includes(id)))
    const giftTypes = idsOf((await mine('/api/care/index/giftTypeList')).res)
    assert.ok(idsOf((await theirs('/api/care/index/giftTypeList')).res).every((id) => !giftTypes.includes(id)))
    const stocked = products.find((p: { stock: number }) => p.stock > 0)
    assert.equal((await mine('/api/care/inoutstore/getProductBatch', { product_id: stocked.id })).code, 1)
    assert.deepEqual(await theirs('/api/care/inoutstore/getProductBatch', { product_id: stocked.id }), {
      code: -2,
      msg: '物品不存在',
      res: null,
    })
  })
})

for (const [kind, label] of [
  ['outApply', '出库单'],
  ['specialCare', '自费物品消费表'],
] as const) {
  describe(`another site's ${kind} orders (${label})`, () => {
    const url = (action: string) => `/api/care/${kind}/${action}`
    let pending: { id: number; no: string; items: { batch_id: number; product_id: number; available: number }[] }
    let approved: { id: number; items: { batch_id: number }[] }

    before(async () => {
      const mine = as(one)
      const list = (await mine(url('index'), { limit: 100 })).res.list
      const pick = async (status: string) =>
        (await mine(url('info'), { id: list.find((o: { status: string }) => o.status === status).id })).res
      ;[pending, approved] = [await pick('pending'), await pick('approved')]
    })

    it('cannot be listed, found or read', async () => {
      const theirs = as(two)
      const listed = idsOf((await theirs(url('index'), { limit: 100 })).res.list)
      assert.ok(!listed.includes(pending.id) && !listed.includes(approved.id))
      assert.deepEqual((await theirs(url('index'), { keyword: pending.no })).res, { list: [], total: 0 })
      assert.deepEqual(await theirs(url('info'), { id: pending.id }), notFound)
    })

    it('cannot be changed, deleted, approved, rejected or reversed, and its stock stays', async () => {
      const theirs = as(two)
      const stockBefore = await Promise.all(approved.items.map((item) => stockOf(app, item.batch_id)))
      assert.deepEqual(await theirs(url('del'), { id: pending.id }), notFound)
      // demo2 may not approve at all: site 2's approver (manager) is refused as not found.
      const theirApprover = as(await login(app, 'manager', 'demo1234', 2))
      assert.deepEqual(await theirApprover(url('check'), { id: pending.id, approve: true }), notFound)
      assert.deepEqual(
        await theirApprover(url('check'), { id: pending.id, approve: false, reason: '不是本店的' }),
        notFound,
      )
      assert.deepEqual(await theirApprover(url('check'), { id: approved.id, reverse: true }), notFound)
      const [theirDepartment] = (await theirs('/api/care/index/departmentList')).res
      const [theirCustomer] = (await theirs('/api/care/customer/index', { limit: 1 })).res.list
      const items = (await theirs('/api/care/index/productList', { limit: 100 })).res.list.filter(
        (p: { stock: number }) => p.stock > 0,
      )
      const [batch] = (await theirs('/api/care/inoutstore/getProductBatch', { product_id: items[0].id })).res
      const theirItems = [
        { product_id: items[0].id, batch_id: batch.id, quantity: 1, ...(kind === 'specialCare' ? { price: 1 } : {}) },
      ]
      const edit =
        kind === 'outApply'
          ? { id: pending.id, type: 'general', department_id: theirDepartment.id, items: theirItems }
          : { id: pending.id, customer_id: theirCustomer.id, items: theirItems, signature: SIGNATURE }
      assert.deepEqual(await theirs(url('save'), edit), notFound)

      const mine = as(one)
      assert.equal((await mine(url('info'), { id: pending.id })).res.status, 'pending')
      assert.equal((await mine(url('info'), { id: approved.id })).res.status, 'approved')
      assert.deepEqual(await Promise.all(approved.items.map((item) => stockOf(app, item.batch_id))), stockBefore)
    })

    it("cannot be made from the site's products, batches or customers", async () => {
      const theirs = as(two)
      const mine = as(one)
      const [item] = pending.items
      const ours = [
        {
          product_id: item.product_id,
          batch_id: item.batch_id,
          quantity: 1,
          ...(kind === 'specialCare' ? { price: 1 } : {}),
        },
      ]
      const [theirCustomer] = (await theirs('/api/care/customer/index', { limit: 1 })).res.list
      const body =
        kind === 'outApply'
          ? { type: 'general', department_id: (await theirs('/api/care/index/departmentList')).res[0].id, items: ours }
          : { customer_id: theirCustomer.id, items: ours, signature: SIGNATURE }
      const refused = await theirs(url('save'), body)
      assert.equal(refused.code, -1)
      assert.equal(refused.msg, '物品明细第1行：物品的选项无效')
      assert.deepEqual(
        refused.res.errors.map((e: { path: string }) => e.path),
        ['items.0.product_id', 'items.0.batch_id'],
      )
      if (kind === 'outApply') {
        const [ourDepartment] = (await mine('/api/care/index/departmentList')).res
        const [ourGift] = (await mine('/api/care/index/giftTypeList')).res
        const theirItems = (await theirs('/api/care/index/productList', { limit: 100 })).res.list.filter(
          (p: { stock: number }) => p.stock > 0,
        )
        const [batch] = (await theirs('/api/care/inoutstore/getProductBatch', { product_id: theirItems[0].id })).res
        const fine = [{ product_id: theirItems[0].id, batch_id: batch.id, quantity: 1 }]
        assert.equal(
          (await theirs(url('save'), { type: 'general', department_id: ourDepartment.id, items: fine })).msg,
          '领用部门的选项无效',
        )
        const gift = { type: 'gift', customer_id: theirCustomer.id, gift_type_id: ourGift.id, items: fine }
        assert.equal((await theirs(url('save'), gift)).msg, '礼包类型的选项无效')
      }
      const [ourCustomer] = (await mine('/api/care/customer/index', { limit: 1 })).res.list
      const forOurs =
        kind === 'outApply'
          ? { type: 'gift', customer_id: ourCustomer.id, gift_type_id: 1, items: ours }
          : { customer_id: ourCustomer.id, items: ours }
      assert.deepEqual(await theirs(url('save'), forOurs), { code: -2, msg: '客户不存在', res: null })
    })
  })
}
