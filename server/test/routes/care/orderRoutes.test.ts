// What outApply and specialCare share (routes/care/orderRoutes.ts): the check and its permission.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addAccount, addProduct, call, login, stockOf } from '../../helpers.js'
import {
  app,
  auditOf,
  CARE,
  general,
  info,
  movementsOf,
  OUT,
  post,
  row,
  saved,
  site,
  useStockSites,
} from '../../stockFixture.js'

useStockSites()

describe('check needs the permission to approve', () => {
  const notAllowed = { code: -5, msg: '您没有审核权限', res: null }

  for (const [url, kind, table] of [
    [OUT, 'out_apply', 'out_applies'],
    [CARE, 'special_care', 'special_cares'],
  ] as const) {
    it(`${url}/check: a staff member without it cannot approve, reject or reverse, and nothing changes`, async () => {
      const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
      const items = [{ ...row(productId, batches[0].id, 4), ...(url === CARE ? { price: 1 } : {}) }]
      const body = url === OUT ? general(items) : { customer_id: site.customers[0].id, items }
      const [pending, approved] = [await saved(`${url}/save`, body), await saved(`${url}/save`, body)]
      assert.equal((await post(`${url}/check`, { id: approved, approve: true })).code, 1)
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
