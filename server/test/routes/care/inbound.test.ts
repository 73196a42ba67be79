import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { inboundOrders, sites, stockBatches } from '../../../src/db/schema.js'
import { addDays } from '../../../src/lib/dates.js'
import { addAccount, addProduct, call, login, stockOf } from '../../helpers.js'
import {
  app,
  approver,
  auditOf,
  BATCHES,
  check,
  general,
  INBOUND,
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

const STOCK = '/api/care/inoutstore'

/** A row of an inbound order: a batch of the product arriving, good for a year unless told. */
const arriving = (productId: number, batchNo: string, quantity: number, extra: object = {}) => ({
  product_id: productId,
  batch_no: batchNo,
  production_date: addDays(today, -10),
  expiry_date: addDays(today, 365),
  quantity,
  unit_cost: 8.5,
  ...extra,
})
const order = (items: object[], extra: object = {}) => ({ supplier: '母婴用品批发部', items, ...extra })

/** The product's batch of that number, if any. */
const batchOf = async (productId: number, batchNo: string) =>
  (
    await app.db
      .select({ id: stockBatches.id, quantity: stockBatches.quantity, expiry: stockBatches.expiryDate })
      .from(stockBatches)
      .where(and(eq(stockBatches.productId, productId), eq(stockBatches.batchNo, batchNo)))
  )[0]

describe('inbound/save', () => {
  it('saves an order: pending, numbered RK, dated today by default, nothing in stock yet', async () => {
    const { productId, name } = await addProduct(app, site.siteId)
    const before = await orderCount(inboundOrders)
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'B-001', 24)], { remark: '月初补货' }))
    const saved_ = await info(INBOUND, id)
    assert.match(saved_.no, new RegExp(`^RK${today.replaceAll('-', '')}-\\d{5}$`))
    assert.deepEqual(
      [saved_.status, saved_.supplier, saved_.inbound_date, saved_.remark, saved_.may_approve],
      ['pending', '母婴用品批发部', today, '月初补货', false],
    )
    assert.deepEqual(saved_.items, [
      {
        id: saved_.items[0].id,
        product_id: productId,
        product_name: name,
        spec: '测试规格',
        unit: '个',
        batch_id: null,
        batch_no: 'B-001',
        production_date: addDays(today, -10),
        expiry_date: addDays(today, 365),
        near_expiry: false,
        expired: false,
        available: null,
        quantity: 24,
        unit_cost: 8.5,
        subtotal: 204,
      },
    ])
    assert.deepEqual([saved_.total, saved_.items_summary], [204, `${name} ×24`])
    assert.equal(await batchOf(productId, 'B-001'), undefined, 'saving makes no batch')
    assert.equal(await orderCount(inboundOrders), before + 1)
    assert.deepEqual(await auditOf('inbound_orders', id), ['create'])
    // A retried save (same request_id) is saved once.
    const again = order([arriving(productId, 'B-002', 1)], { request_id: 'inbound-retry-1' })
    const first = await saved(`${INBOUND}/save`, again)
    assert.equal(await saved(`${INBOUND}/save`, again), first)
    assert.equal(await orderCount(inboundOrders), before + 2)
  })

  it('refuses bad input with a message naming the row and field, in Chinese and English, and writes nothing', async () => {
    const { productId } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const known = (await post(BATCHES, { product_id: productId })).res[0]
    const foreign = await addProduct(app, other.siteId)
    const before = await orderCount(inboundOrders)
    const cases: [object, string, string][] = [
      [order([]), '请选择物品明细', 'Please select Items'],
      [order([arriving(productId, 'X', 1)], { supplier: '' }), '请输入供应商', 'Please enter Supplier'],
      [
        order([arriving(productId, 'X', 1, { expiry_date: addDays(today, -1) })]),
        `物品明细第1行：有效期至早于今天（${today}），已过期的物品不能入库`,
        `Items row 1: Expiry date is before today (${today}): expired goods cannot be received`,
      ],
      [
        order([arriving(productId, 'X', 1, { production_date: addDays(today, 1) })]),
        `物品明细第1行：生产日期不能晚于今天（${today}）`,
        `Items row 1: Production date cannot be after today (${today})`,
      ],
      [order([arriving(productId, 'X', 1, { production_date: today, expiry_date: today })]), '', ''],
      [
        order([arriving(productId, 'X', 1, { production_date: addDays(today, -1), expiry_date: addDays(today, -2) })]),
        `物品明细第1行：有效期至早于今天（${today}），已过期的物品不能入库`,
        `Items row 1: Expiry date is before today (${today}): expired goods cannot be received`,
      ],
      [
        order([arriving(productId, 'X', 0)]),
        '物品明细第1行：数量不能小于1',
        'Items row 1: Quantity must be at least 1',
      ],
      [
        order([arriving(productId, 'X', 1, { unit_cost: -1 })]),
        '物品明细第1行：进价不能为负数',
        'Items row 1: Unit cost cannot be negative',
      ],
      [
        order([arriving(foreign.productId, 'X', 1)]),
        '物品明细第1行：物品的选项无效',
        'Items row 1: Item is not one of the options',
      ],
      [
        order([arriving(productId, known.batch_no, 1)]),
        `物品明细第1行：有效期至与已有批号 ${known.batch_no} 的有效期 ${known.expiry_date} 不同`,
        `Items row 1: Expiry date differs from batch ${known.batch_no}, which expires on ${known.expiry_date}`,
      ],
      [
        order([arriving(productId, 'Y', 1), arriving(productId, 'Y', 1, { expiry_date: addDays(today, 200) })]),
        `物品明细第2行：有效期至与已有批号 Y 的有效期 ${addDays(today, 365)} 不同`,
        `Items row 2: Expiry date differs from batch Y, which expires on ${addDays(today, 365)}`,
      ],
    ]
    for (const [body, zh, en] of cases) {
      const reply = await post(`${INBOUND}/save`, body)
      if (!zh) {
        // Made and expiring today is still good today.
        assert.equal(reply.code, 1, reply.msg)
        await post(`${INBOUND}/del`, { id: reply.res.id })
        continue
      }
      assert.deepEqual([reply.code, reply.msg], [-1, zh])
      assert.equal((await post(`${INBOUND}/save`, body, { lang: 'en' })).msg, en)
    }
    // Made after it expires (both past): both fields are named, each once.
    const both = order([
      arriving(productId, 'X', 1, { production_date: addDays(today, -1), expiry_date: addDays(today, -2) }),
    ])
    assert.deepEqual(
      (await post(`${INBOUND}/save`, both)).res.errors.map((e: { path: string; message: string }) => [
        e.path,
        e.message,
      ]),
      [
        ['items.0.expiry_date', `物品明细第1行：有效期至早于今天（${today}），已过期的物品不能入库`],
        ['items.0.production_date', `物品明细第1行：生产日期不能晚于有效期（${addDays(today, -2)}）`],
      ],
    )
    assert.equal(await orderCount(inboundOrders), before + 1, 'only the good one, deleted since')
  })
})

