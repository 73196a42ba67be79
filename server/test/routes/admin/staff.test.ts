import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts, auditLog } from '../../../src/db/schema.js'
import { Code } from '../../../src/errors.js'
import { addAccount, addSite, call, login, startApp, type TestSite } from '../../helpers.js'

// The staff administration: only for those who administer the site, only its own accounts, every
// change audited; a disabled account's token stops working at once, a reset one must change.

const API = '/api/admin/staff'

let app: FastifyInstance
let site: TestSite
before(async () => {
  app = await startApp()
  site = await addSite(app)
})
after(() => app.close())

const post = (path: string, body: object, token = site.token, lang = 'zh') =>
  call(app, `${API}/${path}`, body, { token, lang })

const newAccount = () => `w.${randomUUID().slice(0, 8)}`

/** A new staff member of the site, made through the route: her id, account and one-time password. */
async function hire(rights: string[] = ['approve']) {
  const account = newAccount()
  const reply = await post('save', { name: '王小丽', account, sites: [{ site_id: site.siteId, rights }] })
  assert.equal(reply.code, 1, reply.msg)
  return { id: reply.res.id as number, account, password: reply.res.password as string }
}

/** She signs in with her one-time password (-90004) and chooses her own: her token. */
async function firstSignIn(account: string, password: string) {
  const first = await call(app, '/api/care/account/login_old', { account, password })
  assert.equal(first.code, Code.MUST_CHANGE_PASSWORD)
  const mine = 'Chosen2026pw'
  const changed = await call(
    app,
    '/api/care/account/change_pwd',
    { old_password: password, password: mine },
    { token: first.res.token },
  )
  assert.equal(changed.code, 1, changed.msg)
  return login(app, account, mine)
}

/** What the site's manager did to the account, oldest first (she changes her own password herself). */
const actions = async (entityId: number) =>
  (
    await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'accounts'),
          eq(auditLog.entityId, entityId),
          eq(auditLog.accountId, site.accountId),
          eq(auditLog.siteId, site.siteId),
        ),
      )
      .orderBy(auditLog.id)
  ).map((row) => row.action)

const whoAmI = async (token: string) => (await call(app, '/api/care/account/info', {}, { token })).code

