import { uploads } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** Records an uploaded file; answers its id. */
export async function insertUpload(db: Db, upload: typeof uploads.$inferInsert): Promise<number> {
  const [created] = await db.insert(uploads).values(upload).returning({ id: uploads.id })
  return created.id
}
