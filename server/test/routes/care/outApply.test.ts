import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { outApplies, stockBatches } from '../../../src/db/schema.js'
import { addDays } from '../../../src/lib/dates.js'
import { addProduct, addSite, approverOf, call, stockOf, type TestSite } from '../../helpers.js'
import {
  app,
  approver,
  auditOf,
  check,
  departments,
  general,
  INDEX,
  info,
  movementsOf,
  orderCount,
  other,
  OUT,
  post,
  row,
  saved,
  site,
  today,
  useStockSites,
} from '../../stockFixture.js'

useStockSites()

describe('outApply/save', () => {
  it('saves a general order: pending, numbered, by default requested by the staff member for today', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [{ expiresIn: 100, quantity: 10 }],
    })
    const before = await orderCount(outApplies)
    const id = await saved(`${OUT}/save`, {
      type: 'general',
      department_id: departments[1].id,
      items: [row(productId, batches[0].id, 4)],
    })
    const order = await info(OUT, id)
    assert.match(order.no, new RegExp(`^CK${today.replaceAll('-', '')}-\\d{5}$`))
    assert.equal(order.status, 'pending')
    assert.equal(order.type, 'general')
    assert.equal(order.department_id, departments[1].id)
    assert.equal(order.department_name, departments[1].name)
    assert.equal(order.requester, '测试员工')
    assert.equal(order.apply_date, today)
    assert.equal(order.customer_id, null)
    assert.equal(order.created_by, site.accountId)
    assert.equal(order.created_by_name, '测试员工')
    assert.equal(order.checked_at, null)
    assert.deepEqual(order.items, [
      {
        id: order.items[0].id,
        product_id: productId,
        product_name: name,
        spec: '测试规格',
        unit: '个',
        batch_id: batches[0].id,
        batch_no: batches[0].batchNo,
        production_date: addDays(today, -400),
        expiry_date: addDays(today, 100),
        near_expiry: false,
        expired: false,
        available: 10,
        quantity: 4,
        price: 10,
        subtotal: 40,
      },
    ])
    assert.equal(order.items_summary, `${name} ×4`)
    assert.equal(order.total, 40)
    assert.equal(await stockOf(app, batches[0].id), 10, 'saving takes no stock')
    assert.equal(await orderCount(outApplies), before + 1)
    assert.deepEqual(await auditOf('out_applies', id), ['create'])
  })

  it('refuses what the form or the stock does not allow, naming the field, and writes nothing', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 10 },
        { expiresIn: -2, quantity: 10 },
      ],
    })
    const [good, expired] = batches
    const another = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const foreign = await addProduct(app, other.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const foreignDepartment = (await call(app, `${INDEX}/departmentList`, {}, { token: other.token })).res[0].id
    const before = await orderCount(outApplies)
    const cases: [object, string][] = [
      [{ ...general([row(productId, good.id, 1)]), department_id: undefined }, '请选择领用部门'],
      [general([]), '请选择物品明细'],
      [general([row(productId, good.id, 0)]), '物品明细第1行：数量不能小于1'],
      [general([row(productId, good.id, -3)]), '物品明细第1行：数量不能为负数'],
      // The app sends numbers as numbers: digits as text, full-width or not, are refused.
      [general([row(productId, good.id, '３' as unknown as number)]), '物品明细第1行：数量格式不正确'],
      [general([row(productId, good.id, 1.5)]), '物品明细第1行：数量必须是整数'],
      [general([{ product_id: productId, quantity: 1 }]), '物品明细第1行：请选择批次'],
      [general([row(productId, good.id, 11)]), `物品明细第1行：数量超出库存：${name}（批次 ${good.batchNo}）仅剩 10`],
      [
        general([row(productId, good.id, 6), row(productId, good.id, 5)]),
        `物品明细第2行：数量超出库存：${name}（批次 ${good.batchNo}）仅剩 10`,
      ],
      [
        general([row(productId, expired.id, 1)]),
        `物品明细第1行：批次已过期：${name}（批次 ${expired.batchNo}）有效期至 ${addDays(today, -2)}`,
      ],
      [general([row(another.productId, good.id, 1)]), '物品明细第1行：批次的选项无效'],
      [general([row(foreign.productId, foreign.batches[0].id, 1)]), '物品明细第1行：物品的选项无效'],
      [general([row(productId, good.id, 1)], { department_id: foreignDepartment }), '领用部门的选项无效'],
      [general([row(productId, good.id, 1)], { customer_id: site.customers[0].id }), '不认识的字段客户'],
      [general([row(productId, good.id, 1)], { apply_date: '2026-02-30' }), '出库日期格式不正确'],
    ]
    for (const [body, msg] of cases) {
      const reply = await post(`${OUT}/save`, body)
      assert.equal(reply.code, -1, msg)
      assert.equal(reply.msg, msg)
      assert.equal(reply.res.errors[0].message, msg)
    }
    const english = await post(`${OUT}/save`, general([row(productId, good.id, 11)]), { lang: 'en' })
    assert.equal(
      english.msg,
      `Items row 1: Quantity is more than the stock: ${name} (batch ${good.batchNo}) has 10 left`,
    )
    assert.equal(english.res.errors[0].path, 'items.0.quantity')
    assert.equal((await post(`${OUT}/save`, { ...general([]), type: 'other' })).code, -1)
    assert.equal(await orderCount(outApplies), before)
  })

  it('saves a gift pack for a customer of the site, with its gift type', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const [giftType] = (await post(`${INDEX}/giftTypeList`, {})).res
    const customer = site.customers[1]
    const body = {
      type: 'gift',
      customer_id: customer.id,
      gift_type_id: giftType.id,
      items: [row(productId, batches[0].id, 2)],
      remark: '入住当天领取',
    }
    const id = await saved(`${OUT}/save`, body)
    const order = await info(OUT, id)
    assert.match(order.no, /^LB\d{8}-\d{5}$/)
    assert.deepEqual(
      [
        order.type,
        order.customer_id,
        order.customer_name,
        order.room,
        order.gift_type_id,
        order.gift_type_name,
        order.remark,
        order.requester,
      ],
      ['gift', customer.id, customer.name, customer.room, giftType.id, '入住大礼包', '入住当天领取', ''],
    )
    assert.equal((await post(`${OUT}/save`, { ...body, gift_type_id: undefined })).msg, '请选择礼包类型')
    assert.equal((await post(`${OUT}/save`, { ...body, customer_id: undefined })).msg, '请选择客户')
    assert.equal((await post(`${OUT}/save`, { ...body, department_id: departments[0].id })).msg, '不认识的字段领用部门')
    const foreignGift = (await call(app, `${INDEX}/giftTypeList`, {}, { token: other.token })).res[0].id
    assert.equal((await post(`${OUT}/save`, { ...body, gift_type_id: foreignGift })).msg, '礼包类型的选项无效')
    assert.deepEqual(await post(`${OUT}/save`, { ...body, customer_id: other.customers[0].id }), {
      code: -2,
      msg: '客户不存在',
      res: null,
    })
  })

  it('changes a pending order, its items replaced, its number kept; not its type', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 10 },
        { expiresIn: 200, quantity: 10 },
      ],
    })
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 1), row(productId, batches[1].id, 1)]))
    const first = await info(OUT, id)
    const edited = await post(`${OUT}/save`, {
      ...general([row(productId, batches[1].id, 5)]),
      id,
      requester: '育婴师李娜',
      remark: '改为 5 个',
    })
    assert.deepEqual(edited, { code: 1, msg: '成功', res: { id } })
    const order = await info(OUT, id)
    assert.equal(order.no, first.no)
    assert.equal(order.requester, '育婴师李娜')
    assert.equal(order.remark, '改为 5 个')
    assert.deepEqual(
      order.items.map((i: { batch_id: number; quantity: number }) => [i.batch_id, i.quantity]),
      [[batches[1].id, 5]],
    )
    assert.equal(order.items_summary.endsWith('×5'), true)
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'update'])
    const gift = {
      type: 'gift',
      customer_id: site.customers[0].id,
      gift_type_id: 1,
      items: [row(productId, batches[0].id, 1)],
      id,
    }
    assert.deepEqual(await post(`${OUT}/save`, gift), { code: -1, msg: '单据的类型不能修改', res: null })
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, batches[0].id, 1)]), id: 99_999_999 }), {
      code: -2,
      msg: '单据不存在或已删除',
      res: null,
    })
  })

  it('saves a retried order (same request_id) once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const body = { ...general([row(productId, batches[0].id, 1)]), request_id: `req-${productId}` }
    const before = await orderCount(outApplies)
    const [a, b] = await Promise.all([post(`${OUT}/save`, body), post(`${OUT}/save`, body)])
    assert.equal(a.code, 1)
    assert.deepEqual(b, a)
    assert.deepEqual(await post(`${OUT}/save`, body), a)
    assert.equal(await orderCount(outApplies), before + 1)
  })
})

