import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { auditLog, formRecords, outApplies, sessions } from '../../../src/db/schema.js'
import { centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { hashToken } from '../../../src/repositories/sessions.js'
import { addAccount, addProduct, addSite, call, login, startApp } from '../../helpers.js'
import { CARE, INDEX, OUT, row } from '../../stockFixture.js'
import { SIGNATURE } from '../../formSamples.js'

let app: FastifyInstance
before(async () => {
  app = await startApp()
})
after(() => app.close())

const LOGIN = '/api/care/account/login_old'
const INFO = '/api/care/account/info'

describe('login_old', () => {
  it('answers a token and the user info', async () => {
    const reply = await call(app, LOGIN, { account: 'demo', password: 'demo1234' })
    assert.equal(reply.code, 1)
    assert.match(reply.res.token, /^[\w-]{43}$/)
    assert.deepEqual(reply.res.userInfo, {
      id: reply.res.userInfo.id,
      account: 'demo',
      name: '客服小李',
      site_id: 1,
      site_name: '阳光月子中心·总店',
      must_change_password: false,
      can_approve: true,
      can_administer: false,
      time_zone: 'Asia/Shanghai',
      utc_offset: 480,
      // Where the site is: a round's sign-in distance is counted from it.
      site_location: { latitude: 30.27862, longitude: 120.13078, radius: 500 },
      // The demo centre sets no visiting hours; a visitor outside its rules is let in with a reason.
      visit_rules: { from: null, to: null, policy: 'reason' },
    })
    const info = await call(app, INFO, {}, { token: reply.res.token })
    assert.deepEqual(info.res, reply.res.userInfo)
    assert.equal((await call(app, LOGIN, { account: 'demo2', password: 'demo1234' })).res.userInfo.can_approve, false)
    const manager = (await call(app, LOGIN, { account: 'manager', password: 'demo1234' })).res.userInfo
    assert.deepEqual([manager.can_approve, manager.can_administer], [true, true])
    assert.equal((await call(app, LOGIN, { account: ' demo ', password: 'demo1234' })).code, 1)
  })

  it('does not tell a wrong password from an unknown account', async () => {
    const wrongPassword = await call(app, LOGIN, { account: 'demo', password: 'nope1234' })
    const unknownAccount = await call(app, LOGIN, { account: 'nobody', password: 'nope1234' })
    assert.deepEqual(wrongPassword, { code: -4, msg: '账号或密码错误', res: null })
    assert.deepEqual(unknownAccount, wrongPassword)
    const english = await call(app, LOGIN, { account: 'nobody', password: 'x' }, { lang: 'en' })
    assert.equal(english.msg, 'Wrong account or password')
  })

  it('names the missing field, in the language of the lang header', async () => {
    assert.deepEqual(await call(app, LOGIN, { password: 'demo1234' }), { code: -1, msg: 'account 不能为空', res: null })
    assert.equal((await call(app, LOGIN, { account: '', password: 'x' }, { lang: 'en' })).msg, 'account is required')
  })

  it('logs in to another allowed site on request, and refuses a site the account may not use', async () => {
    const manager = await call(app, LOGIN, { account: 'manager', password: 'demo1234', site_id: 2 })
    assert.equal(manager.res.userInfo.site_id, 2)
    const demo = await call(app, LOGIN, { account: 'demo', password: 'demo1234', site_id: 2 })
    assert.equal(demo.code, -5)
    assert.equal(demo.res, null)
  })
})

describe('session checks', () => {
  it('answers -90001 without a token and for an unknown one', async () => {
    assert.deepEqual(await call(app, INFO), { code: -90001, msg: '请先登录', res: null })
    const unknown = await call(app, INFO, {}, { token: 'not-a-token', lang: 'en' })
    assert.deepEqual(unknown, { code: -90001, msg: 'Please log in', res: null })
  })

  it('answers -90002 once the session has expired', async () => {
    const token = await login(app, 'demo', 'demo1234')
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
    const reply = await call(app, INFO, {}, { token })
    assert.equal(reply.code, -90002)
    assert.equal(reply.msg, '登录已过期，请重新登录')
  })

  it('lets an account that must change its password only change it or log out', async () => {
    const first = await call(app, LOGIN, { account: 'newstaff', password: 'temp1234' })
    assert.equal(first.code, -90004)
    assert.equal(first.msg, '请先修改密码')
    assert.equal(first.res.userInfo.must_change_password, true)
    const token = first.res.token

    assert.equal((await call(app, INFO, {}, { token })).code, -90004)
    assert.equal((await call(app, '/api/care/customer/index', {}, { token })).code, -90004)
    // change_pwd is reached: the (wrong) old password is what it refuses.
    const change = await call(
      app,
      '/api/care/account/change_pwd',
      { old_password: 'wrong123', password: 'fresh1234' },
      { token },
    )
    assert.equal(change.code, -4)
    assert.equal((await call(app, '/api/care/account/logout', {}, { token })).code, 1)
  })

  it('ends the session at logout', async () => {
    const token = await login(app, 'demo', 'demo1234')
    assert.deepEqual(await call(app, '/api/care/account/logout', {}, { token }), { code: 1, msg: '成功', res: null })
    assert.equal((await call(app, INFO, {}, { token })).code, -90001)
  })
})

describe('change_pwd', () => {
  const CHANGE = '/api/care/account/change_pwd'

  it('refuses a wrong old password and weak or unchanged new ones', async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    const wrongOld = await call(app, CHANGE, { old_password: 'other1234', password: 'better1234' }, { token })
    assert.deepEqual(wrongOld, { code: -4, msg: '原密码错误', res: null })
    for (const weak of ['short1', 'onlyletters', '1234567890']) {
      const reply = await call(app, CHANGE, { old_password: password, password: weak }, { token })
      assert.equal(reply.code, -1, weak)
      assert.equal(reply.msg, '新密码至少 8 位，且须同时包含字母和数字')
    }
    const unchanged = await call(app, CHANGE, { old_password: password, password }, { token, lang: 'en' })
    assert.deepEqual(unchanged, { code: -1, msg: 'The new password must differ from the current one', res: null })
    assert.equal((await call(app, INFO, {}, { token })).code, 1)
  })

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const { account, password } = await addAccount(app, { mustChangePassword: true })
    const current = await login(app, account, password)
    const other = await login(app, account, password)
    const reply = await call(app, CHANGE, { old_password: password, password: 'mynew2024' }, { token: current })
    assert.deepEqual(reply, { code: 1, msg: '成功', res: null })

    const info = await call(app, INFO, {}, { token: current })
    assert.equal(info.code, 1)
    assert.equal(info.res.must_change_password, false)
    assert.equal((await call(app, INFO, {}, { token: other })).code, -90001)
    assert.equal((await call(app, LOGIN, { account, password })).code, -4)
    assert.equal((await call(app, LOGIN, { account, password: 'mynew2024' })).code, 1)
  })
})

