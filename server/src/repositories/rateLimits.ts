import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { rateLimits } from '../db/schema.js'
import type { Db } from '../db/types.js'

/**
 * Counts one attempt of `key` in its window (a new window of `windowMs` once the last one ended),
 * in one statement so that instances counting at once count every attempt; answers the attempts
 * of the window and the milliseconds left in it. The database's clock decides for every instance.
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  // Ended windows of any key go, so that the table holds only what still counts.
  await db.delete(rateLimits).where(lte(rateLimits.resetsAt, sql`now()`))
  const ended = sql`${rateLimits.resetsAt} <= now()`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      ttlMs: sql<number>`ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000)::integer`,
    })
  return row
}

/** Takes back one attempt of `key` counted in its current window (an attempt that turned out to be allowed). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, sql`now()`), gt(rateLimits.hits, 0)))
}
