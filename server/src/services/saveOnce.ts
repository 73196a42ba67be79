import type { Db } from '../db/types.js'
import { findRequest, writeAudit, type AuditEntry } from '../repositories/audit.js'

/**
 * Thrown inside a save of `saveOnce` when a unique index says that another save with its
 * request_id got in first: the transaction rolls back and the save answers that one.
 */
export class AlreadySaved extends Error {}

/**
 * Runs `save` in one transaction, once per request_id of the site: a retried save (the app sends
 * it again after a lost reply) answers the first one's id and changes nothing. `lock` runs first,
 * before the look-up of the request_id: the row locks under which a retry that arrives while the
 * first save runs waits for it, and then finds it; `save` gets what it answers. `save` records its
 * audit entry with `auditSave`.
 */
export async function saveOnce<Locked = undefined>(
  db: Db,
  siteId: number,
  requestId: string | undefined,
  save: (tx: Db, locked: Locked) => Promise<number>,
  lock?: (tx: Db) => Promise<Locked>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const locked = (await lock?.(tx)) as Locked
      if (requestId !== undefined) {
        const saved = await findRequest(tx, siteId, requestId)
        if (saved !== undefined) return saved
      }
      return save(tx, locked)
    })
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error
    // The other save has committed: the unique index made this one wait for it.
    const saved = await findRequest(db, siteId, requestId!)
    if (saved === undefined)
      throw new Error('a save with this request_id conflicted but is not recorded', { cause: error })
    return saved
  }
}

/** The audit entry of a save in `saveOnce`; a second save with the entry's request_id rolls back. */
export async function auditSave(db: Db, entry: AuditEntry): Promise<void> {
  if (!(await writeAudit(db, entry))) throw new AlreadySaved()
}
