import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { auditLog, sessions } from '../src/db/schema.js'
import { SessionCache } from '../src/lib/sessionCache.js'
import { findSession } from '../src/repositories/sessions.js'
import { endAccount, removeSiteFromAccount, resetPassword } from '../src/services/accounts.js'
import { addAccount, addSite, call, login, startApp } from './helpers.js'

// Sessions beyond account.test.ts (which checks -90001/-90002/-90004, logout and the password
// change keeping the current session): how tokens are made and kept, how long they live, which
// sessions end, what a new password may not be, and how the sessions an instance keeps in memory
// follow every change. The rate limit is in rateLimit.test.ts; several instances in
// test/reliability/cluster.test.mjs.

const TTL_HOURS = 2
const IDLE_MINUTES = 720
let app: FastifyInstance
before(async () => {
  app = await startApp({ sessionTtlHours: TTL_HOURS })
})
after(() => app.close())

const LOGIN = '/api/care/account/login_old'
const INFO = '/api/care/account/info'
const CHANGE = '/api/care/account/change_pwd'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const rowsOf = (accountId: number) => app.db.select().from(sessions).where(eq(sessions.accountId, accountId))
const accountIdOf = async (token: string) => (await call(app, INFO, {}, { token })).res.id as number

describe('tokens', () => {
  it('carry 256 random bits: base64url of 32 bytes, every character in use, never the same twice', async () => {
    const { account, password } = await addAccount(app)
    const tokens = []
    for (let i = 0; i < 40; i++) tokens.push(await login(app, account, password))
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]{43}$/)
      assert.equal(Buffer.from(token, 'base64url').length, 32)
    }
    assert.equal(new Set(tokens).size, tokens.length)
    // 1720 random characters use nearly all 64 (a counter, a hex string or a timestamp would not).
    assert.ok(new Set(tokens.join('')).size >= 60)
  })

  it('are stored only as their sha256, which does not open a session itself', async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    const [row] = await rowsOf(await accountIdOf(token))
    assert.equal(row.tokenHash, sha256(token))
    assert.ok(!JSON.stringify(row).includes(token))
    assert.equal((await call(app, INFO, {}, { token: row.tokenHash })).code, -90001)
  })

  it('expire SESSION_TTL_HOURS after the login', async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    const [row] = await rowsOf(await accountIdOf(token))
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime()
    assert.ok(Math.abs(lifetime - TTL_HOURS * 3600_000) < 60_000, `lifetime ${lifetime} ms`)
  })
})

describe('ending sessions', () => {
  it('logout ends that session only', async () => {
    const { account, password } = await addAccount(app)
    const [phone, desk] = [await login(app, account, password), await login(app, account, password)]
    assert.equal((await call(app, '/api/care/account/logout', {}, { token: phone })).code, 1)
    assert.equal((await call(app, INFO, {}, { token: phone })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: desk })).code, 1)
    // The ended session stays ended after a new login.
    assert.equal((await call(app, INFO, {}, { token: await login(app, account, password) })).code, 1)
    assert.equal((await call(app, INFO, {}, { token: phone })).code, -90001)
  })

  it('a password change ends the sessions on every site of the account, and old tokens do not come back', async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] })
    const current = await login(app, account, password, 1)
    const elsewhere = await login(app, account, password, 2)
    const switched = await login(app, account, password, 1)
    assert.equal((await call(app, INFO, { site_id: 2 }, { token: switched })).res.site_id, 2)
    assert.equal(
      (await call(app, CHANGE, { old_password: password, password: 'another2024' }, { token: current })).code,
      1,
    )
    for (const token of [elsewhere, switched]) assert.equal((await call(app, INFO, {}, { token })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: current })).code, 1)
    // Changing it back does not revive them.
    assert.equal(
      (await call(app, CHANGE, { old_password: 'another2024', password: 'yetanother2025' }, { token: current })).code,
      1,
    )
    assert.equal((await call(app, INFO, {}, { token: elsewhere })).code, -90001)
  })
})

