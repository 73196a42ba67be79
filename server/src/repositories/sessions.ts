import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import { accounts, sessions, sites } from '../db/schema.js';
import { writeAudit } from './audit.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const ENTITY = 'sessions';

/** Starts a session (a login, audited) and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Db,
  input: { accountId: number; siteId: number; ttlHours: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        accountId: input.accountId,
        siteId: input.siteId,
        expiresAt: new Date(Date.now() + input.ttlHours * 3600_000),
      })
      .returning({ id: sessions.id });
    await writeAudit(tx, { siteId: input.siteId, accountId: input.accountId, action: 'create', entity: ENTITY, entityId: created.id });
  });
  return token;
}

/** A session that has not been revoked, with its account and current site; expired ones included. */
export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      accountId: accounts.id,
      account: accounts.account,
      name: accounts.name,
      mustChangePassword: accounts.mustChangePassword,
      canApprove: accounts.canApprove,
      siteId: sites.id,
      siteName: sites.name,
      timeZone: sites.timeZone,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  return row;
}

export type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** The session's account and site: who ends or moves it. */
type SessionActor = Pick<Session, 'id' | 'accountId' | 'siteId'>;

/** Ends a session (a logout, audited). */
export async function revokeSession(db: Db, session: SessionActor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    await writeAudit(tx, { siteId: session.siteId, accountId: session.accountId, action: 'delete', entity: ENTITY, entityId: session.id });
  });
}

export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Moves a session to another site (audited under the site it moves to). */
export async function setSessionSite(db: Db, session: SessionActor, siteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ siteId }).where(eq(sessions.id, session.id));
    await writeAudit(tx, { siteId, accountId: session.accountId, action: 'update', entity: ENTITY, entityId: session.id });
  });
}
