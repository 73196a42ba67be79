import { randomBytes } from 'node:crypto'
import type { Actor } from '../actor.js'
import type { SessionClient } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { siteUtcOffset } from '../lib/dates.js'
import { siteLocationOf } from '@yuezi/contract/forms/location'
import { hashPassword, newPasswordProblem, verifyPassword } from '../lib/password.js'
import * as accounts from '../repositories/accounts.js'
import { writeAudit } from '../repositories/audit.js'
import { countAttempt, uncountAttempt } from '../repositories/rateLimits.js'
import * as sessions from '../repositories/sessions.js'

// Logging in and out, changing the password, moving a session to another site. Each change of a
// session is audited as a change of the `sessions` row, under the site it is in (or moves to).

/** The sites the account may use. */
export const listAccountSites = (db: Db, accountId: number) => accounts.listAccountSites(db, accountId)

const ENTITY = 'sessions'

/** The session's account and site: who ends or moves it. */
type SessionActor = Pick<sessions.Session, 'id' | 'accountId' | 'siteId'> & Actor

/** The logged-in staff member as the app reads it (login and account/info). */
export const userInfo = (session: sessions.Session) => ({
  id: session.accountId,
  account: session.account,
  name: session.name,
  site_id: session.siteId,
  site_name: session.siteName,
  must_change_password: session.mustChangePassword,
  can_approve: session.canApprove,
  can_administer: session.canAdminister,
  time_zone: session.timeZone,
  utc_offset: siteUtcOffset(session),
  site_location: siteLocationOf(session),
  visit_rules: { from: session.visitFrom, to: session.visitTo, policy: session.visitPolicy },
})

/** Starts a session (a login, audited) and returns its token: 256 random bits, stored only as their hash. */
export async function createSession(
  db: Db,
  input: Actor & { ttlHours: number; client?: SessionClient },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    const id = await sessions.insertSession(tx, {
      tokenHash: sessions.hashToken(token),
      accountId: input.accountId,
      siteId: input.siteId,
      expiresAt: new Date(Date.now() + input.ttlHours * 3600_000),
      client: input.client ?? 'other',
    })
    await writeAudit(tx, { ...input, action: 'create', entity: ENTITY, entityId: id })
  })
  return token
}

/** Which app a login comes from, as its `client` header says; anything else is another client. */
export const sessionClientOf = (header: unknown): SessionClient =>
  header === 'weapp' || header === 'h5' ? header : 'other'

/** How many failed logins a window allows: of one account from any address, and from one address to any account. */
export interface LoginLimit {
  max: number
  addressMax: number
  windowMs: number
}

export interface LoginInput {
  account: string
  password: string
  /** The site to work in; default the account's default site. */
  siteId?: number
  ttlHours: number
  /** Which app signs in (the device list names it). */
  client: SessionClient
  /** The HTTP request logging in (the session's audit row records it). */
  httpRequestId?: string
  /** The client's address, as far as the proxies in front are believed. */
  address: string
  limit: LoginLimit
  /** Hours a one-time password signs in for after it was set. */
  oneTimePasswordHours: number
}

/** A password the account must change (a one-time one) that was set `hours` or longer ago. */
export const oneTimePasswordExpired = (
  password: { mustChangePassword: boolean; passwordSetAt: Date },
  hours: number,
  now = new Date(),
) => password.mustChangePassword && now.getTime() - password.passwordSetAt.getTime() >= hours * 3600_000

const expiredRefusal = () => new AppError(Code.BAD_CREDENTIALS, 'auth.oneTimePasswordExpired')

/**
 * Counts a login attempt against its account and its address before the password is checked, so
 * that attempts made at once, on any instance, are each counted; refuses it when either is over
 * its limit. Answers the keys counted, to take the attempt back when the password is right.
 */
async function countLogin(db: Db, account: string, address: string, limit: LoginLimit): Promise<string[]> {
  // The account alone: a client that names a new address each time must not get a new count.
  const counts = [
    { key: `login account\n${account}`, max: limit.max },
    { key: `login address\n${address}`, max: limit.addressMax },
  ]
  let retryMs = 0
  for (const { key, max } of counts) {
    const { hits, ttlMs } = await countAttempt(db, key, limit.windowMs)
    if (hits > max) retryMs = Math.max(retryMs, ttlMs)
  }
  if (retryMs) {
    throw new AppError(Code.TOO_MANY_ATTEMPTS, 'auth.tooManyAttempts', { minutes: Math.ceil(retryMs / 60_000) }, 200, {
      retry_after: Math.ceil(retryMs / 1000),
    })
  }
  return counts.map(({ key }) => key)
}

/**
 * Checks the account's password and opens a session in the site. A wrong password and an unknown
 * account answer the same, and count alike towards the login limit; a right one is not counted.
 * The session is opened even when the password must be changed: the app needs its token to change it;
 * a one-time password past its hours opens none.
 */
