import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import { alias, type SelectedFields } from 'drizzle-orm/pg-core'
import type { Actor } from '../actor.js'
import { accounts, customers, formRecords, medicines } from '../db/schema.js'
import { listPlan, prepared, preparedByName, type StatementValue } from '../db/prepared.js'
import type { Db } from '../db/types.js'
import { formByName } from '@yuezi/contract/forms/index'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { customerOrText } from './customers.js'

// The form records of a site and the medicines of its round records: reads and writes. What may
// be saved, and the audit log, are services/formRecords.ts's.

/** The record field that holds a round form's medicines (rows); the medicines table keeps them. */
export const MEDICINES = 'medicines'

/** The fields of one medicine row when the form has medicines (the two round forms), else undefined. */
export function medicineFieldsOf(definition: FormDefinition): Field[] | undefined {
  const field = fieldsOf(definition).find((f) => f.key === MEDICINES && f.type === 'rows')
  return field?.rows
}

/** Newest first, in the order of the indexes (see db/schema.ts), so that PostgreSQL reads them rather than sorting. */
const newestFirst = [sql`${formRecords.createdAt} desc nulls last`, sql`${formRecords.id} desc nulls last`]

// ---------------------------------------------------------------------------------------------
// Counting

/** How many records of each form the site created in [from, to), deleted ones left out; with `name`, of that form only. */
export async function countFormRecordsByName(
  db: Db,
  siteId: number,
  from: Date,
  to: Date,
  name?: string,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: formRecords.name, n: count() })
    .from(formRecords)
    .where(
      and(
        eq(formRecords.siteId, siteId),
        name === undefined ? undefined : eq(formRecords.name, name),
        gte(formRecords.createdAt, from),
        lt(formRecords.createdAt, to),
        isNull(formRecords.deletedAt),
      ),
    )
    .groupBy(formRecords.name)
  return Object.fromEntries(rows.map((row) => [row.name, row.n]))
}

// ---------------------------------------------------------------------------------------------
// Reading

const creators = alias(accounts, 'creators')
const updaters = alias(accounts, 'updaters')

const recordColumns = {
  id: formRecords.id,
  name: formRecords.name,
  customer_id: formRecords.customerId,
  customer_name: customers.name,
  room: customers.room,
  data: formRecords.data,
  visit_hours: formRecords.visitHours,
  created_at: formRecords.createdAt,
  created_by: formRecords.createdBy,
  created_by_name: creators.name,
  updated_at: formRecords.updatedAt,
  updated_by: formRecords.updatedBy,
  updated_by_name: updaters.name,
  // A round record's medicines as rows of its data (empty values left out, as the app sends
  // them), in the same statement. Written out: the subquery's "id" would otherwise be ambiguous.
  medicine_rows: sql<FormData[] | null>`(
    select json_agg(json_strip_nulls(json_build_object(
      'medicine', m.medicine, 'dose', m.dose, 'route', m.route, 'frequency', m.frequency, 'days', m.days, 'note', m.note
    )) order by m.id)
    from medicines m where m.record_id = "form_records"."id")`,
}

/** Records with their customer and the names of who created and last changed them, and `more` columns. */
const selectRecords = <More extends SelectedFields>(db: Db, more: More) =>
  db
    .select({ ...recordColumns, ...more })
    .from(formRecords)
    .leftJoin(customers, eq(customers.id, formRecords.customerId))
    .innerJoin(creators, eq(creators.id, formRecords.createdBy))
    .innerJoin(updaters, eq(updaters.id, formRecords.updatedBy))

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords<Record<never, never>>>['where']>>[number]

