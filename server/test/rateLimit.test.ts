import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, it } from 'node:test'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../src/config.js'
import { addAccount, call, login, PNG, startApp, startAppBeside, uploadFile } from './helpers.js'

// The login limit is counted in the database: every instance on it counts the same attempts, and
// a restart forgets none. Each test uses accounts of its own, as other files log in at the same time.

/** One folder for every app of this file, so that a restarted app opens the same embedded database. */
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'yuezi-rate-'))
if (!process.env.DATA_DIR) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
// Other files fail logins from this address at the same time: only one test counts per address.
const LIMIT = {
  loginRateMax: 3,
  loginRateAddressMax: 10_000,
  loginRateWindowMs: 120_000,
  importRateMax: 2,
  uploadRateMax: 3,
  dataDir,
}
const start = (overrides = {}) => startApp({ ...LIMIT, ...overrides })
/** An app with settings of its own while `app` runs. */
const beside = (overrides = {}) => startAppBeside({ ...LIMIT, ...overrides })
/** Behind one proxy, as the setting is read. */
const behindProxy = { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy }

let app: FastifyInstance
before(async () => {
  app = await start()
})
after(() => app.close())

const LOGIN = '/api/care/account/login_old'
const attempt = (on: FastifyInstance, account: string, password: string, headers: Record<string, string> = {}) =>
  call(on, LOGIN, { account, password }, headers)

it('stops login attempts on one account after LOGIN_RATE_MAX, and says when to retry', async () => {
  const { account, password } = await addAccount(app)
  for (let i = 0; i < 3; i++) assert.equal((await attempt(app, account, `guess${i}`)).code, -4)
  const blocked = await attempt(app, account, password)
  assert.equal(blocked.code, -3)
  assert.equal(blocked.msg, '尝试次数过多，请 2 分钟后再试')
  // Seconds until the window ends, for the app's countdown.
  assert.ok(blocked.res.retry_after > 110 && blocked.res.retry_after <= 120, `retry_after ${blocked.res.retry_after}`)
  const english = await attempt(app, account, password, { lang: 'en' })
  assert.equal(english.msg, 'Too many attempts, try again in 2 min')

  // Other accounts from the same address can still log in.
  const other = await addAccount(app)
  assert.equal((await attempt(app, other.account, other.password)).code, 1)
})

it('stops one account after LOGIN_RATE_MAX wrong passwords sent from as many forwarded addresses', async () => {
  const proxied = await beside(behindProxy)
  try {
    const { account, password } = await addAccount(proxied)
    for (let i = 0; i < 4; i++) {
      const reply = await attempt(proxied, account, `guess${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` })
      assert.equal(reply.code, i < 3 ? -4 : -3)
    }
    const blocked = await attempt(proxied, account, password, { 'x-forwarded-for': '198.51.100.7' })
    assert.equal(blocked.code, -3)
    assert.equal(blocked.msg, '尝试次数过多，请 2 分钟后再试')
    assert.ok(blocked.res.retry_after > 110 && blocked.res.retry_after <= 120, `retry_after ${blocked.res.retry_after}`)
  } finally {
    await proxied.close()
  }
})

