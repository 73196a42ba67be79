import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { formByName } from '@yuezi/contract/forms/index'
import { latestFieldsOf } from '@yuezi/contract/forms/initial'
import type { FormData, FormDefinition } from '@yuezi/contract/forms/types'
import {
  fieldsOf,
  isEmpty,
  labelKeyOf,
  validateForm,
  futureDateErrors,
  withComputed,
  type UploadCheck,
} from '@yuezi/contract/forms/validate'
import { GATE_RULES, gateErrors } from '@yuezi/contract/forms/ranges'
import { namingBaby } from '@yuezi/contract/forms/messages'
import { medicineFieldsOf, MEDICINES, searchTextOf, siteLocationOf, withoutComputed } from '../lib/forms.js'
import { writeAudit } from '../repositories/audit.js'
import * as formRecords from '../repositories/formRecords.js'
import * as medicines from '../repositories/medicines.js'
import { findSite } from '../repositories/siteLists.js'
import { logAccess } from './accessLog.js'
import { flagsOfRecords } from './flags.js'
import {
  bookNextStay,
  checkAdmission,
  checkHerDetails,
  loggingIdHolder,
  stayOfNotice,
  writeAdmission,
} from './customers.js'
import { AlreadySaved, auditSave, saveOnce } from './saveOnce.js'
import { checkAgainstSite, refuseClosedEntries } from './siteOptions.js'

// Form records and the medicines of round records: what may be saved, changed and deleted, and
// the audit entry of each change.

const ENTITY = 'form_records'
const MEDICINE_ENTITY = 'medicines'

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
  /** A new arrival's admission (a check-in notice without a customer): she is admitted with the record. */
  admission?: FormData
  /** Her details and babies changed with a check-in notice for `customerId`, in the record's transaction. */
  customerUpdate?: FormData
}

/** The value of a field that names the record's mother, as typed. */
const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * A check-in notice names its mother: filed under another (a changed name or phone of the chosen
 * mother), it is refused, so that her details never land in another mother's records.
 */
function checkNamedCustomer(data: FormData, customer: { id: number; name: string; phone: string }) {
  const field =
    typed(data.customer_name) !== customer.name
      ? 'customer_name'
      : typed(data.phone) !== customer.phone
        ? 'phone'
        : undefined
  if (!field) return
  throw new AppError(
    Code.INVALID_INPUT,
    'record.otherCustomer',
    { named: `${typed(data.customer_name)} ${typed(data.phone)}`, name: customer.name },
    200,
    { field, customer_id: customer.id },
  )
}

/**
 * Validates a form's data with its definition and the site's records, and saves it with its
 * computed fields, a round form's medicines and the audit entry in one transaction. Answers the
 * record's id; a retried save (same request_id) answers the first one's and changes nothing. A
 * record that admits a mother whose ID number is another's logs that answer (see loggingIdHolder).
 */
export const saveFormRecord = (db: Db, actor: Actor, input: SaveInput): Promise<number> =>
  loggingIdHolder(db, actor, () => saveRecord(db, actor, input))

