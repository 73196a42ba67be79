import type { Db } from '../db/index.js';
import { uploads } from '../db/schema.js';

export async function recordUpload(db: Db, upload: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(upload);
}