describe('staff administration', () => {
  it('is refused to staff without the right to administer (-5)', async () => {
    const plain = await addAccount(app, { siteIds: [site.siteId], canApprove: true })
    const token = await login(app, plain.account, plain.password)
    for (const [path, body] of [
      ['list', {}],
      ['sites', {}],
      ['save', { name: '甲', account: newAccount(), sites: [{ site_id: site.siteId }] }],
      ['disable', { id: site.accountId }],
      ['resetPassword', { id: site.accountId }],
    ] as const) {
      assert.deepEqual(await post(path, body, token), {
        code: Code.FORBIDDEN,
        msg: '只有有管理权限的员工可以管理本门店',
        res: null,
      })
    }
  })

  it('adds a staff member with a one-time password that must be changed at her first sign-in', async () => {
    const { id, account, password } = await hire(['approve'])
    assert.match(password, /^[A-Za-z0-9]{12}$/)
    const token = await firstSignIn(account, password)
    assert.equal(await whoAmI(token), 1)
    const info = (await post('info', { id })).res
    assert.deepEqual(info, {
      id,
      name: '王小丽',
      account,
      disabled: false,
      must_change_password: false,
      default_site_id: site.siteId,
      sites: [{ site_id: site.siteId, site_name: info.sites[0].site_name, can_approve: true, can_administer: false }],
    })
    assert.deepEqual(await actions(id), ['create'])
    const found = (await post('list', { keyword: account.slice(2) })).res
    assert.deepEqual(
      found.list.map((row: { id: number }) => row.id),
      [id],
    )
    assert.ok((await post('list', { keyword: '王小丽' })).res.list.some((row: { id: number }) => row.id === id))
  })

  it('refuses a taken or badly formed account name and a save without a site, in zh and en', async () => {
    const taken = { name: '乙', account: 'demo', sites: [{ site_id: site.siteId }] }
    assert.deepEqual(await post('save', taken), { code: Code.CONFLICT, msg: '账号 demo 已被使用，请换一个', res: null })
    assert.equal((await post('save', taken, site.token, 'en')).msg, 'The account name demo is taken: choose another')
    for (const account of ['ab', 'has space', '王五', 'a/b']) {
      const reply = await post('save', { ...taken, account })
      assert.deepEqual([reply.code, reply.msg], [Code.INVALID_INPUT, '账号须为 3–30 位字母、数字或 . _ -'], account)
    }
    assert.equal(
      (await post('save', { ...taken, account: 'a b' }, site.token, 'en')).msg,
      'An account name has 3–30 letters, digits or . _ -',
    )
    const noSite = { name: '丙', account: newAccount(), sites: [] }
    assert.deepEqual((await post('save', noSite)).code, Code.INVALID_INPUT)
    assert.equal((await post('save', noSite)).msg, '请选择所属门店')
    assert.equal((await post('save', noSite, site.token, 'en')).msg, 'Please select Sites')
  })

  it("refuses a site the caller does not administer and another site's account (-2), showing nothing of it", async () => {
    const demoSite = { name: '丁', account: newAccount(), sites: [{ site_id: 1 }] }
    assert.deepEqual(await post('save', demoSite), {
      code: Code.FORBIDDEN,
      msg: '只能给员工分配您有管理权限的门店',
      res: null,
    })
    const demoId = (await call(app, '/api/care/account/login_old', { account: 'demo', password: 'demo1234' })).res
      .userInfo.id
    for (const path of ['info', 'disable', 'enable', 'resetPassword']) {
      assert.deepEqual(await post(path, { id: demoId }), { code: Code.NOT_FOUND, msg: '本门店没有这名员工', res: null })
    }
    const update = { id: demoId, name: '改名', sites: [{ site_id: site.siteId }] }
    assert.equal((await post('save', update)).code, Code.NOT_FOUND)
    // Someone of both sites shows only the site the caller administers.
    const both = await addAccount(app, { siteIds: [site.siteId, 1] })
    const bothId = (await call(app, '/api/care/account/login_old', both)).res.userInfo.id
    const sites = (await post('info', { id: bothId })).res.sites
    assert.deepEqual(
      sites.map((s: { site_id: number }) => s.site_id),
      [site.siteId],
    )
  })

  it("never takes a site's last administrator, the caller included", async () => {
    const self = { id: site.accountId, name: '店长', sites: [{ site_id: site.siteId, rights: ['approve'] }] }
    assert.deepEqual(await post('save', self), {
      code: Code.CONFLICT,
      msg: '门店至少要保留一位有管理权限的员工',
      res: null,
    })
    assert.equal((await post('disable', { id: site.accountId })).msg, '不能对自己的账号这样操作，修改密码请到个人中心')
    assert.equal(await whoAmI(site.token), 1)
  })

  it('changes her name and rights, audited', async () => {
    const { id } = await hire(['approve'])
    const reply = await post('save', {
      id,
      name: '王小丽二',
      sites: [{ site_id: site.siteId, rights: ['administer'] }],
    })
    assert.deepEqual(reply, { code: 1, msg: '成功', res: { id } })
    const info = (await post('info', { id })).res
    assert.equal(info.name, '王小丽二')
    assert.deepEqual([info.sites[0].can_approve, info.sites[0].can_administer], [false, true])
    assert.deepEqual(await actions(id), ['create', 'update'])
  })

  it('disabling ends her sessions at once; enabling lets her sign in again', async () => {
    const { id, account, password } = await hire()
    const token = await firstSignIn(account, password)
    assert.equal(await whoAmI(token), 1)
    assert.equal((await post('disable', { id })).code, 1)
    assert.equal(await whoAmI(token), Code.TOKEN_MISSING)
    const refused = await call(app, '/api/care/account/login_old', { account, password: 'Chosen2026pw' })
    assert.equal(refused.code, Code.BAD_CREDENTIALS)
    assert.equal((await post('list', { keyword: account })).res.list[0].disabled, true)
    assert.equal((await post('enable', { id })).code, 1)
    assert.equal(await whoAmI(await login(app, account, 'Chosen2026pw')), 1)
    assert.deepEqual(await actions(id), ['create', 'disable', 'enable'])
  })

  it('a reset gives a new one-time password, ends her sessions, and she must change it', async () => {
    const { id, account, password } = await hire()
    const token = await firstSignIn(account, password)
    const reset = await post('resetPassword', { id })
    assert.equal(reset.code, 1)
    assert.notEqual(reset.res.password, password)
    assert.equal(await whoAmI(token), Code.TOKEN_MISSING)
    const again = await call(app, '/api/care/account/login_old', { account, password: reset.res.password })
    assert.equal(again.code, Code.MUST_CHANGE_PASSWORD)
    assert.deepEqual(await actions(id), ['create', 'resetPassword'])
  })
})

