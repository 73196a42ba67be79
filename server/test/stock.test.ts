import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, outApplies, specialCares, stockBatches, stockMovements } from '../src/db/schema.js';
import { addDays, DEFAULT_ZONE, siteToday } from '../src/lib/dates.js';
import { SIGNATURE } from './formSamples.js';
import { addAccount, addProduct, addSite, call, login, startApp, stockOf, type TestSite } from './helpers.js';

const INDEX = '/api/care/index';
const BATCHES = '/api/care/inoutstore/getProductBatch';
const OUT = '/api/care/outApply';
const CARE = '/api/care/specialCare';

let app: FastifyInstance;
let site: TestSite;
/** Another site: its departments, customers and products are not ours. */
let other: TestSite;
let departments: { id: number; name: string }[];
const today = siteToday(DEFAULT_ZONE);

before(async () => {
  app = await startApp();
  [site, other] = [await addSite(app), await addSite(app)];
  departments = (await call(app, `${INDEX}/departmentList`, {}, { token: site.token })).res;
});
after(() => app.close());

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  call(app, url, body, { token: site.token, ...headers });

/** Saves and answers the new id, failing the test on a refusal. */
async function saved(url: string, body: object): Promise<number> {
  const reply = await post(url, body);
  assert.equal(reply.code, 1, reply.msg);
  return reply.res.id;
}

const row = (productId: number, batchId: number, quantity: number) => ({ product_id: productId, batch_id: batchId, quantity });
const general = (items: object[], extra: object = {}) => ({
  type: 'general',
  department_id: departments[0].id,
  requester: '护士长王芳',
  items,
  ...extra,
});
const info = async (url: string, id: number) => (await post(`${url}/info`, { id })).res;

const movementsOf = (kind: 'out_apply' | 'special_care', orderId: number) =>
  app.db
    .select({ batchId: stockMovements.batchId, delta: stockMovements.delta, action: stockMovements.action, by: stockMovements.by })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderKind, kind), eq(stockMovements.orderId, orderId)))
    .orderBy(asc(stockMovements.id));

const auditOf = async (entity: string, id: number) =>
  (
    await app.db
      .select({ action: auditLog.action, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((entry) => {
    assert.equal(entry.accountId, site.accountId);
    return entry.action;
  });

const orderCount = async (table: typeof outApplies | typeof specialCares) =>
  (await app.db.select({ n: count() }).from(table).where(eq(table.siteId, site.siteId)))[0].n;

describe('the stock lists', () => {
  it('productList: the products of the site, each with the stock of its unexpired batches', async () => {
    const { productId } = await addProduct(app, site.siteId, {
      name: '测试纸巾',
      price: '12.50',
      batches: [
        { expiresIn: -1, quantity: 7 },
        { expiresIn: 0, quantity: 3 },
        { expiresIn: 90, quantity: 20 },
      ],
    });
    const found = await post(`${INDEX}/productList`, { keyword: '测试纸巾' });
    assert.deepEqual(found, {
      code: 1,
      msg: '成功',
      res: { list: [{ id: productId, name: '测试纸巾', spec: '测试规格', unit: '个', price: 12.5, category: '测试', stock: 23 }], total: 1 },
    });

    const all = await post(`${INDEX}/productList`, { limit: 100 });
    assert.ok(all.res.total >= 47);
    assert.ok(new Set(all.res.list.map((p: { category: string }) => p.category)).has('产妇护理'));
    const nutrition = await post(`${INDEX}/productList`, { category: '营养品', limit: 100 });
    assert.equal(nutrition.res.total, 10);
    assert.ok(nutrition.res.list.every((p: { category: string }) => p.category === '营养品'));
    const [page1, page2] = [await post(`${INDEX}/productList`, { limit: 5 }), await post(`${INDEX}/productList`, { page: 2, limit: 5 })];
    assert.deepEqual(page2.res.list.map((p: { id: number }) => p.id), all.res.list.slice(5, 10).map((p: { id: number }) => p.id));
    assert.equal(page1.res.total, all.res.total);
    assert.equal((await post(`${INDEX}/productList`, { limit: 101 })).msg, 'limit 不能大于 100');
  });

  it('productPackageList and giftTypeList: three gift packs, each a package of products', async () => {
    const packages = (await post(`${INDEX}/productPackageList`, {})).res;
    assert.deepEqual(packages.map((p: { name: string }) => p.name), ['入住礼包（标准）', '入住礼包（尊享）', '出院礼包']);
    const [standard] = packages;
    assert.equal(standard.items.length, 7);
    assert.deepEqual(Object.keys(standard.items[0]).sort(), ['price', 'product_id', 'product_name', 'quantity', 'spec', 'unit']);
    assert.deepEqual(standard.items[0], {
      product_id: standard.items[0].product_id,
      product_name: '婴儿纸尿裤',
      spec: 'NB码 84片',
      unit: '包',
      price: 139,
      quantity: 2,
    });
    const giftTypes = (await post(`${INDEX}/giftTypeList`, {})).res;
    assert.deepEqual(
      giftTypes.map((g: { name: string; package_id: number }) => [g.name, g.package_id]),
      [['入住大礼包', packages[0].id], ['尊享大礼包', packages[1].id], ['出院礼包', packages[2].id]],
    );
  });

  it('getProductBatch: batches in stock and not expired, earliest expiry first, those within 30 days flagged', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 200, quantity: 9 },
        { expiresIn: -1, quantity: 5 },
        { expiresIn: 20, quantity: 4 },
        { expiresIn: 10, quantity: 0 },
        { expiresIn: 0, quantity: 3 },
        { expiresIn: 31, quantity: 2 },
      ],
    });
    const reply = await post(BATCHES, { product_id: productId });
    assert.equal(reply.code, 1);
    const [far, , near, , lastDay, justOver] = batches;
    assert.deepEqual(
      reply.res.map((b: { id: number; quantity: number; near_expiry: boolean }) => [b.id, b.quantity, b.near_expiry]),
      [[lastDay.id, 3, true], [near.id, 4, true], [justOver.id, 2, false], [far.id, 9, false]],
    );
    assert.deepEqual(reply.res[0], {
      id: lastDay.id,
      product_id: productId,
      batch_no: lastDay.batchNo,
      production_date: addDays(today, -400),
      expiry_date: today,
      quantity: 3,
      near_expiry: true,
    });
    assert.deepEqual(await post(BATCHES, { product_id: 99_999_999 }), { code: -2, msg: '物品不存在', res: null });
    assert.equal((await post(BATCHES, {})).msg, 'product_id 不能为空');
  });
});

