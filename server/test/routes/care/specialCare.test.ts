import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { products, specialCares } from '../../../src/db/schema.js'
import { addDays } from '../../../src/lib/dates.js'
import { SIGNATURE } from '../../formSamples.js'
import { addProduct, addSite, approverOf, call, referenceOf, stockOf } from '../../helpers.js'
import {
  app,
  auditOf,
  CARE,
  check,
  info,
  movementsOf,
  orderCount,
  other,
  post,
  row,
  saved,
  site,
  today,
  useStockSites,
} from '../../stockFixture.js'

useStockSites()

describe('specialCare', () => {
  let product: Awaited<ReturnType<typeof addProduct>>
  let other2: Awaited<ReturnType<typeof addProduct>>
  const customer = () => site.customers[2]
  // Rows as the app sends them, at the prices of the product list.
  const items = () => [
    { ...row(product.productId, product.batches[0].id, 3), price: 0.1 },
    { ...row(other2.productId, other2.batches[0].id, 3), price: 39.9 },
  ]

  before(async () => {
    const batches = [{ expiresIn: 100, quantity: 10 }]
    product = await addProduct(app, site.siteId, { name: '测试棉签', price: '0.10', batches })
    other2 = await addProduct(app, site.siteId, { name: '测试乳垫', price: '39.90', batches })
  })

  it("saves an order with subtotals and the total computed by the server in fen, in the customer's room by default", async () => {
    const body = {
      customer_id: customer().id,
      items: items().map((i) => ({ ...i, subtotal: 999 })),
      total: 1,
      signature: SIGNATURE,
      remark: '客户自购',
    }
    const id = await saved(`${CARE}/save`, body)
    const order = await info(CARE, id)
    assert.match(order.no, /^ZF\d{8}-\d{5}$/)
    assert.deepEqual(
      [
        order.status,
        order.customer_id,
        order.customer_name,
        order.room,
        order.consume_date,
        referenceOf(order.signature),
        order.remark,
      ],
      ['pending', customer().id, customer().name, customer().room, today, SIGNATURE, '客户自购'],
    )
    assert.deepEqual(
      order.items.map((i: { price: number; subtotal: number }) => [i.price, i.subtotal]),
      [
        [0.1, 0.3],
        [39.9, 119.7],
      ],
    )
    assert.equal(order.total, 120)
    assert.equal(order.items_summary, '测试棉签 ×3、测试乳垫 ×3')
    assert.equal(order.created_by_name, '测试员工')
    assert.deepEqual(await auditOf('special_cares', id), ['create'])

    const edit = {
      id,
      customer_id: customer().id,
      room: '805',
      consume_date: addDays(today, -1),
      items: [{ ...items()[1], quantity: 1 }],
      signature: '/uploads/test-signature-2.png',
    }
    const edited = await post(`${CARE}/save`, edit)
    assert.equal(edited.code, 1, edited.msg)
    const changed = await info(CARE, id)
    assert.deepEqual(
      [changed.room, changed.consume_date, changed.total, referenceOf(changed.signature), changed.no],
      ['805', addDays(today, -1), 39.9, '/uploads/test-signature-2.png', order.no],
    )
  })

  it('refuses what the form or the stock does not allow, and writes nothing', async () => {
    const before = await orderCount(specialCares)
    const base = { customer_id: customer().id, items: items(), signature: SIGNATURE }
    const cases: [object, string][] = [
      [{ ...base, customer_id: undefined }, '请选择客户'],
      // The customer signs for what she is charged.
      [{ ...base, signature: undefined }, '请客户签字'],
      [{ ...base, signature: '' }, '请客户签字'],
      [
        { ...base, items: [{ ...items()[0], quantity: 11 }] },
        `物品明细第1行：数量超出库存：测试棉签（批次 ${product.batches[0].batchNo}）仅剩 10`,
      ],
      [{ ...base, signature: 'not a url' }, '客户签字格式不正确'],
      [{ ...base, room: '7777' }, '楼层房间的选项无效'],
    ]
    for (const [body, msg] of cases) {
      const reply = await post(`${CARE}/save`, body)
      assert.deepEqual([reply.code, reply.msg], [-1, msg])
    }
    assert.deepEqual(await post(`${CARE}/save`, { ...base, customer_id: other.customers[0].id }), {
      code: -2,
      msg: '客户不存在',
      res: null,
    })
    assert.equal(await orderCount(specialCares), before)
  })

  it("prices each item at its product's price in the list, whatever the client sends, and keeps it", async () => {
    const sent = [
      { ...items()[0], price: 0.01 },
      { ...items()[1], price: 1.234 },
    ]
    const id = await saved(`${CARE}/save`, { customer_id: customer().id, items: sent, signature: SIGNATURE })
    const order = await info(CARE, id)
    assert.deepEqual(
      order.items.map((i: { price: number; subtotal: number }) => [i.price, i.subtotal]),
      [
        [0.1, 0.3],
        [39.9, 119.7],
      ],
    )
    assert.equal(order.total, 120)
    // Without a price at all, as the product list prices it.
    const unpriced = sent.map(({ price: _, ...item }) => item)
    assert.equal(
      (
        await info(
          CARE,
          await saved(`${CARE}/save`, { customer_id: customer().id, items: unpriced, signature: SIGNATURE }),
        )
      ).total,
      120,
    )

    // A later change of the list leaves the saved order at the price it was saved at, in its list row too.
    await app.db.update(products).set({ price: '50.00' }).where(eq(products.id, other2.productId))
    try {
      assert.deepEqual(
        (await info(CARE, id)).items.map((i: { price: number }) => i.price),
        [0.1, 39.9],
      )
      const listed = (await post(`${CARE}/index`, { limit: 100 })).res.list.find((r: { id: number }) => r.id === id)
      assert.equal(listed.total, 120)
    } finally {
      await app.db.update(products).set({ price: '39.90' }).where(eq(products.id, other2.productId))
    }
  })

  it('approval takes the items out of stock once; reversal puts them back; only a pending order is deleted', async () => {
    const id = await saved(`${CARE}/save`, { customer_id: customer().id, items: items(), signature: SIGNATURE })
    const approved = await check(CARE, { id, approve: true })
    assert.equal(approved.code, 1, approved.msg)
    assert.equal(approved.res.status, 'approved')
    assert.deepEqual([await stockOf(app, product.batches[0].id), await stockOf(app, other2.batches[0].id)], [7, 7])
    assert.deepEqual(await check(CARE, { id, approve: true }), {
      code: -6,
      msg: '该单据已审核通过，不能重复审核',
      res: null,
    })
    assert.deepEqual(await post(`${CARE}/del`, { id }), { code: -6, msg: '该单据已审核通过，不能删除', res: null })
    assert.deepEqual(await post(`${CARE}/save`, { id, customer_id: customer().id, items: items() }), {
      code: -6,
      msg: '该单据已审核通过，不能修改',
      res: null,
    })
    assert.deepEqual(
      (await movementsOf('special_care', id)).map((m) => m.delta),
      [-3, -3],
    )
    const reversed = await check(CARE, { id, reverse: true })
    assert.equal(reversed.res.status, 'reversed')
    assert.deepEqual([await stockOf(app, product.batches[0].id), await stockOf(app, other2.batches[0].id)], [10, 10])
    assert.deepEqual(await auditOf('special_cares', id), ['create', 'approve', 'reverse'])

    const rejected = await saved(`${CARE}/save`, { customer_id: customer().id, items: items(), signature: SIGNATURE })
    assert.deepEqual(await check(CARE, { id: rejected, approve: false }), {
      code: -1,
      msg: '驳回时请输入原因',
      res: null,
    })
    assert.equal((await check(CARE, { id: rejected, approve: false, reason: '客户取消' })).res.status, 'rejected')
    const pending = await saved(`${CARE}/save`, { customer_id: customer().id, items: items(), signature: SIGNATURE })
    assert.deepEqual(await post(`${CARE}/del`, { id: pending }), { code: 1, msg: '成功', res: null })
    assert.deepEqual(await post(`${CARE}/info`, { id: pending }), { code: -2, msg: '单据不存在或已删除', res: null })
    assert.deepEqual(await check(CARE, { id: pending, approve: true }), {
      code: -2,
      msg: '单据不存在或已删除',
      res: null,
    })
  })

  it('lists the orders with filters and keyword', async () => {
    const own = await addSite(app)
    const pump = async (name: string, price: string) =>
      addProduct(app, own.siteId, { name, price, batches: [{ expiresIn: 100, quantity: 50 }] })
    const put = async (who: number, consumeDate: string, item: Awaited<ReturnType<typeof addProduct>>) => {
      const body = {
        customer_id: own.customers[who].id,
        consume_date: consumeDate,
        items: [row(item.productId, item.batches[0].id, 2)],
        signature: SIGNATURE,
      }
      const reply = await call(app, `${CARE}/save`, body, { token: own.token })
      assert.equal(reply.code, 1, reply.msg)
      return reply.res.id as number
    }
    const a = await put(0, addDays(today, -1), await pump('测试吸奶器', '88.00'))
    const b = await put(1, today, await pump('测试吸奶器配件', '10.50'))
    await call(app, `${CARE}/check`, { id: a, approve: true }, { token: (await approverOf(app, own)).token })
    const find = async (body: object) =>
      (await call(app, `${CARE}/index`, { limit: 100, ...body }, { token: own.token })).res
    const all = await find({})
    assert.deepEqual(
      all.list.map((r: { id: number }) => r.id),
      [b, a],
    )
    assert.equal(all.total, 2)
    assert.deepEqual(
      all.list.map((r: { customer_name: string; total: number; consume_date: string; status: string }) => [
        r.customer_name,
        r.total,
        r.consume_date,
        r.status,
      ]),
      [
        [own.customers[1].name, 21, today, 'pending'],
        [own.customers[0].name, 176, addDays(today, -1), 'approved'],
      ],
    )
    assert.equal('items' in all.list[0], false)
    assert.deepEqual(
      (await find({ status: 'approved' })).list.map((r: { id: number }) => r.id),
      [a],
    )
    assert.deepEqual(
      (await find({ date_from: today, date_to: today })).list.map((r: { id: number }) => r.id),
      [b],
    )
    assert.deepEqual(
      (await find({ customer_id: own.customers[0].id })).list.map((r: { id: number }) => r.id),
      [a],
    )
    assert.ok((await find({ keyword: own.customers[0].room })).list.some((r: { id: number }) => r.id === a))
    assert.deepEqual((await find({ keyword: '吸奶器' })).total, 2)
    assert.deepEqual(
      (await find({ page: 2, limit: 1 })).list.map((r: { id: number }) => r.id),
      [a],
    )
  })
})
