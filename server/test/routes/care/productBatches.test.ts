import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addDays } from '../../../src/lib/dates.js'
import { addProduct } from '../../helpers.js'
import { app, BATCHES, post, site, today, useStockSites } from '../../stockFixture.js'

useStockSites()

describe('inoutstore/getProductBatch', () => {
  it('answers the batches in stock and not expired, earliest expiry first, those within 30 days flagged', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      batches: [
        { expiresIn: 200, quantity: 9 },
        { expiresIn: -1, quantity: 5 },
        { expiresIn: 20, quantity: 4 },
        { expiresIn: 10, quantity: 0 },
        { expiresIn: 0, quantity: 3 },
        { expiresIn: 31, quantity: 2 },
      ],
    })
    const reply = await post(BATCHES, { product_id: productId })
    assert.equal(reply.code, 1)
    const [far, , near, , lastDay, justOver] = batches
    assert.deepEqual(
      reply.res.map((b: { id: number; quantity: number; near_expiry: boolean }) => [b.id, b.quantity, b.near_expiry]),
      [
        [lastDay.id, 3, true],
        [near.id, 4, true],
        [justOver.id, 2, false],
        [far.id, 9, false],
      ],
    )
    assert.deepEqual(reply.res[0], {
      id: lastDay.id,
      product_id: productId,
      batch_no: lastDay.batchNo,
      production_date: addDays(today, -400),
      expiry_date: today,
      quantity: 3,
      near_expiry: true,
    })
    assert.deepEqual(await post(BATCHES, { product_id: 99_999_999 }), { code: -2, msg: '物品不存在', res: null })
    assert.equal((await post(BATCHES, {})).msg, 'product_id 不能为空')
  })
})
