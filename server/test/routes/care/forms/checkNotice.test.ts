import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { surveys } from '../../../../src/db/schema.js'
import { CHECK_NOTICE_CONTENT } from '../../../../src/services/checkNotice.js'
import { centreToday, DEFAULT_ZONE } from '../../../../src/lib/dates.js'
import { call, referenceOf } from '../../../helpers.js'
import { app, site, useSite } from '../../../siteFixture.js'

const API = '/api/care/index'

useSite()

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  call(app, `${API}/${path}`, body, { token: site.token, ...headers })

describe('check-in rules', () => {
  const data = () => ({
    agree: ['yes'],
    customer_signature: '/uploads/sign-1.png',
    sign_date: centreToday(DEFAULT_ZONE),
  })

  it("answers the site's current rules", async () => {
    const survey = (await post('getSurvey', {})).res
    assert.deepEqual(survey, { id: survey.id, version: 1, title: '入住须知', content: CHECK_NOTICE_CONTENT })
    const rules = survey.content.split('\n').filter((line: string) => /^\d+\. /.test(line))
    assert.equal(rules.length, 10)
    for (const topic of ['探视', '洗手', '宝宝', '贵重物品', '火警']) assert.ok(survey.content.includes(topic), topic)
  })

  it('stores one acknowledgement per customer and version, with who and when', async () => {
    const survey = (await post('getSurvey', {})).res
    const customer = site.customers[0]
    const replies = await Promise.all(
      [1, 2].map(() => post('answerSave', { customer_id: customer.id, survey_id: survey.id, data: data() })),
    )
    assert.deepEqual(replies.map((r) => r.code).sort(), [-6, 1])
    assert.equal(replies.find((r) => r.code === -6)!.msg, '该客户已签署过这一版入住须知')
    const { list, total } = (await post('answerList', { customer_id: customer.id })).res
    assert.equal(total, 1)
    assert.deepEqual(
      {
        ...list[0],
        data: { ...list[0].data, customer_signature: referenceOf(list[0].data.customer_signature) },
        created_at: undefined,
      },
      {
        id: replies.find((r) => r.code === 1)!.res.id,
        survey_id: survey.id,
        version: 1,
        title: '入住须知',
        customer_id: customer.id,
        customer_name: customer.name,
        room: customer.room,
        data: data(),
        created_at: undefined,
        created_by: site.accountId,
        created_by_name: '测试员工',
      },
    )
    assert.ok(Math.abs(Date.parse(list[0].created_at) - Date.now()) < 60_000)
  })

  it('validates the acknowledgement with the 入住须知 form', async () => {
    const survey = (await post('getSurvey', {})).res
    const body = { customer_id: site.customers[1].id, survey_id: survey.id }
    const unsigned = await post('answerSave', { ...body, data: { ...data(), agree: [] } })
    assert.equal(unsigned.code, -1)
    assert.equal(unsigned.msg, '请选择我已阅读并同意')
    const en = await post(
      'answerSave',
      { ...body, data: { ...data(), customer_signature: 'javascript:alert(1)' } },
      { lang: 'en' },
    )
    assert.equal(en.msg, 'Customer signature is not in the right format')
    assert.deepEqual(await post('answerSave', { ...body, survey_id: 99_999_999, data: data() }), {
      code: -2,
      msg: '入住须知不存在',
      res: null,
    })
  })

  it('asks for a new acknowledgement of a new version, and refuses one of an old version', async () => {
    const old = (await post('getSurvey', {})).res
    await app.db.insert(surveys).values({
      siteId: site.siteId,
      version: 2,
      title: '入住须知',
      content: `${CHECK_NOTICE_CONTENT}\n11. 新增条款。`,
    })
    const current = (await post('getSurvey', {})).res
    assert.equal(current.version, 2)
    const customer = site.customers[2]
    const outdated = await post(
      'answerSave',
      { customer_id: customer.id, survey_id: old.id, data: data() },
      { lang: 'en' },
    )
    assert.deepEqual(outdated, {
      code: -6,
      msg: 'The check-in rules have changed: please read them again before signing',
      res: null,
    })
    assert.equal((await post('answerSave', { customer_id: customer.id, survey_id: current.id, data: data() })).code, 1)
    assert.equal(
      (await post('answerSave', { customer_id: site.customers[0].id, survey_id: current.id, data: data() })).code,
      1,
    )
    const all = (await post('answerList', { page: 1, limit: 2 })).res
    assert.equal(all.total, 3)
    assert.deepEqual(
      all.list.map((a: { version: number }) => a.version),
      [2, 2],
    )
    assert.deepEqual(
      (await post('answerList', { page: 2, limit: 2 })).res.list.map((a: { version: number }) => a.version),
      [1],
    )
  })
})
