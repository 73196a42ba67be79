import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { formByName } from '@yuezi/contract/forms/index'
import { latestFieldsOf } from '@yuezi/contract/forms/initial'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import {
  fieldsOf,
  isEmpty,
  labelKeyOf,
  namingBaby,
  validateForm,
  futureDateErrors,
  withComputed,
  withoutComputed,
  type UploadCheck,
} from '@yuezi/contract/forms/validate'
import { GATE_RULES, gateErrors } from '@yuezi/contract/forms/ranges'
import { siteLocationOf } from '@yuezi/contract/forms/location'
import { writeAudit } from '../repositories/audit.js'
import * as formRecords from '../repositories/formRecords.js'
import { findSite } from '../repositories/siteLists.js'
import { logAccess } from './accessLog.js'
import { flagsOfRecords } from './flags.js'
import { AlreadySaved, auditSave, saveOnce } from './saveOnce.js'
import { checkAgainstSite, refuseClosedEntries } from './siteOptions.js'

// Form records and the medicines of round records: what may be saved, changed and deleted, and
// the audit entry of each change.

const ENTITY = 'form_records'
const MEDICINE_ENTITY = 'medicines'

/** Free text of the record (text fields, rows' included) that the list's keyword search looks in. */
function searchTextOf(definition: FormDefinition, data: FormData): string {
  const TEXT = new Set(['text', 'textarea', 'phone', 'idCard'])
  const texts = (fields: Field[], values: FormData): string[] =>
    fields.flatMap((field) => {
      const value = values[field.key]
      if (TEXT.has(field.type) && typeof value === 'string') return [value]
      if (field.type === 'rows' && Array.isArray(value)) {
        return value.flatMap((row) => (row && typeof row === 'object' ? texts(field.rows ?? [], row as FormData) : []))
      }
      return []
    })
  return texts(fieldsOf(definition), data).join('\n')
}

const recordNotFound = () => new AppError(Code.NOT_FOUND, 'record.notFound')
const medicineNotFound = () => new AppError(Code.NOT_FOUND, 'medicine.notFound')

// ---------------------------------------------------------------------------------------------
// Reading

/** What a reply hands out of a record, for the access log. */
const handedOut = (record: { id: number; name: string; customer_id: number | null; data: FormData }) => {
  const definition = formByName(record.name)
  return definition
    ? [{ kind: 'record' as const, id: record.id, customerId: record.customer_id, definition, data: record.data }]
    : []
}

/** A record as its form reads it now: one saved under the form's earlier fields is upgraded. */
export function asCurrent<T extends { name: string; data: FormData }>(record: T): T {
  const upgrade = formByName(record.name)?.upgrade
  return upgrade ? { ...record, data: upgrade(record.data) } : record
}

/** The site's records, newest first; the rows holding personal data are logged as read. */
export async function listFormRecords(db: Db, actor: Actor, query: formRecords.RecordQuery) {
  const page = await formRecords.listFormRecords(db, actor.siteId, query)
  // Logged while the marks are read, on connections of their own: the reply waits once for both.
  const [, flags] = await Promise.all([
    logAccess(db, actor, 'read', page.list.flatMap(handedOut)),
    flagsOfRecords(db, actor.siteId, page.list),
  ])
  return { ...page, list: page.list.map((record, i) => ({ ...asCurrent(record), flags: flags[i] })) }
}

/** One live record of the site (a round record with its medicines), logged as read; else not-found. */
export async function getFormRecord(db: Db, actor: Actor, id: number) {
  const record = await formRecords.findFormRecord(db, actor.siteId, id)
  if (!record) throw recordNotFound()
  await logAccess(db, actor, 'read', handedOut(record))
  return asCurrent(record)
}

/** How many records the site created in [from, to): of the form `name` (0 when none), or per form. */
/**
 * A new record's first values that the site's latest record of the form gives (its fields marked
 * site.latest: a round's doctor); nothing else of that record leaves the server.
 */
