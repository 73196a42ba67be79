import { eq, inArray, sql } from 'drizzle-orm'
import { uploads } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** Records an uploaded file; answers its id. */
export async function insertUpload(db: Db, upload: typeof uploads.$inferInsert): Promise<number> {
  const [created] = await db.insert(uploads).values(upload).returning({ id: uploads.id })
  return created.id
}

/** The site an uploaded file belongs to, or undefined when no upload of that stored name is recorded. */
export async function uploadSite(db: Db, path: string): Promise<number | undefined> {
  const [found] = await db.select({ siteId: uploads.siteId }).from(uploads).where(eq(uploads.path, path)).limit(1)
  return found?.siteId
}

/** A stored name inside a record's text: records keep `/uploads/<name>`. */
const REFERENCE = String.raw`/uploads/([A-Za-z0-9_-][A-Za-z0-9_.-]*)`

/**
 * The uploads whose files nobody needs any more, as of `now`: those older than `graceHours` that no
 * record refers to, and those that only records deleted longer ago than their site's retention refer to.
 */
export async function uploadsToSweep(db: Db, now: Date, graceHours: number): Promise<{ id: number; path: string }[]> {
  const result = await db.execute(sql`
    WITH refs AS (
      SELECT m[1] AS name, r.deleted_at FROM form_records r,
        regexp_matches(r.data::text, ${REFERENCE}, 'g') AS m
      UNION ALL
      SELECT m[1], a.deleted_at FROM survey_answers a,
        regexp_matches(a.data::text, ${REFERENCE}, 'g') AS m
      UNION ALL
      SELECT substring(c.signature FROM ${REFERENCE}), c.deleted_at FROM special_cares c
        WHERE c.signature IS NOT NULL
    )
    SELECT u.id, u.path FROM ${uploads} u JOIN sites s ON s.id = u.site_id
    WHERE u.created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${graceHours})
      AND NOT EXISTS (
        SELECT 1 FROM refs WHERE refs.name = u.path
          AND (refs.deleted_at IS NULL
            OR refs.deleted_at > ${now.toISOString()}::timestamptz - make_interval(days => s.upload_retention_days))
      )
    ORDER BY u.id`)
  // Both drivers answer a raw statement with its rows; the database's bigint id may come as text.
  const { rows } = result as unknown as { rows: { id: number | string; path: string }[] }
  return rows.map((row) => ({ id: Number(row.id), path: row.path }))
}

export async function deleteUploads(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(uploads).where(inArray(uploads.id, ids))
}