describe('outApply/check', () => {
  it('approval takes the quantities out of their batches exactly once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 20, quantity: 10 },
        { expiresIn: 200, quantity: 8 },
      ],
    })
    const [a, b] = batches
    const id = await saved(
      `${OUT}/save`,
      general([row(productId, a.id, 3), row(productId, b.id, 2), row(productId, a.id, 4)]),
    )
    const approved = await check(OUT, { id, approve: true })
    assert.equal(approved.code, 1, approved.msg)
    assert.equal(approved.res.id, id)
    assert.equal(approved.res.status, 'approved')
    assert.equal(approved.res.checked_by, approver.accountId)
    assert.equal(approved.res.checked_by_name, '测试员工')
    assert.ok(Math.abs(Date.parse(approved.res.checked_at) - Date.now()) < 60_000)
    assert.deepEqual(
      approved.res.items.map((i: { available: number }) => i.available),
      [3, 6, 3],
    )
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [3, 6])
    const moved = [
      { batchId: a.id, delta: -3, action: 'approve', by: approver.accountId },
      { batchId: b.id, delta: -2, action: 'approve', by: approver.accountId },
      { batchId: a.id, delta: -4, action: 'approve', by: approver.accountId },
    ]
    assert.deepEqual(await movementsOf('out_apply', id), moved)

    // Nothing moves a second time, and an approved order is closed to changes.
    const again = { code: -6, msg: '该单据已审核通过，不能重复审核', res: null }
    assert.deepEqual(await check(OUT, { id, approve: true }), again)
    assert.deepEqual(await check(OUT, { id, approve: false, reason: '重复' }), again)
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, a.id, 1)]), id }), {
      code: -6,
      msg: '该单据已审核通过，不能修改',
      res: null,
    })
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -6, msg: '该单据已审核通过，不能删除', res: null })
    assert.equal((await check(OUT, { id, approve: true }, { lang: 'en' })).msg, 'The order has already been approved')
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [3, 6])
    assert.deepEqual(await movementsOf('out_apply', id), moved)
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'approve'])

    // The product's stock in productList follows.
    const listed = (await post(`${INDEX}/productList`, { keyword: (await info(OUT, id)).items[0].product_name })).res
      .list[0]
    assert.equal(listed.stock, 9)
  })

  it('reversal puts the stock back, once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 7)]))
    assert.deepEqual(await check(OUT, { id, reverse: true }), {
      code: -6,
      msg: '该单据尚未审核通过，不能冲销',
      res: null,
    })
    assert.equal((await check(OUT, { id, approve: true })).code, 1)
    assert.equal(await stockOf(app, batches[0].id), 3)
    const reversed = await check(OUT, { id, reverse: true, reason: '领错了，已退回仓库' })
    assert.equal(reversed.code, 1, reversed.msg)
    assert.equal(reversed.res.status, 'reversed')
    assert.equal(reversed.res.reason, '领错了，已退回仓库')
    assert.equal(reversed.res.reversed_by, approver.accountId)
    assert.equal(reversed.res.reversed_by_name, '测试员工')
    assert.equal(reversed.res.checked_by, approver.accountId, 'the approval stays on record')
    assert.equal(await stockOf(app, batches[0].id), 10)
    assert.deepEqual(await check(OUT, { id, reverse: true }), {
      code: -6,
      msg: '该单据已冲销，不能重复冲销',
      res: null,
    })
    assert.deepEqual(await check(OUT, { id, approve: true }), {
      code: -6,
      msg: '该单据已冲销，不能再审核',
      res: null,
    })
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -6, msg: '该单据已冲销，不能删除', res: null })
    assert.equal(await stockOf(app, batches[0].id), 10)
    assert.deepEqual(
      (await movementsOf('out_apply', id)).map((m) => [m.delta, m.action]),
      [
        [-7, 'approve'],
        [7, 'reverse'],
      ],
    )
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'approve', 'reverse'])
  })

  it('approval fails with a message naming the row, product and batch, and changes nothing, when a batch lacks stock', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 5 },
        { expiresIn: 200, quantity: 5 },
      ],
    })
    const [a, b] = batches
    const big = await saved(`${OUT}/save`, general([row(productId, b.id, 2), row(productId, a.id, 5)]))
    const small = await saved(`${OUT}/save`, general([row(productId, a.id, 3)]))
    assert.equal((await check(OUT, { id: small, approve: true })).code, 1)
    const refused = await check(OUT, { id: big, approve: true })
    assert.deepEqual(refused, {
      code: -7,
      msg: `第 2 行 ${name}（批次 ${a.batchNo}）库存不足：需要 5，现有 2；本次未做任何出库`,
      res: null,
    })
    assert.equal(
      (await check(OUT, { id: big, approve: true }, { lang: 'en' })).msg,
      `Row 2: ${name} (batch ${a.batchNo}) has too little stock: 5 needed, 2 on hand. Nothing was taken out`,
    )
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [2, 5], 'row 1 was not taken either')
    assert.equal((await info(OUT, big)).status, 'pending')
    assert.deepEqual(await movementsOf('out_apply', big), [])
    assert.deepEqual(await auditOf('out_applies', big), ['create'])
    // Saving it again as it is is refused too (the stock is checked at save time), so the order is changed or rejected.
    assert.equal(
      (await post(`${OUT}/save`, { ...general([row(productId, b.id, 2), row(productId, a.id, 5)]), id: big })).msg,
      `物品明细第2行：数量超出库存：${name}（批次 ${a.batchNo}）仅剩 2`,
    )
  })

  it('approval refuses a batch that expired after the order was saved', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [{ expiresIn: 5, quantity: 5 }],
    })
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 1)]))
    const yesterday = addDays(today, -1)
    await app.db.update(stockBatches).set({ expiryDate: yesterday }).where(eq(stockBatches.id, batches[0].id))
    assert.deepEqual(await check(OUT, { id, approve: true }), {
      code: -7,
      msg: `第 1 行 ${name}（批次 ${batches[0].batchNo}）有效期至 ${yesterday}，已过期，不能出库；本次未做任何出库`,
      res: null,
    })
    assert.equal(await stockOf(app, batches[0].id), 5)
    const order = await info(OUT, id)
    assert.equal(order.items[0].expired, true)
  })

  it('rejection needs a reason and leaves the stock alone', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 2)]))
    assert.deepEqual(await check(OUT, { id, approve: false }), {
      code: -1,
      msg: '驳回时请输入原因',
      res: null,
    })
    assert.deepEqual(await check(OUT, { id, approve: false, reason: '   ' }), {
      code: -1,
      msg: '驳回时请输入原因',
      res: null,
    })
    assert.deepEqual(await check(OUT, { id }), { code: -1, msg: '请选择通过、驳回或冲销', res: null })
    assert.deepEqual(await check(OUT, { id, approve: true, reverse: true }), {
      code: -1,
      msg: '请选择通过、驳回或冲销',
      res: null,
    })
    const rejected = await check(OUT, { id, approve: false, reason: ' 本月已领取 ' })
    assert.equal(rejected.code, 1, rejected.msg)
    assert.deepEqual(
      [rejected.res.status, rejected.res.reason, rejected.res.checked_by],
      ['rejected', '本月已领取', approver.accountId],
    )
    assert.equal(await stockOf(app, batches[0].id), 5)
    assert.deepEqual(await movementsOf('out_apply', id), [])
    assert.deepEqual(await check(OUT, { id, reverse: true }), {
      code: -6,
      msg: '该单据已驳回，不能冲销',
      res: null,
    })
    assert.deepEqual(await check(OUT, { id, approve: true }), {
      code: -6,
      msg: '该单据已驳回，不能再审核',
      res: null,
    })
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, batches[0].id, 1)]), id }), {
      code: -6,
      msg: '该单据已驳回，不能修改',
      res: null,
    })
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'reject'])
    assert.deepEqual(await check(OUT, { id: 99_999_999, approve: true }), {
      code: -2,
      msg: '单据不存在或已删除',
      res: null,
    })
  })
})