describe('idle sessions', () => {
  /** Moves the session's recorded last use `minutes` back, before this instance has read it. */
  const idleFor = (token: string, minutes: number) =>
    app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.tokenHash, sha256(token)))
  const lastSeen = async (token: string) =>
    (
      await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
    )[0].lastSeenAt.getTime()

  it('a session not used for SESSION_IDLE_MINUTES is refused as expired, long before its absolute end', async () => {
    const { account, password } = await addAccount(app)
    const [idle, used] = [await login(app, account, password), await login(app, account, password)]
    await idleFor(idle, IDLE_MINUTES)
    await idleFor(used, IDLE_MINUTES - 2)
    assert.deepEqual(await call(app, INFO, {}, { token: idle }), {
      code: -90002,
      msg: '登录已过期，请重新登录',
      res: null,
    })
    assert.equal((await call(app, INFO, {}, { token: used })).code, 1)
    // Its use counts from now: the session goes on past the minutes it had left.
    assert.ok(Date.now() - (await lastSeen(used)) < 10_000)
  })

  it("records a busy session's last use about once a minute, not at every request", async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    const signedIn = await lastSeen(token)
    for (let i = 0; i < 3; i++) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    assert.equal(await lastSeen(token), signedIn, 'used within the minute: not written')
    const fresh = await login(app, account, password)
    await idleFor(fresh, 5)
    assert.equal((await call(app, INFO, {}, { token: fresh })).code, 1)
    const written = await lastSeen(fresh)
    assert.ok(Date.now() - written < 10_000)
    for (let i = 0; i < 3; i++) assert.equal((await call(app, INFO, {}, { token: fresh })).code, 1)
    assert.equal(await lastSeen(fresh), written, 'written once')
  })
})

describe("an account's changes end its sessions", () => {
  const manager = { accountId: 1, siteId: 1 }
  const auditedFor = async (accountId: number) =>
    (
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'accounts'), eq(auditLog.entityId, accountId)))
    ).length

  /**
   * Makes the change and waits until this instance has heard of it (a route making it would wait
   * for every instance, see app.sessionsChanged).
   */
  async function change(accountId: number, make: () => Promise<void>) {
    const told = heard(`a:${accountId}`)
    await make()
    await told
  }

  /** Tokens of a new account on each site, each used twice (so this instance keeps it), and the account's id. */
  async function signedIn(siteIds: number[]) {
    const { account, password } = await addAccount(app, { siteIds })
    const tokens = []
    for (const siteId of siteIds) tokens.push(await login(app, account, password, siteId))
    for (const token of [...tokens, ...tokens]) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    return { account, password, tokens, accountId: await accountIdOf(tokens[0]) }
  }

  it('removing a site from the account ends its sessions in that site at once, and only those', async () => {
    const { account, password, tokens, accountId } = await signedIn([1, 2])
    const [inFirst, inSecond] = tokens
    await change(accountId, () => removeSiteFromAccount(app.db, manager, accountId, 2))
    assert.equal((await call(app, INFO, {}, { token: inSecond })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: inFirst })).code, 1)
    assert.deepEqual(
      (await call(app, '/api/care/account/siteList', {}, { token: inFirst })).res.map((s: { id: number }) => s.id),
      [1],
    )
    assert.equal((await call(app, LOGIN, { account, password, site_id: 2 })).code, -5)
    assert.equal(await auditedFor(accountId), 1)
    // The last site stays: ending the account is the way.
    await assert.rejects(removeSiteFromAccount(app.db, manager, accountId, 1), { key: 'site.lastOfAccount' })
  })

  it('removing the default site moves the default to a site the account keeps', async () => {
    const { account, password, tokens, accountId } = await signedIn([1, 2])
    await change(accountId, () => removeSiteFromAccount(app.db, manager, accountId, 1))
    assert.equal((await call(app, INFO, {}, { token: tokens[0] })).code, -90001)
    assert.equal((await call(app, LOGIN, { account, password })).res.userInfo.site_id, 2)
  })

  it('ending the account ends every session of it, and it signs in no more', async () => {
    const { account, password, tokens, accountId } = await signedIn([1, 2])
    await change(accountId, () => endAccount(app.db, manager, accountId))
    for (const token of tokens) assert.equal((await call(app, INFO, {}, { token })).code, -90001)
    assert.deepEqual(await call(app, LOGIN, { account, password }), { code: -4, msg: '账号或密码错误', res: null })
    assert.equal(await auditedFor(accountId), 1)
  })

  it('resetting the password ends every session of it; the temporary one must be changed at sign-in', async () => {
    const { account, password, tokens, accountId } = await signedIn([1, 2])
    await assert.rejects(resetPassword(app.db, manager, accountId, 'short'), { key: 'password.weak' })
    await change(accountId, () => resetPassword(app.db, manager, accountId, 'Temporary2026'))
    for (const token of tokens) assert.equal((await call(app, INFO, {}, { token })).code, -90001)
    assert.equal((await call(app, LOGIN, { account, password })).code, -4)
    assert.equal((await call(app, LOGIN, { account, password: 'Temporary2026' })).code, -90004)
    assert.equal(await auditedFor(accountId), 1)
  })

  it('a site taken away or an account ended by hand in the database ends its kept sessions too', async () => {
    const first = await signedIn([1, 2])
    let told = heard(`a:${first.accountId}`)
    await app.db.execute(sql`delete from account_sites where account_id = ${first.accountId} and site_id = 2`)
    await told
    assert.equal((await call(app, INFO, {}, { token: first.tokens[1] })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: first.tokens[0] })).code, 1)

    const second = await signedIn([1])
    told = heard(`a:${second.accountId}`)
    await app.db.execute(sql`update accounts set disabled_at = now() where id = ${second.accountId}`)
    await told
    assert.equal((await call(app, INFO, {}, { token: second.tokens[0] })).code, -90001)
  })

  it(
    'a change made through another instance ends the sessions this one kept',
    { skip: !process.env.DATABASE_URL && 'two instances at once need PostgreSQL' },
    async () => {
      const other = await startApp({ sessionTtlHours: TTL_HOURS })
      try {
        for (const make of [
          (accountId: number) => removeSiteFromAccount(other.db, manager, accountId, 2),
          (accountId: number) => endAccount(other.db, manager, accountId),
          (accountId: number) => resetPassword(other.db, manager, accountId, 'Temporary2026'),
        ]) {
          const { tokens, accountId } = await signedIn([1, 2])
          await change(accountId, () => make(accountId))
          assert.equal((await call(app, INFO, {}, { token: tokens[1] })).code, -90001, String(make))
        }
      } finally {
        await other.close()
      }
    },
  )
})

