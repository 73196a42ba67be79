import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addProduct } from '../../../helpers.js'
import { app, INDEX, post, site, useStockSites } from '../../../stockFixture.js'

useStockSites()

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
    })
    const found = await post(`${INDEX}/productList`, { keyword: '测试纸巾' })
    assert.deepEqual(found, {
      code: 1,
      msg: '成功',
      res: {
        list: [
          {
            id: productId,
            name: '测试纸巾',
            spec: '测试规格',
            unit: '个',
            price: 12.5,
            category: '测试',
            stock: 23,
            self_paid: true,
          },
        ],
        total: 1,
      },
    })

    const all = await post(`${INDEX}/productList`, { limit: 100 })
    assert.ok(all.res.total >= 47)
    assert.ok(new Set(all.res.list.map((p: { category: string }) => p.category)).has('产妇护理'))
    const nutrition = await post(`${INDEX}/productList`, { category: '营养品', limit: 100 })
    assert.equal(nutrition.res.total, 10)
    assert.ok(nutrition.res.list.every((p: { category: string }) => p.category === '营养品'))
    const [page1, page2] = [
      await post(`${INDEX}/productList`, { limit: 5 }),
      await post(`${INDEX}/productList`, { page: 2, limit: 5 }),
    ]
    assert.deepEqual(
      page2.res.list.map((p: { id: number }) => p.id),
      all.res.list.slice(5, 10).map((p: { id: number }) => p.id),
    )
    assert.equal(page1.res.total, all.res.total)
    assert.equal((await post(`${INDEX}/productList`, { limit: 101 })).msg, 'limit 不能大于 100')
  })

  it('productPackageList and giftTypeList: three gift packs, each a package of products', async () => {
    const packages = (await post(`${INDEX}/productPackageList`, {})).res
    assert.deepEqual(
      packages.map((p: { name: string }) => p.name),
      ['入住礼包（标准）', '入住礼包（尊享）', '出院礼包'],
    )
    const [standard] = packages
    assert.equal(standard.items.length, 7)
    assert.deepEqual(Object.keys(standard.items[0]).sort(), [
      'price',
      'product_id',
      'product_name',
      'quantity',
      'spec',
      'unit',
    ])
    assert.deepEqual(standard.items[0], {
      product_id: standard.items[0].product_id,
      product_name: '婴儿纸尿裤',
      spec: 'NB码 84片',
      unit: '包',
      price: 139,
      quantity: 2,
    })
    const giftTypes = (await post(`${INDEX}/giftTypeList`, {})).res
    assert.deepEqual(
      giftTypes.map((g: { name: string; package_id: number }) => [g.name, g.package_id]),
      [
        ['入住大礼包', packages[0].id],
        ['尊享大礼包', packages[1].id],
        ['出院礼包', packages[2].id],
      ],
    )
  })
})