async function saveRecord(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const definition = formByName(input.name)
  if (!definition) throw new AppError(Code.INVALID_INPUT, 'form.unknownName', { name: input.name })
  const { admission } = input
  if (admission) {
    if (!definition.admits) throw new AppError(Code.INVALID_INPUT, 'record.notAdmission', { name: definition.name })
    if (input.customerId !== undefined || input.id !== undefined) {
      throw new AppError(Code.INVALID_INPUT, 'record.admissionNewOnly')
    }
    checkAdmission(admission, { update: false, today: input.today })
  }
  const { customerUpdate } = input
  if (customerUpdate) {
    if (!definition.admits) throw new AppError(Code.INVALID_INPUT, 'record.notAdmission', { name: definition.name })
    if (input.customerId === undefined || admission)
      throw new AppError(Code.INVALID_INPUT, 'record.updateNeedsCustomer')
    checkHerDetails(customerUpdate, input.today)
  }
  const data = withoutComputed(definition, input.data)
  const errors = [...validateForm(definition, data, input.isUpload), ...futureDateErrors(definition, data, input.today)]
  if (definition.needsCustomer && input.customerId === undefined && !admission) {
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

  // One-per-customer forms: saves for one customer wait for each other (the row lock), so that
  // two of them cannot both see "no record yet", and a retry sees the save it repeats.
  const lockCustomer = async (tx: Db) => {
    if (input.customerId === undefined) return undefined
    const customer = await formRecords.customerContext(tx, actor.siteId, input.customerId, definition.onePerCustomer)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    return customer
  }

  return saveOnce(
    db,
    actor.siteId,
    input.requestId,
    async (tx, locked) => {
      if (input.id !== undefined && !(await formRecords.lockRecord(tx, actor.siteId, input.id, definition.name))) {
        throw recordNotFound()
      }
      // A new arrival is admitted in the record's transaction: a refused record admits nobody.
      const customerId = admission
        ? await writeAdmission(tx, actor, { data: admission, today: input.today })
        : input.customerId
      // Her file changed with the notice is changed in its transaction: a refused notice changes nothing.
      if (customerUpdate) await writeAdmission(tx, actor, { id: customerId, data: customerUpdate, today: input.today })
      const customer =
        admission || customerUpdate ? await formRecords.customerContext(tx, actor.siteId, customerId!) : locked
      if (definition.admits && customer) checkNamedCustomer(data, customer)
      // A new notice for a mother of the site with no open stay (she left) books her next stay with it.
      const booksNext =
        definition.admits && !admission && input.id === undefined && customerId !== undefined
          ? await bookNextStay(tx, actor, customerId, { data: stayOfNotice(definition.name, data), today: input.today })
          : false
      const siteErrors = await checkAgainstSite(tx, actor.siteId, fieldsOf(definition), data, customer?.children ?? [])
      if (siteErrors.length) {
        throw new FormInvalidError(
          siteErrors.map((error) => namingBaby(definition, data, customer?.children ?? [], error)),
        )
      }
      const saved = input.id === undefined ? undefined : await formRecords.findFormRecord(tx, actor.siteId, input.id)
      await refuseClosedEntries(tx, actor.siteId, fieldsOf(definition), data, {
        data: saved?.data,
        room: customer?.room,
      })

      if (
        definition.onePerCustomer &&
        !booksNext &&
        customerId !== undefined &&
        (await formRecords.customerHasRecord(tx, customerId, definition.name, input.id))
      ) {
        throw new AppError(Code.CONFLICT, 'record.onePerCustomer', { name: definition.name })
      }

      // A sign-in's distance is counted here from the site's own coordinates, never taken from the client;
      // a visit is held to the site's own hours and policy.
      const hasPlaces = fieldsOf(definition).some((field) => field.type === 'location')
      const gated = fieldsOf(definition).some((field) => field.range && GATE_RULES.includes(field.range))
      const site = hasPlaces || gated ? await findSite(tx, actor.siteId) : undefined
      // What the visit was checked against is kept with it: a later change of hours re-judges no visit.
      const visitHours =
        site && gated && site.visitFrom && site.visitTo ? { from: site.visitFrom, to: site.visitTo } : null
      if (site && gated) {
        const gateRefusals = gateErrors(definition, data, { visitHours }, site.visitPolicy)
        if (gateRefusals.length) throw new FormInvalidError(gateRefusals)
      }
      const computed = withComputed(definition, data, {
        today: input.today,
        customer: customer ? { delivery_date: customer.delivery_date } : null,
        children: customer?.children ?? [],
        site: site ? siteLocationOf(site) : null,
      })
      const medicineFields = medicineFieldsOf(definition)
      const { [MEDICINES]: medicineRows, ...rest } = computed
      const stored = medicineFields ? rest : computed
      // The search text covers the medicines too: the sent ones, or those the record keeps.
      const keptMedicines =
        medicineFields && input.id !== undefined && !(MEDICINES in data)
          ? { [MEDICINES]: (await medicines.medicinesOf(tx, [input.id])).map(medicines.asFormRow) }
          : {}
      const values = {
        name: definition.name,
        customerId: customerId ?? null,
        data: stored,
        searchText: searchTextOf(definition, { ...computed, ...keptMedicines }),
        visitHours,
        updatedBy: actor.accountId,
        updatedAt: new Date(),
      }

      let id: number
      if (input.id === undefined) {
        const created = await formRecords.createRecord(tx, actor, values, input.requestId)
        if (created === undefined) throw new AlreadySaved()
        id = created
      } else {
        id = input.id
        await formRecords.updateRecord(tx, id, values)
      }
      // The sent medicines replace the record's; an update without the key keeps them (they may
      // have been changed with medicineSave meanwhile).
      if (medicineFields && (input.id === undefined || MEDICINES in data)) {
        await medicines.replaceMedicines(tx, actor, id, Array.isArray(medicineRows) ? (medicineRows as FormData[]) : [])
      }
      // A new record's audit entry was written with it.
      if (input.id !== undefined) {
        await auditSave(tx, { ...actor, action: 'update', entity: ENTITY, entityId: id, requestId: input.requestId })
      }
      return id
    },
    lockCustomer,
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
  const rowFields = definition && medicineFieldsOf(definition)
  if (!definition || !rowFields) throw new AppError(Code.INVALID_INPUT, 'medicine.notRound', { name: record.name })
  return { ...record, definition, rowFields }
}

export async function listMedicines(db: Db, siteId: number, recordId: number) {
  await roundRecord(db, siteId, recordId)
  return (await medicines.medicinesOf(db, [recordId])).map(medicines.medicineItem)
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
      id = await medicines.insertMedicine(tx, actor, record.id, values)
    } else {
      if (!(await medicines.updateMedicine(tx, actor, record.id, input.id, values))) throw medicineNotFound()
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
    const medicine = await medicines.lockMedicine(tx, actor.siteId, id)
    if (!medicine) throw medicineNotFound()
    await medicines.deleteMedicine(tx, id)
    await touchRecord(tx, actor, medicine.recordId, formByName(medicine.name)!)
    await writeAudit(tx, { ...actor, action: 'delete', entity: MEDICINE_ENTITY, entityId: id })
  })
}

/** A change of a record's medicines is a change of the record: who and when, and its search text. */
async function touchRecord(db: Db, actor: Actor, recordId: number, definition: FormDefinition): Promise<void> {
  const data = await formRecords.recordData(db, recordId)
  const rows = (await medicines.medicinesOf(db, [recordId])).map(medicines.asFormRow)
  await formRecords.touchRecord(db, actor, recordId, searchTextOf(definition, { ...data, [MEDICINES]: rows }))
}