describe('login replies', () => {
  it('are the same for an unknown account, a wrong password and an account that must change its password', async () => {
    const { account } = await addAccount(app, { mustChangePassword: true })
    const replies = [
      await call(app, LOGIN, { account: 'nobody-here', password: 'guess1234' }),
      await call(app, LOGIN, { account: 'demo', password: 'guess1234' }),
      await call(app, LOGIN, { account, password: 'guess1234' }),
      await call(app, LOGIN, { account: 'DEMO', password: 'demo1234' }),
    ]
    for (const reply of replies) assert.deepEqual(reply, { code: -4, msg: '账号或密码错误', res: null })
  })
})

describe('new passwords', () => {
  it('may not contain the account name, whatever its case', async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    for (const weak of [`${account}9`, `x${account.toUpperCase()}2024`]) {
      const reply = await call(app, CHANGE, { old_password: password, password: weak }, { token })
      assert.deepEqual(reply, { code: -1, msg: '新密码不能包含账号', res: null }, weak)
    }
    const english = await call(app, CHANGE, { old_password: password, password: `${account}9` }, { token, lang: 'en' })
    assert.equal(english.msg, 'The new password must not contain your account name')
    // Refused changes leave the password as it was.
    assert.equal((await call(app, LOGIN, { account, password })).code, 1)
  })
})

/** Runs `statement` as someone with psql would, with the triggers off for it: nobody is told of the change. */
async function changeUntold(statement: ReturnType<typeof sql>) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(statement)
  })
}

/**
 * Resolves once this instance has heard `change` from the database. The instance's own session
 * cache listens since the start, before this: it has dropped what the change names by then.
 */
function heard(change: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.onDatabaseChange({
      changed: (told) => {
        if (told !== change) return
        stop()
        resolve()
      },
      listening: () => {},
    })
  })
}

