import { eq } from 'drizzle-orm'
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
