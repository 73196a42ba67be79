import { count, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { prepared } from '../db/prepared.js'
import { ACCESS_KINDS, accessLog, type AccessAction } from '../db/schema.js'
import type { Db } from '../db/types.js'

/** Who handed out the records of an entry, and how. */
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

// A reply's one entry, its records' values as arrays, prepared: the read that logs it pays neither
// Drizzle's building nor a plan, and writes one row and its index entries whatever it handed out.
const insertStatement = prepared((db) =>
  db
    .insert(accessLog)
    .select(
      sql`select nextval('access_log_id_seq'), ${value('siteId', 'int8')}, ${value('accountId', 'int8')},
        ${value('customerIds', 'int8[]')}, ${value('kinds', 'text[]')}, ${value('recordIds', 'int8[]')},
        ${value('names', 'text[]')}, ${value('action', 'text')}, ${value('linkOpened', 'boolean')},
        ${value('httpRequestId', 'text')}, now()`,
    )
    .prepare('access_log_insert'),
)

/** Writes one entry naming the records, in one statement. */
export async function insertEntry(db: Db, by: AccessBy, records: AccessedRecord[]): Promise<void> {
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
    insert into access_log (site_id, account_id, customer_ids, kinds, record_ids, names, action, http_request_id)
    select c.site_id, ${value('accountId', 'int8')}, array[c.id], array['customer'], array[c.id],
      array[${value('name', 'text')}], 'read', ${value('httpRequestId', 'text')}
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

/**
 * The lines of the site's entries that name her records (`x` the entry, `r` the line, `r.n` its
 * place in the entry): found by the index on the customers, the entry's other customers' lines left out.
 */
export const linesOf = (site: SQL | Placeholder, her: SQL | Placeholder) => sql`access_log x
  cross join lateral unnest(x.customer_ids, x.kinds, x.record_ids, x.names)
    with ordinality as r(customer_id, kind, record_id, name, n)
  where x.site_id = ${site} and x.customer_ids @> array[${her}]::int8[] and r.customer_id = ${her}`

/** Her lines, as linesOf, of the site and customer the statement is given. */
const hers = linesOf(value('siteId', 'int8'), value('customerId', 'int8'))

/** Her lines newest first (an entry's in the order it named them), a page of them and how many in all. */
const listStatement = prepared((db) =>
  db
    .select({
      list: sql<AccessLine[]>`(select coalesce(json_agg(json_build_object(
        'id', l.id, 'account_id', l.account_id, 'account_name', a.name, 'kind', l.kind, 'record_id', l.record_id,
        'name', l.name, 'action', l.action, 'request_id', l.http_request_id,
        'at', to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by l.at desc, l.id desc, l.n), '[]'::json)
        from (select x.id, x.account_id, r.kind, r.record_id, r.name, x.action, x.http_request_id, x.at, r.n
          from ${hers}
          order by x.at desc, x.id desc, r.n limit ${value('limit', 'int8')} offset ${value('offset', 'int8')}
        ) l join accounts a on a.id = l.account_id)`,
      total: sql<number>`(select count(*) from ${hers})`.mapWith(Number),
    })
    // The page and the count in one row: one round trip.
    .from(sql`(select 1) one`)
    .prepare('access_log_lines'),
)

/** One record of hers an entry names, as a manager reads it. */
interface AccessLine {
  id: number
  account_id: number
  account_name: string
  kind: (typeof ACCESS_KINDS)[number]
  record_id: number
  name: string
  action: AccessAction
  request_id: string | null
  at: string
}

/** A page of the lines of a customer of the site, newest first, and how many she has in all. */
export async function listEntries(db: Db, siteId: number, customerId: number, page: number, limit: number) {
  const [{ list, total }] = await listStatement(db).execute({ siteId, customerId, limit, offset: (page - 1) * limit })
  return { list, total }
}

/** Deletes up to `limit` entries written before `before`; answers how many went. */
export async function deleteEntriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db.select({ id: accessLog.id }).from(accessLog).where(lt(accessLog.at, before)).limit(limit)
  const rows = await db.delete(accessLog).where(inArray(accessLog.id, oldest)).returning({ id: accessLog.id })
  return rows.length
}