describe('sessions kept in memory', { timeout: 60_000 }, () => {
  it('are answered without reading the database again: a change nobody is told of is not seen', async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    const id = await accountIdOf(token)
    assert.equal((await call(app, INFO, {}, { token })).res.can_approve, false)
    await changeUntold(sql`update account_sites set can_approve = true where account_id = ${id}`)
    assert.equal((await call(app, INFO, {}, { token })).res.can_approve, false)
    // A fresh login reads the row as it is.
    assert.equal((await call(app, INFO, {}, { token: await login(app, account, password) })).res.can_approve, true)
  })

  it('a kept session is refused right after its logout, and only it', async () => {
    const { account, password } = await addAccount(app)
    const [phone, desk] = [await login(app, account, password), await login(app, account, password)]
    for (const token of [phone, desk, phone, desk]) assert.equal((await call(app, INFO, {}, { token })).code, 1)
    assert.equal((await call(app, '/api/care/account/logout', {}, { token: phone })).code, 1)
    assert.equal((await call(app, INFO, {}, { token: phone })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: desk })).code, 1)
  })

  it("a password change refuses the account's other kept sessions at once; the current one works", async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] })
    const current = await login(app, account, password, 1)
    const others = [await login(app, account, password, 1), await login(app, account, password, 2)]
    for (const token of [current, ...others, current, ...others])
      assert.equal((await call(app, INFO, {}, { token })).code, 1)
    assert.equal(
      (await call(app, CHANGE, { old_password: password, password: 'another2024' }, { token: current })).code,
      1,
    )
    for (const token of others) assert.equal((await call(app, INFO, {}, { token })).code, -90001)
    assert.equal((await call(app, INFO, {}, { token: current })).code, 1)
  })

  it("a kept session switched to another site answers the new site's data on the next request", async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] })
    const token = await login(app, account, password, 1)
    const customersOf = async () =>
      (await call(app, '/api/care/customer/index', { limit: 100 }, { token })).res.list.map((c: { id: number }) => c.id)
    const atFirst = await customersOf()
    assert.equal((await call(app, INFO, {}, { token })).res.site_id, 1)
    assert.equal((await call(app, INFO, { site_id: 2 }, { token })).res.site_id, 2)
    assert.equal((await call(app, INFO, {}, { token })).res.site_id, 2)
    const moved = await customersOf()
    assert.ok(moved.length > 0 && atFirst.length > 0)
    assert.deepEqual(
      moved.filter((id: number) => atFirst.includes(id)),
      [],
      "site 1's customers still listed",
    )
  })

  it('an account or a site changed by hand in the database is seen on the next request', async () => {
    const site = await addSite(app, { location: { latitude: 30.2, longitude: 120.1 } })
    const { token, accountId } = site
    const before = (await call(app, INFO, {}, { token })).res
    assert.equal(before.can_approve, true)

    // The approve right is the account's in the site: a change of the membership is heard as the account's.
    let told = heard(`a:${accountId}`)
    await app.db.execute(sql`update account_sites set can_approve = false where account_id = ${accountId}`)
    await told
    assert.equal((await call(app, INFO, {}, { token })).res.can_approve, false)
    told = heard(`a:${accountId}`)
    await app.db.execute(sql`update accounts set name = '改名员工' where id = ${accountId}`)
    await told
    const changed = (await call(app, INFO, {}, { token })).res
    assert.deepEqual([changed.can_approve, changed.name], [false, '改名员工'])

    told = heard(`t:${site.siteId}`)
    await app.db.execute(
      sql`update sites set name = '改名门店', time_zone = 'Asia/Urumqi', radius = 80 where id = ${site.siteId}`,
    )
    await told
    const moved = (await call(app, INFO, {}, { token })).res
    assert.deepEqual(
      [moved.site_name, moved.time_zone, moved.utc_offset, moved.site_location],
      ['改名门店', 'Asia/Urumqi', 360, { latitude: 30.2, longitude: 120.1, radius: 80 }],
    )

    told = heard(`a:${accountId}`)
    await app.db.execute(sql`update accounts set must_change_password = true where id = ${accountId}`)
    await told
    assert.equal((await call(app, '/api/care/customer/index', {}, { token })).code, -90004)
  })

  it('a reading that began before a change is answered but not kept', async () => {
    const { account, password } = await addAccount(app)
    const [kept, raced] = [await login(app, account, password), await login(app, account, password)]
    const id = await accountIdOf(kept)
    let reads = 0
    // Set while a reading is to wait, after it has read the row, until the test lets it answer.
    let paused: { read: () => void; answer: Promise<void> } | undefined
    const cache = new SessionCache(async (token) => {
      reads += 1
      const row = await findSession(app.db, token)
      if (paused) {
        paused.read()
        await paused.answer
      }
      return row
    }, 60_000)
    let hearing!: () => void
    const listening = new Promise<void>((resolve) => (hearing = resolve))
    const stop = app.onDatabaseChange({
      changed: (change) => cache.changed(change),
      listening: (on) => {
        cache.listening(on)
        if (on) hearing()
      },
    })
    try {
      await listening
      // Kept: the second find reads nothing.
      assert.equal((await cache.find(kept))?.canApprove, false)
      assert.equal((await cache.find(kept))?.canApprove, false)
      assert.equal(reads, 1)

      // The row is read, then changed, then the change is heard, then the reading answers.
      let read!: () => void
      let answer!: () => void
      const rowRead = new Promise<void>((resolve) => (read = resolve))
      paused = { read, answer: new Promise((resolve) => (answer = resolve)) }
      const stale = cache.find(raced)
      await rowRead
      paused = undefined
      const told = heard(`a:${id}`)
      await app.db.execute(sql`update account_sites set can_approve = true where account_id = ${id}`)
      await told
      answer()
      assert.equal((await stale)?.canApprove, false, 'the reading answers the row as it read it')
      assert.equal((await cache.find(raced))?.canApprove, true, 'the row read before the change was kept')
      assert.equal(reads, 3)
    } finally {
      stop()
    }
  })

  it('keep at most their number, dropping the oldest, and each for its time only', async () => {
    const { account, password } = await addAccount(app)
    const tokens = [
      await login(app, account, password),
      await login(app, account, password),
      await login(app, account, password),
    ]
    let reads = 0
    const cache = new SessionCache((t) => ((reads += 1), findSession(app.db, t)), 300, 2)
    cache.listening(true)
    for (const token of tokens) await cache.find(token)
    assert.equal(reads, 3)
    await cache.find(tokens[2])
    await cache.find(tokens[1])
    assert.equal(reads, 3, 'the two newest are kept')
    await cache.find(tokens[0])
    assert.equal(reads, 4, 'the oldest was dropped')
    await new Promise((resolve) => setTimeout(resolve, 350))
    await cache.find(tokens[0])
    assert.equal(reads, 5, 'kept past its time')
  })

  it(
    'a logout, a password change or a site switch through another instance is seen at once by this one, which kept the sessions',
    // The embedded database is opened by one process at a time: instances share PostgreSQL.
    { skip: !process.env.DATABASE_URL && 'two instances at once need PostgreSQL' },
    async () => {
      const other = await startApp({ sessionTtlHours: TTL_HOURS })
      try {
        const { account, password } = await addAccount(app, { siteIds: [1, 2] })
        const [ended, current, others, moved] = [
          await login(app, account, password),
          await login(app, account, password),
          await login(app, account, password),
          await login(app, account, password, 1),
        ]
        for (const token of [ended, current, others, moved])
          assert.equal((await call(app, INFO, {}, { token })).code, 1)
        // Its reply comes once this instance has dropped the session: no waiting here.
        assert.equal((await call(other, '/api/care/account/logout', {}, { token: ended })).code, 1)
        assert.equal((await call(app, INFO, {}, { token: ended })).code, -90001)
        assert.equal((await call(other, INFO, { site_id: 2 }, { token: moved })).res.site_id, 2)
        assert.equal((await call(app, INFO, {}, { token: moved })).res.site_id, 2)
        assert.equal(
          (await call(other, CHANGE, { old_password: password, password: 'another2024' }, { token: current })).code,
          1,
        )
        assert.equal((await call(app, INFO, {}, { token: others })).code, -90001)
        assert.equal((await call(app, INFO, {}, { token: current })).code, 1)
      } finally {
        await other.close()
      }
    },
  )

  it(
    'are not answered from memory while the connection that hears changes is down, nor kept until it is back',
    { skip: !process.env.DATABASE_URL && 'PGlite is in the process: there is no connection to lose' },
    async () => {
      const site = await addSite(app)
      const { token, accountId } = site
      assert.equal((await call(app, INFO, {}, { token })).res.can_approve, true)
      await changeUntold(sql`update account_sites set can_approve = false where account_id = ${accountId}`)
      assert.equal((await call(app, INFO, {}, { token })).res.can_approve, true, 'kept')

      const listeners = async () => {
        const query = sql`select pid from pg_stat_activity where application_name like ${`yuezi session changes ${process.pid}-%`}`
        return ((await app.db.execute(query)) as unknown as { rows: { pid: number }[] }).rows
      }
      const [{ pid }] = await listeners()
      await app.db.execute(sql`select pg_terminate_backend(${pid})`)
      // The instance learns of it when the connection closes, and listens again a second later.
      const deadline = Date.now() + 10_000
      while ((await call(app, INFO, {}, { token })).res.can_approve && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5))
      assert.equal(
        (await call(app, INFO, {}, { token })).res.can_approve,
        false,
        'the change made before the loss is seen',
      )
      // Nothing read while it was down is kept: once back, a change by hand is heard.
      let back: { pid: number }[] = []
      while (!back.some((row) => row.pid !== pid) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50))
        back = await listeners()
      }
      assert.ok(
        back.some((row) => row.pid !== pid),
        'listening again',
      )
      const told = heard(`a:${accountId}`)
      await app.db.execute(sql`update account_sites set can_approve = true where account_id = ${accountId}`)
      await told
      assert.equal((await call(app, INFO, {}, { token })).res.can_approve, true)
    },
  )
})
