import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { auditLog, type AuditAction } from '../db/schema.js'
import { prepared } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import type { Actor } from '../actor.js'

export interface AuditEntry extends Actor {
  action: AuditAction
  /** The table of the changed row. */
  entity: string
  entityId: number
  /** The app's id of the save, when it sent one. */
  requestId?: string
}

const insertEntry = prepared((db) =>
  db
    .insert(auditLog)
    .values({
      siteId: sql.placeholder('siteId'),
      accountId: sql.placeholder('accountId'),
      action: sql.placeholder('action'),
      entity: sql.placeholder('entity'),
      entityId: sql.placeholder('entityId'),
      requestId: sql.placeholder('requestId'),
      httpRequestId: sql.placeholder('httpRequestId'),
    })
    .onConflictDoNothing({ target: [auditLog.siteId, auditLog.requestId] })
    .returning({ id: auditLog.id })
    .prepare('audit_log_insert'),
)

/**
 * Records a change, with the id of the HTTP request it is made in; call it inside the change's
 * transaction. Answers false, writing nothing, when
 * the site already has an entry with this request_id (a retried save that another one got in first).
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<boolean> {
  // Only the entry's own fields: callers pass actors that carry more (a session's id is not the row's).
  const { siteId, accountId, action, entity, entityId, requestId = null, httpRequestId = null } = entry
  const rows = await insertEntry(db).execute({
    siteId,
    accountId,
    action,
    entity,
    entityId,
    requestId,
    httpRequestId,
  })
  return rows.length > 0
}

/** The row that the site's save with this request_id changed, if there was one. */
export async function findRequest(db: Db, siteId: number, requestId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ entityId: auditLog.entityId })
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.requestId, requestId)))
  return row?.entityId
}

/** Deletes up to `limit` entries written before `before`; answers how many went. */
export async function deleteEntriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, before)).limit(limit)
  const rows = await db.delete(auditLog).where(inArray(auditLog.id, oldest)).returning({ id: auditLog.id })
  return rows.length
}