describe('outApply/del', () => {
  it('deletes a pending order: gone from info and lists, kept in the table with who deleted it', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 2)], { remark: '待删除的出库单' }))
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: 1, msg: '成功', res: null })
    assert.deepEqual(await post(`${OUT}/info`, { id }), { code: -2, msg: '单据不存在或已删除', res: null })
    assert.deepEqual((await post(`${OUT}/index`, { keyword: '待删除的出库单' })).res, { list: [], total: 0 })
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -2, msg: '单据不存在或已删除', res: null })
    assert.deepEqual(await check(OUT, { id, approve: true }), {
      code: -2,
      msg: '单据不存在或已删除',
      res: null,
    })
    const edit = general([row(productId, batches[0].id, 1)], { id })
    assert.deepEqual(await post(`${OUT}/save`, edit), { code: -2, msg: '单据不存在或已删除', res: null })
    const [kept] = await app.db.select().from(outApplies).where(eq(outApplies.id, id))
    assert.equal(kept.deletedBy, site.accountId)
    assert.ok(kept.deletedAt instanceof Date)
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'delete'])
  })
})

describe('outApply/index', () => {
  let own: TestSite
  const ids: Record<string, number> = {}
  let product: Awaited<ReturnType<typeof addProduct>>

  before(async () => {
    // A site of its own: the totals below are exact.
    own = await addSite(app)
    const ownDepartments = (await call(app, `${INDEX}/departmentList`, {}, { token: own.token })).res
    const [giftType] = (await call(app, `${INDEX}/giftTypeList`, {}, { token: own.token })).res
    product = await addProduct(app, own.siteId, { name: '测试护理垫', batches: [{ expiresIn: 100, quantity: 50 }] })
    const items = (quantity: number) => [row(product.productId, product.batches[0].id, quantity)]
    const put = async (key: string, body: object) => {
      const reply = await call(app, `${OUT}/save`, body, { token: own.token })
      assert.equal(reply.code, 1, reply.msg)
      ids[key] = reply.res.id
    }
    await put('nursing', {
      type: 'general',
      department_id: ownDepartments[1].id,
      requester: '王芳',
      apply_date: addDays(today, -2),
      items: items(1),
    })
    await put('kitchen', {
      type: 'general',
      department_id: ownDepartments[2].id,
      requester: '张伟',
      apply_date: today,
      items: items(2),
    })
    await put('gift', {
      type: 'gift',
      customer_id: own.customers[1].id,
      gift_type_id: giftType.id,
      apply_date: addDays(today, -1),
      items: items(3),
    })
    const { token } = await approverOf(app, own)
    await call(app, `${OUT}/check`, { id: ids.kitchen, approve: true }, { token })
    await call(app, `${OUT}/check`, { id: ids.gift, approve: false, reason: '客户未到店' }, { token })
  })

  const find = async (body: object) => {
    const reply = await call(app, `${OUT}/index`, { limit: 100, ...body }, { token: own.token })
    assert.equal(reply.code, 1, reply.msg)
    return { ids: reply.res.list.map((item: { id: number }) => item.id), total: reply.res.total, list: reply.res.list }
  }

  it('lists the live orders of the site, latest date first, with what a list row shows', async () => {
    const all = await find({})
    assert.deepEqual(all.ids, [ids.kitchen, ids.gift, ids.nursing])
    assert.equal(all.total, 3)
    const [kitchen, gift] = all.list
    assert.deepEqual(Object.keys(kitchen).sort(), [
      'apply_date',
      'checked_at',
      'checked_by',
      'checked_by_name',
      'created_at',
      'created_by',
      'created_by_name',
      'customer_id',
      'customer_name',
      'department_id',
      'department_name',
      'gift_type_id',
      'gift_type_name',
      'id',
      'item_count',
      'items_summary',
      'may_approve',
      'no',
      'reason',
      'remark',
      'requester',
      'reversed_at',
      'reversed_by',
      'reversed_by_name',
      'room',
      'status',
      'total',
      'total_quantity',
      'type',
      'updated_at',
      'updated_by',
      'updated_by_name',
    ])
    assert.deepEqual(
      [
        kitchen.status,
        kitchen.department_name,
        kitchen.items_summary,
        kitchen.item_count,
        kitchen.total_quantity,
        kitchen.total,
      ],
      ['approved', '厨房', '测试护理垫 ×2', 1, 2, 20],
    )
    assert.deepEqual(
      [gift.status, gift.reason, gift.customer_name, gift.room, gift.gift_type_name],
      ['rejected', '客户未到店', own.customers[1].name, '802', '入住大礼包'],
    )
    const page2 = await find({ page: 2, limit: 2 })
    assert.deepEqual([page2.ids, page2.total], [[ids.nursing], 3])
  })

  it('filters by status, type, department, customer and date (both ends included)', async () => {
    assert.deepEqual((await find({ status: 'pending' })).ids, [ids.nursing])
    assert.deepEqual((await find({ status: 'approved' })).ids, [ids.kitchen])
    assert.deepEqual((await find({ status: 'reversed' })).ids, [])
    assert.deepEqual((await find({ type: 'gift' })).ids, [ids.gift])
    assert.deepEqual((await find({ type: 'general' })).ids, [ids.kitchen, ids.nursing])
    assert.deepEqual((await find({ customer_id: own.customers[1].id })).ids, [ids.gift])
    const nursing = (await find({})).list[2]
    assert.deepEqual((await find({ department_id: nursing.department_id })).ids, [ids.nursing])
    assert.deepEqual((await find({ date_from: addDays(today, -1) })).ids, [ids.kitchen, ids.gift])
    assert.deepEqual((await find({ date_from: addDays(today, -2), date_to: addDays(today, -1) })).ids, [
      ids.gift,
      ids.nursing,
    ])
    assert.deepEqual((await find({ date_to: addDays(today, -2) })).ids, [ids.nursing])
    assert.equal((await call(app, `${OUT}/index`, { status: 'done' }, { token: own.token })).code, -1)
  })

  it("finds orders by number, requester, department, product, gift type and the customer's name or room", async () => {
    const { list } = await find({})
    assert.deepEqual((await find({ keyword: list[0].no })).ids, [ids.kitchen])
    assert.deepEqual((await find({ keyword: '王芳' })).ids, [ids.nursing])
    assert.deepEqual((await find({ keyword: '厨房' })).ids, [ids.kitchen])
    assert.deepEqual((await find({ keyword: '护理垫' })).total, 3)
    assert.deepEqual((await find({ keyword: '大礼包' })).ids, [ids.gift])
    assert.deepEqual((await find({ keyword: own.customers[1].name })).ids, [ids.gift])
    // (A number holds digits of its date too: the room's orders are among those found.)
    assert.ok((await find({ keyword: own.customers[1].room })).ids.includes(ids.gift))
    assert.deepEqual((await find({ keyword: '护理垫', status: 'pending' })).ids, [ids.nursing])
  })
})
