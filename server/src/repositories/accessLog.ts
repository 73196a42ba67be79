import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { prepared } from '../db/prepared.js'
import { ACCESS_KINDS, accessLog, accounts, type AccessAction } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** Who handed out what, and how: the same for every entry of one reply. */
export interface AccessBy {
  siteId: number
  accountId: number
  action: AccessAction
  linkOpened: boolean
  httpRequestId: string | null
}

/** One record handed out. */
export interface AccessedRecord {
  customerId: number | null
  kind: (typeof ACCESS_KINDS)[number]
  recordId: number
  name: string
}

const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`

// A reply's entries as one statement of one shape whatever their number (its records' values as
// arrays), prepared: the read that logs them pays neither Drizzle's building nor a plan.
const insertStatement = prepared((db) =>
  db
    .insert(accessLog)
    .select(
      sql`select nextval('access_log_id_seq'), ${value('siteId', 'int8')}, ${value('accountId', 'int8')}, r.customer_id,
        r.kind, r.record_id, r.name, ${value('action', 'text')}, ${value('linkOpened', 'boolean')},
        ${value('httpRequestId', 'text')}, now()
        from unnest(${value('customerIds', 'int8[]')}, ${value('kinds', 'text[]')}, ${value('recordIds', 'int8[]')},
          ${value('names', 'text[]')}) as r(customer_id, kind, record_id, name)`,
    )
    .prepare('access_log_insert'),
)

/** Writes the entries in one statement. */
export async function insertEntries(db: Db, by: AccessBy, records: AccessedRecord[]): Promise<void> {
  await insertStatement(db).execute({
    ...by,
    customerIds: records.map((record) => record.customerId),
    kinds: records.map((record) => record.kind),
    recordIds: records.map((record) => record.recordId),
    names: records.map((record) => record.name),
  })
}

// Her file's read as a statement of its own, prepared: written only for a customer of the site.
const fileReadStatement = prepared((db) => {
  const logged = db.$with('logged', {}).as(sql`
    insert into access_log (site_id, account_id, customer_id, kind, record_id, name, action, http_request_id)
    select c.site_id, ${value('accountId', 'int8')}, c.id, 'customer', c.id, ${value('name', 'text')}, 'read',
      ${value('httpRequestId', 'text')}
    from customers c where c.id = ${value('customerId', 'int8')} and c.site_id = ${value('siteId', 'int8')}
    returning 1`)
  return db
    .with(logged)
    .select({ written: count() })
    .from(sql`logged`)
    .prepare('access_log_file_read')
})

/** A read of her file under `name`: whether it was written (not for another site's customer, or none). */
export async function insertFileRead(
  db: Db,
  by: Omit<AccessBy, 'action' | 'linkOpened'>,
  customerId: number,
  name: string,
): Promise<boolean> {
  const [{ written }] = await fileReadStatement(db).execute({ ...by, customerId, name })
  return written > 0
}

/** A page of the entries of a customer of the site, newest first, and how many she has in all. */
export async function listEntries(db: Db, siteId: number, customerId: number, page: number, limit: number) {
  const ofCustomer = and(eq(accessLog.siteId, siteId), eq(accessLog.customerId, customerId))
  const list = await db
    .select({
      id: accessLog.id,
      account_id: accessLog.accountId,
      account_name: accounts.name,
      kind: accessLog.kind,
      record_id: accessLog.recordId,
      name: accessLog.name,
      action: accessLog.action,
      request_id: accessLog.httpRequestId,
      at: accessLog.at,
    })
    .from(accessLog)
    .innerJoin(accounts, eq(accounts.id, accessLog.accountId))
    .where(ofCustomer)
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(limit)
    .offset((page - 1) * limit)
  const [{ total }] = await db.select({ total: count() }).from(accessLog).where(ofCustomer)
  return { list: list.map((row) => ({ ...row, at: row.at.toISOString() })), total }
}

/** Deletes up to `limit` entries written before `before`; answers how many went. */
export async function deleteEntriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db.select({ id: accessLog.id }).from(accessLog).where(lt(accessLog.at, before)).limit(limit)
  const rows = await db.delete(accessLog).where(inArray(accessLog.id, oldest)).returning({ id: accessLog.id })
  return rows.length
}