describe('signed-in devices', () => {
  const DEVICES = '/api/care/account/sessions'
  const SIGN_OUT = '/api/care/account/sessions/end'
  const loginFrom = async (account: string, password: string, client?: string) =>
    (await call(app, LOGIN, { account, password }, client ? { client } : {})).res.token as string

  it('lists the live sessions of the account, which app each is, this one marked, the latest used first', async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] })
    const phone = await loginFrom(account, password, 'weapp')
    const browser = await loginFrom(account, password, 'h5')
    const desk = await loginFrom(account, password, 'a PC back-office')
    const ended = await loginFrom(account, password, 'h5')
    await call(app, '/api/care/account/logout', {}, { token: ended })
    assert.equal((await call(app, INFO, { site_id: 2 }, { token: phone })).code, 1)
    const reply = await call(app, DEVICES, {}, { token: browser })
    assert.equal(reply.code, 1)
    const rows = reply.res as {
      client: string
      site_name: string
      signed_in_at: string
      last_seen_at: string
      current: boolean
    }[]
    // The latest signed in is the latest used: none has been used for a minute yet.
    assert.deepEqual(
      rows.map((row) => [row.client, row.current, row.site_name]),
      [
        ['other', false, '阳光月子中心·总店'],
        ['h5', true, '阳光月子中心·总店'],
        ['weapp', false, '阳光月子中心·分店'],
      ],
    )
    for (const row of rows) {
      assert.ok(Date.parse(row.signed_in_at) <= Date.parse(row.last_seen_at), JSON.stringify(row))
      assert.ok(Date.now() - Date.parse(row.last_seen_at) < 60_000, JSON.stringify(row))
    }
    assert.equal((await call(app, DEVICES, {}, { token: desk })).res.length, 3)
  })

  it('signs out one other device, which is then refused; the others go on', async () => {
    const { account, password } = await addAccount(app)
    const [mine, other, third] = [
      await loginFrom(account, password, 'h5'),
      await loginFrom(account, password, 'weapp'),
      await loginFrom(account, password, 'h5'),
    ]
    for (const token of [mine, other, third]) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    const devices = (await call(app, DEVICES, {}, { token: mine })).res as { id: number; client: string }[]
    const target = devices.find((device) => device.client === 'weapp')!
    const reply = await call(app, SIGN_OUT, { session_id: target.id }, { token: mine })
    assert.deepEqual(reply, { code: 1, msg: '成功', res: { ended: 1 } })
    assert.deepEqual(await call(app, INFO, {}, { token: other }), { code: -90001, msg: '请先登录', res: null })
    for (const token of [mine, third]) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    assert.equal((await call(app, DEVICES, {}, { token: mine })).res.length, 2)
    // Audited like a logout, under the account that signed it out.
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sessions'), eq(auditLog.entityId, target.id), eq(auditLog.action, 'delete')))
    assert.ok(entry)
    // Once ended, it is not found again.
    assert.equal((await call(app, SIGN_OUT, { session_id: target.id }, { token: mine })).code, -2)
  })

  it('signs out every other device and keeps this one', async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] })
    const mine = await loginFrom(account, password, 'weapp')
    const others = [await loginFrom(account, password, 'h5'), await loginFrom(account, password)]
    assert.equal((await call(app, INFO, { site_id: 2 }, { token: others[0] })).code, 1)
    for (const token of others) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    assert.deepEqual(await call(app, SIGN_OUT, {}, { token: mine }), { code: 1, msg: '成功', res: { ended: 2 } })
    for (const token of others) assert.equal((await call(app, INFO, {}, { token })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: mine })).code, 1)
    const left = (await call(app, DEVICES, {}, { token: mine })).res
    assert.deepEqual(
      left.map((device: { client: string; current: boolean }) => [device.client, device.current]),
      [['weapp', true]],
    )
    assert.deepEqual((await call(app, SIGN_OUT, {}, { token: mine })).res, { ended: 0 })
  })

  it("refuses another account's session and the caller's own, as no device of it", async () => {
    const mine = await addAccount(app)
    const theirs = await addAccount(app)
    const token = await loginFrom(mine.account, mine.password, 'h5')
    const their = await loginFrom(theirs.account, theirs.password, 'weapp')
    const [theirDevice] = (await call(app, DEVICES, {}, { token: their })).res
    const [ownDevice] = (await call(app, DEVICES, {}, { token })).res
    assert.deepEqual(await call(app, SIGN_OUT, { session_id: theirDevice.id }, { token }), {
      code: -2,
      msg: '该设备已退出登录',
      res: null,
    })
    assert.equal(
      (await call(app, SIGN_OUT, { session_id: ownDevice.id }, { token, lang: 'en' })).msg,
      'That device is no longer signed in',
    )
    assert.equal((await call(app, INFO, {}, { token: their })).code, 1)
    assert.equal((await call(app, INFO, {}, { token })).code, 1)
    // Their list shows nothing of this account's sessions.
    assert.deepEqual(
      (await call(app, DEVICES, {}, { token: their })).res.map((device: { id: number }) => device.id),
      [theirDevice.id],
    )
  })
})

