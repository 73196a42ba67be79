import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import {
  customers,
  departments,
  formRecords,
  giftTypes,
  outApplies,
  outApplyItems,
  productPackageItems,
  productPackages,
  products,
  rooms,
  specialCareItems,
  specialCares,
  stayPackages,
  stays,
  stockBatches,
} from '../db/schema.js'
import type { Db } from '../db/types.js'
import { containing } from './customers.js'
import { isRetired } from './stock.js'

// The centre's lists as the administration edits them: rooms, departments, gift types, products,
// gift bundles (packages) and stay packages, each kind described by its table, its columns and what refers to its entries.

type MasterTable =
  typeof rooms | typeof departments | typeof giftTypes | typeof products | typeof productPackages | typeof stayPackages

/** A record naming `value` under `key` of its data, as a value or in a list of values (a check-in notice's departments). */
const recordNaming = (siteId: number, key: string, value: SQL) =>
  and(
    eq(formRecords.siteId, siteId),
    or(
      sql`${formRecords.data}->${key} = to_jsonb(${value})`,
      sql`${formRecords.data}->${key} @> jsonb_build_array(${value})`,
    ),
  )

/** The rows that refer to an entry: a table and the condition on it. */
type Uses = (siteId: number, entry: { id: number; name: string }) => [MasterTable | AnyTable, SQL | undefined][]
type AnyTable =
  | typeof customers
  | typeof formRecords
  | typeof outApplies
  | typeof outApplyItems
  | typeof specialCares
  | typeof specialCareItems
  | typeof stockBatches
  | typeof productPackageItems
  | typeof stays

interface Kind {
  table: MasterTable
  /** What a list row and an entry's form are read from (id, name and retired come with every kind). */
  columns: Record<string, AnyColumn | SQL>
  /** What the keyword search looks in. */
  search: AnyColumn[]
  order: AnyColumn[]
  /** The columns that no two entries of a site share. */
  unique: AnyColumn[]
  uses: Uses
}

/** A kind whose entries are told apart by name and listed in their set order. */
const byName = (table: typeof departments | typeof giftTypes | typeof productPackages | typeof stayPackages) => ({
  table,
  search: [table.name],
  order: [table.sort, table.id],
  unique: [table.name],
})

const KINDS: Record<MasterKind, Kind> = {
  rooms: {
    table: rooms,
    columns: { name: rooms.room, floor: rooms.floor, kind: rooms.kind, in_service: rooms.inService },
    search: [rooms.room],
    order: [rooms.floor, rooms.room],
    unique: [rooms.room],
    // Records name a room as it is called.
    uses: (siteId, { name }) => [
      [customers, and(eq(customers.siteId, siteId), eq(customers.room, name))],
      [specialCares, and(eq(specialCares.siteId, siteId), eq(specialCares.room, name))],
      [formRecords, recordNaming(siteId, 'room', sql`${name}::text`)],
    ],
  },
  departments: {
    ...byName(departments),
    columns: { name: departments.name },
    uses: (siteId, { id }) => [
      [outApplies, eq(outApplies.departmentId, id)],
      [formRecords, recordNaming(siteId, 'departments', sql`${id}::bigint`)],
    ],
  },
  giftTypes: {
    ...byName(giftTypes),
    columns: {
      name: giftTypes.name,
      package_id: giftTypes.packageId,
      package_name: sql<string>`(select ${productPackages.name} from ${productPackages} where ${productPackages.id} = ${giftTypes.packageId})`,
    },
    uses: (siteId, { id }) => [
      [outApplies, eq(outApplies.giftTypeId, id)],
      [formRecords, recordNaming(siteId, 'gift_type_id', sql`${id}::bigint`)],
    ],
  },
  products: {
    table: products,
    columns: {
      name: products.name,
      spec: products.spec,
      unit: products.unit,
      price: products.price,
      category: products.category,
      self_paid: products.selfPaid,
    },
    search: [products.name, products.spec, products.category],
    order: [products.sort, products.id],
    unique: [products.name, products.spec],
    uses: (_siteId, { id }) => [
      [stockBatches, eq(stockBatches.productId, id)],
      [outApplyItems, eq(outApplyItems.productId, id)],
      [specialCareItems, eq(specialCareItems.productId, id)],
      [productPackageItems, eq(productPackageItems.productId, id)],
    ],
  },
  packages: {
    ...byName(productPackages),
    columns: {
      name: productPackages.name,
      item_count: sql<number>`(select count(*) from ${productPackageItems} where ${productPackageItems.packageId} = ${productPackages.id})::int`,
    },
    uses: (_siteId, { id }) => [[giftTypes, eq(giftTypes.packageId, id)]],
  },
  stayPackages: {
    ...byName(stayPackages),
    columns: {
      name: stayPackages.name,
      days: stayPackages.days,
      price: stayPackages.price,
      includes: stayPackages.includes,
    },
    uses: (_siteId, { id }) => [[stays, eq(stays.packageId, id)]],
  },
}

/** An entry as read: its id, name, whether it is retired, and its kind's columns. */
export type EntryRow = { id: number; name: string; retired: boolean } & Record<string, unknown>

const selection = (kind: Kind) => ({ id: kind.table.id, retired: isRetired(kind.table.retiredAt), ...kind.columns })

export interface EntryQuery {
  keyword?: string
  retired?: boolean
  page: number
  limit: number
}