describe('inbound/check', () => {
  it('approval makes a new batch and tops up an existing one, one movement per item', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const existing = (await post(BATCHES, { product_id: productId })).res[0]
    const id = await saved(
      `${INBOUND}/save`,
      order([
        arriving(productId, 'NEW-1', 12),
        arriving(productId, existing.batch_no, 3, { expiry_date: existing.expiry_date }),
      ]),
    )
    const approved = await check(INBOUND, { id, approve: true })
    assert.equal(approved.code, 1, approved.msg)
    assert.deepEqual([approved.res.status, approved.res.checked_by], ['approved', approver.accountId])
    const made = await batchOf(productId, 'NEW-1')
    assert.deepEqual([made.quantity, made.expiry], [12, addDays(today, 365)])
    assert.equal(await stockOf(app, batches[0].id), 8)
    assert.deepEqual(
      approved.res.items.map((item: { batch_id: number; available: number }) => [item.batch_id, item.available]),
      [
        [made.id, 12],
        [batches[0].id, 8],
      ],
    )
    assert.deepEqual(await movementsOf('inbound', id), [
      { batchId: made.id, delta: 12, action: 'approve', by: approver.accountId },
      { batchId: batches[0].id, delta: 3, action: 'approve', by: approver.accountId },
    ])
    assert.deepEqual(await auditOf('inbound_orders', id), ['create', 'approve'])
    // The new batch can be chosen by outbound orders now.
    assert.ok((await post(BATCHES, { product_id: productId })).res.some((b: { id: number }) => b.id === made.id))
  })

  it('approval refuses a batch number that arrived meanwhile with another expiry date, and changes nothing', async () => {
    const { productId, name } = await addProduct(app, site.siteId)
    const first = await saved(`${INBOUND}/save`, order([arriving(productId, 'RACE-1', 2)]))
    const second = await saved(
      `${INBOUND}/save`,
      order([arriving(productId, 'OK-1', 1), arriving(productId, 'RACE-1', 2, { expiry_date: addDays(today, 90) })]),
    )
    assert.equal((await check(INBOUND, { id: first, approve: true })).code, 1)
    const refused = await check(INBOUND, { id: second, approve: true })
    assert.deepEqual(
      [refused.code, refused.msg],
      [
        -7,
        `第 2 行 ${name}（批次 RACE-1）已有有效期 ${addDays(today, 365)}，与本单的 ${addDays(today, 90)} 不同，不能入库；本次未做任何入库`,
      ],
    )
    assert.equal(await batchOf(productId, 'OK-1'), undefined, 'the batch the refused approval made is rolled back')
    assert.equal((await info(INBOUND, second)).status, 'pending')
    assert.deepEqual(await movementsOf('inbound', second), [])
  })

  it('reversal takes the quantities back out; refused, naming the row, when some has gone out since', async () => {
    const { productId, name } = await addProduct(app, site.siteId)
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'REV-1', 10)]))
    assert.equal((await check(INBOUND, { id, approve: true })).code, 1)
    const batch = await batchOf(productId, 'REV-1')
    const out = await saved(`${OUT}/save`, general([row(productId, batch.id, 4)]))
    assert.equal((await check(OUT, { id: out, approve: true })).code, 1)

    const refused = await check(INBOUND, { id, reverse: true, reason: '供应商退货' })
    assert.deepEqual(
      [refused.code, refused.msg],
      [-7, `第 1 行 ${name}（批次 REV-1）入库的 10 已有部分出库，现只剩 6，不能冲销；本次未做任何更改`],
    )
    assert.equal(
      (await check(INBOUND, { id, reverse: true }, { lang: 'en' })).msg,
      `Row 1: ${name} (batch REV-1) received 10, but only 6 is left: some has gone out, so the order cannot be reversed. Nothing was changed`,
    )
    assert.deepEqual([(await info(INBOUND, id)).status, await stockOf(app, batch.id)], ['approved', 6])

    // Once the outbound order is reversed, the stock is back and the inbound order can be reversed.
    assert.equal((await check(OUT, { id: out, reverse: true })).code, 1)
    const reversed = await check(INBOUND, { id, reverse: true, reason: '供应商退货' })
    assert.deepEqual([reversed.code, reversed.res.status, reversed.res.reason], [1, 'reversed', '供应商退货'])
    assert.equal(await stockOf(app, batch.id), 0)
    assert.deepEqual(
      (await movementsOf('inbound', id)).map((m) => [m.delta, m.action]),
      [
        [10, 'approve'],
        [-10, 'reverse'],
      ],
    )
    assert.deepEqual(await auditOf('inbound_orders', id), ['create', 'approve', 'reverse'])
  })

  it('needs the approve right; the maker may not check her own order unless the centre allows it', async () => {
    const { productId } = await addProduct(app, site.siteId)
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'EYES-1', 3)]))
    const staff = await addAccount(app, { siteIds: [site.siteId] })
    const token = await login(app, staff.account, staff.password)
    assert.deepEqual(await call(app, `${INBOUND}/check`, { id, approve: true }, { token }), {
      code: -5,
      msg: '您没有审核权限',
      res: null,
    })
    assert.deepEqual(await post(`${INBOUND}/check`, { id, approve: true }), {
      code: -5,
      msg: '您创建的单据需由其他有审核权限的同事审核',
      res: null,
    })
    assert.equal(await batchOf(productId, 'EYES-1'), undefined)
    await app.db.update(sites).set({ creatorMayApprove: true }).where(eq(sites.id, site.siteId))
    try {
      const deadline = Date.now() + 5_000
      while (!(await info(INBOUND, id)).may_approve && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20))
      const own = await post(`${INBOUND}/check`, { id, approve: true })
      assert.deepEqual([own.code, own.res.checked_by], [1, site.accountId])
    } finally {
      await app.db.update(sites).set({ creatorMayApprove: false }).where(eq(sites.id, site.siteId))
    }
  })

  it('keeps to the site: another site neither reads, changes nor checks its orders', async () => {
    const { productId } = await addProduct(app, site.siteId)
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'SCOPE-1', 3)]))
    const theirs = (url: string, body: object) => call(app, `${INBOUND}/${url}`, body, { token: other.token })
    assert.equal((await theirs('info', { id })).code, -2)
    assert.equal((await theirs('del', { id })).code, -2)
    assert.equal((await theirs('save', { id, ...order([arriving(productId, 'S', 1)]) })).code, -2)
    assert.equal(
      (await theirs('index', { limit: 100 })).res.list.some((o: { id: number }) => o.id === id),
      false,
    )
    assert.equal((await info(INBOUND, id)).items[0].batch_no, 'SCOPE-1')
  })
})

