import { KeptReplies } from '../lib/keptReplies.js'
import { boardVersion } from '../repositories/roomBoard.js'
import type { CustomerStatus, EarlyLeave } from '@yuezi/contract/api/customers'
import { daysBetween } from '@yuezi/contract/forms/compute'
import { idOf } from '@yuezi/contract/forms/definitions/stockRules'
import {
  admission,
  customerDetails,
  isBirthTime,
  STAY_KEYS,
  type StayKind,
} from '@yuezi/contract/forms/definitions/admission'
import type { FieldError, FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, futureDateErrors, isEmpty, validateForm } from '@yuezi/contract/forms/validate'
import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { writeAudit } from '../repositories/audit.js'
import * as customers from '../repositories/customers.js'
import * as stays from '../repositories/stays.js'
import { logIdHolder } from './accessLog.js'
import { auditSave, saveOnce } from './saveOnce.js'
import { checkAgainstSite, refuseClosedEntries } from './siteOptions.js'

// The site's mothers: admitting one with her babies and her stay, changing her details, checking
// her in and out. Every change is audited in its transaction.

const notFound = () => new AppError(Code.NOT_FOUND, 'customer.notFound')

/** The site's customers of a status (in house by default) by room, with their babies and stays. */
type ListQuery = { page: number; limit: number; keyword?: string; status?: CustomerStatus }

export function listCustomers(db: Db, siteId: number, query: ListQuery, today: string) {
  return customers.listCustomers(db, siteId, { ...query, status: query.status ?? 'in_house', today })
}

/** How many first pages an instance keeps: a few statuses and page sizes of each site. */
const LISTS_KEPT = 1000

/**
 * The site's customers as the desk and the picker open them, a first page without a keyword, kept
 * by this instance as the room board is: under the board's version, which counts every write of
 * the site's mothers, babies, stays and packages, and the centre's day. Other pages are read afresh.
 */
export class KeptCustomerLists {
  private readonly kept = new KeptReplies<{ version: number; today: string }>({ most: LISTS_KEPT })

  async list(db: Db, siteId: number, query: ListQuery, today: string) {
    if (query.keyword?.trim() || query.page > 1) return listCustomers(db, siteId, query, today)
    const version = await boardVersion(db, siteId)
    return this.kept.answer(`${siteId}/${query.status ?? 'in_house'}/${query.limit}`, { version, today }, () =>
      listCustomers(db, siteId, query, today),
    )
  }
}

/** One customer of the site with her babies and stay; else not-found (also for another site's customer). */
export async function getCustomer(db: Db, siteId: number, id: number, today: string) {
  const customer = await customers.getCustomer(db, siteId, id, today)
  if (!customer) throw notFound()
  return customer
}

// ---------------------------------------------------------------------------------------------
// Admitting and changing her

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** Whether the admission's data books a stay (a change of her details alone leaves every stay field out). */
const booksStay = (data: FormData) => STAY_KEYS.some((key) => !isEmpty(data[key]))

/** The admission's data checked by its form on the centre's `today`: her details, and her stay if it books one. */
export function checkAdmission(data: FormData, { update, today }: { update: boolean; today: string }): void {
  const definition = update && !booksStay(data) ? customerDetails : admission
  const errors: FieldError[] = [...validateForm(definition, data), ...futureDateErrors(definition, data, today)]
  const rows = Array.isArray(data.babies) ? (data.babies as FormData[]) : []
  rows.forEach((row, i) => {
    if (typeof row?.birth_time === 'string' && row.birth_time && !isBirthTime(row.birth_time)) {
      errors.push({ path: `babies.${i}.birth_time`, labelKey: 'form.field.birth_time', rule: 'format' })
    }
  })
  if (errors.length) throw new FormInvalidError(errors)
}

/** Her details and babies changed with a check-in notice: customer/save's checks of a change, and no stay field. */
export function checkHerDetails(data: FormData, today: string): void {
  if (booksStay(data)) throw new AppError(Code.INVALID_INPUT, 'record.updateNoStay')
  checkAdmission(data, { update: true, today })
}

/** A mother's phone or ID number is another mother's of the site: the answer names her (`holder`), to offer her instead. */
export class DuplicateCustomerError extends AppError {
  constructor(
    readonly holder: {
      id: number
      name: string
      phone: string
      room: string
      field: 'phone' | 'id_card'
      left: boolean
    },
  ) {
    super(Code.DUPLICATE_CUSTOMER, `customer.duplicate.${holder.field}`, { name: holder.name }, 200, {
      duplicate: holder,
    })
  }
}

/**
 * Runs a save that admits or changes a mother. An answer that her ID number is another mother's
 * tells who holds it (her name, phone and room), as a read of that mother's ID number does: it is
 * written to her access log first, outside the save's transaction, which rolls back.
 */
export async function loggingIdHolder<T>(db: Db, actor: Actor, save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    if (error instanceof DuplicateCustomerError && error.holder.field === 'id_card') {
      await logIdHolder(db, actor, error.holder.id)
    }
    throw error
  }
}

