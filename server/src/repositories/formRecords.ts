import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types.js';
import { accounts, babies, customers, formRecordCounts, formRecords, medicines } from '../db/schema.js';
import { AppError, Code, FormInvalidError } from '../errors.js';
import {
  fieldsOf,
  formByName,
  isEmpty,
  labelKeyOf,
  medicineFieldsOf,
  MEDICINES,
  searchTextOf,
  validateForm,
  withComputed,
  withoutComputed,
  type FormData,
  type FormDefinition,
} from '../lib/forms.js';
import { findRequest, writeAudit } from './audit.js';
import { customerOrText } from './customers.js';
import { checkAgainstSite } from './siteOptions.js';

/** Who does it, where. */
export interface Actor {
  siteId: number;
  accountId: number;
}

const ENTITY = 'form_records';
const MEDICINE_ENTITY = 'medicines';

/** Newest first, in the order of the indexes (see db/schema.ts), so that PostgreSQL reads them rather than sorting. */
const newestFirst = [sql`${formRecords.createdAt} desc nulls last`, sql`${formRecords.id} desc nulls last`];

// ---------------------------------------------------------------------------------------------
// Counting

/** How many records of each form the site created in [from, to), deleted ones left out; with `name`, of that form only. */
export async function countByName(
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
    .groupBy(formRecords.name);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

// ---------------------------------------------------------------------------------------------
// Reading

const creators = alias(accounts, 'creators');
const updaters = alias(accounts, 'updaters');

const recordColumns = {
  id: formRecords.id,
  name: formRecords.name,
  customer_id: formRecords.customerId,
  customer_name: customers.name,
  room: customers.room,
  data: formRecords.data,
  created_at: formRecords.createdAt,
  created_by: formRecords.createdBy,
  created_by_name: creators.name,
  updated_at: formRecords.updatedAt,
  updated_by: formRecords.updatedBy,
  updated_by_name: updaters.name,
};

const selectRecords = (db: Db, where: SQL | undefined) =>
  db
    .select(recordColumns)
    .from(formRecords)
    .leftJoin(customers, eq(customers.id, formRecords.customerId))
    .innerJoin(creators, eq(creators.id, formRecords.createdBy))
    .innerJoin(updaters, eq(updaters.id, formRecords.updatedBy))
    .where(where);

type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];

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
};

type MedicineRow = Awaited<ReturnType<typeof medicinesOf>>[number];

const MEDICINE_VALUES = ['medicine', 'dose', 'route', 'frequency', 'days', 'note'] as const;

/** A medicine as a row of the form's data: the row fields only, empty ones left out (as the app sends them). */
const asFormRow = (row: MedicineRow): FormData =>
  Object.fromEntries(MEDICINE_VALUES.filter((key) => row[key] !== null).map((key) => [key, row[key]]));