describe('outApply/save', () => {
  it('saves a general order: pending, numbered, by default requested by the staff member for today', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const before = await orderCount(outApplies);
    const id = await saved(`${OUT}/save`, { type: 'general', department_id: departments[1].id, items: [row(productId, batches[0].id, 4)] });
    const order = await info(OUT, id);
    assert.match(order.no, new RegExp(`^CK${today.replaceAll('-', '')}-\\d{5}$`));
    assert.equal(order.status, 'pending');
    assert.equal(order.type, 'general');
    assert.equal(order.department_id, departments[1].id);
    assert.equal(order.department_name, departments[1].name);
    assert.equal(order.requester, '测试员工');
    assert.equal(order.apply_date, today);
    assert.equal(order.customer_id, null);
    assert.equal(order.created_by, site.accountId);
    assert.equal(order.created_by_name, '测试员工');
    assert.equal(order.checked_at, null);
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
    ]);
    assert.equal(order.items_summary, `${name} ×4`);
    assert.equal(order.total, 40);
    assert.equal(await stockOf(app, batches[0].id), 10, 'saving takes no stock');
    assert.equal(await orderCount(outApplies), before + 1);
    assert.deepEqual(await auditOf('out_applies', id), ['create']);
  });

  it('refuses what the form or the stock does not allow, naming the field, and writes nothing', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 10 },
        { expiresIn: -2, quantity: 10 },
      ],
    });
    const [good, expired] = batches;
    const another = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const foreign = await addProduct(app, other.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const foreignDepartment = (await call(app, `${INDEX}/departmentList`, {}, { token: other.token })).res[0].id;
    const before = await orderCount(outApplies);
    const cases: [object, string][] = [
      [{ ...general([row(productId, good.id, 1)]), department_id: undefined }, '请填写领用部门'],
      [general([]), '请填写物品明细'],
      [general([row(productId, good.id, 0)]), '物品明细第1行：数量不能小于1'],
      [general([row(productId, good.id, 1.5)]), '物品明细第1行：数量最多保留0位小数'],
      [general([{ product_id: productId, quantity: 1 }]), '物品明细第1行：请填写批次'],
      [general([row(productId, good.id, 11)]), `物品明细第1行：数量超出库存：${name}（批次 ${good.batchNo}）仅剩 10`],
      [general([row(productId, good.id, 6), row(productId, good.id, 5)]), `物品明细第2行：数量超出库存：${name}（批次 ${good.batchNo}）仅剩 10`],
      [general([row(productId, expired.id, 1)]), `物品明细第1行：批次已过期：${name}（批次 ${expired.batchNo}）有效期至 ${addDays(today, -2)}`],
      [general([row(another.productId, good.id, 1)]), '物品明细第1行：批次的选项无效'],
      [general([row(foreign.productId, foreign.batches[0].id, 1)]), '物品明细第1行：物品的选项无效'],
      [general([row(productId, good.id, 1)], { department_id: foreignDepartment }), '领用部门的选项无效'],
      [general([row(productId, good.id, 1)], { customer_id: site.customers[0].id }), '不认识的字段客户'],
      [general([row(productId, good.id, 1)], { apply_date: '2026-02-30' }), '出库日期格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const reply = await post(`${OUT}/save`, body);
      assert.equal(reply.code, -1, msg);
      assert.equal(reply.msg, msg);
      assert.equal(reply.res.errors[0].message, msg);
    }
    const english = await post(`${OUT}/save`, general([row(productId, good.id, 11)]), { lang: 'en' });
    assert.equal(english.msg, `Items row 1: Quantity is more than the stock: ${name} (batch ${good.batchNo}) has 10 left`);
    assert.equal(english.res.errors[0].path, 'items.0.quantity');
    assert.equal((await post(`${OUT}/save`, { ...general([]), type: 'other' })).code, -1);
    assert.equal(await orderCount(outApplies), before);
  });

  it("saves a gift pack for a customer of the site, with its gift type", async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const [giftType] = (await post(`${INDEX}/giftTypeList`, {})).res;
    const customer = site.customers[1];
    const body = { type: 'gift', customer_id: customer.id, gift_type_id: giftType.id, items: [row(productId, batches[0].id, 2)], remark: '入住当天领取' };
    const id = await saved(`${OUT}/save`, body);
    const order = await info(OUT, id);
    assert.match(order.no, /^LB\d{8}-\d{5}$/);
    assert.deepEqual(
      [order.type, order.customer_id, order.customer_name, order.room, order.gift_type_id, order.gift_type_name, order.remark, order.requester],
      ['gift', customer.id, customer.name, customer.room, giftType.id, '入住大礼包', '入住当天领取', ''],
    );
    assert.equal((await post(`${OUT}/save`, { ...body, gift_type_id: undefined })).msg, '请填写礼包类型');
    assert.equal((await post(`${OUT}/save`, { ...body, customer_id: undefined })).msg, '请填写客户');
    assert.equal((await post(`${OUT}/save`, { ...body, department_id: departments[0].id })).msg, '不认识的字段领用部门');
    const foreignGift = (await call(app, `${INDEX}/giftTypeList`, {}, { token: other.token })).res[0].id;
    assert.equal((await post(`${OUT}/save`, { ...body, gift_type_id: foreignGift })).msg, '礼包类型的选项无效');
    assert.deepEqual(await post(`${OUT}/save`, { ...body, customer_id: other.customers[0].id }), { code: -2, msg: '客户不存在', res: null });
  });

  it('changes a pending order, its items replaced, its number kept; not its type', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 10 },
        { expiresIn: 200, quantity: 10 },
      ],
    });
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 1), row(productId, batches[1].id, 1)]));
    const first = await info(OUT, id);
    const edited = await post(`${OUT}/save`, { ...general([row(productId, batches[1].id, 5)]), id, requester: '育婴师李娜', remark: '改为 5 个' });
    assert.deepEqual(edited, { code: 1, msg: '成功', res: { id } });
    const order = await info(OUT, id);
    assert.equal(order.no, first.no);
    assert.equal(order.requester, '育婴师李娜');
    assert.equal(order.remark, '改为 5 个');
    assert.deepEqual(order.items.map((i: { batch_id: number; quantity: number }) => [i.batch_id, i.quantity]), [[batches[1].id, 5]]);
    assert.equal(order.items_summary.endsWith('×5'), true);
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'update']);
    const gift = { type: 'gift', customer_id: site.customers[0].id, gift_type_id: 1, items: [row(productId, batches[0].id, 1)], id };
    assert.deepEqual(await post(`${OUT}/save`, gift), { code: -1, msg: '单据的类型不能修改', res: null });
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, batches[0].id, 1)]), id: 99_999_999 }), {
      code: -2,
      msg: '单据不存在或已删除',
      res: null,
    });
  });

  it('saves a retried order (same request_id) once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const body = { ...general([row(productId, batches[0].id, 1)]), request_id: `req-${productId}` };
    const before = await orderCount(outApplies);
    const [a, b] = await Promise.all([post(`${OUT}/save`, body), post(`${OUT}/save`, body)]);
    assert.equal(a.code, 1);
    assert.deepEqual(b, a);
    assert.deepEqual(await post(`${OUT}/save`, body), a);
    assert.equal(await orderCount(outApplies), before + 1);
  });
});

