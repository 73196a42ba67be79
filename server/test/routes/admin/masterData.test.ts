// The centre's lists as the administration keeps them (routes/admin/masterData.ts): the routes every
// kind shares, then what each kind checks; the option lists and orders that read them.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { and, asc, eq } from 'drizzle-orm'
import { MASTER_KINDS } from '@yuezi/contract/forms/definitions/masterData'
import { auditLog, stockBatches } from '../../../src/db/schema.js'
import { addDays } from '../../../src/lib/dates.js'
import { definitionOf, SIGNATURE, validSample } from '../../formSamples.js'
import { addAccount, addProduct, call, login } from '../../helpers.js'
import { app, post, site, useStockSites } from '../../stockFixture.js'
import { CARE, departments, general, INBOUND, INDEX, info, OUT, other, row, saved, today } from '../../stockFixture.js'

useStockSites()

const ADMIN = '/api/admin'
const admin = (kind: string, route: string, body: object, lang?: string) =>
  post(`${ADMIN}/${kind}/${route}`, body, lang ? { lang } : {})
const unique = () => Math.random().toString(36).slice(2, 8)

/** Saves an entry and answers its id, failing the test on a refusal. */
async function added(kind: string, body: object): Promise<number> {
  const reply = await admin(kind, 'save', body)
  assert.equal(reply.code, 1, reply.msg)
  return reply.res.id
}

