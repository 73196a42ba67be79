import type { Db } from '../db/types.js';
import { uploads } from '../db/schema.js';
import { writeAudit } from './audit.js';

/** Records an uploaded file, audited as its uploader's creation. */
export async function recordUpload(db: Db, upload: typeof uploads.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    const [created] = await tx.insert(uploads).values(upload).returning({ id: uploads.id });
    await writeAudit(tx, { siteId: upload.siteId, accountId: upload.accountId, action: 'create', entity: 'uploads', entityId: created.id });
  });
}