describe('outApply/check', () => {
  it('approval takes the quantities out of their batches exactly once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 20, quantity: 10 },
        { expiresIn: 200, quantity: 8 },
      ],
    });
    const [a, b] = batches;
    const id = await saved(`${OUT}/save`, general([row(productId, a.id, 3), row(productId, b.id, 2), row(productId, a.id, 4)]));
    const approved = await post(`${OUT}/check`, { id, approve: true });
    assert.equal(approved.code, 1, approved.msg);
    assert.equal(approved.res.id, id);
    assert.equal(approved.res.status, 'approved');
    assert.equal(approved.res.checked_by, site.accountId);
    assert.equal(approved.res.checked_by_name, '测试员工');
    assert.ok(Math.abs(Date.parse(approved.res.checked_at) - Date.now()) < 60_000);
    assert.deepEqual(approved.res.items.map((i: { available: number }) => i.available), [3, 6, 3]);
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [3, 6]);
    const moved = [
      { batchId: a.id, delta: -3, action: 'approve', by: site.accountId },
      { batchId: b.id, delta: -2, action: 'approve', by: site.accountId },
      { batchId: a.id, delta: -4, action: 'approve', by: site.accountId },
    ];
    assert.deepEqual(await movementsOf('out_apply', id), moved);

    // Nothing moves a second time, and an approved order is closed to changes.
    const again = { code: -6, msg: '该单据已审核通过，不能重复审核', res: null };
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true }), again);
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: false, reason: '重复' }), again);
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, a.id, 1)]), id }), { code: -6, msg: '该单据已审核通过，不能修改', res: null });
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -6, msg: '该单据已审核通过，不能删除', res: null });
    assert.equal((await post(`${OUT}/check`, { id, approve: true }, { lang: 'en' })).msg, 'The order has already been approved');
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [3, 6]);
    assert.deepEqual(await movementsOf('out_apply', id), moved);
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'approve']);

    // The product's stock in productList follows.
    const listed = (await post(`${INDEX}/productList`, { keyword: (await info(OUT, id)).items[0].product_name })).res.list[0];
    assert.equal(listed.stock, 9);
  });

  it('reversal puts the stock back, once', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 7)]));
    assert.deepEqual(await post(`${OUT}/check`, { id, reverse: true }), { code: -6, msg: '该单据尚未审核通过，不能冲销', res: null });
    assert.equal((await post(`${OUT}/check`, { id, approve: true })).code, 1);
    assert.equal(await stockOf(app, batches[0].id), 3);
    const reversed = await post(`${OUT}/check`, { id, reverse: true, reason: '领错了，已退回仓库' });
    assert.equal(reversed.code, 1, reversed.msg);
    assert.equal(reversed.res.status, 'reversed');
    assert.equal(reversed.res.reason, '领错了，已退回仓库');
    assert.equal(reversed.res.reversed_by, site.accountId);
    assert.equal(reversed.res.reversed_by_name, '测试员工');
    assert.equal(reversed.res.checked_by, site.accountId, 'the approval stays on record');
    assert.equal(await stockOf(app, batches[0].id), 10);
    assert.deepEqual(await post(`${OUT}/check`, { id, reverse: true }), { code: -6, msg: '该单据已冲销，不能重复冲销', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true }), { code: -6, msg: '该单据已冲销，不能再审核', res: null });
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -6, msg: '该单据已冲销，不能删除', res: null });
    assert.equal(await stockOf(app, batches[0].id), 10);
    assert.deepEqual(
      (await movementsOf('out_apply', id)).map((m) => [m.delta, m.action]),
      [[-7, 'approve'], [7, 'reverse']],
    );
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'approve', 'reverse']);
  });

  it('approval fails with a message naming the row, product and batch, and changes nothing, when a batch lacks stock', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 100, quantity: 5 },
        { expiresIn: 200, quantity: 5 },
      ],
    });
    const [a, b] = batches;
    const big = await saved(`${OUT}/save`, general([row(productId, b.id, 2), row(productId, a.id, 5)]));
    const small = await saved(`${OUT}/save`, general([row(productId, a.id, 3)]));
    assert.equal((await post(`${OUT}/check`, { id: small, approve: true })).code, 1);
    const refused = await post(`${OUT}/check`, { id: big, approve: true });
    assert.deepEqual(refused, {
      code: -7,
      msg: `第 2 行 ${name}（批次 ${a.batchNo}）库存不足：需要 5，现有 2；本次未做任何出库`,
      res: null,
    });
    assert.equal(
      (await post(`${OUT}/check`, { id: big, approve: true }, { lang: 'en' })).msg,
      `Row 2: ${name} (batch ${a.batchNo}) has too little stock: 5 needed, 2 on hand. Nothing was taken out`,
    );
    assert.deepEqual([await stockOf(app, a.id), await stockOf(app, b.id)], [2, 5], 'row 1 was not taken either');
    assert.equal((await info(OUT, big)).status, 'pending');
    assert.deepEqual(await movementsOf('out_apply', big), []);
    assert.deepEqual(await auditOf('out_applies', big), ['create']);
    // Saving it again as it is is refused too (the stock is checked at save time), so the order is changed or rejected.
    assert.equal(
      (await post(`${OUT}/save`, { ...general([row(productId, b.id, 2), row(productId, a.id, 5)]), id: big })).msg,
      `物品明细第2行：数量超出库存：${name}（批次 ${a.batchNo}）仅剩 2`,
    );
  });

  it('approval refuses a batch that expired after the order was saved', async () => {
    const { productId, name, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 5, quantity: 5 }] });
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 1)]));
    const yesterday = addDays(today, -1);
    await app.db.update(stockBatches).set({ expiryDate: yesterday }).where(eq(stockBatches.id, batches[0].id));
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true }), {
      code: -7,
      msg: `第 1 行 ${name}（批次 ${batches[0].batchNo}）有效期至 ${yesterday}，已过期，不能出库；本次未做任何出库`,
      res: null,
    });
    assert.equal(await stockOf(app, batches[0].id), 5);
    const order = await info(OUT, id);
    assert.equal(order.items[0].expired, true);
  });

  it('rejection needs a reason and leaves the stock alone', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] });
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 2)]));
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: false }), { code: -1, msg: '驳回时请填写原因', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: false, reason: '   ' }), { code: -1, msg: '驳回时请填写原因', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id }), { code: -1, msg: '请选择通过、驳回或冲销', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true, reverse: true }), { code: -1, msg: '请选择通过、驳回或冲销', res: null });
    const rejected = await post(`${OUT}/check`, { id, approve: false, reason: ' 本月已领取 ' });
    assert.equal(rejected.code, 1, rejected.msg);
    assert.deepEqual([rejected.res.status, rejected.res.reason, rejected.res.checked_by], ['rejected', '本月已领取', site.accountId]);
    assert.equal(await stockOf(app, batches[0].id), 5);
    assert.deepEqual(await movementsOf('out_apply', id), []);
    assert.deepEqual(await post(`${OUT}/check`, { id, reverse: true }), { code: -6, msg: '该单据已驳回，不能冲销', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true }), { code: -6, msg: '该单据已驳回，不能再审核', res: null });
    assert.deepEqual(await post(`${OUT}/save`, { ...general([row(productId, batches[0].id, 1)]), id }), { code: -6, msg: '该单据已驳回，不能修改', res: null });
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'reject']);
    assert.deepEqual(await post(`${OUT}/check`, { id: 99_999_999, approve: true }), { code: -2, msg: '单据不存在或已删除', res: null });
  });
});