const auditActions = async (entity: string, id: number) =>
  (
    await app.db
      .select({ action: auditLog.action, siteId: auditLog.siteId, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((entry) => {
    assert.deepEqual([entry.siteId, entry.accountId], [site.siteId, site.accountId])
    return entry.action
  })

const product = (extra: object = {}) => ({
  name: `测试纸巾-${unique()}`,
  spec: '100抽',
  unit: '包',
  price: 12.5,
  category: '日用品',
  self_paid: 'yes',
  ...extra,
})

describe('the routes every list shares', () => {
  it('answers -5 to staff who do not administer the site, for every kind and route', async () => {
    const { account, password } = await addAccount(app, { siteIds: [site.siteId], canApprove: true })
    const token = await login(app, account, password)
    for (const kind of MASTER_KINDS) {
      for (const route of ['list', 'info', 'save', 'delete', 'retire', 'restore']) {
        const reply = await call(app, `${ADMIN}/${kind}/${route}`, { id: departments[0].id, page: 1 }, { token })
        assert.equal(reply.code, -5, `${kind}/${route}`)
      }
    }
  })

  it("lists a kind's entries by keyword, in use or retired, each with what tells it apart", async () => {
    const name = `测试奶瓶-${unique()}`
    const id = await added('products', product({ name, spec: '240ml', price: 88 }))
    const { res } = await admin('products', 'list', { keyword: name, page: 1, limit: 20 })
    assert.deepEqual(res, {
      list: [{ id, name, detail: '240ml · ¥88.00/包 · 日用品', retired: false, in_service: true }],
      total: 1,
    })
    assert.equal((await admin('products', 'retire', { id })).code, 1)
    assert.equal((await admin('products', 'list', { keyword: name, page: 1, limit: 20 })).res.total, 0)
    const retired = await admin('products', 'list', { keyword: name, retired: true, page: 1, limit: 20 })
    assert.deepEqual(
      retired.res.list.map((entry: { id: number; retired: boolean }) => [entry.id, entry.retired]),
      [[id, true]],
    )
    assert.equal((await admin('products', 'restore', { id })).code, 1)
    assert.deepEqual(await auditActions('products', id), ['create', 'retire', 'restore'])
  })

  it('answers an entry as its form and changes it, audited', async () => {
    const id = await added('products', product({ spec: '' }))
    const changed = product({ name: `改名-${unique()}`, price: 0, self_paid: 'no' })
    assert.equal((await admin('products', 'save', { id, ...changed })).res.id, id)
    const { res } = await admin('products', 'info', { id })
    assert.deepEqual(res, { id, retired: false, data: changed })
    assert.deepEqual(await auditActions('products', id), ['create', 'update'])
  })

  it('finds no entry of another site: -2 for every route, nothing changed, nothing audited', async () => {
    const [theirs] = (await call(app, `${INDEX}/departmentList`, {}, { token: other.token })).res
    for (const route of ['info', 'delete', 'retire', 'restore']) {
      const reply = await admin('departments', route, { id: theirs.id })
      assert.equal(reply.code, -2, route)
    }
    assert.equal((await admin('departments', 'save', { id: theirs.id, name: '改名' })).code, -2)
    const after = (await call(app, `${INDEX}/departmentList`, {}, { token: other.token })).res
    assert.deepEqual(after[0], theirs)
    assert.deepEqual(
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, theirs.id))
        .then((rows) => rows.filter((r) => r.entity === 'departments')),
      [],
    )
  })

  it('refuses to delete what records refer to, offering to retire it; deletes what nothing refers to', async () => {
    const used = await added('departments', { name: `测试部-${unique()}` })
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const order = await saved(`${OUT}/save`, general([row(productId, batches[0].id, 1)], { department_id: used }))
    for (const [lang, text] of [
      ['zh', '已有记录在用，不能删除'],
      ['en', 'is used by records and cannot be deleted'],
    ]) {
      const reply = await admin('departments', 'delete', { id: used }, lang)
      assert.equal(reply.code, -8)
      assert.deepEqual(reply.res, { retire: true })
      assert.ok(reply.msg.includes(text), reply.msg)
    }
    assert.equal((await admin('departments', 'retire', { id: used })).code, 1)
    // Not offered for a new record, still named on the order that names it.
    const listed = (await post(`${INDEX}/departmentList`, {})).res.find((d: { id: number }) => d.id === used)
    assert.equal(listed.retired, true)
    assert.equal((await info(OUT, order)).department_id, used)

    const unused = await added('departments', { name: `测试部-${unique()}` })
    assert.equal((await admin('departments', 'delete', { id: unused })).code, 1)
    assert.equal((await admin('departments', 'info', { id: unused })).code, -2)
    assert.deepEqual(await auditActions('departments', unused), ['create', 'delete'])
    assert.deepEqual(await auditActions('departments', used), ['create', 'retire'])
  })
})

describe('what each kind checks', () => {
  it('refuses a product without a unit or with a negative price, in zh and en', async () => {
    const noUnit = await admin('products', 'save', product({ unit: '' }), 'zh')
    assert.deepEqual([noUnit.code, noUnit.msg], [-1, '请输入单位'])
    assert.equal((await admin('products', 'save', product({ unit: '' }), 'en')).msg, 'Please enter Unit')
    const negative = await admin('products', 'save', product({ price: -1 }), 'zh')
    assert.deepEqual([negative.code, negative.msg], [-1, '单价不能为负数'])
  })

  it('refuses a second entry of the same name: a product by name and spec, a room by number', async () => {
    const body = product()
    await added('products', body)
    const twice = await admin('products', 'save', body, 'zh')
    assert.deepEqual([twice.code, twice.msg], [-6, `物品“${body.name}”（规格“100抽”）已存在`])
    // Another spec is another product.
    await added('products', { ...body, spec: '200抽' })
    const room = { floor: 10, room: `10${unique()}`, kind: 'suite', in_service: 'yes' }
    await added('rooms', room)
    const again = await admin('rooms', 'save', { ...room, floor: 11 }, 'en')
    assert.deepEqual([again.code, again.msg], [-6, `Room ${room.room} already exists`])
  })

  it('offers a room for check-in only while it is in service and not retired', async () => {
    const rooms = async () =>
      (await post(`${INDEX}/floorList`, {})).res.flatMap((f: { rooms: { room: string }[] }) =>
        f.rooms.map((r) => r.room),
      )
    const room = `12${unique()}`
    const id = await added('rooms', { floor: 12, room, kind: 'deluxe', in_service: 'no' })
    assert.ok(!(await rooms()).includes(room))
    await added('rooms', { id, floor: 12, room, kind: 'deluxe', in_service: 'yes' })
    assert.ok((await rooms()).includes(room))
    const listed = (await admin('rooms', 'list', { keyword: room, page: 1, limit: 5 })).res.list[0]
    assert.equal(listed.detail, '12 楼 · 豪华套房')
    // The kind is named as the room form's choice names it, in the caller's language.
    const english = (await admin('rooms', 'list', { keyword: room, page: 1, limit: 5 }, 'en')).res.list[0]
    assert.equal(english.detail, 'Floor 12 · Deluxe suite')
    await admin('rooms', 'retire', { id })
    assert.ok(!(await rooms()).includes(room))
    // A customer's room is in use.
    const reply = await admin('rooms', 'delete', {
      id: (await admin('rooms', 'list', { keyword: site.customers[0].room, page: 1, limit: 5 })).res.list[0].id,
    })
    assert.equal(reply.code, -8)
  })

  it('refuses to retire a room a mother is in or booked for, saying why; retires a free one', async () => {
    const idOf = async (room: string) =>
      (await admin('rooms', 'list', { keyword: room, page: 1, limit: 5 })).res.list.find(
        (entry: { name: string }) => entry.name === room,
      ).id
    const occupied = site.customers[0].room
    const inUse = await admin('rooms', 'retire', { id: await idOf(occupied) })
    assert.deepEqual(
      [inUse.code, inUse.msg],
      [-6, `房间 ${occupied} 有客户在住或已预订，不能停用。请先为她办理退房或换房。`],
    )
    const room = `14${unique()}`
    const id = await added('rooms', { floor: 14, room, kind: 'standard', in_service: 'yes' })
    const booking = await post('/api/care/customer/save', {
      customer_name: '停用测试',
      phone: `1380000${String(Date.now() % 1e4).padStart(4, '0')}`,
      stay_kind: 'month',
      room,
      check_in_date: addDays(today, 3),
      days: 28,
    })
    assert.equal(booking.code, 1, booking.msg)
    const booked = await admin('rooms', 'retire', { id }, 'en')
    assert.deepEqual(
      [booked.code, booked.msg],
      [
        -6,
        `Room ${room} has a mother in it or booked for it and cannot be retired. Check her out or move her to another room first.`,
      ],
    )
    assert.equal((await admin('rooms', 'info', { id })).res.retired, false)
    // Once she has left, the room retires.
    assert.equal((await post('/api/care/customer/checkout', { customer_id: booking.res.id })).code, 1)
    assert.equal((await admin('rooms', 'retire', { id })).code, 1)
    assert.equal((await admin('rooms', 'info', { id })).res.retired, true)
    assert.deepEqual(await auditActions('rooms', id), ['create', 'retire'])
  })

  it('refuses a package without items or with a quantity of zero; keeps its products and quantities', async () => {
    const empty = await admin('packages', 'save', { name: `测试套餐-${unique()}`, items: [] }, 'zh')
    assert.deepEqual([empty.code, empty.msg], [-1, '请选择物品'])
    const productId = await added('products', product())
    const zero = await admin('packages', 'save', {
      name: `测试套餐-${unique()}`,
      items: [{ product_id: productId, quantity: 0 }],
    })
    assert.equal(zero.code, -1)
    assert.match(zero.msg, /数量不能小于1/)
    const name = `测试套餐-${unique()}`
    const id = await added('packages', { name, items: [{ product_id: productId, quantity: 2 }] })
    assert.deepEqual((await admin('packages', 'info', { id })).res.data, {
      name,
      items: [{ product_id: productId, quantity: 2 }],
    })
    // Its product is in use now.
    assert.equal((await admin('products', 'delete', { id: productId })).code, -8)
  })

  it('refuses a gift type whose package is retired, and a package of a retired product', async () => {
    const productId = await added('products', product())
    const packageId = await added('packages', {
      name: `测试套餐-${unique()}`,
      items: [{ product_id: productId, quantity: 1 }],
    })
    const packageName = (await admin('packages', 'info', { id: packageId })).res.data.name
    await admin('packages', 'retire', { id: packageId })
    const gift = await admin('giftTypes', 'save', { name: `测试礼包-${unique()}`, package_id: packageId }, 'zh')
    assert.deepEqual([gift.code, gift.msg], [-1, `礼包“${packageName}”已停用，请选择在用的礼包`])
    await admin('packages', 'restore', { id: packageId })
    const giftId = await added('giftTypes', { name: `测试礼包-${unique()}`, package_id: packageId })
    assert.equal((await admin('packages', 'delete', { id: packageId })).code, -8)
    await admin('giftTypes', 'retire', { id: giftId })
    const listed = (await post(`${INDEX}/giftTypeList`, {})).res.find((g: { id: number }) => g.id === giftId)
    assert.equal(listed.retired, true)

    await admin('products', 'retire', { id: productId })
    const withRetired = await admin('packages', 'save', {
      name: `测试套餐-${unique()}`,
      items: [{ product_id: productId, quantity: 1 }],
    })
    assert.equal(withRetired.code, -1)
    const packages = (await post(`${INDEX}/productPackageList`, {})).res
    assert.equal(packages.find((p: { id: number }) => p.id === packageId).retired, false)
  })
})

describe('products sold as self-paid items', () => {
  it('leaves retired products out of productList and offers only self-paid ones when asked', async () => {
    const sold = await added('products', product())
    const kept = await added('products', product({ self_paid: 'no' }))
    const ids = async (body: object) =>
      (await post(`${INDEX}/productList`, { page: 1, limit: 100, keyword: '测试纸巾', ...body })).res.list.map(
        (p: { id: number }) => p.id,
      )
    assert.ok((await ids({})).includes(kept))
    const selfPaid = await ids({ self_paid: true })
    assert.ok(selfPaid.includes(sold) && !selfPaid.includes(kept))
    await admin('products', 'retire', { id: sold })
    assert.ok(!(await ids({})).includes(sold))
  })

  it('refuses a self-paid order of a product not sold as such', async () => {
    const id = await added('products', product({ self_paid: 'no' }))
    const [batch] = await app.db
      .insert(stockBatches)
      .values({ siteId: site.siteId, productId: id, batchNo: 'T-NS', expiryDate: addDays(today, 100), quantity: 5 })
      .returning({ id: stockBatches.id })
    const body = {
      customer_id: site.customers[1].id,
      items: [{ ...row(id, batch.id, 1), price: 12.5 }],
      signature: SIGNATURE,
    }
    const reply = await post(`${CARE}/save`, body)
    assert.equal(reply.code, -1)
    assert.equal(reply.res.errors[0].path, 'items.0.product_id')
    // A product that is sold is accepted.
    const sold = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    await saved(`${CARE}/save`, { ...body, items: [{ ...row(sold.productId, sold.batches[0].id, 1), price: 10 }] })
  })
})

describe('entries retired or out of service', () => {
  const zh = (key: string, name: string | number) =>
    ({
      departments: `科室“${name}”已停用，请选择在用的科室`,
      giftTypes: `礼包类型“${name}”已停用，请选择在用的礼包类型`,
      products: `物品“${name}”已停用，请选择在用的物品`,
      rooms: `房间 ${name} 已停用，请选择其他房间`,
    })[key]!
  const refused = async (url: string, body: object, message: string, lang?: string) => {
    const reply = await post(url, body, lang ? { lang } : {})
    assert.deepEqual([reply.code, reply.msg], [-1, message])
  }
  const stocked = () => addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 9 }] })

  it('outbound orders: a retired department or product is refused anew, kept on an order made before', async () => {
    const name = `测试部-${unique()}`
    const department = await added('departments', { name })
    const product = await stocked()
    const items = [row(product.productId, product.batches[0].id, 1)]
    const id = await saved(`${OUT}/save`, general(items, { department_id: department }))
    await admin('departments', 'retire', { id: department })
    await admin('products', 'retire', { id: product.productId })

    await refused(`${OUT}/save`, general(items), zh('products', product.name))
    await refused(`${OUT}/save`, general(items, { department_id: department }), zh('departments', name))
    await refused(
      `${OUT}/save`,
      general(items, { department_id: department }),
      `The department “${name}” is retired: choose one in use`,
      'en',
    )
    // The order made before keeps both and is changed; another order cannot take them up.
    await saved(`${OUT}/save`, { ...general(items, { department_id: department, remark: '改备注' }), id })
    assert.equal((await info(OUT, id)).remark, '改备注')
    const later = await saved(`${OUT}/save`, general([row(...(await inUse()), 1)]))
    await refused(`${OUT}/save`, { ...general(items), id: later }, zh('products', product.name))
  })

  /** A product in use with stock, and its batch. */
  async function inUse(): Promise<[number, number]> {
    const product = await stocked()
    return [product.productId, product.batches[0].id]
  }

  it('gift-pack orders and the gift collection record: a retired gift type is refused anew', async () => {
    const name = `测试礼包类型-${unique()}`
    const [giftType] = (await post(`${INDEX}/giftTypeList`, {})).res
    const packageId = (await admin('giftTypes', 'info', { id: giftType.id })).res.data.package_id
    const id = await added('giftTypes', { name, package_id: packageId })
    const customer = site.customers[1]
    const [productId, batchId] = await inUse()
    const body = { type: 'gift', customer_id: customer.id, gift_type_id: id, items: [row(productId, batchId, 1)] }
    const order = await saved(`${OUT}/save`, body)
    const definition = definitionOf('礼包领取明细表')
    const refs = { customer, room: customer.room, departmentIds: [], stock: { productId, batchId, giftTypeId: id } }
    const data = validSample(definition, refs)
    const record = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    await admin('giftTypes', 'retire', { id })

    await refused(`${OUT}/save`, body, zh('giftTypes', name))
    await refused(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data }, zh('giftTypes', name))
    await saved(`${OUT}/save`, { ...body, id: order })
    await saved(`${INDEX}/saveForm`, { id: record, name: definition.name, customer_id: customer.id, data })
  })

  it("self-paid orders and check-in notices: a room out of service is refused, the customer's own room is not", async () => {
    const room = `13${unique()}`
    const roomId = await added('rooms', { floor: 13, room, kind: 'standard', in_service: 'no' })
    const customer = site.customers[0]
    const [productId, batchId] = await inUse()
    const body = {
      customer_id: customer.id,
      items: [{ ...row(productId, batchId, 1), price: 1 }],
      signature: SIGNATURE,
    }
    await refused(`${CARE}/save`, { ...body, room }, zh('rooms', room))
    await refused(`${CARE}/save`, { ...body, room }, `Room ${room} is out of service: choose another room`, 'en')
    const own = await saved(`${CARE}/save`, body)
    assert.equal((await info(CARE, own)).room, customer.room)

    const definition = definitionOf('月子入住通知单')
    const data = { ...validSample(definition, { customer, room, departmentIds: [departments[0].id] }) }
    await refused(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data }, zh('rooms', room))
    // Back in service, it is offered and taken again; retired, it is not.
    await added('rooms', { id: roomId, floor: 13, room, kind: 'standard', in_service: 'yes' })
    await admin('rooms', 'retire', { id: roomId })
    await refused(`${CARE}/save`, { ...body, room }, zh('rooms', room))
  })

  it('inbound orders: a retired product is refused anew, kept on an order made before', async () => {
    const { productId, name } = await addProduct(app, site.siteId)
    const item = {
      product_id: productId,
      batch_no: 'RET-1',
      expiry_date: addDays(today, 100),
      quantity: 2,
      unit_cost: 1,
    }
    const id = await saved(`${INBOUND}/save`, { supplier: '停用测试', items: [item] })
    await admin('products', 'retire', { id: productId })
    await refused(`${INBOUND}/save`, { supplier: '停用测试', items: [item] }, zh('products', name))
    await saved(`${INBOUND}/save`, { id, supplier: '停用测试', items: [item, { ...item, batch_no: 'RET-2' }] })
  })
})