export async function formPrefill(db: Db, siteId: number, name: string): Promise<FormData> {
  const definition = formByName(name)
  const keys = definition ? latestFieldsOf(definition) : []
  if (keys.length === 0) return {}
  const latest = await formRecords.latestFormData(db, siteId, name)
  return Object.fromEntries(keys.filter((key) => latest?.[key] !== undefined).map((key) => [key, latest![key]]))
}

export async function countFormRecords(db: Db, siteId: number, from: Date, to: Date, name?: string) {
  const counts = await formRecords.countFormRecordsByName(db, siteId, from, to, name)
  // Own keys only: a form named like an Object method (toString) has no count.
  return name === undefined ? { counts } : { count: Object.hasOwn(counts, name) ? counts[name] : 0 }
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface SaveInput {
  name: string
  customerId?: number
  data: FormData
  /** Update this record instead of creating one. */
  id?: number
  requestId?: string
  /** The site's date today (computed values may count days up to it). */
  today: string
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
  /** A new arrival's admission, which only a check-in notice carries (services/checkInNotices.ts). */
  admission?: FormData
  /** Her details and babies changed with a check-in notice for `customerId`. */
  customerUpdate?: FormData
}

/** A save's form and data as its definition checked them, ready for its transaction. */
export type CheckedRecord = Pick<SaveInput, 'customerId' | 'id' | 'requestId' | 'today'> & {
  definition: FormDefinition
  data: FormData
}

/** The customer of a record as its checks and computed fields read her, with her babies. */
export type RecordCustomer = NonNullable<Awaited<ReturnType<typeof formRecords.customerContext>>>

/** The form named `name`; else refused. */
export function formOf(name: string): FormDefinition {
  const definition = formByName(name)
  if (!definition) throw new AppError(Code.INVALID_INPUT, 'form.unknownName', { name })
  return definition
}

/** The refusal of an admission, or a change of her file, with a form that is no check-in notice. */
export const notAdmission = (definition: FormDefinition) =>
  new AppError(Code.INVALID_INPUT, 'record.notAdmission', { name: definition.name })

/**
 * Validates a form's data with its definition, before its transaction: its computed values left
 * out (the server computes them), else refused naming each field. `admitted`: its customer is a
 * new arrival admitted with it.
 */
export async function checkRecord(
  db: Db,
  actor: Actor,
  definition: FormDefinition,
  input: SaveInput,
  admitted = false,
): Promise<CheckedRecord> {
  const data = withoutComputed(definition, input.data)
  const errors = [...validateForm(definition, data, input.isUpload), ...futureDateErrors(definition, data, input.today)]
  if (definition.needsCustomer && input.customerId === undefined && !admitted) {
    errors.unshift({ path: 'customer_id', labelKey: 'form.field.customer_id', rule: 'requiredChoice' })
  }
  // The record's customer is the one of its customer fields.
  for (const field of fieldsOf(definition)) {
    if (field.type === 'customer' && !isEmpty(data[field.key]) && data[field.key] !== input.customerId) {
      errors.push({ path: field.key, labelKey: labelKeyOf(field), rule: 'option' })
    }
  }
  if (errors.length) {
    // A twin's value is refused under her name: her babies are read only then.
    const twins = input.customerId !== undefined && fieldsOf(definition).some((field) => field.perBaby)
    const customer = twins ? await formRecords.customerContext(db, actor.siteId, input.customerId!) : undefined
    throw new FormInvalidError(errors.map((error) => namingBaby(definition, data, customer?.children ?? [], error)))
  }
  const { customerId, id, requestId, today } = input
  return { definition, data, customerId, id, requestId, today }
}

/**
 * The record's customer, read first in its transaction (see saveOnce's `lock`); else not-found.
 * One-per-customer forms: saves for one customer wait for each other (the row lock), so that two
 * of them cannot both see "no record yet", and a retry sees the save it repeats.
 */
export async function lockCustomer(tx: Db, actor: Actor, record: CheckedRecord): Promise<RecordCustomer | undefined> {
  if (record.customerId === undefined) return undefined
  const customer = await formRecords.customerContext(
    tx,
    actor.siteId,
    record.customerId,
    record.definition.onePerCustomer,
  )
  if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
  return customer
}

/**
 * Saves a checked record for `customer` inside the transaction `tx`: checked against the site's
 * records, with its computed fields, a round form's medicines and the audit entry; answers its id.
 * `newStay`: it books her next stay, her earlier record of a one-per-customer form notwithstanding.
 */
export async function writeRecord(
  tx: Db,
  actor: Actor,
  record: CheckedRecord,
  customer: RecordCustomer | undefined,
  { newStay = false } = {},
): Promise<number> {
  const { definition, data } = record
  if (record.id !== undefined && !(await formRecords.lockRecord(tx, actor.siteId, record.id, definition.name))) {
    throw recordNotFound()
  }
  const children = customer?.children ?? []
  const siteErrors = await checkAgainstSite(tx, actor.siteId, fieldsOf(definition), data, children)
  if (siteErrors.length) {
    throw new FormInvalidError(siteErrors.map((error) => namingBaby(definition, data, children, error)))
  }
  const saved = record.id === undefined ? undefined : await formRecords.findFormRecord(tx, actor.siteId, record.id)
  await refuseClosedEntries(tx, actor.siteId, fieldsOf(definition), data, { data: saved?.data, room: customer?.room })

  if (
    definition.onePerCustomer &&
    !newStay &&
    customer &&
    (await formRecords.customerHasRecord(tx, customer.id, definition.name, record.id))
  ) {
    throw new AppError(Code.CONFLICT, 'record.onePerCustomer', { name: definition.name })
  }

  // A sign-in's distance is counted here from the site's own coordinates, never taken from the client;
  // a visit is held to the site's own hours and policy.
  const hasPlaces = fieldsOf(definition).some((field) => field.type === 'location')
  const gated = fieldsOf(definition).some((field) => field.range && GATE_RULES.includes(field.range))
  const site = hasPlaces || gated ? await findSite(tx, actor.siteId) : undefined
  // What the visit was checked against is kept with it: a later change of hours re-judges no visit.
  const visitHours = site && gated && site.visitFrom && site.visitTo ? { from: site.visitFrom, to: site.visitTo } : null
  if (site && gated) {
    const gateRefusals = gateErrors(definition, data, { visitHours }, site.visitPolicy)
    if (gateRefusals.length) throw new FormInvalidError(gateRefusals)
  }
  const computed = withComputed(definition, data, {
    today: record.today,
    customer: customer ? { delivery_date: customer.delivery_date } : null,
    children,
    site: site ? siteLocationOf(site) : null,
  })
  const medicineFields = formRecords.medicineFieldsOf(definition)
  const { [formRecords.MEDICINES]: medicineRows, ...rest } = computed
  const stored = medicineFields ? rest : computed
  // The search text covers the medicines too: the sent ones, or those the record keeps.
  const keptMedicines =
    medicineFields && record.id !== undefined && !(formRecords.MEDICINES in data)
      ? { [formRecords.MEDICINES]: (await formRecords.medicinesOf(tx, [record.id])).map(formRecords.asFormRow) }
      : {}
  const values = {
    name: definition.name,
    customerId: customer?.id ?? null,
    data: stored,
    searchText: searchTextOf(definition, { ...computed, ...keptMedicines }),
    visitHours,
    updatedBy: actor.accountId,
    updatedAt: new Date(),
  }

  let id: number
  if (record.id === undefined) {
    const created = await formRecords.createRecord(tx, actor, values, record.requestId)
    if (created === undefined) throw new AlreadySaved()
    id = created
  } else {
    id = record.id
    await formRecords.updateRecord(tx, id, values)
  }
  // The sent medicines replace the record's; an update without the key keeps them (they may
  // have been changed with medicineSave meanwhile).
  if (medicineFields && (record.id === undefined || formRecords.MEDICINES in data)) {
    await formRecords.replaceMedicines(tx, actor, id, Array.isArray(medicineRows) ? (medicineRows as FormData[]) : [])
  }
  // A new record's audit entry was written with it.
  if (record.id !== undefined) {
    await auditSave(tx, { ...actor, action: 'update', entity: ENTITY, entityId: id, requestId: record.requestId })
  }
  return id
}

/**
 * Validates a form's data with its definition and the site's records, and saves it in one
 * transaction (see writeRecord); answers the record's id. A retried save (same request_id)
 * answers the first one's and changes nothing. A check-in notice is saveCheckInNotice's.
 */
export async function saveFormRecord(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const definition = formOf(input.name)
  if (input.admission || input.customerUpdate) throw notAdmission(definition)
  if (definition.admits) throw new Error(`${definition.name} is saved with saveCheckInNotice`)
  const record = await checkRecord(db, actor, definition, input)
  return saveOnce(
    db,
    actor.siteId,
    input.requestId,
    (tx, customer: RecordCustomer | undefined) => writeRecord(tx, actor, record, customer),
    (tx) => lockCustomer(tx, actor, record),
  )
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Soft-deletes a live record of the site (kept for audit); else not-found. */
export async function deleteFormRecord(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await formRecords.softDeleteRecord(tx, actor, id))) throw recordNotFound()
    await writeAudit(tx, { ...actor, action: 'delete', entity: ENTITY, entityId: id })
  })
}