describe('check needs the permission to approve', () => {
  const notAllowed = { code: -5, msg: '您没有审核权限', res: null };

  for (const [url, kind, table] of [[OUT, 'out_apply', 'out_applies'], [CARE, 'special_care', 'special_cares']] as const) {
    it(`${url}/check: a staff member without it cannot approve, reject or reverse, and nothing changes`, async () => {
      const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] });
      const items = [{ ...row(productId, batches[0].id, 4), ...(url === CARE ? { price: 1 } : {}) }];
      const body = url === OUT ? general(items) : { customer_id: site.customers[0].id, items };
      const [pending, approved] = [await saved(`${url}/save`, body), await saved(`${url}/save`, body)];
      assert.equal((await post(`${url}/check`, { id: approved, approve: true })).code, 1);
      const before = {
        orders: [await info(url, pending), await info(url, approved)],
        stock: await stockOf(app, batches[0].id),
        movements: [await movementsOf(kind, pending), await movementsOf(kind, approved)],
        audit: [await auditOf(table, pending), await auditOf(table, approved)],
      };
      assert.equal(before.stock, 6);

      const staff = await addAccount(app, { siteIds: [site.siteId] });
      const token = await login(app, staff.account, staff.password);
      assert.equal((await call(app, '/api/care/account/info', {}, { token })).res.can_approve, false);
      const theirs = (body: object, headers: Record<string, string> = {}) => call(app, `${url}/check`, body, { token, ...headers });
      assert.deepEqual(await theirs({ id: pending, approve: true }), notAllowed);
      assert.deepEqual(await theirs({ id: pending, approve: false, reason: '不需要' }), notAllowed);
      assert.deepEqual(await theirs({ id: approved, reverse: true, reason: '领错了' }), notAllowed);
      assert.equal((await theirs({ id: pending, approve: true }, { lang: 'en' })).msg, 'You are not allowed to approve orders');
      assert.deepEqual(
        {
          orders: [await info(url, pending), await info(url, approved)],
          stock: await stockOf(app, batches[0].id),
          movements: [await movementsOf(kind, pending), await movementsOf(kind, approved)],
          audit: [await auditOf(table, pending), await auditOf(table, approved)],
        },
        before,
      );

      // Deleting a pending order stays open to every staff member.
      assert.deepEqual(await call(app, `${url}/del`, { id: pending }, { token }), { code: 1, msg: '成功', res: null });
    });
  }
});