/** A page of the site's entries of a kind, in use or retired, matching the keyword. */
export async function listEntries(db: Db, kindName: MasterKind, siteId: number, query: EntryQuery) {
  const kind = KINDS[kindName]
  const { table } = kind
  const keyword = query.keyword?.trim()
  const where = and(
    eq(table.siteId, siteId),
    query.retired ? isNotNull(table.retiredAt) : isNull(table.retiredAt),
    keyword ? or(...kind.search.map((column) => ilike(column, containing(keyword)))) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection(kind))
      .from(table as typeof rooms)
      .where(where)
      .orderBy(...kind.order.map((column) => asc(column)))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(table as typeof rooms)
      .where(where),
  ])
  return { list: rows as EntryRow[], total }
}

/**
 * An entry of the site, or undefined; `lock` holds its row until the transaction ends, so that a
 * record made meanwhile cannot slip in between the check of what refers to it and its deletion.
 */
export async function findEntry(
  db: Db,
  kindName: MasterKind,
  siteId: number,
  id: number,
  lock = false,
): Promise<EntryRow | undefined> {
  const kind = KINDS[kindName]
  const query = db
    .select(selection(kind))
    .from(kind.table as typeof rooms)
    .where(and(eq(kind.table.id, id), eq(kind.table.siteId, siteId)))
  const [row] = lock ? await query.for('update') : await query
  return row as EntryRow | undefined
}

/** A package's products and quantities, in the order they were put in. */
export function packageItems(db: Db, packageId: number) {
  return db
    .select({ product_id: productPackageItems.productId, quantity: productPackageItems.quantity })
    .from(productPackageItems)
    .where(eq(productPackageItems.packageId, packageId))
    .orderBy(asc(productPackageItems.id))
}

/** The values of the kind's unique columns as one key: no two entries of a site have the same. */
export const uniqueKeyOf = (kindName: MasterKind, values: Record<string, unknown>) =>
  JSON.stringify(KINDS[kindName].unique.map((column) => values[columnKey(KINDS[kindName].table, column)]))

/** Whether another entry of the site already has these values of the kind's unique columns. */
export async function uniqueTaken(
  db: Db,
  kindName: MasterKind,
  siteId: number,
  values: Record<string, unknown>,
  exceptId?: number,
): Promise<boolean> {
  const kind = KINDS[kindName]
  const { table } = kind
  const [row] = await db
    .select({ id: table.id })
    .from(table as typeof rooms)
    .where(
      and(
        eq(table.siteId, siteId),
        ...kind.unique.map((column) => eq(column, values[columnKey(table, column)])),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The property name of a table's column (`spec` of products.spec). */
const columnKey = (table: MasterTable, column: AnyColumn) =>
  Object.entries(table).find(([, value]) => value === column)![0]

/** Whether any record (an order, a batch, a package, a gift type, a customer, a form record) refers to the entry. */
export async function isInUse(db: Db, kindName: MasterKind, siteId: number, entry: EntryRow): Promise<boolean> {
  for (const [table, where] of KINDS[kindName].uses(siteId, entry)) {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(table as typeof customers)
      .where(where)
      .limit(1)
    if (row) return true
  }
  return false
}

/** Column values of an entry, by the table's property names. */
export type EntryValues = Record<string, unknown>

/** Adds an entry of the site at the end of its list; answers its id. */
export async function insertEntry(db: Db, kindName: MasterKind, siteId: number, values: EntryValues) {
  const { table } = KINDS[kindName]
  const last =
    'sort' in table
      ? { sort: sql`(select coalesce(max(${table.sort}), 0) + 1 from ${table} where ${table.siteId} = ${siteId})` }
      : {}
  const [row] = await db
    .insert(table as typeof departments)
    .values({ ...last, ...values, siteId } as typeof departments.$inferInsert)
    .returning({ id: table.id })
  return row.id
}

export async function updateEntry(db: Db, kindName: MasterKind, siteId: number, id: number, values: EntryValues) {
  const { table } = KINDS[kindName]
  await db
    .update(table as typeof departments)
    .set(values)
    .where(and(eq(table.id, id), eq(table.siteId, siteId)))
}

/** Deletes an entry (a package's items go with it). */
export async function deleteEntry(db: Db, kindName: MasterKind, siteId: number, id: number) {
  const { table } = KINDS[kindName]
  await db.delete(table as typeof departments).where(and(eq(table.id, id), eq(table.siteId, siteId)))
}

/** Takes an entry out of use (`at`) or back into it (null). */
export const setRetired = (db: Db, kindName: MasterKind, siteId: number, id: number, at: Date | null) =>
  updateEntry(db, kindName, siteId, id, { retiredAt: at })

/** Puts a package's products and quantities in place of those it had. */
export async function replacePackageItems(
  db: Db,
  packageId: number,
  items: { productId: number; quantity: number }[],
): Promise<void> {
  await db.delete(productPackageItems).where(eq(productPackageItems.packageId, packageId))
  await db.insert(productPackageItems).values(items.map((item) => ({ ...item, packageId })))
}

/** The names of the site's retired entries of a kind among `ids`, by id. */
export async function retiredAmong(db: Db, kindName: MasterKind, siteId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const kind = KINDS[kindName]
  const rows = (await db
    .select(selection(kind))
    .from(kind.table as typeof rooms)
    .where(
      and(eq(kind.table.siteId, siteId), isNotNull(kind.table.retiredAt), inArray(kind.table.id, ids)),
    )) as EntryRow[]
  return new Map(rows.map((row) => [row.id, row.name]))
}
