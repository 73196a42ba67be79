import { eq } from 'drizzle-orm'
import { sites } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** The site of that name, if there is one. */
export async function findSiteByName(db: Db, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.name, name)).limit(1)
  return row
}

export async function insertSite(db: Db, site: typeof sites.$inferInsert): Promise<number> {
  const [row] = await db.insert(sites).values(site).returning({ id: sites.id })
  return row.id
}

/** The settings of a site the administration changes, or undefined. */
export async function getSiteSettings(db: Db, id: number) {
  const [row] = await db
    .select({
      name: sites.name,
      timeZone: sites.timeZone,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
      visitFrom: sites.visitFrom,
      visitTo: sites.visitTo,
      visitPolicy: sites.visitPolicy,
      creatorMayApprove: sites.creatorMayApprove,
      uploadRetentionDays: sites.uploadRetentionDays,
    })
    .from(sites)
    .where(eq(sites.id, id))
  return row
}

export type SiteSettings = NonNullable<Awaited<ReturnType<typeof getSiteSettings>>>

export async function updateSite(db: Db, id: number, settings: Partial<SiteSettings>): Promise<void> {
  await db.update(sites).set(settings).where(eq(sites.id, id))
}