// ---------------------------------------------------------------------------------------------
// Medicines of a round record

/** A live round record of the site, locked when asked; else not-found (or, for another form, invalid). */
async function roundRecord(db: Db, siteId: number, recordId: number, lock = false) {
  const record = await formRecords.liveRecord(db, siteId, recordId, lock)
  if (!record) throw recordNotFound()
  const definition = formByName(record.name)
  const rowFields = definition && formRecords.medicineFieldsOf(definition)
  if (!definition || !rowFields) throw new AppError(Code.INVALID_INPUT, 'medicine.notRound', { name: record.name })
  return { ...record, definition, rowFields }
}

export async function listMedicines(db: Db, siteId: number, recordId: number) {
  await roundRecord(db, siteId, recordId)
  return (await formRecords.medicinesOf(db, [recordId])).map(formRecords.medicineItem)
}

export interface MedicineInput {
  recordId: number
  id?: number
  /** medicine, dose, route, frequency, days, note: validated with the form's medicine row fields. */
  values: FormData
}

/** Adds (or, with id, changes) a medicine of a live round record of the site; answers its id. */
export async function saveMedicine(db: Db, actor: Actor, input: MedicineInput): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await roundRecord(tx, actor.siteId, input.recordId, true)
    const values = Object.fromEntries(Object.entries(input.values).filter(([, value]) => value !== undefined))
    const rowDefinition: FormDefinition = {
      ...record.definition,
      sections: [{ titleKey: '', fields: record.rowFields }],
    }
    const errors = validateForm(rowDefinition, values)
    if (errors.length) throw new FormInvalidError(errors)

    let id: number
    if (input.id === undefined) {
      id = await formRecords.insertMedicine(tx, actor, record.id, values)
    } else {
      if (!(await formRecords.updateMedicine(tx, actor, record.id, input.id, values))) throw medicineNotFound()
      id = input.id
    }
    await touchRecord(tx, actor, record.id, record.definition)
    const action = input.id === undefined ? 'create' : 'update'
    await writeAudit(tx, { ...actor, action, entity: MEDICINE_ENTITY, entityId: id })
    return id
  })
}

/** Deletes a medicine of a live record of the site; else not-found. */
export async function deleteMedicine(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const medicine = await formRecords.lockMedicine(tx, actor.siteId, id)
    if (!medicine) throw medicineNotFound()
    await formRecords.deleteMedicine(tx, id)
    await touchRecord(tx, actor, medicine.recordId, formByName(medicine.name)!)
    await writeAudit(tx, { ...actor, action: 'delete', entity: MEDICINE_ENTITY, entityId: id })
  })
}

/** A change of a record's medicines is a change of the record: who and when, and its search text. */
async function touchRecord(db: Db, actor: Actor, recordId: number, definition: FormDefinition): Promise<void> {
  const data = await formRecords.recordData(db, recordId)
  const rows = (await formRecords.medicinesOf(db, [recordId])).map(formRecords.asFormRow)
  await formRecords.touchRecord(
    db,
    actor,
    recordId,
    searchTextOf(definition, { ...data, [formRecords.MEDICINES]: rows }),
  )
}