/** A row as the API answers it, a round record's medicines in data.medicines. */
const toItem = ({ medicine_rows, ...row }: RecordRow) => ({
  ...row,
  data: isRound(row.name) ? { ...(row.data as FormData), [MEDICINES]: medicine_rows ?? [] } : (row.data as FormData),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

const isRound = (name: string) => {
  const definition = formByName(name)
  return definition !== undefined && medicineFieldsOf(definition) !== undefined
}

export interface RecordQuery {
  name?: string
  customerId?: number
  /** created_at in [from, to) */
  from?: Date
  to?: Date
  keyword?: string
  page: number
  limit: number
}

/** The filters of a list other than its keyword, each a value its statement is sent with. */
const FILTERS = {
  name: (value: StatementValue) => eq(formRecords.name, value('name', 'text')),
  customerId: (value: StatementValue) => eq(formRecords.customerId, value('customerId', 'int8')),
  from: (value: StatementValue) => gte(formRecords.createdAt, value('from', 'timestamptz')),
  to: (value: StatementValue) => lt(formRecords.createdAt, value('to', 'timestamptz')),
}
type Filter = keyof typeof FILTERS

/** A list counted from the kept counts (form_record_counts, which triggers keep: see db/schema.ts): only the site and maybe the form. */
const keptCount = (filters: Filter[], keyword: boolean) => !keyword && filters.every((filter) => filter === 'name')

/**
 * A page of the site's live records with these filters (and a keyword's condition), newest first,
 * each row with the number of all that match. Only the site and maybe the form: the kept count, a
 * few rows (its shards) however many records there are. Otherwise the page's ids are read first and
 * only their rows joined, and the matching records are counted by a subquery of their own, so that
 * counting does not join and sort every match.
 */
const recordPage = (db: Db, filters: Filter[], { keyword, firstPageOf }: { keyword?: SQL; firstPageOf?: number }) => {
  const { value, limit, offset } = listPlan(firstPageOf)
  const conditions = and(
    eq(formRecords.siteId, value('siteId', 'int8')),
    isNull(formRecords.deletedAt),
    ...filters.map((filter) => FILTERS[filter](value)),
    keyword,
  )!
  const page = (where: SQL, total: SQL<number>) =>
    selectRecords(db, { total: total.mapWith(Number) })
      .where(where)
      .orderBy(...newestFirst)
  if (keptCount(filters, keyword !== undefined)) {
    const kept = sql<number>`(select coalesce(sum(c.live), 0) from form_record_counts c
        where c.site_id = ${value('siteId', 'int8')}${filters.length ? sql` and c.name = ${value('name', 'text')}` : sql``})`
    return page(conditions, kept).limit(limit).offset(offset)
  }
  // In the subqueries "form_records" is their own table: the conditions are about its rows.
  const pageIds = db
    .select({ id: formRecords.id })
    .from(formRecords)
    .where(conditions)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
  return page(inArray(formRecords.id, pageIds), sql<number>`(select count(*) from ${formRecords} where ${conditions})`)
}

type RecordPage = ReturnType<ReturnType<typeof recordPage>['prepare']>

/** First pages without a keyword: a statement for each combination of filters (at most 16) and page size. */
const firstPages = preparedByName<RecordPage>()

/** The site's live records, newest first, and how many there are: one statement (two with a keyword). */
export async function listFormRecords(
  db: Db,
  siteId: number,
  query: RecordQuery,
): Promise<{ list: ReturnType<typeof toItem>[]; total: number }> {
  const filters = (Object.keys(FILTERS) as Filter[]).filter((filter) => query[filter] !== undefined)
  const keyword = query.keyword?.trim()
  let page: RecordPage
  if (keyword || query.page > 1) {
    // An unnamed statement (an empty name), planned for its values each time: a keyword's text
    // changes with the matching customers, and later pages are few next to first ones.
    const condition = keyword ? await customerOrText(db, siteId, keyword, formRecords) : undefined
    page = recordPage(db, filters, { keyword: condition }).prepare('')
  } else {
    const name = `form_record_list_${filters.join('_') || 'all'}_${query.limit}`
    page = firstPages(db, name, (db, name) => recordPage(db, filters, { firstPageOf: query.limit }).prepare(name))
  }
  const rows = await page.execute({
    siteId,
    name: query.name,
    customerId: query.customerId,
    from: query.from?.toISOString(),
    to: query.to?.toISOString(),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  // A page past the last has no row to carry the number: the first page's does.
  const total =
    rows[0]?.total ?? (query.page > 1 ? (await listFormRecords(db, siteId, { ...query, page: 1, limit: 1 })).total : 0)
  return { list: rows.map(({ total: _, ...row }) => toItem(row)), total }
}

/** One live record of the site, or undefined; a round record also with its medicines' ids. */
export async function findFormRecord(db: Db, siteId: number, id: number) {
  const rows = await selectRecords(db, {}).where(
    and(eq(formRecords.id, id), eq(formRecords.siteId, siteId), isNull(formRecords.deletedAt)),
  )
  const item = rows.map(toItem)[0]
  if (!item || !isRound(item.name)) return item
  return { ...item, medicines: (await medicinesOf(db, [item.id])).map(medicineItem) }
}

/** The data of the site's latest live record of the form, or undefined when it has none. */
export async function latestFormData(db: Db, siteId: number, name: string): Promise<FormData | undefined> {
  const [record] = await db
    .select({ data: formRecords.data })
    .from(formRecords)
    .where(and(eq(formRecords.siteId, siteId), eq(formRecords.name, name), isNull(formRecords.deletedAt)))
    .orderBy(...newestFirst)
    .limit(1)
  return record?.data as FormData | undefined
}

// ---------------------------------------------------------------------------------------------
// Saving

const customerWithBabies = (db: Db) =>
  db
    .select({
      id: customers.id,
      room: customers.room,
      name: customers.name,
      phone: customers.phone,
      delivery_date: customers.deliveryDate,
      // Her babies in the same statement (written out: a lone table's columns are left unqualified).
      children: sql<{ id: number; name: string; birth_date: string }[]>`coalesce((
        select json_agg(json_build_object('id', b.id, 'name', b.name, 'birth_date', b.birth_date) order by b.id)
        from babies b where b.customer_id = "customers"."id"), '[]'::json)`,
    })
    .from(customers)
    .where(and(eq(customers.id, sql.placeholder('id')), eq(customers.siteId, sql.placeholder('siteId'))))
const customerContexts = {
  read: prepared((db) => customerWithBabies(db).prepare('customer_context')),
  locked: prepared((db) => customerWithBabies(db).for('no key update').prepare('customer_context_locked')),
}

/** The customer of the site with what computed fields read, or undefined; locked with `lock`. */
export async function customerContext(db: Db, siteId: number, id: number, lock = false) {
  const [customer] = await customerContexts[lock ? 'locked' : 'read'](db).execute({ id, siteId })
  return customer
}

/** Locks a live record of the site and form until the transaction ends; undefined when there is none. */
export async function lockRecord(db: Db, siteId: number, id: number, name: string) {
  const [record] = await db
    .select({ id: formRecords.id })
    .from(formRecords)
    .where(
      and(
        eq(formRecords.id, id),
        eq(formRecords.siteId, siteId),
        eq(formRecords.name, name),
        isNull(formRecords.deletedAt),
      ),
    )
    .for('update')
  return record
}

/** Whether the customer has a live record of the form other than `exceptId`. */
export async function customerHasRecord(db: Db, customerId: number, name: string, exceptId?: number): Promise<boolean> {
  const [other] = await db
    .select({ id: formRecords.id })
    .from(formRecords)
    .where(
      and(
        eq(formRecords.customerId, customerId),
        eq(formRecords.name, name),
        isNull(formRecords.deletedAt),
        exceptId === undefined ? undefined : ne(formRecords.id, exceptId),
      ),
    )
    .limit(1)
  return other !== undefined
}

/** A record's columns that every save sets. */
export interface RecordValues {
  name: string
  customerId: number | null
  data: FormData
  searchText: string
  /** A visit's visiting hours as the save was checked against them; null for other records. */
  visitHours: { from: string; to: string } | null
  updatedBy: number
  updatedAt: Date
}

const createStatement = prepared((db) => {
  const p = sql.placeholder
  const record = db.$with('record').as(
    db
      .insert(formRecords)
      .values({
        name: p('name'),
        customerId: p('customerId'),
        data: p('data'),
        searchText: p('searchText'),
        visitHours: p('visitHours'),
        updatedBy: p('updatedBy'),
        updatedAt: p('updatedAt'),
        siteId: p('siteId'),
        createdBy: p('createdBy'),
        requestId: p('requestId'),
      })
      .onConflictDoNothing()
      .returning({ id: formRecords.id }),
  )
  const entry = db.$with('entry', {}).as(sql`
    insert into audit_log (site_id, account_id, action, entity, entity_id, request_id, http_request_id)
    select ${p('siteId')}, ${p('createdBy')}, 'create', 'form_records', id, ${p('requestId')}, ${p('httpRequestId')} from ${record}
    on conflict (site_id, request_id) do nothing
    returning 1`)
  return db
    .with(record, entry)
    .select({ id: record.id, audited: sql<number>`(select count(*) from ${entry})`.mapWith(Number) })
    .from(record)
    .prepare('form_record_create')
})

/**
 * Inserts a record and its audit entry, in one statement (a save is a few round trips, each as
 * dear as the work it carries). Undefined when the site already has a record or an entry with the
 * request_id: another save got in first.
 */
export async function createRecord(
  db: Db,
  actor: Actor,
  values: RecordValues,
  requestId?: string,
): Promise<number | undefined> {
  const [created] = await createStatement(db).execute({
    ...values,
    siteId: actor.siteId,
    createdBy: actor.accountId,
    requestId: requestId ?? null,
    httpRequestId: actor.httpRequestId ?? null,
  })
  return created?.audited ? created.id : undefined
}

export async function updateRecord(db: Db, id: number, values: RecordValues): Promise<void> {
  await db.update(formRecords).set(values).where(eq(formRecords.id, id))
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Soft-deletes a live record of the site (kept for audit); false when there is none. */
export async function softDeleteRecord(db: Db, actor: Actor, id: number): Promise<boolean> {
  const [deleted] = await db
    .update(formRecords)
    .set({ deletedAt: new Date(), deletedBy: actor.accountId })
    .where(and(eq(formRecords.id, id), eq(formRecords.siteId, actor.siteId), isNull(formRecords.deletedAt)))
    .returning({ id: formRecords.id })
  return deleted !== undefined
}

// ---------------------------------------------------------------------------------------------
// A change of a round record's medicines

/** A live record of the site (its id and form), locked when asked; undefined when there is none. */
export async function liveRecord(db: Db, siteId: number, recordId: number, lock = false) {
  const query = db
    .select({ id: formRecords.id, name: formRecords.name })
    .from(formRecords)
    .where(and(eq(formRecords.id, recordId), eq(formRecords.siteId, siteId), isNull(formRecords.deletedAt)))
  const [record] = await (lock ? query.for('update') : query)
  return record
}

/** A record's stored data (without its medicines). */
export async function recordData(db: Db, id: number): Promise<FormData> {
  const [record] = await db.select({ data: formRecords.data }).from(formRecords).where(eq(formRecords.id, id))
  return record.data as FormData
}

/** Records a change of the record by `actor` now, with its new search text. */
export async function touchRecord(db: Db, actor: Actor, id: number, searchText: string): Promise<void> {
  await db
    .update(formRecords)
    .set({ updatedAt: new Date(), updatedBy: actor.accountId, searchText })
    .where(eq(formRecords.id, id))
}

// ---------------------------------------------------------------------------------------------
// The medicines of round records (儿科 / 产科医生查房签到表), rows of the record's data kept in a
// table of their own

const medicineColumns = {
  id: medicines.id,
  record_id: medicines.recordId,
  medicine: medicines.medicine,
  dose: medicines.dose,
  route: medicines.route,
  frequency: medicines.frequency,
  days: medicines.days,
  note: medicines.note,
  created_at: medicines.createdAt,
  created_by: medicines.createdBy,
  updated_at: medicines.updatedAt,
  updated_by: medicines.updatedBy,
}

type MedicineRow = Awaited<ReturnType<typeof medicinesOf>>[number]

const MEDICINE_VALUES = ['medicine', 'dose', 'route', 'frequency', 'days', 'note'] as const

/** A medicine as a row of the form's data: the row fields only, empty ones left out (as the app sends them). */
export const asFormRow = (row: MedicineRow): FormData =>
  Object.fromEntries(MEDICINE_VALUES.filter((key) => row[key] !== null).map((key) => [key, row[key]]))

export const medicineItem = (row: MedicineRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

export async function medicinesOf(db: Db, recordIds: number[]) {
  if (!recordIds.length) return []
  return db
    .select(medicineColumns)
    .from(medicines)
    .where(inArray(medicines.recordId, recordIds))
    .orderBy(asc(medicines.recordId), asc(medicines.id))
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)

/** A validated medicine row as the medicines table's columns. */
function medicineValues(row: FormData) {
  return {
    medicine: row.medicine as string,
    dose: row.dose as string,
    route: text(row.route),
    frequency: text(row.frequency),
    days: typeof row.days === 'number' ? row.days : null,
    note: text(row.note),
  }
}

/** Replaces a record's medicines with the validated rows. */
export async function replaceMedicines(db: Db, actor: Actor, recordId: number, rows: FormData[]): Promise<void> {
  await db.delete(medicines).where(eq(medicines.recordId, recordId))
  if (!rows.length) return
  await db.insert(medicines).values(
    rows.map((row) => ({
      ...medicineValues(row),
      recordId,
      siteId: actor.siteId,
      createdBy: actor.accountId,
      updatedBy: actor.accountId,
    })),
  )
}

/** Adds a validated medicine to a record; answers its id. */
export async function insertMedicine(db: Db, actor: Actor, recordId: number, values: FormData): Promise<number> {
  const [created] = await db
    .insert(medicines)
    .values({
      ...medicineValues(values),
      updatedBy: actor.accountId,
      updatedAt: new Date(),
      recordId,
      siteId: actor.siteId,
      createdBy: actor.accountId,
    })
    .returning({ id: medicines.id })
  return created.id
}

/** Changes a medicine of the record; false when the record has no such medicine. */
export async function updateMedicine(
  db: Db,
  actor: Actor,
  recordId: number,
  id: number,
  values: FormData,
): Promise<boolean> {
  const [updated] = await db
    .update(medicines)
    .set({ ...medicineValues(values), updatedBy: actor.accountId, updatedAt: new Date() })
    .where(and(eq(medicines.id, id), eq(medicines.recordId, recordId), eq(medicines.siteId, actor.siteId)))
    .returning({ id: medicines.id })
  return updated !== undefined
}

/** A medicine of a live record of the site, with its record's id and form, the record locked; undefined when there is none. */
export async function lockMedicine(db: Db, siteId: number, id: number) {
  const [medicine] = await db
    .select({ recordId: medicines.recordId, name: formRecords.name })
    .from(medicines)
    .innerJoin(formRecords, eq(formRecords.id, medicines.recordId))
    .where(and(eq(medicines.id, id), eq(medicines.siteId, siteId), isNull(formRecords.deletedAt)))
    .for('update', { of: formRecords })
  return medicine
}

export async function deleteMedicine(db: Db, id: number): Promise<void> {
  await db.delete(medicines).where(eq(medicines.id, id))
}