describe('inbound/index and del', () => {
  it('lists by date, status and keyword (number, supplier, product, batch number); deletes only a pending order', async () => {
    const { productId, name } = await addProduct(app, site.siteId)
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'LIST-77', 2)], { supplier: '康宝供应链' }))
    const no = (await info(INBOUND, id)).no
    for (const keyword of [no, '康宝', name, 'LIST-77']) {
      const found = (await post(`${INBOUND}/index`, { keyword, limit: 100 })).res.list
      assert.deepEqual(
        found.map((o: { id: number }) => o.id),
        [id],
        keyword,
      )
    }
    const listed = (await post(`${INBOUND}/index`, { status: 'pending', date_from: today, date_to: today, limit: 100 }))
      .res.list
    assert.ok(listed.some((o: { id: number; total: number }) => o.id === id && o.total === 17))
    assert.equal((await check(INBOUND, { id, approve: true })).code, 1)
    assert.deepEqual(await post(`${INBOUND}/del`, { id }), { code: -6, msg: '该单据已审核通过，不能删除', res: null })
  })
})

describe('the stock page', () => {
  it("shows a product's quantity on hand, its batches marked near expiry or expired, and each batch's movements", async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 10, quantity: 4 },
        { expiresIn: -3, quantity: 2 },
      ],
    })
    const id = await saved(`${INBOUND}/save`, order([arriving(productId, 'PAGE-1', 6)]))
    assert.equal((await check(INBOUND, { id, approve: true })).code, 1)
    const made = await batchOf(productId, 'PAGE-1')
    const out = await saved(`${OUT}/save`, general([row(productId, made.id, 2)]))
    assert.equal((await check(OUT, { id: out, approve: true })).code, 1)

    const level = (await post(`${STOCK}/stock`, { keyword: '测试', limit: 100 })).res.list.find(
      (p: { product_id: number }) => p.product_id === productId,
    )
    assert.deepEqual([level.on_hand, level.expired, level.near_expiry], [10, 2, 4])
    const listed = (await post(`${STOCK}/stockBatches`, { product_id: productId })).res
    assert.deepEqual(
      listed.map((b: { id: number; quantity: number; near_expiry: boolean; expired: boolean }) => [
        b.id,
        b.quantity,
        b.near_expiry,
        b.expired,
      ]),
      [
        [batches[1].id, 2, false, true],
        [batches[0].id, 4, true, false],
        [made.id, 4, false, false],
      ],
    )
    const moves = (await post(`${STOCK}/batchMovements`, { batch_id: made.id })).res
    const outNo = (await info(OUT, out)).no
    const inNo = (await info(INBOUND, id)).no
    assert.equal(moves.total, 2)
    assert.deepEqual(
      moves.list.map((m: Record<string, unknown>) => [
        m.delta,
        m.order_kind,
        m.order_id,
        m.order_type,
        m.order_no,
        m.order_date,
        m.by_name,
      ]),
      [
        [-2, 'out_apply', out, 'general', outNo, today, '测试员工'],
        [6, 'inbound', id, null, inNo, today, '测试员工'],
      ],
    )
    // Another site's product and batch are not found.
    assert.equal((await call(app, `${STOCK}/stockBatches`, { product_id: productId }, { token: other.token })).code, -2)
    const theirs = await call(app, `${STOCK}/batchMovements`, { batch_id: made.id }, { token: other.token })
    assert.deepEqual([theirs.code, theirs.msg], [-2, '批次不存在'])
    const theirStock = (await call(app, `${STOCK}/stock`, { limit: 100 }, { token: other.token })).res.list
    assert.equal(
      theirStock.some((p: { product_id: number }) => p.product_id === productId),
      false,
    )
  })
})