describe('outApply/del', () => {
  it('deletes a pending order: gone from info and lists, kept in the table with who deleted it', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] });
    const id = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 2)], { remark: '待删除的出库单' }));
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: 1, msg: '成功', res: null });
    assert.deepEqual(await post(`${OUT}/info`, { id }), { code: -2, msg: '单据不存在或已删除', res: null });
    assert.deepEqual((await post(`${OUT}/index`, { keyword: '待删除的出库单' })).res, { list: [], total: 0 });
    assert.deepEqual(await post(`${OUT}/del`, { id }), { code: -2, msg: '单据不存在或已删除', res: null });
    assert.deepEqual(await post(`${OUT}/check`, { id, approve: true }), { code: -2, msg: '单据不存在或已删除', res: null });
    const [kept] = await app.db.select().from(outApplies).where(eq(outApplies.id, id));
    assert.equal(kept.deletedBy, site.accountId);
    assert.ok(kept.deletedAt instanceof Date);
    assert.deepEqual(await auditOf('out_applies', id), ['create', 'delete']);
  });
});

describe('outApply/index', () => {
  let own: TestSite;
  const ids: Record<string, number> = {};
  let product: Awaited<ReturnType<typeof addProduct>>;

  before(async () => {
    // A site of its own: the totals below are exact.
    own = await addSite(app);
    const ownDepartments = (await call(app, `${INDEX}/departmentList`, {}, { token: own.token })).res;
    const [giftType] = (await call(app, `${INDEX}/giftTypeList`, {}, { token: own.token })).res;
    product = await addProduct(app, own.siteId, { name: '测试护理垫', batches: [{ expiresIn: 100, quantity: 50 }] });
    const items = (quantity: number) => [row(product.productId, product.batches[0].id, quantity)];
    const put = async (key: string, body: object) => {
      const reply = await call(app, `${OUT}/save`, body, { token: own.token });
      assert.equal(reply.code, 1, reply.msg);
      ids[key] = reply.res.id;
    };
    await put('nursing', { type: 'general', department_id: ownDepartments[1].id, requester: '王芳', apply_date: addDays(today, -2), items: items(1) });
    await put('kitchen', { type: 'general', department_id: ownDepartments[2].id, requester: '张伟', apply_date: today, items: items(2) });
    await put('gift', { type: 'gift', customer_id: own.customers[1].id, gift_type_id: giftType.id, apply_date: addDays(today, -1), items: items(3) });
    await call(app, `${OUT}/check`, { id: ids.kitchen, approve: true }, { token: own.token });
    await call(app, `${OUT}/check`, { id: ids.gift, approve: false, reason: '客户未到店' }, { token: own.token });
  });

  const find = async (body: object) => {
    const reply = await call(app, `${OUT}/index`, { limit: 100, ...body }, { token: own.token });
    assert.equal(reply.code, 1, reply.msg);
    return { ids: reply.res.list.map((item: { id: number }) => item.id), total: reply.res.total, list: reply.res.list };
  };

  it('lists the live orders of the site, latest date first, with what a list row shows', async () => {
    const all = await find({});
    assert.deepEqual(all.ids, [ids.kitchen, ids.gift, ids.nursing]);
    assert.equal(all.total, 3);
    const [kitchen, gift] = all.list;
    assert.deepEqual(Object.keys(kitchen).sort(), [
      'apply_date', 'checked_at', 'checked_by', 'checked_by_name', 'created_at', 'created_by', 'created_by_name', 'customer_id',
      'customer_name', 'department_id', 'department_name', 'gift_type_id', 'gift_type_name', 'id', 'item_count', 'items_summary',
      'no', 'reason', 'remark', 'requester', 'reversed_at', 'reversed_by', 'reversed_by_name', 'room', 'status', 'total',
      'total_quantity', 'type', 'updated_at', 'updated_by', 'updated_by_name',
    ]);
    assert.deepEqual(
      [kitchen.status, kitchen.department_name, kitchen.items_summary, kitchen.item_count, kitchen.total_quantity, kitchen.total],
      ['approved', '厨房', '测试护理垫 ×2', 1, 2, 20],
    );
    assert.deepEqual(
      [gift.status, gift.reason, gift.customer_name, gift.room, gift.gift_type_name],
      ['rejected', '客户未到店', own.customers[1].name, '802', '入住大礼包'],
    );
    const page2 = await find({ page: 2, limit: 2 });
    assert.deepEqual([page2.ids, page2.total], [[ids.nursing], 3]);
  });

  it('filters by status, type, department, customer and date (both ends included)', async () => {
    assert.deepEqual((await find({ status: 'pending' })).ids, [ids.nursing]);
    assert.deepEqual((await find({ status: 'approved' })).ids, [ids.kitchen]);
    assert.deepEqual((await find({ status: 'reversed' })).ids, []);
    assert.deepEqual((await find({ type: 'gift' })).ids, [ids.gift]);
    assert.deepEqual((await find({ type: 'general' })).ids, [ids.kitchen, ids.nursing]);
    assert.deepEqual((await find({ customer_id: own.customers[1].id })).ids, [ids.gift]);
    const nursing = (await find({})).list[2];
    assert.deepEqual((await find({ department_id: nursing.department_id })).ids, [ids.nursing]);
    assert.deepEqual((await find({ date_from: addDays(today, -1) })).ids, [ids.kitchen, ids.gift]);
    assert.deepEqual((await find({ date_from: addDays(today, -2), date_to: addDays(today, -1) })).ids, [ids.gift, ids.nursing]);
    assert.deepEqual((await find({ date_to: addDays(today, -2) })).ids, [ids.nursing]);
    assert.equal((await call(app, `${OUT}/index`, { status: 'done' }, { token: own.token })).code, -1);
  });

  it("finds orders by number, requester, department, product, gift type and the customer's name or room", async () => {
    const { list } = await find({});
    assert.deepEqual((await find({ keyword: list[0].no })).ids, [ids.kitchen]);
    assert.deepEqual((await find({ keyword: '王芳' })).ids, [ids.nursing]);
    assert.deepEqual((await find({ keyword: '厨房' })).ids, [ids.kitchen]);
    assert.deepEqual((await find({ keyword: '护理垫' })).total, 3);
    assert.deepEqual((await find({ keyword: '大礼包' })).ids, [ids.gift]);
    assert.deepEqual((await find({ keyword: own.customers[1].name })).ids, [ids.gift]);
    // (A number holds digits of its date too: the room's orders are among those found.)
    assert.ok((await find({ keyword: own.customers[1].room })).ids.includes(ids.gift));
    assert.deepEqual((await find({ keyword: '护理垫', status: 'pending' })).ids, [ids.nursing]);
  });
});

