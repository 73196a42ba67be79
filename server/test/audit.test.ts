import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { and, asc, count, eq, gt, max, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accessLog, accounts, accountSites, auditLog } from '../src/db/schema.js'
import { centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { writeAudit } from '../src/repositories/audit.js'
import { definitionOf, SIGNATURE, validSample } from './formSamples.js'
import {
  accessLines,
  addAccount,
  addProduct,
  addSite,
  approverOf,
  call,
  lineOf,
  login,
  PNG,
  startApp,
  uploadFile,
  type TestSite,
} from './helpers.js'

// Every change a person makes leaves an audit row in the change's transaction: who, what, which row,
// when and at which site. Each test makes one kind of change and reads the rows it added.

const CARE = '/api/care'

let app: FastifyInstance
let site: TestSite
before(async () => {
  app = await startApp()
  site = await addSite(app)
})
after(() => app.close())

const post = async (url: string, body: object, token = site.token) => {
  const reply = await call(app, `${CARE}/${url}`, body, { token })
  assert.equal(reply.code, 1, `${url}: ${reply.msg}`)
  return reply.res
}

interface Entry {
  accountId: number
  siteId: number
  action: string
  entity: string
  entityId: number
}

/**
 * The audit rows of `accountId` written while `change` ran, oldest first, each checked to be dated
 * now. Other test files write rows at the same time, but for accounts of their own.
 */
async function auditedBy(change: () => Promise<unknown>, accountId = site.accountId): Promise<Entry[]> {
  const mine = eq(auditLog.accountId, accountId)
  const [{ last }] = await app.db
    .select({ last: max(auditLog.id) })
    .from(auditLog)
    .where(mine)
  const started = Date.now()
  await change()
  const rows = await app.db
    .select({
      accountId: auditLog.accountId,
      siteId: auditLog.siteId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      at: auditLog.at,
    })
    .from(auditLog)
    .where(and(mine, gt(auditLog.id, last ?? 0)))
    .orderBy(asc(auditLog.id))
  return rows.map(({ at, ...entry }) => {
    // The database's clock and ours: a few seconds apart at most.
    assert.ok(Math.abs(at.getTime() - started) < 60_000, `audit time ${at.toISOString()} is not now`)
    return entry
  })
}

const by = (action: string, entity: string, entityId: number, who = site) => ({
  accountId: who.accountId,
  siteId: who.siteId,
  action,
  entity,
  entityId,
})

describe('the audit log', () => {
  it('records creating, changing and deleting a form record, and its medicines', async () => {
    const customer = site.customers[0]
    const data = {
      ...validSample(definitionOf('儿科医生查房签到表'), { customer, room: customer.room, departmentIds: [] }),
      medicines: [{ medicine: '维生素D滴剂', dose: '1粒' }],
    }
    const save = { name: '儿科医生查房签到表', customer_id: customer.id, data }
    let id = 0
    assert.deepEqual(await auditedBy(async () => (id = (await post('index/saveForm', save)).id)), [
      by('create', 'form_records', id),
    ])
    assert.deepEqual(await auditedBy(() => post('index/saveForm', { ...save, id })), [by('update', 'form_records', id)])

    let medicineId = 0
    const addMedicine = async () =>
      (medicineId = (await post('index/medicineSave', { record_id: id, medicine: '益生菌', dose: '1袋' })).id)
    assert.deepEqual(await auditedBy(addMedicine), [by('create', 'medicines', medicineId)])
    const changeMedicine = () =>
      post('index/medicineSave', { record_id: id, id: medicineId, medicine: '益生菌', dose: '2袋' })
    assert.deepEqual(await auditedBy(changeMedicine), [by('update', 'medicines', medicineId)])
    assert.deepEqual(await auditedBy(() => post('index/medicineDel', { id: medicineId })), [
      by('delete', 'medicines', medicineId),
    ])

    assert.deepEqual(await auditedBy(() => post('index/delFormRecord', { id })), [by('delete', 'form_records', id)])
  })

  it('records a signed acknowledgement of the check-in rules', async () => {
    const survey = await post('index/getSurvey', {})
    const body = {
      customer_id: site.customers[1].id,
      survey_id: survey.id,
      data: { agree: ['yes'], customer_signature: SIGNATURE, sign_date: centreToday(DEFAULT_ZONE) },
    }
    let id = 0
    assert.deepEqual(await auditedBy(async () => (id = (await post('index/answerSave', body)).id)), [
      by('create', 'survey_answers', id),
    ])
  })

  it('records every step of an outbound and a self-paid order: save, change, approve, reverse, reject, delete', async () => {
    const product = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 50 }] })
    const items = [{ product_id: product.productId, batch_id: product.batches[0].id, quantity: 2 }]
    const [department] = await post('index/departmentList', {})
    const kinds = [
      { url: 'outApply', entity: 'out_applies', body: { type: 'general', department_id: department.id, items } },
      {
        url: 'specialCare',
        entity: 'special_cares',
        body: {
          customer_id: site.customers[2].id,
          items: items.map((i) => ({ ...i, price: 9.9 })),
          signature: SIGNATURE,
        },
      },
    ]
    const approver = await approverOf(app, site)
    const checker = { ...site, accountId: approver.accountId }
    for (const { url, entity, body } of kinds) {
      let id = 0
      const create = async () => (id = (await post(`${url}/save`, { ...body, request_id: randomUUID() })).id)
      assert.deepEqual(await auditedBy(create), [by('create', entity, id)], url)
      assert.deepEqual(
        await auditedBy(() => post(`${url}/save`, { ...body, id, remark: '改过' })),
        [by('update', entity, id)],
        url,
      )
      // Someone else than its maker checks it.
      const check = (body: object) => post(`${url}/check`, body, approver.token)
      assert.deepEqual(
        await auditedBy(() => check({ id, approve: true }), approver.accountId),
        [by('approve', entity, id, checker)],
        url,
      )
      assert.deepEqual(
        await auditedBy(() => check({ id, reverse: true }), approver.accountId),
        [by('reverse', entity, id, checker)],
        url,
      )

      const rejected = await create()
      const reject = () => check({ id: rejected, approve: false, reason: '数量不对' })
      assert.deepEqual(await auditedBy(reject, approver.accountId), [by('reject', entity, rejected, checker)], url)
      const deleted = await create()
      assert.deepEqual(await auditedBy(() => post(`${url}/del`, { id: deleted })), [by('delete', entity, deleted)], url)
    }
  })

  it('records an upload', async () => {
    const rows = await auditedBy(async () => {
      assert.equal((await uploadFile(app, 'photo.png', PNG, { token: site.token })).json().err, 0)
    })
    assert.equal(rows.length, 1)
    assert.deepEqual(rows[0], by('create', 'uploads', rows[0].entityId))
  })

  it("records a login, a change of site, a password change and a logout as changes of the account's sessions", async () => {
    const { account, password } = await addAccount(app, { siteIds: [site.siteId, 1] })
    const [{ id: accountId }] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.account, account))
    const staff = { ...site, accountId }
    let token = ''
    const loginRows = await auditedBy(async () => (token = await login(app, account, password)), accountId)
    assert.equal(loginRows.length, 1)
    const sessionId = loginRows[0].entityId
    assert.deepEqual(loginRows, [by('create', 'sessions', sessionId, staff)])

    const audited = (change: () => Promise<unknown>) => auditedBy(change, accountId)
    assert.deepEqual(await audited(() => post('account/info', { site_id: 1 }, token)), [
      by('update', 'sessions', sessionId, { ...staff, siteId: 1 }),
    ])
    assert.deepEqual(await audited(() => post('account/info', { site_id: site.siteId }, token)), [
      by('update', 'sessions', sessionId, staff),
    ])
    const change = () => post('account/change_pwd', { old_password: password, password: 'newpass5678' }, token)
    assert.deepEqual(await audited(change), [by('update', 'accounts', accountId, staff)])
    assert.deepEqual(await audited(() => post('account/logout', {}, token)), [
      by('delete', 'sessions', sessionId, staff),
    ])
  })

  it('records nothing for a refused change or a read', async () => {
    const rows = await auditedBy(async () => {
      const refused = await call(app, `${CARE}/index/saveForm`, { name: '探视登记表', data: {} }, { token: site.token })
      assert.equal(refused.code, -1)
      await post('index/getFormRecord', {})
      await post('outApply/index', {})
    })
    assert.deepEqual(rows, [])
  })
})

