import { createHash } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { accounts, accountSites, sessions, sites } from '../db/schema.js'
import type { Db } from '../db/types.js'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Stores a new session by its token's hash (only the hash is stored); answers its id. */
export async function insertSession(
  db: Db,
  input: { tokenHash: string; accountId: number; siteId: number; expiresAt: Date },
): Promise<number> {
  const [created] = await db.insert(sessions).values(input).returning({ id: sessions.id })
  return created.id
}

/**
 * A session that has not been revoked, with its account and current site; expired ones included.
 * The approve right is the account's in that site (none once the site is no longer its).
 */
export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      accountId: accounts.id,
      account: accounts.account,
      name: accounts.name,
      mustChangePassword: accounts.mustChangePassword,
      canApprove: sql<boolean>`coalesce(${accountSites.canApprove}, false)`.mapWith(Boolean),
      siteId: sites.id,
      siteName: sites.name,
      timeZone: sites.timeZone,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
      creatorMayApprove: sites.creatorMayApprove,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .leftJoin(
      accountSites,
      and(eq(accountSites.accountId, sessions.accountId), eq(accountSites.siteId, sessions.siteId)),
    )
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
  return row
}

export type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>

/** Ends a session. */
export async function revokeSession(db: Db, id: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id))
}

export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
}

/** Moves a session to another site. */
export async function setSessionSite(db: Db, id: number, siteId: number): Promise<void> {
  await db.update(sessions).set({ siteId }).where(eq(sessions.id, id))
}
