import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { and, asc, eq } from 'drizzle-orm'
import { accounts, accountSites } from '../db/schema.js'
import type { Db } from '../db/types.js'
import type { UploadStore } from '../services/uploads/store.js'

// What the demo records (seed.ts) and the demo orders (stock.ts) share: who wrote them, and the
// signature image they carry.

/**
 * The site's first staff account (demo, demo2): who wrote the demo records. With `canApprove`, the
 * first with (demo, manager) or without (newstaff, demo2) the approve right there: who checked
 * the demo orders and who made them.
 */
export async function firstStaff(
  db: Db,
  siteId: number,
  canApprove?: boolean,
): Promise<{ id: number; name: string } | undefined> {
  const [staff] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accountSites)
    .innerJoin(accounts, eq(accounts.id, accountSites.accountId))
    .where(
      and(
        eq(accountSites.siteId, siteId),
        canApprove === undefined ? undefined : eq(accountSites.canApprove, canApprove),
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(1)
  return staff
}

/** The signature image of the demo records and orders (in the upload store). */
export const DEMO_SIGNATURE = '/uploads/demo-signature.png'

/** A hand-drawn-looking signature (a PNG of a wavy stroke), for the demo records. */
export async function writeDemoSignature(uploads: UploadStore): Promise<void> {
  const name = path.basename(DEMO_SIGNATURE)
  if (await uploads.exists(name)) return
  const width = 240
  const height = 96
  // Grey + alpha, 2 bytes a pixel; each scanline starts with filter byte 0.
  const pixels = Buffer.alloc((width * 2 + 1) * height)
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px >= 0 && px < width && py >= 0 && py < height) pixels[py * (width * 2 + 1) + 1 + px * 2 + 1] = 255
      }
    }
  }
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 16 + t * 208
    ink(x, 52 + 22 * Math.sin(t * 19) * Math.cos(t * 5) - 10 * t)
    if (t > 0.15 && t < 0.4) ink(x + 6, 30 + 40 * (t - 0.15))
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 4 // grey + alpha
  const png = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  await uploads.put(name, png, 'image/png')
}
