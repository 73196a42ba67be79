import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { auditLog, surveys } from '../../../src/db/schema.js'
import { Code } from '../../../src/errors.js'
import { centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { CHECK_NOTICE_CONTENT } from '../../../src/services/checkNotice.js'
import { addAccount, addSite, call, login, startApp, type TestSite } from '../../helpers.js'

// The centre's settings: only for those who administer the site, audited; a new time zone counts
// at once, and changed check-in rules leave what mothers signed as they signed it.

const API = '/api/admin/site'

let app: FastifyInstance
let site: TestSite
before(async () => {
  app = await startApp()
  site = await addSite(app)
})
after(() => app.close())

const post = (path: string, body: object, token = site.token, lang = 'zh') =>
  call(app, `${API}/${path}`, body, { token, lang })

const settings = async () => {
  const { rules_version: _version, ...rest } = (await post('info', {})).res
  return rest
}

describe('centre settings', () => {
  it('is refused to staff without the right to administer (-5)', async () => {
    const plain = await addAccount(app, { siteIds: [site.siteId] })
    const token = await login(app, plain.account, plain.password)
    assert.equal((await post('info', {}, token)).code, Code.FORBIDDEN)
    assert.equal((await post('save', await settings(), token)).code, Code.FORBIDDEN)
  })

  it('answers the site as it is, the check-in rules included', async () => {
    const info = (await post('info', {})).res
    assert.deepEqual(
      { ...info, name: undefined },
      {
        name: undefined,
        time_zone: 'Asia/Shanghai',
        latitude: null,
        longitude: null,
        radius: 500,
        visit_from: null,
        visit_to: null,
        visit_policy: 'reason',
        creator_may_approve: false,
        upload_retention_days: 30,
        rules: CHECK_NOTICE_CONTENT,
        rules_version: 1,
      },
    )
  })

  it('saves the settings, audited; a new time zone counts at once for signed-in staff', async () => {
    const staff = await addAccount(app, { siteIds: [site.siteId] })
    const token = await login(app, staff.account, staff.password)
    const infoOf = async () => (await call(app, '/api/care/account/info', {}, { token })).res
    const zoneOf = async () => (await infoOf()).time_zone
    assert.equal(await zoneOf(), 'Asia/Shanghai')
    const next = {
      ...(await settings()),
      name: `${site.siteId}号月子会所`,
      time_zone: 'Asia/Tokyo',
      latitude: 31.2304,
      longitude: 121.4737,
      radius: 300,
      visit_from: '10:00',
      visit_to: '20:00',
      visit_policy: 'refuse',
      creator_may_approve: true,
      upload_retention_days: 60,
    }
    assert.deepEqual(await post('save', next), { code: 1, msg: '成功', res: null })
    assert.deepEqual(await settings(), next)
    assert.equal(await zoneOf(), 'Asia/Tokyo')
    // The app holds visitors to the same hours and policy as the server.
    assert.deepEqual((await infoOf()).visit_rules, { from: '10:00', to: '20:00', policy: 'refuse' })
    const entries = await app.db
      .select({ action: auditLog.action, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sites'), eq(auditLog.entityId, site.siteId)))
    assert.deepEqual(entries, [{ action: 'update', accountId: site.accountId }])
    // A save from an app that does not know the policy keeps it.
    const { visit_policy: _policy, ...older } = next
    assert.equal((await post('save', older)).code, 1)
    assert.equal((await settings()).visit_policy, 'refuse')
  })

  it('keeps what a mother signed when the rules change: they become the next version', async () => {
    const current = (await call(app, '/api/care/index/getSurvey', {}, { token: site.token })).res
    const customer = site.customers[1]
    const signed = await call(
      app,
      '/api/care/index/answerSave',
      {
        customer_id: customer.id,
        survey_id: current.id,
        data: { agree: ['yes'], customer_signature: '/uploads/sign-1.png', sign_date: centreToday(DEFAULT_ZONE) },
      },
      { token: site.token },
    )
    assert.equal(signed.code, 1, signed.msg)
    const rules = `${current.content}\n11. 新增一条须知。`
    assert.equal((await post('save', { ...(await settings()), rules })).code, 1)
    const info = (await post('info', {})).res
    assert.deepEqual([info.rules, info.rules_version], [rules, current.version + 1])
    const [kept] = await app.db.select().from(surveys).where(eq(surveys.id, current.id))
    assert.equal(kept.content, current.content)
    const answers = (await call(app, '/api/care/index/answerList', { customer_id: customer.id }, { token: site.token }))
      .res.list
    assert.deepEqual(
      answers.map((a: { survey_id: number; version: number }) => [a.survey_id, a.version]),
      [[current.id, current.version]],
    )
    const audited = await app.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'surveys'), eq(auditLog.siteId, site.siteId)))
    assert.equal(audited.length, 1)
    // The same text again makes no new version.
    assert.equal((await post('save', await settings())).code, 1)
    assert.equal((await post('info', {})).res.rules_version, current.version + 1)
  })

  it('refuses bad settings with a clear message in zh and en, changing nothing', async () => {
    const good = await settings()
    const cases: [object, string, string][] = [
      [
        { time_zone: 'Mars/Base' },
        '时区无效，请填写如 Asia/Shanghai 的时区名称',
        'Unknown time zone: enter a zone name such as Asia/Shanghai',
      ],
      [{ latitude: 91 }, '纬度不能大于90', 'Latitude must be at most 90'],
      [{ radius: 5 }, '签到半径不能小于10米', 'Sign-in radius must be at least 10 m'],
      [
        { visit_from: '25:00', visit_to: '26:00' },
        '探视时间须为 HH:MM 格式，如 09:30',
        'Visiting hours are written HH:MM, such as 09:30',
      ],
      [
        { visit_from: '20:00', visit_to: '10:00' },
        '探视时间须同时填写开始和结束，且开始早于结束',
        'Visiting hours need both a start and an end, the start before the end',
      ],
      [
        { latitude: 30, longitude: null },
        '纬度和经度须同时填写或同时留空',
        'Enter both latitude and longitude, or neither',
      ],
      [{ name: ' ' }, '请输入门店名称', 'Please enter Centre name'],
    ]
    for (const [change, zh, en] of cases) {
      const body = { ...good, ...change }
      const reply = await post('save', body)
      assert.deepEqual([reply.code, reply.msg], [Code.INVALID_INPUT, zh], JSON.stringify(change))
      assert.equal((await post('save', body, site.token, 'en')).msg, en)
    }
    assert.deepEqual(await settings(), good)
  })
})