// Every reply names its request (x-request-id), taken from the proxy in front when it sent one, and
// the audit row of a change names the request that made it: a reply, its log line and its changes
// can be found from one another.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('every reply carries one: a new one for each request, or the one the proxy sent', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' })
    const second = await app.inject({ method: 'GET', url: '/api/health' })
    assert.match(String(first.headers['x-request-id']), UUID)
    assert.match(String(second.headers['x-request-id']), UUID)
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id'])

    const sent = `nginx-${randomUUID()}`
    const proxied = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } })
    assert.equal(proxied.headers['x-request-id'], sent)

    // Refusals and unknown paths carry it too.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/care/customer/index',
      payload: {},
      headers: { 'x-request-id': sent },
    })
    assert.equal(refused.json().code, -90001)
    assert.equal(refused.headers['x-request-id'], sent)
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-path' })
    assert.match(String(missing.headers['x-request-id']), UUID)
  })

  it('an id that does not look like one (too long, spaces, line breaks) is replaced, not logged', async () => {
    for (const bad of ['x'.repeat(129), 'two words', 'a\u0007b', '']) {
      const reply = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } })
      assert.match(String(reply.headers['x-request-id']), UUID, JSON.stringify(bad))
    }
  })

  it("the audit row of a change holds the id of the request that made it, a login's too", async () => {
    const auditedIn = (httpRequestId: string) =>
      app.db
        .select({ action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId })
        .from(auditLog)
        .where(eq(auditLog.httpRequestId, httpRequestId))

    const customer = site.customers[0]
    const data = validSample(definitionOf('访客出入登记表'), { customer, room: customer.room, departmentIds: [] })
    const saveId = `lb-${randomUUID()}`
    const saved = await app.inject({
      method: 'POST',
      url: '/api/care/index/saveForm',
      payload: { name: '访客出入登记表', customer_id: customer.id, data },
      headers: { token: site.token, 'x-request-id': saveId },
    })
    assert.equal(saved.json().code, 1, saved.json().msg)
    assert.deepEqual(await auditedIn(saveId), [
      { action: 'create', entity: 'form_records', entityId: saved.json().res.id },
    ])

    // A check writes its entry in the same statement as the order's change.
    const product = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 5 }] })
    const [department] = await post('index/departmentList', {})
    const order = await post('outApply/save', {
      type: 'general',
      department_id: department.id,
      items: [{ product_id: product.productId, batch_id: product.batches[0].id, quantity: 1 }],
    })
    const checkId = `lb-${randomUUID()}`
    const checked = await app.inject({
      method: 'POST',
      url: '/api/care/outApply/check',
      payload: { id: order.id, approve: true },
      headers: { token: (await approverOf(app, site)).token, 'x-request-id': checkId },
    })
    assert.equal(checked.json().code, 1, checked.json().msg)
    assert.deepEqual(await auditedIn(checkId), [{ action: 'approve', entity: 'out_applies', entityId: order.id }])

    // Without a proxy's id: the generated one that the reply carried.
    const { account, password } = await addAccount(app)
    const loggedIn = await app.inject({
      method: 'POST',
      url: '/api/care/account/login_old',
      payload: { account, password },
    })
    assert.equal(loggedIn.json().code, 1, loggedIn.json().msg)
    const rows = await auditedIn(String(loggedIn.headers['x-request-id']))
    assert.deepEqual(
      rows.map(({ action, entity }) => ({ action, entity })),
      [{ action: 'create', entity: 'sessions' }],
    )
    const [session] = rows

    // The session's own changes: a new password, and the logout.
    const { token } = loggedIn.json().res
    const sessionChange = async (route: string, payload: object) => {
      const id = `lb-${randomUUID()}`
      const reply = await app.inject({
        method: 'POST',
        url: `/api/care/account/${route}`,
        payload,
        headers: { token, 'x-request-id': id },
      })
      assert.equal(reply.json().code, 1, reply.json().msg)
      return auditedIn(id)
    }
    const [changed] = await sessionChange('change_pwd', { old_password: password, password: 'newpass5678' })
    assert.deepEqual({ action: changed.action, entity: changed.entity }, { action: 'update', entity: 'accounts' })
    assert.deepEqual(await sessionChange('logout', {}), [
      { action: 'delete', entity: 'sessions', entityId: session.entityId },
    ])
  })
})