describe('one-time passwords', () => {
  const HOUR = 3600_000
  /** Her password as if it was set `hours` ago. */
  const setHoursAgo = (id: number, hours: number) =>
    app.db
      .update(accounts)
      .set({ passwordSetAt: new Date(Date.now() - hours * HOUR) })
      .where(eq(accounts.id, id))
  const signIn = (account: string, password: string, lang = 'zh') =>
    call(app, '/api/care/account/login_old', { account, password }, { lang })
  const EXPIRED = { code: Code.BAD_CREDENTIALS, msg: '一次性密码已过期，请联系管理员重置密码', res: null }

  it("sign a new account in for ONE_TIME_PASSWORD_HOURS (72), then never; a reset's likewise", async () => {
    const { id, account, password } = await hire()
    await setHoursAgo(id, 71)
    const inTime = await signIn(account, password)
    assert.equal(inTime.code, Code.MUST_CHANGE_PASSWORD, inTime.msg)
    await setHoursAgo(id, 73)
    assert.deepEqual(await signIn(account, password), EXPIRED)
    assert.equal(
      (await signIn(account, password, 'en')).msg,
      'This one-time password has expired: ask an administrator for a new one',
    )
    // Nor is it changed from the session it opened in time.
    const changed = await call(
      app,
      '/api/care/account/change_pwd',
      { old_password: password, password: 'Chosen2026pw' },
      { token: inTime.res.token },
    )
    assert.deepEqual(changed, EXPIRED)
    assert.deepEqual(await signIn(account, 'Chosen2026pw'), {
      code: Code.BAD_CREDENTIALS,
      msg: '账号或密码错误',
      res: null,
    })

    // A reset gives her a new one, counted from the reset.
    const reset = await post('resetPassword', { id })
    assert.equal(reset.code, 1, reset.msg)
    assert.equal((await signIn(account, reset.res.password)).code, Code.MUST_CHANGE_PASSWORD)
    await setHoursAgo(id, 71)
    assert.equal((await signIn(account, reset.res.password)).code, Code.MUST_CHANGE_PASSWORD)
    await setHoursAgo(id, 73)
    assert.deepEqual(await signIn(account, reset.res.password), EXPIRED)
  })

  it('leave the password she chose herself alone, however old', async () => {
    const { id, account, password } = await hire()
    await firstSignIn(account, password)
    await setHoursAgo(id, 24 * 400)
    assert.equal((await signIn(account, 'Chosen2026pw')).code, 1)
  })
})

describe('an account of several sites', () => {
  it('is acted on only by whoever administers every site it belongs to: -5 otherwise, and nothing changes', async () => {
    const other = await addSite(app)
    // Administers both sites; and a colleague she hires, plain in the first and administering the second.
    const manager = await addAccount(app, { siteIds: [site.siteId, other.siteId], canAdminister: true })
    const managerToken = await login(app, manager.account, manager.password, site.siteId)
    const [{ id: managerId }] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.account, manager.account))
    const mixed = { account: newAccount(), password: '' }
    const hired = await post(
      'save',
      {
        name: '李双店',
        account: mixed.account,
        sites: [
          { site_id: site.siteId, rights: [] },
          { site_id: other.siteId, rights: ['administer'] },
        ],
      },
      managerToken,
    )
    assert.equal(hired.code, 1, hired.msg)
    mixed.password = hired.res.password

    // An administrator of one site only, in each direction.
    for (const [own, token] of [
      [
        site.siteId,
        await login(app, (await addAccount(app, { siteIds: [site.siteId], canAdminister: true })).account, 'start1234'),
      ],
      [
        other.siteId,
        await login(
          app,
          (await addAccount(app, { siteIds: [other.siteId], canAdminister: true })).account,
          'start1234',
        ),
      ],
    ] as const) {
      for (const id of [managerId, hired.res.id as number]) {
        for (const [path, body] of [
          ['resetPassword', { id }],
          ['disable', { id }],
          ['enable', { id }],
          ['save', { id, name: '改个名字', sites: [{ site_id: own, rights: [] }] }],
        ] as const) {
          const refused = await post(path, body, token)
          assert.equal(refused.code, Code.FORBIDDEN, `${path} by site ${own}'s administrator`)
          assert.equal(refused.msg, '该员工也在您没有管理权限的门店：请由管理她所有门店的人操作')
        }
      }
    }
    // Nothing changed: both sign in as before, with their rights in both sites.
    assert.equal((await call(app, '/api/care/account/login_old', manager)).code, 1)
    assert.equal((await call(app, '/api/care/account/login_old', mixed)).code, Code.MUST_CHANGE_PASSWORD)
    const [kept] = await app.db
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.account, mixed.account))
    assert.equal(kept.name, '李双店')
    // Whoever administers both sites may.
    assert.equal((await post('resetPassword', { id: hired.res.id }, managerToken)).code, 1)
  })
})
