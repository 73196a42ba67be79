import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import { accessLog, accounts } from '../db/schema.js'
import type { Db } from '../db/types.js'

export type AccessEntry = typeof accessLog.$inferInsert

/** Writes the entries in one statement. */
export async function insertEntries(db: Db, entries: AccessEntry[]): Promise<void> {
  await db.insert(accessLog).values(entries)
}

/** A page of the entries of a customer of the site, newest first, and how many she has in all. */
export async function listEntries(db: Db, siteId: number, customerId: number, page: number, limit: number) {
  const ofCustomer = and(eq(accessLog.siteId, siteId), eq(accessLog.customerId, customerId))
  const list = await db
    .select({
      id: accessLog.id,
      account_id: accessLog.accountId,
      account_name: accounts.name,
      kind: accessLog.kind,
      record_id: accessLog.recordId,
      name: accessLog.name,
      action: accessLog.action,
      request_id: accessLog.httpRequestId,
      at: accessLog.at,
    })
    .from(accessLog)
    .innerJoin(accounts, eq(accounts.id, accessLog.accountId))
    .where(ofCustomer)
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(limit)
    .offset((page - 1) * limit)
  const [{ total }] = await db.select({ total: count() }).from(accessLog).where(ofCustomer)
  return { list: list.map((row) => ({ ...row, at: row.at.toISOString() })), total }
}

/** Deletes up to `limit` entries written before `before`; answers how many went. */
export async function deleteEntriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db.select({ id: accessLog.id }).from(accessLog).where(lt(accessLog.at, before)).limit(limit)
  const rows = await db.delete(accessLog).where(inArray(accessLog.id, oldest)).returning({ id: accessLog.id })
  return rows.length
}