export const medicineItem = (row: MedicineRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function medicinesOf(db: Db, recordIds: number[]) {
  if (!recordIds.length) return [];
  return db
    .select(medicineColumns)
    .from(medicines)
    .where(inArray(medicines.recordId, recordIds))
    .orderBy(asc(medicines.recordId), asc(medicines.id));
}

/** The rows as the API answers them, a round record's medicines in data.medicines. */
async function toItems(db: Db, rows: RecordRow[]) {
  const rounds = rows.filter((row) => isRound(row.name)).map((row) => row.id);
  const rowsOf = new Map<number, MedicineRow[]>();
  for (const medicine of await medicinesOf(db, rounds)) {
    rowsOf.set(medicine.record_id, [...(rowsOf.get(medicine.record_id) ?? []), medicine]);
  }
  return rows.map((row) => ({
    ...row,
    data: isRound(row.name)
      ? { ...(row.data as FormData), [MEDICINES]: (rowsOf.get(row.id) ?? []).map(asFormRow) }
      : (row.data as FormData),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

const isRound = (name: string) => {
  const definition = formByName(name);
  return definition !== undefined && medicineFieldsOf(definition) !== undefined;
};

export interface RecordQuery {
  name?: string;
  customerId?: number;
  /** created_at in [from, to) */
  from?: Date;
  to?: Date;
  keyword?: string;
  page: number;
  limit: number;
}

/** The site's live records, newest first. */
export async function listRecords(db: Db, siteId: number, query: RecordQuery) {
  const conditions: (SQL | undefined)[] = [eq(formRecords.siteId, siteId), isNull(formRecords.deletedAt)];
  if (query.name !== undefined) conditions.push(eq(formRecords.name, query.name));
  if (query.customerId !== undefined) conditions.push(eq(formRecords.customerId, query.customerId));
  if (query.from) conditions.push(gte(formRecords.createdAt, query.from));
  if (query.to) conditions.push(lt(formRecords.createdAt, query.to));
  const keyword = query.keyword?.trim();
  if (keyword) {
    conditions.push(await customerOrText(db, siteId, keyword, formRecords));
  }
  const where = and(...conditions);
  // Only the site and maybe the form: the kept count, one row however many records there are.
  const unfiltered = query.customerId === undefined && !query.from && !query.to && !keyword;
  const counted = unfiltered
    ? keptCount(db, siteId, query.name)
    : db.select({ total: count() }).from(formRecords).where(where).then(([row]) => row.total);
  const [rows, total] = await Promise.all([
    selectRecords(db, where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    counted,
  ]);
  return { list: await toItems(db, rows), total };
}

/** The site's live records (of one form): form_record_counts, which triggers keep (see db/schema.ts). */
async function keptCount(db: Db, siteId: number, name: string | undefined): Promise<number> {
  const [row] = await db
    .select({ live: sql<number>`coalesce(sum(${formRecordCounts.live}), 0)`.mapWith(Number) })
    .from(formRecordCounts)
    .where(and(eq(formRecordCounts.siteId, siteId), name === undefined ? undefined : eq(formRecordCounts.name, name)));
  return row.live;
}

/** One live record of the site, or undefined; a round record also with its medicines' ids. */
export async function getRecord(db: Db, siteId: number, id: number) {
  const rows = await selectRecords(
    db,
    and(eq(formRecords.id, id), eq(formRecords.siteId, siteId), isNull(formRecords.deletedAt)),
  );
  const [item] = await toItems(db, rows);
  if (!item || !isRound(item.name)) return item;
  return { ...item, medicines: (await medicinesOf(db, [item.id])).map(medicineItem) };
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface SaveInput {
  name: string;
  customerId?: number;
  data: FormData;
  /** Update this record instead of creating one. */
  id?: number;
  requestId?: string;
  /** The site's date today (computed values may count days up to it). */
  today: string;
}

/** Thrown inside a save's transaction when another save with its request_id got in first: roll back, answer that one. */
class AlreadySaved extends Error {}

const notFound = () => new AppError(Code.NOT_FOUND, 'record.notFound');

/**
 * Validates a form's data with its definition and the site's records, and saves it with its
 * computed fields, a round form's medicines and the audit entry in one transaction. Answers the
 * record's id; a retried save (same request_id) answers the first one's and changes nothing.
 */
export async function saveFormRecord(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const definition = formByName(input.name);
  if (!definition) throw new AppError(Code.INVALID_INPUT, 'form.unknownName', { name: input.name });
  const data = withoutComputed(definition, input.data);
  const errors = validateForm(definition, data);
  if (definition.needsCustomer && input.customerId === undefined) {
    errors.unshift({ path: 'customer_id', labelKey: 'form.field.customer_id', rule: 'required' });
  }
  // The record's customer is the one of its customer fields.
  for (const field of fieldsOf(definition)) {
    if (field.type === 'customer' && !isEmpty(data[field.key]) && data[field.key] !== input.customerId) {
      errors.push({ path: field.key, labelKey: labelKeyOf(field), rule: 'option' });
    }
  }
  if (errors.length) throw new FormInvalidError(errors);

  try {
    return await db.transaction(async (tx) => {
      // One-per-customer forms: saves for one customer wait for each other (the row lock), so that
      // two of them cannot both see "no record yet".
      const customer =
        input.customerId === undefined
          ? undefined
          : await customerContext(tx, actor.siteId, input.customerId, definition.onePerCustomer);
      if (input.customerId !== undefined && !customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound');
      if (input.requestId !== undefined) {
        const saved = await findRequest(tx, actor.siteId, input.requestId);
        if (saved !== undefined) return saved;
      }
      if (input.id !== undefined) {
        const [existing] = await tx
          .select({ id: formRecords.id })
          .from(formRecords)
          .where(
            and(
              eq(formRecords.id, input.id),
              eq(formRecords.siteId, actor.siteId),
              eq(formRecords.name, definition.name),
              isNull(formRecords.deletedAt),
            ),
          )
          .for('update');
        if (!existing) throw notFound();
      }
      const siteErrors = await checkAgainstSite(tx, actor.siteId, fieldsOf(definition), data, customer?.children ?? []);
      if (siteErrors.length) throw new FormInvalidError(siteErrors);

      if (definition.onePerCustomer && input.customerId !== undefined) {
        const [other] = await tx
          .select({ id: formRecords.id })
          .from(formRecords)
          .where(
            and(
              eq(formRecords.customerId, input.customerId),
              eq(formRecords.name, definition.name),
              isNull(formRecords.deletedAt),
              input.id === undefined ? undefined : ne(formRecords.id, input.id),
            ),
          )
          .limit(1);
        if (other) throw new AppError(Code.CONFLICT, 'record.onePerCustomer', { name: definition.name });
      }

      const computed = withComputed(definition, data, {
        today: input.today,
        customer: customer ? { delivery_date: customer.delivery_date } : null,
        children: customer?.children ?? [],
      });
      const medicineFields = medicineFieldsOf(definition);
      const { [MEDICINES]: medicineRows, ...rest } = computed;
      const stored = medicineFields ? rest : computed;
      // The search text covers the medicines too: the sent ones, or those the record keeps.
      const keptMedicines =
        medicineFields && input.id !== undefined && !(MEDICINES in data)
          ? { [MEDICINES]: (await medicinesOf(tx, [input.id])).map(asFormRow) }
          : {};
      const values = {
        name: definition.name,
        customerId: input.customerId ?? null,
        data: stored,
        searchText: searchTextOf(definition, { ...computed, ...keptMedicines }),
        updatedBy: actor.accountId,
        updatedAt: new Date(),
      };

      let id: number;
      if (input.id === undefined) {
        const [created] = await tx
          .insert(formRecords)
          .values({ ...values, siteId: actor.siteId, createdBy: actor.accountId, requestId: input.requestId ?? null })
          .onConflictDoNothing()
          .returning({ id: formRecords.id });
        if (!created) throw new AlreadySaved();
        id = created.id;
      } else {
        id = input.id;
        await tx.update(formRecords).set(values).where(eq(formRecords.id, id));
      }
      // The sent medicines replace the record's; an update without the key keeps them (they may
      // have been changed with medicineSave meanwhile).
      if (medicineFields && (input.id === undefined || MEDICINES in data)) {
        await tx.delete(medicines).where(eq(medicines.recordId, id));
        const rows = Array.isArray(medicineRows) ? (medicineRows as FormData[]) : [];
        if (rows.length) {
          await tx.insert(medicines).values(
            rows.map((row) => ({
              ...medicineValues(row),
              recordId: id,
              siteId: actor.siteId,
              createdBy: actor.accountId,
              updatedBy: actor.accountId,
            })),
          );
        }
      }
      const action = input.id === undefined ? 'create' : 'update';
      if (!(await writeAudit(tx, { ...actor, action, entity: ENTITY, entityId: id, requestId: input.requestId }))) {
        throw new AlreadySaved();
      }
      return id;
    });
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    // The other save has committed: the unique index made this one wait for it.
    const saved = await findRequest(db, actor.siteId, input.requestId!);
    if (saved === undefined) throw new Error('a save with this request_id conflicted but is not recorded');
    return saved;
  }
}

/** The customer of the site with what computed fields read, or undefined; locked with `lock`. */
async function customerContext(db: Db, siteId: number, id: number, lock = false) {
  const query = db
    .select({ id: customers.id, delivery_date: customers.deliveryDate })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)));
  const [customer] = await (lock ? query.for('no key update') : query);
  if (!customer) return undefined;
  const children = await db
    .select({ id: babies.id, birth_date: babies.birthDate })
    .from(babies)
    .where(eq(babies.customerId, id))
    .orderBy(asc(babies.id));
  return { ...customer, children };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A validated medicine row as the medicines table's columns. */
function medicineValues(row: FormData) {
  return {
    medicine: row.medicine as string,
    dose: row.dose as string,
    route: text(row.route),
    frequency: text(row.frequency),
    days: typeof row.days === 'number' ? row.days : null,
    note: text(row.note),
  };
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Soft-deletes a live record of the site (kept for audit); false when there is none. */
export async function deleteRecord(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(formRecords)
      .set({ deletedAt: new Date(), deletedBy: actor.accountId })
      .where(and(eq(formRecords.id, id), eq(formRecords.siteId, actor.siteId), isNull(formRecords.deletedAt)))
      .returning({ id: formRecords.id });
    if (!deleted) return false;
    await writeAudit(tx, { ...actor, action: 'delete', entity: ENTITY, entityId: id });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Medicines of a round record

/** A live round record of the site, locked when asked; else not-found (or, for another form, invalid). */
async function roundRecord(db: Db, siteId: number, recordId: number, lock = false) {
  const query = db
    .select({ id: formRecords.id, name: formRecords.name })
    .from(formRecords)
    .where(and(eq(formRecords.id, recordId), eq(formRecords.siteId, siteId), isNull(formRecords.deletedAt)));
  const [record] = await (lock ? query.for('update') : query);
  if (!record) throw notFound();
  const definition = formByName(record.name);
  const rowFields = definition && medicineFieldsOf(definition);
  if (!definition || !rowFields) throw new AppError(Code.INVALID_INPUT, 'medicine.notRound', { name: record.name });
  return { ...record, definition, rowFields };
}

export async function listMedicines(db: Db, siteId: number, recordId: number) {
  await roundRecord(db, siteId, recordId);
  return (await medicinesOf(db, [recordId])).map(medicineItem);
}

export interface MedicineInput {
  recordId: number;
  id?: number;
  /** medicine, dose, route, frequency, days, note: validated with the form's medicine row fields. */
  values: FormData;
}

export async function saveMedicine(db: Db, actor: Actor, input: MedicineInput): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await roundRecord(tx, actor.siteId, input.recordId, true);
    const values = Object.fromEntries(Object.entries(input.values).filter(([, value]) => value !== undefined));
    const rowDefinition: FormDefinition = { ...record.definition, sections: [{ titleKey: '', fields: record.rowFields }] };
    const errors = validateForm(rowDefinition, values);
    if (errors.length) throw new FormInvalidError(errors);

    const changed = { ...medicineValues(values), updatedBy: actor.accountId, updatedAt: new Date() };
    let id: number;
    if (input.id === undefined) {
      const [created] = await tx
        .insert(medicines)
        .values({ ...changed, recordId: record.id, siteId: actor.siteId, createdBy: actor.accountId })
        .returning({ id: medicines.id });
      id = created.id;
    } else {
      const [updated] = await tx
        .update(medicines)
        .set(changed)
        .where(and(eq(medicines.id, input.id), eq(medicines.recordId, record.id), eq(medicines.siteId, actor.siteId)))
        .returning({ id: medicines.id });
      if (!updated) throw new AppError(Code.NOT_FOUND, 'medicine.notFound');
      id = updated.id;
    }
    await touchRecord(tx, actor, record.id, record.definition);
    const action = input.id === undefined ? 'create' : 'update';
    await writeAudit(tx, { ...actor, action, entity: MEDICINE_ENTITY, entityId: id });
    return id;
  });
}

/** Deletes a medicine of a live record of the site; false when there is none. */
export async function deleteMedicine(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [medicine] = await tx
      .select({ recordId: medicines.recordId, name: formRecords.name })
      .from(medicines)
      .innerJoin(formRecords, eq(formRecords.id, medicines.recordId))
      .where(and(eq(medicines.id, id), eq(medicines.siteId, actor.siteId), isNull(formRecords.deletedAt)))
      .for('update', { of: formRecords });
    if (!medicine) return false;
    await tx.delete(medicines).where(eq(medicines.id, id));
    await touchRecord(tx, actor, medicine.recordId, formByName(medicine.name)!);
    await writeAudit(tx, { ...actor, action: 'delete', entity: MEDICINE_ENTITY, entityId: id });
    return true;
  });
}

/** A change of a record's medicines is a change of the record: who and when, and its search text. */
async function touchRecord(db: Db, actor: Actor, recordId: number, definition: FormDefinition): Promise<void> {
  const [record] = await db.select({ data: formRecords.data }).from(formRecords).where(eq(formRecords.id, recordId));
  const rows = (await medicinesOf(db, [recordId])).map(asFormRow);
  await db
    .update(formRecords)
    .set({
      updatedAt: new Date(),
      updatedBy: actor.accountId,
      searchText: searchTextOf(definition, { ...(record.data as FormData), [MEDICINES]: rows }),
    })
    .where(eq(formRecords.id, recordId));
}