it('stops an address after LOGIN_RATE_ADDRESS_MAX wrong passwords spread over accounts, and not the others', async () => {
  const proxied = await beside({ ...behindProxy, loginRateAddressMax: 4 })
  try {
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`
    // The client writes what it likes in front; one hop back is what the proxy saw.
    const via = (i: number) => ({ 'x-forwarded-for': `10.9.9.${i}, ${address}` })
    for (let i = 0; i < 4; i++)
      assert.equal((await attempt(proxied, `no-such-staff-${i}-${Math.random()}`, 'guess', via(i))).code, -4)
    const { account, password } = await addAccount(proxied)
    assert.equal((await attempt(proxied, account, password, via(9))).code, -3)
    assert.equal((await attempt(proxied, account, password, { 'x-forwarded-for': '198.51.100.8' })).code, 1)
  } finally {
    await proxied.close()
  }
})

it('counts only the failed logins: signing in again and again never locks an account out', async () => {
  const { account, password } = await addAccount(app)
  for (let i = 0; i < 5; i++) assert.equal((await attempt(app, account, password)).code, 1)
  for (let i = 0; i < 3; i++) assert.equal((await attempt(app, account, `guess${i}`)).code, -4)
  assert.equal((await attempt(app, account, password)).code, -3)
})

it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses anything else', () => {
  assert.equal(loadConfig({}).trustProxy, false)
  assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1)
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy, [
    '10.0.0.5',
    '10.1.0.0/16',
    '::1',
  ])
  for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', '-1']) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad)
  }
})

it('stops an account that does not exist in the same way, so that the limit does not tell which accounts exist', async () => {
  const account = `no-such-staff-${Math.random().toString(36).slice(2)}`
  const replies = []
  for (let i = 0; i < 4; i++) replies.push(await attempt(app, account, `guess${i}`))
  assert.deepEqual(
    replies.slice(0, 3).map((r) => r.code),
    [-4, -4, -4],
  )
  assert.equal(replies[3].code, -3)
  assert.equal(replies[3].msg, '尝试次数过多，请 2 分钟后再试')
})

it('keeps an account locked out through a restart of the server', async () => {
  const { account, password } = await addAccount(app)
  for (let i = 0; i < 3; i++) assert.equal((await attempt(app, account, `guess${i}`)).code, -4)
  await app.close()
  app = await start()
  const blocked = await attempt(app, account, password)
  assert.equal(blocked.code, -3)
  assert.ok(blocked.res.retry_after > 100 && blocked.res.retry_after <= 120, `retry_after ${blocked.res.retry_after}`)
})

it(
  'counts attempts spread over two instances on one database as one instance does, and locks out on both',
  // The embedded database is opened by one process at a time: instances share PostgreSQL.
  { skip: !process.env.DATABASE_URL && 'two instances at once need PostgreSQL' },
  async () => {
    const second = await start()
    try {
      const { account, password } = await addAccount(app)
      const turns = [app, second, app]
      for (const [i, on] of turns.entries()) assert.equal((await attempt(on, account, `guess${i}`)).code, -4)
      assert.equal((await attempt(second, account, password)).code, -3)
      assert.equal((await attempt(app, account, password)).code, -3)
      // Attempts made at once on both are each counted: the fourth and later ones are refused.
      const other = await addAccount(app)
      const burst = await Promise.all(
        Array.from({ length: 6 }, (_, i) => attempt(i % 2 ? second : app, other.account, `x${i}`)),
      )
      assert.deepEqual(burst.map((r) => r.code).sort(), [-4, -4, -4, -3, -3, -3].sort())
    } finally {
      await second.close()
    }
  },
)

it('frees the account once the window has ended', async () => {
  await app.close()
  app = await start({ loginRateWindowMs: 1_000 })
  const { account, password } = await addAccount(app)
  for (let i = 0; i < 3; i++) assert.equal((await attempt(app, account, `guess${i}`)).code, -4)
  assert.equal((await attempt(app, account, password)).code, -3)
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  assert.equal((await attempt(app, account, password)).code, 1)
})

it('refuses opens of PDF links from one address past PDF_RATE_MAX, with when to retry', async () => {
  const limited = await beside({ pdfRateMax: 3 })
  try {
    // An address of its own: other files open PDFs from this machine at the same time.
    const remoteAddress = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
    const open = (lang?: string) =>
      limited.inject({ method: 'GET', url: '/api/pdf/not-a-link', remoteAddress, headers: lang ? { lang } : {} })
    for (let i = 0; i < 3; i++) assert.equal((await open()).statusCode, 403)
    const refused = await open()
    assert.equal(refused.statusCode, 429)
    const body = refused.json()
    assert.equal(body.code, -3)
    assert.equal(body.msg, '打开 PDF 过于频繁，请稍后再试')
    assert.ok(body.res.retry_after > 0 && body.res.retry_after <= 60, `retry_after ${body.res.retry_after}`)
    assert.equal((await open('en')).json().msg, 'Too many PDFs opened: try again in a minute')
    // Another address opens as before.
    const other = await limited.inject({ method: 'GET', url: '/api/pdf/not-a-link', remoteAddress: '192.0.2.1' })
    assert.equal(other.statusCode, 403)
  } finally {
    await limited.close()
  }
})

it('refuses password resets by one administrator past RESET_PASSWORD_RATE_MAX in 15 minutes, and not another', async () => {
  const limited = await beside({ resetPasswordRateMax: 3 })
  try {
    const signIn = async (account: { account: string; password: string }) =>
      (await attempt(limited, account.account, account.password)).res.token as string
    const admin = await addAccount(limited, { canAdminister: true })
    const staff = await Promise.all(Array.from({ length: 5 }, () => addAccount(limited)))
    const ids = await Promise.all(
      staff.map(async (one) => (await attempt(limited, one.account, one.password)).res.userInfo.id as number),
    )
    const reset = (token: string, id: number, lang = 'zh') =>
      call(limited, '/api/admin/staff/resetPassword', { id }, { token, lang })
    const token = await signIn(admin)
    for (const id of ids.slice(0, 3)) assert.equal((await reset(token, id)).code, 1)
    const refused = await reset(token, ids[3])
    assert.equal(refused.code, -3)
    assert.equal(refused.msg, '重置密码过于频繁，请 15 分钟后再试')
    assert.ok(refused.res.retry_after > 800 && refused.res.retry_after <= 900, `retry_after ${refused.res.retry_after}`)
    assert.equal((await reset(token, ids[3], 'en')).msg, 'Too many password resets, try again in 15 min')
    // Nothing was reset: her password still signs her in.
    assert.equal((await attempt(limited, staff[3].account, staff[3].password)).code, 1)
    // Counted for the administrator, not her session: signing in again changes nothing.
    assert.equal((await reset(await signIn(admin), ids[3])).code, -3)
    // Another administrator resets as before.
    const colleague = await addAccount(limited, { canAdminister: true })
    assert.equal((await reset(await signIn(colleague), ids[4])).code, 1)
  } finally {
    await limited.close()
  }
})

it('refuses an expired one-time password without counting it: the account is not locked out by it', async () => {
  const { account, password } = await addAccount(app, { mustChangePassword: true })
  await app.db.execute(
    sql`update accounts set password_set_at = now() - interval '73 hours' where account = ${account}`,
  )
  for (let i = 0; i < 5; i++) {
    const refused = await attempt(app, account, password)
    assert.deepEqual([refused.code, refused.msg], [-4, '一次性密码已过期，请联系管理员重置密码'])
  }
})

it("stops an account's imports after IMPORT_RATE_MAX a minute, refused ones counted, and not another's", async () => {
  const importing = async (token: string) =>
    (await uploadFile(app, '房间.xlsx', PNG, { token }, '/api/admin/import/upload')).json()
  const admin = await addAccount(app, { canAdminister: true })
  const token = await login(app, admin.account, admin.password)
  for (let i = 0; i < 2; i++) assert.equal((await importing(token)).code, -1)
  const blocked = await importing(token)
  assert.deepEqual([blocked.code, blocked.msg], [-3, '导入过于频繁，请稍后再试'])
  assert.ok(blocked.res.retry_after > 0 && blocked.res.retry_after <= 60, `retry_after ${blocked.res.retry_after}`)
  const other = await addAccount(app, { canAdminister: true })
  assert.equal((await importing(await login(app, other.account, other.password))).code, -1)
})

it("stops an account's photos and signatures after UPLOAD_RATE_MAX a minute, and not another's", async () => {
  const uploading = async (token: string, lang = 'zh-CN') =>
    (await uploadFile(app, '签名.png', PNG, { token, lang })).json()
  const staff = await addAccount(app)
  const token = await login(app, staff.account, staff.password)
  for (let i = 0; i < 3; i++) assert.equal((await uploading(token)).err, 0)
  assert.deepEqual(await uploading(token), { err: -3, message: '上传过于频繁，请稍后再试' })
  assert.deepEqual(await uploading(token, 'en'), { err: -3, message: 'Too many uploads: try again in a minute' })
  const other = await addAccount(app)
  assert.equal((await uploading(await login(app, other.account, other.password))).err, 0)
})