/**
 * Admits a mother (no `id`) or changes the site's mother `id`, inside the transaction `tx`: her
 * details, her babies, and her stay when the data books one. Checked first with `checkAdmission`.
 * Answers her id; a phone or ID number of another mother answers DUPLICATE_CUSTOMER naming her
 * (the caller's save runs in loggingIdHolder).
 */
export async function writeAdmission(
  tx: Db,
  actor: Actor,
  input: { id?: number; data: FormData; today: string; requestId?: string },
): Promise<number> {
  const { data, today } = input
  const phone = String(data.phone).trim()
  const idCard = text(data.id_card)?.toUpperCase() ?? null
  await customers.lockIdentity(tx, actor.siteId, `phone:${phone}`)
  if (idCard) await customers.lockIdentity(tx, actor.siteId, `id:${idCard}`)
  if (input.id !== undefined && !(await customers.lockCustomer(tx, actor.siteId, input.id))) throw notFound()

  // A new mother whose phone or ID number is known is offered instead; a change may not take
  // another's ID number, nor the phone of another mother in house.
  const holder = await customers.findHolder(tx, actor.siteId, {
    phone,
    idCard,
    exceptId: input.id,
    openOnly: input.id !== undefined,
  })
  if (holder) throw new DuplicateCustomerError(holder)

  const siteErrors = await checkAgainstSite(tx, actor.siteId, fieldsOf(admission), data, [])
  if (siteErrors.length) throw new FormInvalidError(siteErrors)

  const stay = booksStay(data) ? await checkStay(tx, actor.siteId, data, input.id) : undefined
  const details: customers.CustomerValues = {
    name: String(data.customer_name).trim(),
    phone,
    idCard,
    deliveryDate: text(data.delivery_date),
    deliveryMode: text(data.delivery_mode) as customers.CustomerValues['deliveryMode'],
    hospital: text(data.hospital),
    allergies: text(data.allergies),
    dietNeeds: text(data.diet_needs),
    remark: text(data.remark),
    room: stay?.values.room ?? '',
  }

  let id: number
  if (input.id === undefined) {
    id = await customers.insertCustomer(tx, actor.siteId, details)
  } else {
    id = input.id
    const { room, idCard: _idCard, ...rest } = details
    // A change that leaves out her ID number keeps it: the app never holds it (customer/info leaves it out).
    const changed = { ...rest, ...('id_card' in data ? { idCard } : {}), ...(stay ? { room } : {}) }
    await customers.updateCustomer(tx, id, changed)
  }
  await writeBabies(tx, id, data.babies, input.id !== undefined)
  await auditSave(tx, {
    ...actor,
    action: input.id === undefined ? 'create' : 'update',
    entity: 'customers',
    entityId: id,
    requestId: input.requestId,
  })

  if (stay) {
    if (stay.openId === undefined) {
      await insertStay(tx, actor, id, stay.values, today)
    } else {
      // An open stay keeps its status: she is checked in or out on purpose.
      await stays.updateStay(tx, stay.openId, { ...stay.values, status: stay.openStatus! })
      await writeAudit(tx, { ...actor, action: 'update', entity: 'stays', entityId: stay.openId })
    }
  }
  return id
}

/** A new stay of hers, audited: a check-in date after `today` books the room; on or before it she is in house. */
async function insertStay(tx: Db, actor: Actor, customerId: number, values: stays.StayValues, today: string) {
  const status = values.checkInDate > today ? 'arriving' : 'in_house'
  const stayId = await stays.insertStay(tx, {
    ...values,
    siteId: actor.siteId,
    customerId,
    status,
    checkedInBy: status === 'in_house' ? actor.accountId : null,
  })
  await writeAudit(tx, { ...actor, action: 'create', entity: 'stays', entityId: stayId })
}

/** The stay the data books, checked against the site: her open stay (changed) or a new one. */
async function checkStay(tx: Db, siteId: number, data: FormData, customerId?: number) {
  const open = customerId === undefined ? undefined : await stays.lockOpenStay(tx, customerId)
  const room = String(data.room)
  const packageId = idOf(data.package_id) ?? null
  // Refused as every form refuses them: a room out of service, a retired package. Her own room and
  // package stay hers while she changes her other details, whatever became of them meanwhile.
  await refuseClosedEntries(tx, siteId, fieldsOf(admission), data, {
    room: open?.room,
    data: open ? { package_id: open.packageId } : undefined,
  })
  if (open?.room !== room) {
    // Locked: two admissions into one room at once, the second finds it taken.
    await stays.lockRoom(tx, siteId, room)
    if (await stays.roomTaken(tx, siteId, room, open?.id)) throw new AppError(Code.CONFLICT, 'stay.roomTaken', { room })
  }
  const values: stays.StayValues = {
    kind: data.stay_kind as StayKind,
    checkInDate: String(data.check_in_date),
    plannedDays: Number(data.days),
    room,
    packageId,
  }
  return { values, openId: open?.id, openStatus: open?.status }
}

/**
 * Her babies as the rows say, in the order customer/info lists them: a row changes the baby in
 * its place, rows past her babies add new ones. A baby once entered is kept (records name her).
 */
