import { and, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { formRecords } from '../db/schema.js';

/** How many records of each form the site created in [from, to), deleted ones left out. */
export async function countByName(db: Db, siteId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: formRecords.name, n: count() })
    .from(formRecords)
    .where(
      and(
        eq(formRecords.siteId, siteId),
        gte(formRecords.createdAt, from),
        lt(formRecords.createdAt, to),
        isNull(formRecords.deletedAt),
      ),
    )
    .groupBy(formRecords.name);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}