describe('stay packages (套餐)', () => {
  it('keeps a package with days, price and what it includes; lists it for stays, not for the other site', async () => {
    const name = `测试套餐-${unique()}`
    const id = await added('stayPackages', { name, days: 26, fee: 36800, includes: '月子餐，母婴护理' })
    const listed = await admin('stayPackages', 'list', { keyword: name, page: 1, limit: 20 })
    assert.deepEqual(listed.res.list, [{ id, name, detail: '26 天 · ¥36800.00', retired: false, in_service: true }])
    assert.deepEqual((await admin('stayPackages', 'info', { id })).res.data, {
      name,
      days: 26,
      fee: 36800,
      includes: '月子餐，母婴护理',
    })
    const offered = (await post(`${INDEX}/stayPackageList`, {})).res.find((p: { id: number }) => p.id === id)
    assert.deepEqual(offered, { id, name, days: 26, price: 36800, includes: '月子餐，母婴护理', retired: false })
    assert.equal((await admin('stayPackages', 'save', { name, days: 28, fee: 1 })).code, -6)
    const refused = await admin('stayPackages', 'save', { name: `${name}x`, days: 0, fee: 1 }, 'zh')
    assert.deepEqual([refused.code, refused.res.errors[0].path], [-1, 'days'])
    // Another site's staff neither see nor change it.
    const theirs = await call(app, `${INDEX}/stayPackageList`, {}, { token: other.token })
    assert.ok(!theirs.res.some((p: { id: number }) => p.id === id))
    const foreign = await call(app, `${ADMIN}/stayPackages/info`, { id }, { token: other.token })
    assert.notEqual(foreign.code, 1)
    assert.deepEqual(await auditActions('stay_packages', id), ['create'])
  })
})