async function writeBabies(tx: Db, customerId: number, rows: unknown, update: boolean): Promise<void> {
  const list = Array.isArray(rows) ? (rows as FormData[]) : []
  const existing = update ? await customers.babyIds(tx, customerId) : []
  if (list.length < existing.length) throw new AppError(Code.INVALID_INPUT, 'customer.babiesKept')
  const values = list.map((row) => ({
    name: String(row.name).trim(),
    sex: row.sex as 'male' | 'female',
    birthDate: String(row.birth_date),
    birthTime: text(row.birth_time),
    birthWeight: typeof row.birth_weight === 'number' ? row.birth_weight : null,
  }))
  for (const [i, id] of existing.entries()) await customers.updateBaby(tx, id, values[i])
  await customers.insertBabies(tx, customerId, values.slice(existing.length))
}

/**
 * Admits a mother with her babies and stay, or changes the site's mother `id`, in one transaction;
 * answers her id. A retried save (same request_id) answers the first one's and changes nothing.
 */
export async function saveCustomer(
  db: Db,
  actor: Actor,
  input: { id?: number; data: FormData; today: string; requestId?: string },
): Promise<number> {
  checkAdmission(input.data, { update: input.id !== undefined, today: input.today })
  return loggingIdHolder(db, actor, () =>
    saveOnce(db, actor.siteId, input.requestId, (tx) => writeAdmission(tx, actor, input)),
  )
}

// ---------------------------------------------------------------------------------------------
// Checking in and out

/** Her open stay, locked; else not-found (another site's mother too) or a conflict (none open). */
async function openStayOf(tx: Db, siteId: number, customerId: number) {
  if (!(await customers.lockCustomer(tx, siteId, customerId))) throw notFound()
  const open = await stays.lockOpenStay(tx, customerId)
  if (!open) throw new AppError(Code.CONFLICT, 'stay.noneOpen')
  return open
}

/** Ends her open stay on the centre's `today`, recording who checked her out: her room is free. */
export async function checkOut(db: Db, actor: Actor, customerId: number, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await openStayOf(tx, actor.siteId, customerId)
    await stays.endStay(tx, open.id, today, actor.accountId)
    await writeAudit(tx, { ...actor, action: 'checkOut', entity: 'stays', entityId: open.id })
  })
}

/**
 * A booked mother arrives: her stay is in house, recording who checked her in. Before her booked
 * date her check-in date becomes `today`, and `leave` says whether her leave date stays (`keep`) or
 * moves with it (`move`); without it she is refused, to be asked.
 */
export async function checkIn(
  db: Db,
  actor: Actor,
  customerId: number,
  { today, leave }: { today: string; leave?: EarlyLeave },
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await openStayOf(tx, actor.siteId, customerId)
    if (open.status !== 'arriving') throw new AppError(Code.CONFLICT, 'stay.alreadyIn')
    let arrival: { checkInDate: string; plannedDays: number } | undefined
    if (open.checkInDate > today) {
      if (!leave) throw new AppError(Code.INVALID_INPUT, 'stay.earlyLeave', { date: open.checkInDate })
      const plannedDays = leave === 'keep' ? daysBetween(today, open.leaveDate)! : open.plannedDays
      arrival = { checkInDate: today, plannedDays }
    }
    await stays.beginStay(tx, open.id, actor.accountId, arrival)
    await writeAudit(tx, { ...actor, action: 'checkIn', entity: 'stays', entityId: open.id })
  })
}

/**
 * Undoes her check-out of `today` (the centre's date): her last stay is in house again. Refused
 * when she left on another day, has an open stay, or her room was taken meanwhile.
 */
export async function undoCheckOut(db: Db, actor: Actor, customerId: number, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await customers.lockCustomer(tx, actor.siteId, customerId))) throw notFound()
    const last = await stays.lockLatestStay(tx, customerId)
    if (!last || last.status !== 'left' || last.leftOn !== today) {
      throw new AppError(Code.CONFLICT, 'stay.undoCheckOutToday')
    }
    await stays.lockRoom(tx, actor.siteId, last.room)
    if (await stays.roomTaken(tx, actor.siteId, last.room, last.id)) {
      throw new AppError(Code.CONFLICT, 'stay.roomTaken', { room: last.room })
    }
    await stays.reopenStay(tx, last.id)
    await writeAudit(tx, { ...actor, action: 'undoCheckOut', entity: 'stays', entityId: last.id })
  })
}

/**
 * A check-in notice for a mother of the site who has no open stay books her next one, inside the
 * notice's transaction `tx`: its kind, room, check-in date and days, as an admission would.
 * Answers whether it booked one (none when she has an open stay).
 */
export async function bookNextStay(
  tx: Db,
  actor: Actor,
  customerId: number,
  input: { data: FormData; today: string },
): Promise<boolean> {
  if (await stays.lockOpenStay(tx, customerId)) return false
  const stay = await checkStay(tx, actor.siteId, input.data, customerId)
  await insertStay(tx, actor, customerId, stay.values, input.today)
  await customers.updateCustomer(tx, customerId, { room: stay.values.room })
  return true
}