describe('sites', () => {
  it('lists the sites of the account', async () => {
    const demo = await login(app, 'demo', 'demo1234')
    assert.deepEqual((await call(app, '/api/care/account/siteList', {}, { token: demo })).res, [
      { id: 1, name: '阳光月子中心·总店' },
    ])
    const manager = await login(app, 'manager', 'demo1234')
    const sites = (await call(app, '/api/care/account/siteList', {}, { token: manager })).res
    assert.deepEqual(
      sites.map((site: { id: number }) => site.id),
      [1, 2],
    )
  })

  it("switches the manager's session to another site, which then limits what it reads", async () => {
    const token = await login(app, 'manager', 'demo1234')
    const switched = await call(app, INFO, { site_id: 2 }, { token })
    assert.equal(switched.code, 1)
    assert.equal(switched.res.site_id, 2)
    assert.equal(switched.res.site_name, '阳光月子中心·分店')
    assert.equal((await call(app, INFO, {}, { token })).res.site_id, 2)

    const demo2 = await login(app, 'demo2', 'demo1234')
    const siteTwo = await call(app, '/api/care/customer/index', { limit: 100 }, { token: demo2 })
    const asManager = await call(app, '/api/care/customer/index', { limit: 100 }, { token })
    assert.deepEqual(asManager.res, siteTwo.res)
  })

  it('refuses to switch to a site the account may not use', async () => {
    const token = await login(app, 'demo', 'demo1234')
    assert.deepEqual(await call(app, INFO, { site_id: 2 }, { token, lang: 'en' }), {
      code: -5,
      msg: 'You may not use this site',
      res: null,
    })
    assert.equal((await call(app, INFO, {}, { token })).res.site_id, 1)
  })
})

