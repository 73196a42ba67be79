import type { Db } from '../../db/types.js'
import { deleteUploads, uploadsToSweep } from '../../repositories/uploads.js'
import type { UploadStore } from './store.js'

/** How long an upload may wait for the record it was made for (a form filled in over a shift). */
export const UPLOAD_GRACE_HOURS = 24

/**
 * Deletes the photos and signatures nobody needs any more: one that no saved record refers to a
 * day after it came, one that only deleted records refer to once their site's retention has passed.
 * Answers the stored names deleted.
 */
export async function sweepUploads(db: Db, store: UploadStore, now = new Date()): Promise<string[]> {
  const stale = await uploadsToSweep(db, now, UPLOAD_GRACE_HOURS)
  // The file before its row: a row left without its file is deleted again by the next sweep.
  for (const upload of stale) await store.remove(upload.path)
  await deleteUploads(
    db,
    stale.map((upload) => upload.id),
  )
  return stale.map((upload) => upload.path)
}