// The busiest statements are prepared once and run on whatever connection they are given: the
// pool's, or a transaction's. One that ran on the pool inside a transaction would outlive its
// rollback (an audit entry of a save that never happened) and miss the transaction's own rows.
describe('prepared statements', () => {
  const entriesOf = (entity: string) =>
    app.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity))
  const entry = (entity: string) => ({
    siteId: site.siteId,
    accountId: site.accountId,
    action: 'create' as const,
    entity,
    entityId: 1,
  })

  it('run inside the transaction they are given: seen there, gone with its rollback', async () => {
    const entity = `rolled_back_${randomUUID()}`
    await assert.rejects(
      app.db.transaction(async (tx) => {
        assert.equal(await writeAudit(tx, entry(entity)), true)
        assert.equal((await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity))).length, 1)
        throw new Error('the save failed')
      }),
      /the save failed/,
    )
    assert.deepEqual(await entriesOf(entity), [])
  })

  it('run on the pool, and in a committed transaction, each write once', async () => {
    const entity = `kept_${randomUUID()}`
    assert.equal(await writeAudit(app.db, entry(entity)), true)
    await app.db.transaction((tx) => writeAudit(tx, entry(entity)))
    assert.equal((await entriesOf(entity)).length, 2)
  })
})

// Who opened what: a reply or a PDF that hands out a mother's ID number, photos or signatures
// leaves an access entry first; a manager of her site lists them.
describe('the access log', () => {
  let clinic: TestSite
  let staff: { token: string; accountId: number }
  /** Her check-in notice holds her ID number; the other customer's holds none. */
  let withId: number
  let withoutId: number

  before(async () => {
    clinic = await addSite(app)
    const account = await addAccount(app, { siteIds: [clinic.siteId] })
    const token = await login(app, account.account, account.password)
    staff = { token, accountId: (await call(app, `${CARE}/account/info`, {}, { token })).res.id }
    const departmentIds = (await post('index/departmentList', {}, clinic.token)).map((d: { id: number }) => d.id)
    const notice = async (name: string, n: number, idCard: string | undefined) => {
      const customer = clinic.customers[n]
      const data = { ...validSample(definitionOf(name), { customer, room: customer.room, departmentIds }) }
      data.id_card = idCard
      return (await post('index/saveForm', { name, customer_id: customer.id, data }, clinic.token)).id as number
    }
    withId = await notice('月子入住通知单', 0, '11010519491231002X')
    withoutId = await notice('小月子入住通知单', 1, undefined)
  })

  /** The lines of the clinic's entries written while `read` ran, oldest first. */
  async function loggedBy(read: () => Promise<unknown>) {
    const lines = accessLines(app.db)
    const inClinic = eq(lines.siteId, clinic.siteId)
    const [{ last }] = await app.db
      .select({ last: max(lines.id) })
      .from(lines)
      .where(inClinic)
    await read()
    return app.db
      .select(lineOf(lines))
      .from(lines)
      .where(and(inClinic, gt(lines.id, last ?? 0)))
      .orderBy(asc(lines.id), asc(lines.n))
  }

  /** A call as the staff member, with a request id of its own; answers the reply. */
  async function as(url: string, body: object, requestId: string, token = staff.token) {
    const response = await app.inject({
      method: 'POST',
      url: `${CARE}/${url}`,
      payload: body,
      headers: { token, 'x-request-id': requestId },
    })
    return response.json()
  }

  const entry = (recordId: number, action: 'read' | 'pdf', httpRequestId: string) => ({
    accountId: staff.accountId,
    customerId: clinic.customers[0].id,
    kind: 'record',
    recordId,
    name: '月子入住通知单',
    action,
    httpRequestId,
  })

  it('reading a record with an ID number writes one entry; one without, none', async () => {
    const requestId = `read-${randomUUID()}`
    const rows = await loggedBy(async () => {
      assert.equal(
        (await as('index/getFormRecordInfo', { id: withId }, requestId)).res.data.id_card,
        '11010519491231002X',
      )
    })
    assert.deepEqual(rows, [entry(withId, 'read', requestId)])
    assert.deepEqual(await loggedBy(() => as('index/getFormRecordInfo', { id: withoutId }, randomUUID())), [])
  })

  it('a list whose rows hold no ID number, photo or signature writes none; a row that holds one, one', async () => {
    const quiet = await loggedBy(async () => {
      const page = await as('index/getFormRecord', { name: '小月子入住通知单', limit: 100 }, randomUUID())
      assert.deepEqual(
        page.res.list.map((r: { id: number }) => r.id),
        [withoutId],
      )
      await as('outApply/index', {}, randomUUID())
      await as('customer/index', {}, randomUUID())
    })
    assert.deepEqual(quiet, [])
    const requestId = `list-${randomUUID()}`
    assert.deepEqual(await loggedBy(() => as('index/getFormRecord', { limit: 100 }, requestId)), [
      entry(withId, 'read', requestId),
    ])
  })

  it('asking for a PDF link and each open of it write entries under the one who asked', async () => {
    const askId = `pdf-${randomUUID()}`
    let url = ''
    const asked = await loggedBy(async () => {
      url = (await as('index/formRecordPdf', { id: withId }, askId)).res.url
    })
    assert.deepEqual(asked, [entry(withId, 'pdf', askId)])
    // Opened twice: the second is answered from the cache, and logged all the same.
    for (const openId of [`open-${randomUUID()}`, `open-${randomUUID()}`]) {
      const opened = await loggedBy(async () => {
        const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': openId } })
        assert.equal(response.statusCode, 200)
      })
      assert.deepEqual(opened, [entry(withId, 'pdf', openId)])
    }
  })

  it('a read whose entry cannot be written fails, and hands nothing out', async () => {
    // The database refuses entries of this one account only: other test files write theirs meanwhile.
    await app.db.execute(
      sql.raw(`create function refuse_access_entry() returns trigger language plpgsql as $$
        begin if new.account_id = ${staff.accountId} then raise exception 'refused'; end if; return new; end $$`),
    )
    await app.db.execute(
      sql.raw(
        'create trigger refuse_access_entry before insert on access_log for each row execute function refuse_access_entry()',
      ),
    )
    try {
      for (const [url, body] of [
        ['index/getFormRecordInfo', { id: withId }],
        ['index/getFormRecord', { limit: 100 }],
        ['index/formRecordPdf', { id: withId }],
      ] as const) {
        const reply = await as(url, body, randomUUID())
        assert.equal(reply.code, -500, url)
        assert.equal(reply.res, null, url)
      }
    } finally {
      await app.db.execute(sql.raw('drop trigger refuse_access_entry on access_log'))
      await app.db.execute(sql.raw('drop function refuse_access_entry()'))
    }
  })

  it('a manager of the site lists a customer’s entries newest first; others are refused', async () => {
    const customer = clinic.customers[0]
    const requestId = `seen-${randomUUID()}`
    await as('index/getFormRecordInfo', { id: withId }, requestId)
    const page = await post('customer/accessLog', { customer_id: customer.id, limit: 5 }, clinic.token)
    assert.ok(page.total >= 1)
    const [newest] = page.list
    assert.equal(newest.request_id, requestId)
    assert.deepEqual(
      { ...newest, id: undefined, at: undefined },
      {
        id: undefined,
        at: undefined,
        account_id: staff.accountId,
        account_name: '测试员工',
        kind: 'record',
        record_id: withId,
        name: '月子入住通知单',
        action: 'read',
        request_id: requestId,
      },
    )
    const times = page.list.map((e: { at: string }) => Date.parse(e.at))
    assert.deepEqual(
      times,
      [...times].sort((x, y) => y - x),
    )
    // The other customer has none of hers.
    assert.deepEqual((await post('customer/accessLog', { customer_id: clinic.customers[1].id }, clinic.token)).list, [])

    // Staff without the administration right are refused, those who may approve orders included;
    // another site's manager does not see her.
    const refused = await call(app, `${CARE}/customer/accessLog`, { customer_id: customer.id }, { token: staff.token })
    assert.deepEqual({ code: refused.code, res: refused.res }, { code: -5, res: null })
    const approver = await approverOf(app, clinic)
    const approverOnly = await call(
      app,
      `${CARE}/customer/accessLog`,
      { customer_id: customer.id },
      { token: approver.token },
    )
    assert.deepEqual({ code: approverOnly.code, res: approverOnly.res }, { code: -5, res: null })
    const elsewhere = await call(app, `${CARE}/customer/accessLog`, { customer_id: customer.id }, { token: site.token })
    assert.deepEqual({ code: elsewhere.code, res: elsewhere.res }, { code: -2, res: null })
  })

  it('is described in the API docs with the right it checks: administration, not approval', async () => {
    const doc = app.swagger() as { paths: Record<string, { post: { description: string } }> }
    const { description } = doc.paths['/api/care/customer/accessLog'].post
    assert.match(description, /administration right on the site \(else -5\)/)
    assert.doesNotMatch(description, /approve/)
  })

  it('is read with the administration right of the site the session is in, and no other', async () => {
    const { account, password } = await addAccount(app, {
      siteIds: [clinic.siteId, site.siteId],
      canApprove: true,
      canAdminister: true,
    })
    const token = await login(app, account, password)
    const accountId = (await call(app, `${CARE}/account/info`, {}, { token })).res.id
    await app.db
      .update(accountSites)
      .set({ canAdminister: false })
      .where(and(eq(accountSites.accountId, accountId), eq(accountSites.siteId, site.siteId)))
    const inClinic = await call(app, `${CARE}/account/info`, {}, { token })
    assert.deepEqual([inClinic.res.can_administer, inClinic.res.can_approve], [true, true])
    const read = { customer_id: clinic.customers[0].id }
    assert.equal((await call(app, `${CARE}/customer/accessLog`, read, { token })).code, 1)

    const switched = await call(app, `${CARE}/account/info`, { site_id: site.siteId }, { token })
    assert.deepEqual([switched.res.site_id, switched.res.can_administer], [site.siteId, false])
    const there = await call(app, `${CARE}/customer/accessLog`, { customer_id: site.customers[0].id }, { token })
    assert.deepEqual({ code: there.code, res: there.res }, { code: -5, res: null })
  })

  it('writes one entry for a list of two customers’ records; each customer’s log lists only her own lines', async () => {
    const centre = await addSite(app)
    const departmentIds = (await post('index/departmentList', {}, centre.token)).map((d: { id: number }) => d.id)
    const name = '月子入住通知单'
    const ids = []
    for (const [n, idCard] of ['110105199001010010', '110105198512120030'].entries()) {
      const customer = centre.customers[n]
      const data = { ...validSample(definitionOf(name), { customer, room: customer.room, departmentIds }) }
      data.id_card = idCard
      ids.push((await post('index/saveForm', { name, customer_id: customer.id, data }, centre.token)).id as number)
    }
    const requestId = `two-${randomUUID()}`
    const page = await as('index/getFormRecord', { name, limit: 100 }, requestId, centre.token)
    assert.deepEqual(new Set(page.res.list.map((r: { id: number }) => r.id)), new Set(ids))
    // getFormRecord's list writes one row of the table for the request, naming both records.
    const [{ entries }] = await app.db
      .select({ entries: count() })
      .from(accessLog)
      .where(eq(accessLog.httpRequestId, requestId))
    assert.equal(entries, 1)
    for (const [n, recordId] of ids.entries()) {
      const log = await post('customer/accessLog', { customer_id: centre.customers[n].id }, centre.token)
      const ofRequest = log.list.filter((line: { request_id: string }) => line.request_id === requestId)
      assert.deepEqual(
        ofRequest.map((line: { kind: string; record_id: number; name: string }) => [
          line.kind,
          line.record_id,
          line.name,
        ]),
        [['record', recordId, name]],
      )
      assert.equal(log.total, log.list.length)
    }
  })
})
