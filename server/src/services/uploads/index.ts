import { randomUUID } from 'node:crypto'
import type { Actor } from '../../actor.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/types.js'
import { AppError, Code } from '../../errors.js'
import { detectImage, IMAGE_EXTENSIONS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, reencodeImage } from '../../lib/images.js'
import { writeAudit } from '../../repositories/audit.js'
import { insertUpload, uploadSite } from '../../repositories/uploads.js'
import { openBucketStore } from './bucket.js'
import { openFolderStore } from './folder.js'
import { fromStore, type UploadStore } from './store.js'

/** The store the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function openUploadStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<UploadStore> {
  return config.s3 ? Promise.resolve(openBucketStore(config.s3)) : openFolderStore(config.dataDir)
}

/**
 * Whether the site's staff may open the stored file: an upload opens for its own site alone; a file
 * no upload records (the demo's signature, which the seed writes) holds nothing personal.
 */
export async function uploadOpensFor(db: Db, name: string, siteId: number): Promise<boolean> {
  const owner = await uploadSite(db, name)
  return owner === undefined || owner === siteId
}

/** A refused upload: -1 (err -1 in the upload envelope), with the message `key`. */
export const invalidUpload = (key: string, params?: Record<string, string | number>) =>
  new AppError(Code.INVALID_INPUT, key, params)

/**
 * Stores an uploaded image, re-encoded (see reencodeImage), under a random name in the upload store
 * and records it, audited as its uploader's creation; answers the stored name and size. The
 * client's name only gives the extension, which the file's first bytes must agree with; it never
 * becomes a path.
 */
export async function storeUpload(
  db: Db,
  actor: Actor,
  store: UploadStore,
  file: { name: string; bytes: Buffer },
): Promise<{ name: string; size: number }> {
  if (/[/\\\0]/.test(file.name)) throw invalidUpload('upload.badName')
  if (file.bytes.length === 0) throw invalidUpload('upload.empty')
  const image = detectImage(file.name, file.bytes)
  if (!image) throw invalidUpload('upload.badType', { types: IMAGE_EXTENSIONS.join(', ') })
  const kept = await reencodeImage(file.bytes, image.mime)
  if (!kept.ok) {
    throw invalidUpload(`upload.${kept.reason}`, { megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE })
  }

  const storedName = `${randomUUID()}.${image.extension}`
  await fromStore(store.put(storedName, kept.bytes, image.mime))
  await db.transaction(async (tx) => {
    const id = await insertUpload(tx, {
      siteId: actor.siteId,
      accountId: actor.accountId,
      path: storedName,
      originalName: file.name,
      size: kept.bytes.length,
      mime: image.mime,
    })
    await writeAudit(tx, { ...actor, action: 'create', entity: 'uploads', entityId: id })
  })
  return { name: storedName, size: kept.bytes.length }
}
