import type { Db } from '../db/types.js'
import * as accessLog from '../repositories/accessLog.js'
import * as audit from '../repositories/audit.js'

/** How many days the access log and the audit keep an entry (ACCESS_LOG_RETENTION_DAYS, AUDIT_RETENTION_DAYS). */
export interface LogRetention {
  accessLogDays: number
  auditDays: number
}

/** Entries deleted per statement: each statement is short, so reads and saves go on between them. */
const BATCH = 5_000

const DAY_MS = 86_400_000

/** Deletes the table's entries older than `days`, a batch at a time; answers how many went. */
async function deleteOlder(
  remove: (before: Date, limit: number) => Promise<number>,
  days: number,
  now: Date,
  batch: number,
): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS)
  let deleted = 0
  for (;;) {
    const gone = await remove(before, batch)
    deleted += gone
    if (gone < batch) return deleted
  }
}

/**
 * Deletes the access log's and the audit's entries older than their retention. Each batch commits
 * on its own: a sweep cut short leaves only entries the next one deletes.
 */
export async function sweepOldLogs(
  db: Db,
  retention: LogRetention,
  { now = new Date(), batch = BATCH }: { now?: Date; batch?: number } = {},
): Promise<{ accessLog: number; audit: number }> {
  return {
    accessLog: await deleteOlder(
      (before, limit) => accessLog.deleteEntriesBefore(db, before, limit),
      retention.accessLogDays,
      now,
      batch,
    ),
    audit: await deleteOlder(
      (before, limit) => audit.deleteEntriesBefore(db, before, limit),
      retention.auditDays,
      now,
      batch,
    ),
  }
}