export async function login(db: Db, input: LoginInput) {
  // Phone keyboards add spaces after a word.
  const account = input.account.trim()
  const counted = await countLogin(db, account, input.address, input.limit)
  const found = await accounts.findAccount(db, account)
  // The password is checked even when there is no such account: see verifyPassword.
  if (!(await verifyPassword(found?.passwordHash, input.password)) || !found) {
    throw new AppError(Code.BAD_CREDENTIALS, 'auth.badCredentials')
  }
  for (const key of counted) await uncountAttempt(db, key)
  // Refused after the attempt is taken back: she keeps her tries for the new one-time password.
  if (oneTimePasswordExpired(found, input.oneTimePasswordHours)) throw expiredRefusal()
  const siteId = input.siteId ?? found.defaultSiteId
  if (!(await accounts.mayUseSite(db, found.id, siteId))) throw new AppError(Code.FORBIDDEN, 'site.forbidden')
  const token = await createSession(db, {
    accountId: found.id,
    siteId,
    ttlHours: input.ttlHours,
    client: input.client,
    httpRequestId: input.httpRequestId,
  })
  const session = (await sessions.findSession(db, token))!
  return { token, session }
}

/** Ends the session (a logout, audited). */
export async function logout(db: Db, session: SessionActor): Promise<void> {
  await db.transaction(async (tx) => {
    await sessions.revokeSession(tx, session.id)
    await writeAudit(tx, { ...session, action: 'delete', entity: ENTITY, entityId: session.id })
  })
}

/**
 * Moves the session of `token` to another site the account may use (audited under the site it
 * moves to); answers the session as it is now.
 */
export async function switchSite(
  db: Db,
  session: sessions.Session & Actor,
  token: string,
  siteId: number,
): Promise<sessions.Session> {
  if (siteId === session.siteId) return session
  if (!(await accounts.mayUseSite(db, session.accountId, siteId))) throw new AppError(Code.FORBIDDEN, 'site.forbidden')
  await db.transaction(async (tx) => {
    await sessions.setSessionSite(tx, session.id, siteId)
    await writeAudit(tx, { ...session, siteId, action: 'update', entity: ENTITY, entityId: session.id })
  })
  return (await sessions.findSession(db, token))!
}

/**
 * Changes the account's password, which must be new, strong enough and not hold the account name;
 * audited as a change of the account, under the site the owner works in. The account's other
 * sessions end; this one stays. A one-time password past its `oneTimePasswordHours` is changed no
 * more, even from a session it opened in time: an administrator gives a new one.
 */
export async function changePassword(
  db: Db,
  session: sessions.Session & Actor,
  oldPassword: string,
  password: string,
  oneTimePasswordHours: number,
): Promise<void> {
  const current = await accounts.getPassword(db, session.accountId)
  if (!(await verifyPassword(current.passwordHash, oldPassword))) {
    throw new AppError(Code.BAD_CREDENTIALS, 'password.oldWrong')
  }
  if (oneTimePasswordExpired(current, oneTimePasswordHours)) throw expiredRefusal()
  const problem = newPasswordProblem(password, oldPassword, session.account)
  if (problem) throw new AppError(Code.INVALID_INPUT, problem)
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    await accounts.setPassword(tx, session.accountId, passwordHash)
    await writeAudit(tx, { ...session, action: 'update', entity: 'accounts', entityId: session.accountId })
    await sessions.revokeOtherSessions(tx, session.accountId, session.id)
  })
}

/** A session not used for `idleMinutes` signs nobody in, whatever its absolute expiry. */
export const idleSince = (idleMinutes: number, now = new Date()) => new Date(now.getTime() - idleMinutes * 60_000)

/** The devices the account is signed in on (its live sessions), the caller's own marked. */
export async function listDevices(db: Db, session: SessionActor, idleMinutes: number) {
  const now = new Date()
  const rows = await sessions.listLiveSessions(db, session.accountId, now, idleSince(idleMinutes, now))
  return rows.map((row) => ({
    id: row.id,
    client: row.client,
    site_name: row.siteName,
    signed_in_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === session.id,
  }))
}

/**
 * Signs the account out on another of its devices (`sessionId`), or on every other one; each
 * session ended is audited like a logout. A session of another account, the caller's own or one
 * already ended is refused as unknown. Answers the sessions ended.
 */
export async function signOutDevices(db: Db, session: SessionActor, sessionId?: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    let ended: number[]
    if (sessionId === undefined) {
      ended = await sessions.revokeOtherSessions(tx, session.accountId, session.id)
    } else {
      const found = sessionId !== session.id && (await sessions.revokeAccountSession(tx, session.accountId, sessionId))
      if (!found) throw new AppError(Code.NOT_FOUND, 'auth.deviceNotFound')
      ended = [sessionId]
    }
    for (const id of ended) await writeAudit(tx, { ...session, action: 'delete', entity: ENTITY, entityId: id })
    return ended
  })
}