describe('specialCare', () => {
  let product: Awaited<ReturnType<typeof addProduct>>;
  let other2: Awaited<ReturnType<typeof addProduct>>;
  const customer = () => site.customers[2];
  const items = () => [
    { ...row(product.productId, product.batches[0].id, 3), price: 0.1 },
    { ...row(other2.productId, other2.batches[0].id, 3), price: 39.9 },
  ];

  before(async () => {
    product = await addProduct(app, site.siteId, { name: '测试棉签', batches: [{ expiresIn: 100, quantity: 10 }] });
    other2 = await addProduct(app, site.siteId, { name: '测试乳垫', batches: [{ expiresIn: 100, quantity: 10 }] });
  });

  it("saves an order with subtotals and the total computed by the server in fen, in the customer's room by default", async () => {
    const body = { customer_id: customer().id, items: items().map((i) => ({ ...i, subtotal: 999 })), total: 1, signature: SIGNATURE, remark: '客户自购' };
    const id = await saved(`${CARE}/save`, body);
    const order = await info(CARE, id);
    assert.match(order.no, /^ZF\d{8}-\d{5}$/);
    assert.deepEqual(
      [order.status, order.customer_id, order.customer_name, order.room, order.consume_date, order.signature, order.remark],
      ['pending', customer().id, customer().name, customer().room, today, SIGNATURE, '客户自购'],
    );
    assert.deepEqual(order.items.map((i: { price: number; subtotal: number }) => [i.price, i.subtotal]), [[0.1, 0.3], [39.9, 119.7]]);
    assert.equal(order.total, 120);
    assert.equal(order.items_summary, '测试棉签 ×3、测试乳垫 ×3');
    assert.equal(order.created_by_name, '测试员工');
    assert.deepEqual(await auditOf('special_cares', id), ['create']);

    const edit = { id, customer_id: customer().id, room: '805', consume_date: addDays(today, -1), items: [{ ...items()[1], quantity: 1 }] };
    const edited = await post(`${CARE}/save`, edit);
    assert.equal(edited.code, 1, edited.msg);
    const changed = await info(CARE, id);
    assert.deepEqual(
      [changed.room, changed.consume_date, changed.total, changed.signature, changed.no],
      ['805', addDays(today, -1), 39.9, null, order.no],
    );
  });

  it('refuses what the form or the stock does not allow, and writes nothing', async () => {
    const before = await orderCount(specialCares);
    const base = { customer_id: customer().id, items: items() };
    const cases: [object, string][] = [
      [{ ...base, customer_id: undefined }, '请填写客户'],
      [{ ...base, items: [{ ...items()[0], price: undefined }] }, '物品明细第1行：请填写单价'],
      [{ ...base, items: [{ ...items()[0], price: 1.234 }] }, '物品明细第1行：单价最多保留2位小数'],
      [{ ...base, items: [{ ...items()[0], quantity: 11 }] }, `物品明细第1行：数量超出库存：测试棉签（批次 ${product.batches[0].batchNo}）仅剩 10`],
      [{ ...base, signature: 'not a url' }, '客户签字格式不正确'],
      [{ ...base, room: '7777' }, '楼层房间的选项无效'],
    ];
    for (const [body, msg] of cases) {
      const reply = await post(`${CARE}/save`, body);
      assert.deepEqual([reply.code, reply.msg], [-1, msg]);
    }
    assert.deepEqual(await post(`${CARE}/save`, { ...base, customer_id: other.customers[0].id }), { code: -2, msg: '客户不存在', res: null });
    assert.equal(await orderCount(specialCares), before);
  });

  it('approval takes the items out of stock once; reversal puts them back; only a pending order is deleted', async () => {
    const id = await saved(`${CARE}/save`, { customer_id: customer().id, items: items() });
    const approved = await post(`${CARE}/check`, { id, approve: true });
    assert.equal(approved.code, 1, approved.msg);
    assert.equal(approved.res.status, 'approved');
    assert.deepEqual([await stockOf(app, product.batches[0].id), await stockOf(app, other2.batches[0].id)], [7, 7]);
    assert.deepEqual(await post(`${CARE}/check`, { id, approve: true }), { code: -6, msg: '该单据已审核通过，不能重复审核', res: null });
    assert.deepEqual(await post(`${CARE}/del`, { id }), { code: -6, msg: '该单据已审核通过，不能删除', res: null });
    assert.deepEqual(await post(`${CARE}/save`, { id, customer_id: customer().id, items: items() }), { code: -6, msg: '该单据已审核通过，不能修改', res: null });
    assert.deepEqual((await movementsOf('special_care', id)).map((m) => m.delta), [-3, -3]);
    const reversed = await post(`${CARE}/check`, { id, reverse: true });
    assert.equal(reversed.res.status, 'reversed');
    assert.deepEqual([await stockOf(app, product.batches[0].id), await stockOf(app, other2.batches[0].id)], [10, 10]);
    assert.deepEqual(await auditOf('special_cares', id), ['create', 'approve', 'reverse']);

    const rejected = await saved(`${CARE}/save`, { customer_id: customer().id, items: items() });
    assert.deepEqual(await post(`${CARE}/check`, { id: rejected, approve: false }), { code: -1, msg: '驳回时请填写原因', res: null });
    assert.equal((await post(`${CARE}/check`, { id: rejected, approve: false, reason: '客户取消' })).res.status, 'rejected');
    const pending = await saved(`${CARE}/save`, { customer_id: customer().id, items: items() });
    assert.deepEqual(await post(`${CARE}/del`, { id: pending }), { code: 1, msg: '成功', res: null });
    assert.deepEqual(await post(`${CARE}/info`, { id: pending }), { code: -2, msg: '单据不存在或已删除', res: null });
  });

  it('lists the orders with filters and keyword', async () => {
    const own = await addSite(app);
    const item = await addProduct(app, own.siteId, { name: '测试吸奶器', batches: [{ expiresIn: 100, quantity: 50 }] });
    const put = async (who: number, consumeDate: string, price: number) => {
      const body = { customer_id: own.customers[who].id, consume_date: consumeDate, items: [{ ...row(item.productId, item.batches[0].id, 2), price }] };
      const reply = await call(app, `${CARE}/save`, body, { token: own.token });
      assert.equal(reply.code, 1, reply.msg);
      return reply.res.id as number;
    };
    const a = await put(0, addDays(today, -1), 88);
    const b = await put(1, today, 10.5);
    await call(app, `${CARE}/check`, { id: a, approve: true }, { token: own.token });
    const find = async (body: object) => (await call(app, `${CARE}/index`, { limit: 100, ...body }, { token: own.token })).res;
    const all = await find({});
    assert.deepEqual(all.list.map((r: { id: number }) => r.id), [b, a]);
    assert.equal(all.total, 2);
    assert.deepEqual(
      all.list.map((r: { customer_name: string; total: number; consume_date: string; status: string }) => [
        r.customer_name,
        r.total,
        r.consume_date,
        r.status,
      ]),
      [[own.customers[1].name, 21, today, 'pending'], [own.customers[0].name, 176, addDays(today, -1), 'approved']],
    );
    assert.equal('items' in all.list[0], false);
    assert.deepEqual((await find({ status: 'approved' })).list.map((r: { id: number }) => r.id), [a]);
    assert.deepEqual((await find({ date_from: today, date_to: today })).list.map((r: { id: number }) => r.id), [b]);
    assert.deepEqual((await find({ customer_id: own.customers[0].id })).list.map((r: { id: number }) => r.id), [a]);
    assert.ok((await find({ keyword: own.customers[0].room })).list.some((r: { id: number }) => r.id === a));
    assert.deepEqual((await find({ keyword: '吸奶器' })).total, 2);
    assert.deepEqual((await find({ page: 2, limit: 1 })).list.map((r: { id: number }) => r.id), [a]);
  });
});

