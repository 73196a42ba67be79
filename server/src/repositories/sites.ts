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