describe('account/index', () => {
  it("counts the site's records of the day per form, without deleted ones", async () => {
    const { account, password } = await addAccount(app, { siteIds: [2] })
    const token = await login(app, account, password)
    const createdBy = (await call(app, INFO, {}, { token })).res.id
    // A form name of this test only, so that records of other tests do not change the counts.
    const name = `访客出入登记表-${account}`
    const day = '2024-03-05'
    const record = { name, data: {}, createdBy, updatedBy: createdBy }
    await app.db.insert(formRecords).values([
      { ...record, siteId: 2, createdAt: new Date('2024-03-04T16:00:00Z') }, // 00:00 in Shanghai: counts
      { ...record, siteId: 2, createdAt: new Date('2024-03-05T15:59:59Z') }, // 23:59:59: counts
      { ...record, siteId: 2, createdAt: new Date('2024-03-05T16:00:00Z') }, // the next day
      {
        ...record,
        siteId: 2,
        createdAt: new Date('2024-03-05T04:00:00Z'),
        deletedAt: new Date(),
        deletedBy: createdBy,
      },
      { ...record, siteId: 1, createdAt: new Date('2024-03-05T04:00:00Z') }, // another site
    ])
    const reply = await call(app, '/api/care/account/index', { date: day }, { token })
    assert.equal(reply.code, 1)
    assert.equal(reply.res.date, day)
    assert.equal(reply.res.counts[name], 2)

    const today = await call(app, '/api/care/account/index', {}, { token })
    assert.equal(today.res.date, centreToday(DEFAULT_ZONE))
    assert.equal(today.res.counts[name], undefined)
  })

  it('refuses a date that does not exist', async () => {
    const token = await login(app, 'demo', 'demo1234')
    const reply = await call(app, '/api/care/account/index', { date: '2024-02-30' }, { token, lang: 'en' })
    assert.deepEqual(reply, { code: -1, msg: 'date has an invalid format', res: null })
  })

  it("counts today's orders per form next to the form records", async () => {
    const own = await addSite(app)
    const item = await addProduct(app, own.siteId, { batches: [{ expiresIn: 100, quantity: 50 }] })
    const ownDepartment = (await call(app, `${INDEX}/departmentList`, {}, { token: own.token })).res[0].id
    const items = [row(item.productId, item.batches[0].id, 1)]
    const as = (url: string, body: object) => call(app, url, body, { token: own.token })
    await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items })
    await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items })
    const gone = (await as(`${OUT}/save`, { type: 'general', department_id: ownDepartment, items })).res.id
    await as(`${OUT}/del`, { id: gone })
    await as(`${CARE}/save`, {
      customer_id: own.customers[0].id,
      items: [{ ...items[0], price: 5 }],
      signature: SIGNATURE,
    })
    const home = await as('/api/care/account/index', {})
    assert.deepEqual(home.res, { date: centreToday(DEFAULT_ZONE), counts: { 出库单: 2, 自费物品消费表: 1 } })
    const ids = (
      await app.db.select({ id: outApplies.id }).from(outApplies).where(eq(outApplies.siteId, own.siteId))
    ).map((r) => r.id)
    assert.equal(ids.length, 3)
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, own.siteId), inArray(auditLog.entityId, ids), eq(auditLog.entity, 'out_applies')))
    assert.equal(n, 4)
  })
})