describe('礼包领取明细表 (a form record)', () => {
  it("is saved with saveForm, its gift type, products and batches checked against the site", async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] });
    const another = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] });
    const [giftType] = (await post(`${INDEX}/giftTypeList`, {})).res;
    const who = site.customers[0];
    const data = {
      customer_id: who.id,
      gift_type_id: giftType.id,
      receive_date: today,
      items: [row(productId, batches[0].id, 2)],
      receiver_signature: SIGNATURE,
      handler: '客服小李',
    };
    const save = (changes: object) => post(`${INDEX}/saveForm`, { name: '礼包领取明细表', customer_id: who.id, data: { ...data, ...changes } });
    const ok = await save({});
    assert.equal(ok.code, 1, ok.msg);
    assert.deepEqual((await post(`${INDEX}/getFormRecordInfo`, { id: ok.res.id })).res.data, data);
    assert.equal((await save({ items: [row(another.productId, batches[0].id, 2)] })).msg, '物品明细第1行：批次的选项无效');
    const foreign = await addProduct(app, other.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] });
    assert.equal((await save({ items: [row(foreign.productId, foreign.batches[0].id, 1)] })).msg, '物品明细第1行：物品的选项无效');
    const foreignGift = (await call(app, `${INDEX}/giftTypeList`, {}, { token: other.token })).res[0].id;
    assert.equal((await save({ gift_type_id: foreignGift })).msg, '礼包类型的选项无效');
    assert.equal((await save({ receiver_signature: undefined })).msg, '请填写领取人签字');
    // A record of what was received: it moves no stock.
    assert.equal(await stockOf(app, batches[0].id), 5);
  });

  it('the stock forms are not saved with saveForm', async () => {
    const reply = await post(`${INDEX}/saveForm`, { name: '出库单', data: {} });
    assert.deepEqual(reply, { code: -1, msg: '没有名为「出库单」的表单', res: null });
  });
});

describe('account/index', () => {
  it("counts today's orders per form next to the form records", async () => {
    const own = await addSite(app);
    const item = await addProduct(app, own.siteId, { batches: [{ expiresIn: 100, quantity: 50 }] });
    const ownDepartment = (await call(app, `${INDEX}/departmentList`, {}, { token: own.token })).res[0].id;
    const items = [row(item.productId, item.batches[0].id, 1)];
    const as = (url: string, body: object) => call(app, url, body, { token: own.token });
    await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items });
    await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items });
    const gone = (await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items })).res.id;
    await as(`${OUT}/del`, { id: gone });
    await as(`${CARE}/save`, { customer_id: own.customers[0].id, items: [{ ...items[0], price: 5 }] });
    const home = await as('/api/care/account/index', {});
    assert.deepEqual(home.res, { date: today, counts: { 出库单: 2, 自费物品消费表: 1 } });
    const ids = (await app.db.select({ id: outApplies.id }).from(outApplies).where(eq(outApplies.siteId, own.siteId))).map((r) => r.id);
    assert.equal(ids.length, 3);
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, own.siteId), inArray(auditLog.entityId, ids), eq(auditLog.entity, 'out_applies')));
    assert.equal(n, 4);
  });
});
