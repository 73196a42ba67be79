import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Actor } from '../actor.js'
import { formRecords, medicines } from '../db/schema.js'
import type { Db } from '../db/types.js'
import type { FormData } from '@yuezi/contract/forms/types'

// The medicines of round records (儿科 / 产科医生查房签到表): reads and writes. What may be saved,
// and the audit log, are services/formRecords.ts's.

// ---------------------------------------------------------------------------------------------
// Reading

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

// ---------------------------------------------------------------------------------------------
// Saving

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
