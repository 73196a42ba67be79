// What outApply, specialCare and inbound share (routes/care/orderRoutes.ts): the check and its
// permission, which is the account's in each of its sites, and the four-eyes rule.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { and, asc, eq } from 'drizzle-orm'
import { accountSites, auditLog, sites } from '../../../src/db/schema.js'
import { addDays } from '../../../src/lib/dates.js'
import { addAccount, addProduct, call, login, stockOf } from '../../helpers.js'
import { SIGNATURE } from '../../formSamples.js'
import {
  app,
  approver,
  auditOf,
  CARE,
  check,
  general,
  INBOUND,
  info,
  movementsOf,
  OUT,
  row,
  saved,
  site,
  today,
  useStockSites,
  other,
  post,
} from '../../stockFixture.js'

useStockSites()

const INFO = '/api/care/account/info'

/** A pending order of `url`'s kind saved by the holder of `token` in her site, of a product of `siteId`. */
async function pendingOrder(url: string, token: string, siteId: number, customerId: number) {
  const { productId, batches } = await addProduct(app, siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
  const items = [row(productId, batches[0].id, 2)]
  const departmentId = (await call(app, '/api/care/index/departmentList', {}, { token })).res[0].id
  const body =
    url === OUT
      ? general(items, { department_id: departmentId })
      : { customer_id: customerId, items, signature: SIGNATURE }
  const reply = await call(app, `${url}/save`, body, { token })
  assert.equal(reply.code, 1, reply.msg)
  return { id: reply.res.id as number, batchId: batches[0].id }
}

describe('check needs the permission to approve', () => {
  const notAllowed = { code: -5, msg: '您没有审核权限', res: null }

  for (const [url, kind, table] of [
    [OUT, 'out_apply', 'out_applies'],
    [CARE, 'special_care', 'special_cares'],
  ] as const) {
    it(`${url}/check: a staff member without it cannot approve, reject or reverse, and nothing changes`, async () => {
      const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
      const items = [{ ...row(productId, batches[0].id, 4), ...(url === CARE ? { price: 1 } : {}) }]
      const body = url === OUT ? general(items) : { customer_id: site.customers[0].id, items, signature: SIGNATURE }
      const [pending, approved] = [await saved(`${url}/save`, body), await saved(`${url}/save`, body)]
      // The maker of both may approve in the site, but someone else approves.
      assert.equal((await check(url, { id: approved, approve: true })).code, 1)
      const before = {
        orders: [await info(url, pending), await info(url, approved)],
        stock: await stockOf(app, batches[0].id),
        movements: [await movementsOf(kind, pending), await movementsOf(kind, approved)],
        audit: [await auditOf(table, pending), await auditOf(table, approved)],
      }
      assert.equal(before.stock, 6)

      const staff = await addAccount(app, { siteIds: [site.siteId] })
      const token = await login(app, staff.account, staff.password)
      assert.equal((await call(app, '/api/care/account/info', {}, { token })).res.can_approve, false)
      const theirs = (body: object, headers: Record<string, string> = {}) =>
        call(app, `${url}/check`, body, { token, ...headers })
      assert.deepEqual(await theirs({ id: pending, approve: true }), notAllowed)
      assert.deepEqual(await theirs({ id: pending, approve: false, reason: '不需要' }), notAllowed)
      assert.deepEqual(await theirs({ id: approved, reverse: true, reason: '领错了' }), notAllowed)
      assert.equal(
        (await theirs({ id: pending, approve: true }, { lang: 'en' })).msg,
        'You are not allowed to approve orders',
      )
      assert.deepEqual(
        {
          orders: [await info(url, pending), await info(url, approved)],
          stock: await stockOf(app, batches[0].id),
          movements: [await movementsOf(kind, pending), await movementsOf(kind, approved)],
          audit: [await auditOf(table, pending), await auditOf(table, approved)],
        },
        before,
      )

      // Deleting a pending order stays open to every staff member.
      assert.deepEqual(await call(app, `${url}/del`, { id: pending }, { token }), { code: 1, msg: '成功', res: null })
    })
  }
})

describe('four eyes: whoever made an order does not approve or reject it', () => {
  const ownOrder = { code: -5, msg: '您创建的单据需由其他有审核权限的同事审核', res: null }

  for (const [url, kind, table] of [
    [OUT, 'out_apply', 'out_applies'],
    [CARE, 'special_care', 'special_cares'],
  ] as const) {
    it(`${url}/check: the maker is refused, in both languages, and nothing changes; a colleague may`, async () => {
      const { id, batchId } = await pendingOrder(url, site.token, site.siteId, site.customers[0].id)
      assert.equal((await call(app, INFO, {}, { token: site.token })).res.can_approve, true)
      assert.equal((await info(url, id)).may_approve, false, 'the maker is told she may not')
      const listed = (await post(`${url}/index`, { limit: 100 })).res.list.find((o: { id: number }) => o.id === id)
      assert.equal(listed.may_approve, false)
      const before = { order: await info(url, id), stock: await stockOf(app, batchId) }

      assert.deepEqual(await post(`${url}/check`, { id, approve: true }), ownOrder)
      assert.deepEqual(await post(`${url}/check`, { id, approve: false, reason: '自己驳回' }), ownOrder)
      assert.equal(
        (await post(`${url}/check`, { id, approve: true }, { lang: 'en' })).msg,
        'An order you made must be approved or rejected by another colleague with the right',
      )
      assert.deepEqual({ order: await info(url, id), stock: await stockOf(app, batchId) }, before)
      assert.deepEqual(await movementsOf(kind, id), [])
      assert.deepEqual(await auditOf(table, id), ['create'])

      const theirs = await call(app, `${url}/info`, { id }, { token: approver.token })
      assert.equal(theirs.res.may_approve, true, 'a colleague with the right is told she may')
      const approved = await check(url, { id, approve: true })
      assert.equal(approved.code, 1, approved.msg)
      assert.deepEqual([approved.res.status, approved.res.checked_by], ['approved', approver.accountId])
      assert.equal(await stockOf(app, batchId), 8)
    })
  }

  it("a centre's setting lets the maker approve her own orders", async () => {
    const { id, batchId } = await pendingOrder(OUT, site.token, site.siteId, site.customers[0].id)
    const rejected = await pendingOrder(CARE, site.token, site.siteId, site.customers[0].id)
    await app.db.update(sites).set({ creatorMayApprove: true }).where(eq(sites.id, site.siteId))
    try {
      // A change by hand reaches the kept session once the database has told this instance.
      const deadline = Date.now() + 5_000
      while (!(await info(OUT, id)).may_approve && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      assert.equal((await info(OUT, id)).may_approve, true)
      const approved = await post(`${OUT}/check`, { id, approve: true })
      assert.equal(approved.code, 1, approved.msg)
      assert.deepEqual([approved.res.checked_by, approved.res.may_approve], [site.accountId, true])
      assert.equal(await stockOf(app, batchId), 8)
      const reply = await post(`${CARE}/check`, { id: rejected.id, approve: false, reason: '客户取消' })
      assert.deepEqual([reply.code, reply.res.status], [1, 'rejected'])
    } finally {
      await app.db.update(sites).set({ creatorMayApprove: false }).where(eq(sites.id, site.siteId))
    }
    // The setting does not give the right: staff without it still may not.
    const staff = await addAccount(app, { siteIds: [site.siteId] })
    const token = await login(app, staff.account, staff.password)
    const theirs = await pendingOrder(OUT, token, site.siteId, site.customers[0].id)
    assert.equal((await call(app, `${OUT}/info`, { id: theirs.id }, { token })).res.may_approve, false)
  })
})

describe("the approve right is the account's in each of its sites", () => {
  it('holds in the site it was given for, not in another site of the account; switching site changes it', async () => {
    const { account, password } = await addAccount(app, { siteIds: [site.siteId, other.siteId], canApprove: true })
    const inSite = await login(app, account, password)
    const accountId = (await call(app, INFO, {}, { token: inSite })).res.id
    await app.db
      .update(accountSites)
      .set({ canApprove: false })
      .where(and(eq(accountSites.accountId, accountId), eq(accountSites.siteId, other.siteId)))

    assert.equal((await call(app, INFO, {}, { token: inSite })).res.can_approve, true)
    const ours = await pendingOrder(OUT, site.token, site.siteId, site.customers[0].id)
    assert.equal((await call(app, `${OUT}/info`, { id: ours.id }, { token: inSite })).res.may_approve, true)
    assert.equal((await call(app, `${OUT}/check`, { id: ours.id, approve: true }, { token: inSite })).code, 1)

    const theirs = await pendingOrder(CARE, other.token, other.siteId, other.customers[0].id)
    const inOther = await login(app, account, password, other.siteId)
    assert.equal((await call(app, INFO, {}, { token: inOther })).res.can_approve, false)
    const refused = await call(app, `${CARE}/check`, { id: theirs.id, approve: true }, { token: inOther })
    assert.deepEqual(refused, { code: -5, msg: '您没有审核权限', res: null })
    assert.equal((await call(app, `${CARE}/info`, { id: theirs.id }, { token: inOther })).res.may_approve, false)

    const switched = await call(app, INFO, { site_id: other.siteId }, { token: inSite })
    assert.deepEqual([switched.res.site_id, switched.res.can_approve], [other.siteId, false])
    assert.equal((await call(app, `${CARE}/check`, { id: theirs.id, approve: true }, { token: inSite })).code, -5)
    const back = await call(app, INFO, { site_id: site.siteId }, { token: inSite })
    assert.deepEqual([back.res.site_id, back.res.can_approve], [site.siteId, true])
  })
})

describe('four eyes: nobody who changed an order checks it, whatever the site allows', () => {
  const changedOrder = { code: -5, msg: '您修改过的单据需由其他有审核权限的同事审核或冲销', res: null }
  const KINDS = [
    [OUT, 'out_apply', 'out_applies', 'outApplyGeneral'],
    [CARE, 'special_care', 'special_cares', 'specialCare'],
    [INBOUND, 'inbound', 'inbound_orders', 'inbound'],
  ] as const

  /** Another staff member of the site with the approve right, logged in. */
  async function colleague() {
    const { account, password } = await addAccount(app, { siteIds: [site.siteId], canApprove: true })
    const token = await login(app, account, password)
    return { token, accountId: (await call(app, INFO, {}, { token })).res.id as number }
  }

  /** The body of an order of `url`'s kind of `quantity` of a product of the site with stock. */
  async function orderOf(url: string) {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    return (quantity: number) => {
      const items = [row(productId, batches[0].id, quantity)]
      if (url === OUT) return general(items)
      if (url === CARE) return { customer_id: site.customers[0].id, items, signature: SIGNATURE }
      const arriving = {
        product_id: productId,
        batch_no: `EYES-${productId}`,
        production_date: addDays(today, -10),
        expiry_date: addDays(today, 365),
        quantity,
        unit_cost: 8.5,
      }
      return { supplier: '母婴用品批发部', items: [arriving] }
    }
  }

  /** Every audit entry of an order: what was done and by whom. */
  const trailOf = async (table: string, id: number) =>
    (
      await app.db
        .select({ action: auditLog.action, by: auditLog.accountId })
        .from(auditLog)
        .where(and(eq(auditLog.entity, table), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.id))
    ).map((entry) => [entry.action, entry.by])

  /** Lets the site's makers check their own orders while `run` runs; a kept session sees it once told. */
  async function creatorMayApprove(run: () => Promise<void>) {
    const probe = await saved(`${OUT}/save`, (await orderOf(OUT))(1))
    const sees = async (allowed: boolean) => {
      const deadline = Date.now() + 5_000
      while ((await info(OUT, probe)).may_approve !== allowed && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      assert.equal((await info(OUT, probe)).may_approve, allowed)
    }
    await app.db.update(sites).set({ creatorMayApprove: true }).where(eq(sites.id, site.siteId))
    try {
      await sees(true)
      await run()
    } finally {
      await app.db.update(sites).set({ creatorMayApprove: false }).where(eq(sites.id, site.siteId))
      await sees(false)
    }
  }

  for (const [url, kind, table, waiting] of KINDS) {
    it(`${url}/check: a colleague who changed it may not approve, reject or reverse it; nothing changes`, async () => {
      const body = await orderOf(url)
      const id = await saved(`${url}/save`, body(2))
      const editor = await colleague()
      const theirs = (path: string, payload: object, headers: Record<string, string> = {}) =>
        call(app, `${url}/${path}`, payload, { token: editor.token, ...headers })
      const waitingFor = async (token: string) =>
        (await call(app, '/api/care/desk/today', {}, { token })).res.waiting[waiting] as number
      const waitingBefore = await waitingFor(editor.token)
      assert.equal((await theirs('info', { id })).res.may_approve, true, 'before her change she may')

      const changed = await theirs('save', { ...body(3), id })
      assert.equal(changed.code, 1, changed.msg)
      // Then the maker saves it again: the order's last changer is the maker, the editor still changed it.
      assert.equal((await post(`${url}/save`, { ...body(4), id })).code, 1)
      const shown = (await theirs('info', { id })).res
      assert.deepEqual([shown.created_by, shown.updated_by, shown.may_approve], [site.accountId, site.accountId, false])
      assert.equal(await waitingFor(editor.token), waitingBefore - 1, 'her desk does not count it')
      const state = async () => ({
        order: await info(url, id),
        movements: await movementsOf(kind, id),
        trail: await trailOf(table, id),
      })
      const before = await state()
      assert.deepEqual(before.trail, [
        ['create', site.accountId],
        ['update', editor.accountId],
        ['update', site.accountId],
      ])

      assert.deepEqual(await theirs('check', { id, approve: true }), changedOrder)
      assert.deepEqual(await theirs('check', { id, approve: false, reason: '不要了' }), changedOrder)
      assert.equal(
        (await theirs('check', { id, approve: true }, { lang: 'en' })).msg,
        'An order you changed must be approved, rejected or reversed by another colleague with the right',
      )
      await creatorMayApprove(async () => {
        assert.deepEqual(await theirs('check', { id, approve: true }), changedOrder, 'the setting is for makers')
      })
      assert.deepEqual(await state(), before)

      const approved = await check(url, { id, approve: true })
      assert.deepEqual([approved.code, approved.res.checked_by], [1, approver.accountId], approved.msg)
      const afterApproval = await state()
      assert.deepEqual(await theirs('check', { id, reverse: true, reason: '领错了' }), changedOrder)
      assert.deepEqual(await state(), afterApproval)
      assert.equal((await check(url, { id, reverse: true, reason: '领错了' })).code, 1)
    })
  }

  it('the maker may approve, reject and reverse her own orders only when the site allows, and the audit says so', async () => {
    const out = await orderOf(OUT)
    const [approvedOwn, rejectedOwn, reversedOwn] = [
      await saved(`${OUT}/save`, out(1)),
      await saved(`${CARE}/save`, (await orderOf(CARE))(1)),
      await saved(`${OUT}/save`, out(2)),
    ]
    const inbound = await saved(`${INBOUND}/save`, (await orderOf(INBOUND))(5))
    // She changed her own order: she is still its maker.
    assert.equal((await post(`${OUT}/save`, { ...out(3), id: approvedOwn })).code, 1)
    assert.equal((await check(OUT, { id: reversedOwn, approve: true })).code, 1)
    const reversal = await post(`${OUT}/check`, { id: reversedOwn, reverse: true })
    assert.deepEqual(reversal, { code: -5, msg: '您创建的单据需由其他有审核权限的同事冲销', res: null })
    assert.equal(
      (await post(`${OUT}/check`, { id: reversedOwn, reverse: true }, { lang: 'en' })).msg,
      'An order you made must be reversed by another colleague with the right',
    )
    assert.equal((await info(OUT, reversedOwn)).status, 'approved')

    await creatorMayApprove(async () => {
      assert.equal((await post(`${OUT}/check`, { id: approvedOwn, approve: true })).code, 1)
      assert.equal((await post(`${CARE}/check`, { id: rejectedOwn, approve: false, reason: '客户取消' })).code, 1)
      assert.equal((await post(`${OUT}/check`, { id: reversedOwn, reverse: true })).code, 1)
      assert.equal((await post(`${INBOUND}/check`, { id: inbound, approve: true })).code, 1)
    })
    const me = site.accountId
    assert.deepEqual(await trailOf('out_applies', approvedOwn), [
      ['create', me],
      ['update', me],
      ['approveOwn', me],
    ])
    assert.deepEqual(await trailOf('special_cares', rejectedOwn), [
      ['create', me],
      ['rejectOwn', me],
    ])
    assert.deepEqual(await trailOf('out_applies', reversedOwn), [
      ['create', me],
      ['approve', approver.accountId],
      ['reverseOwn', me],
    ])
    assert.deepEqual(await trailOf('inbound_orders', inbound), [
      ['create', me],
      ['approveOwn', me],
    ])
  })
})
