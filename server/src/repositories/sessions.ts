import { createHash } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import { accounts, accountSites, sessions, sites, type SessionClient } from '../db/schema.js'
import type { Db } from '../db/types.js'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Stores a new session by its token's hash (only the hash is stored); answers its id. */
export async function insertSession(
  db: Db,
  input: { tokenHash: string; accountId: number; siteId: number; expiresAt: Date; client: SessionClient },
): Promise<number> {
  const [created] = await db.insert(sessions).values(input).returning({ id: sessions.id })
  return created.id
}

/**
 * A session that has not been revoked, of an account not ended that still has the session's site,
 * with its account and that site (the approve right is the account's in it); expired and idle ones included.
 */
export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      accountId: accounts.id,
      account: accounts.account,
      name: accounts.name,
      mustChangePassword: accounts.mustChangePassword,
      canApprove: accountSites.canApprove,
      canAdminister: accountSites.canAdminister,
      siteId: sites.id,
      siteName: sites.name,
      timeZone: sites.timeZone,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
      visitFrom: sites.visitFrom,
      visitTo: sites.visitTo,
      visitPolicy: sites.visitPolicy,
      creatorMayApprove: sites.creatorMayApprove,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .innerJoin(accountSites, and(eq(accountSites.accountId, accounts.id), eq(accountSites.siteId, sites.id)))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), isNull(accounts.disabledAt)))
  return row
}

export type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>

/** The account's rights in the site, if it is not ended and still has the site (what a signed link's account needs). */
export async function findMember(db: Db, accountId: number, siteId: number) {
  const [row] = await db
    .select({
      accountId: accountSites.accountId,
      siteId: accountSites.siteId,
      canApprove: accountSites.canApprove,
      canAdminister: accountSites.canAdminister,
    })
    .from(accountSites)
    .innerJoin(accounts, eq(accounts.id, accountSites.accountId))
    .where(and(eq(accountSites.accountId, accountId), eq(accountSites.siteId, siteId), isNull(accounts.disabledAt)))
  return row
}

export type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>

/** Records that the session signed a request in at `at`, unless a later use is recorded already. */
export async function markSessionSeen(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, at)))
}

/**
 * The account's sessions that still sign in (not ended, expired or idle since `seenSince`, on a
 * site the account still has), the most recently used first.
 */
export function listLiveSessions(db: Db, accountId: number, now: Date, seenSince: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      client: sessions.client,
      siteName: sites.name,
    })
    .from(sessions)
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .innerJoin(accountSites, and(eq(accountSites.accountId, sessions.accountId), eq(accountSites.siteId, sites.id)))
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, seenSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
}

/** Ends the account's session `id` if it is still going; answers whether it did. */
export async function revokeAccountSession(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.length > 0
}

/** Ends every session of the account, or only those in `siteId`; answers those it ended. */
export async function revokeSessionsOf(db: Db, accountId: number, siteId?: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.accountId, accountId),
        siteId === undefined ? undefined : eq(sessions.siteId, siteId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}

/** Ends a session. */
export async function revokeSession(db: Db, id: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id))
}

/** Ends the account's sessions but `keepSessionId`; answers those it ended. */
export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}

/** Moves a session to another site. */
export async function setSessionSite(db: Db, id: number, siteId: number): Promise<void> {
  await db.update(sessions).set({ siteId }).where(eq(sessions.id, id))
}
