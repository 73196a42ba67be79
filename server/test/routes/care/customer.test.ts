import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { call, login, startApp } from '../../helpers.js'

interface Customer {
  id: number
  name: string
  phone: string
  room: string
  delivery_date: string
  children: { id: number; name: string; sex: string; birth_date: string; birth_weight: number }[]
}

const LIST = '/api/care/customer/index'
const INFO = '/api/care/customer/info'

let app: FastifyInstance
let siteOne: string
let siteTwo: string
let all: Customer[]

before(async () => {
  app = await startApp()
  siteOne = await login(app, 'demo', 'demo1234')
  siteTwo = await login(app, 'demo2', 'demo1234')
  all = (await call(app, LIST, { limit: 100 }, { token: siteOne })).res.list
})
after(() => app.close())

const search = async (keyword: string, token = siteOne): Promise<Customer[]> =>
  (await call(app, LIST, { keyword, limit: 100 }, { token })).res.list

describe('customer/index', () => {
  it('lists the seeded customers of the site by room, each with her babies', async () => {
    assert.equal(all.length, 30)
    assert.deepEqual(
      all.map((c) => c.room),
      Array.from({ length: 30 }, (_, i) => String(801 + i)),
    )
    for (const customer of all) {
      assert.match(customer.phone, /^1[3-9]\d{9}$/)
      assert.match(customer.delivery_date, /^\d{4}-\d{2}-\d{2}$/)
      assert.ok(customer.children.length >= 1 && customer.children.length <= 2)
      for (const child of customer.children) {
        assert.equal(child.birth_date, customer.delivery_date)
        assert.ok(['male', 'female'].includes(child.sex))
        assert.ok(child.birth_weight >= 2000 && child.birth_weight <= 4500)
      }
    }
  })

  it('pages with a total', async () => {
    const page2 = await call(app, LIST, { page: 2, limit: 7 }, { token: siteOne })
    assert.equal(page2.res.total, 30)
    assert.deepEqual(page2.res.list, all.slice(7, 14))
    const first = await call(app, LIST, {}, { token: siteOne })
    assert.equal(first.res.list.length, 20)
    const last = await call(app, LIST, { page: 5, limit: 7 }, { token: siteOne })
    assert.deepEqual(last.res.list, all.slice(28))
    assert.equal(last.res.total, 30)
    // Past the last page: no customer, and still how many there are (with a keyword too).
    assert.deepEqual((await call(app, LIST, { page: 6, limit: 7 }, { token: siteOne })).res, { list: [], total: 30 })
    const matching = await call(app, LIST, { page: 1, limit: 30, keyword: '80' }, { token: siteOne })
    assert.ok(matching.res.total > 0)
    const past = await call(app, LIST, { page: 9, limit: 30, keyword: '80' }, { token: siteOne })
    assert.deepEqual(past.res, { list: [], total: matching.res.total })
  })

  it('finds customers by name, room or phone', async () => {
    const target = all[12]
    assert.ok((await search(target.name)).some((c) => c.id === target.id))
    assert.deepEqual(
      (await search(target.room)).map((c) => c.id),
      [target.id],
    )
    assert.deepEqual(
      (await search(target.phone.slice(3, 10))).map((c) => c.id),
      [target.id],
    )
    // A surname: every customer who has it, and nobody else.
    const surname = target.name[0]
    assert.deepEqual(
      (await search(surname)).map((c) => c.id),
      all.filter((c) => c.name.includes(surname)).map((c) => c.id),
    )
  })

  it('takes % and _ in the keyword literally', async () => {
    assert.deepEqual(await search('%'), [])
    assert.deepEqual(await search('8_1'), [])
  })

  it("never lists another site's customers", async () => {
    const other = (await call(app, LIST, { limit: 100 }, { token: siteTwo })).res
    assert.equal(other.total, 30)
    const ours = new Set(all.map((c) => c.id))
    assert.ok(other.list.every((c: Customer) => !ours.has(c.id)))
    // Both sites have a room 801: each sees its own.
    const [room801] = await search('801', siteTwo)
    assert.equal(room801.id, other.list[0].id)
    assert.notEqual(room801.id, all[0].id)
  })

  it('names the field of an invalid request', async () => {
    assert.deepEqual(await call(app, LIST, { limit: 101 }, { token: siteOne, lang: 'en' }), {
      code: -1,
      msg: 'limit must be at most 100',
      res: null,
    })
    assert.equal((await call(app, LIST, { limit: 101 }, { token: siteOne })).msg, 'limit 不能大于 100')
    assert.equal((await call(app, LIST, { page: 0 }, { token: siteOne })).msg, 'page 不能小于 1')
    assert.equal(
      (await call(app, LIST, { page: 'two' }, { token: siteOne, lang: 'en' })).msg,
      'page must be of type integer',
    )
  })
})

describe('customer/info', () => {
  it('answers one customer of the site with her babies', async () => {
    const target = all.find((c) => c.children.length === 2) ?? all[0]
    assert.deepEqual(await call(app, INFO, { id: target.id }, { token: siteOne }), {
      code: 1,
      msg: '成功',
      res: target,
    })
  })

  it("answers not-found for another site's customer, never its data", async () => {
    const reply = await call(app, INFO, { id: all[0].id }, { token: siteTwo })
    assert.deepEqual(reply, { code: -2, msg: '客户不存在', res: null })
  })

  it('requires the id', async () => {
    assert.deepEqual(await call(app, INFO, {}, { token: siteOne }), { code: -1, msg: 'id 不能为空', res: null })
  })
})
