import { admission, isBirthTime } from '@yuezi/contract/forms/definitions/admission'
import { CUSTOMER_KEYS, customersImport } from '@yuezi/contract/forms/definitions/imports'
import type ExcelJS from 'exceljs'
import type { FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import type { Actor } from '../../actor.js'
import type { Db } from '../../db/types.js'
import { addDays } from '../../lib/dates.js'
import { holdersOf, openStayCustomers, packagesByName, roomsByNumber } from '../../repositories/customerSheet.js'
import { logCustomersExport } from '../accessLog.js'
import { writeAdmission } from '../customers.js'
import type { Translators } from '../pdf/document.js'
import type { ImportKindSpec, ImportRow, RowProblem } from './import.js'
import { addSheet, type CellValue, type Column } from './workbook.js'

// 在住客户: the mothers a centre has when it starts on the product, imported with their babies and
// stays and checked as an admission is (each written by the admission itself), and exported in the
// same columns so that an export imports again.

const BABY_KEYS = ['name', 'sex', 'birth_date', 'birth_time', 'birth_weight'] as const
const STAY_COLUMNS = ['stay_kind', 'room', 'check_in_date', 'days', 'leave_date', 'package'] as const
/** The columns that say who she is and her stay: the same on every row of hers. */
const SHARED_KEYS = [...CUSTOMER_KEYS, ...STAY_COLUMNS]
const babiesField = fieldsOf(admission).find((field) => field.key === 'babies')!
const MAX_BABIES = babiesField.maxItems ?? 0
const MAX_DAYS = fieldsOf(admission).find((field) => field.key === 'days')?.max ?? 0
const DAY_MS = 24 * 3600_000

const textOf = (value: unknown) => (isEmpty(value) ? '' : String(value).trim())

/** A mother of the file: her first row, her shared columns, her babies' rows. */
interface SheetCustomer {
  row: number
  shared: FormData
  babies: ImportRow[]
}

/** The rows grouped by the mother's phone; a shared column that differs from her first row's is refused. */
function customersOf(rows: ImportRow[], problems: RowProblem[]): SheetCustomer[] {
  const byPhone = new Map<string, SheetCustomer>()
  for (const one of rows) {
    const phone = textOf(one.data.phone)
    let customer = byPhone.get(phone)
    if (!customer) {
      customer = { row: one.row, shared: {}, babies: [] }
      byPhone.set(phone, customer)
    }
    for (const key of SHARED_KEYS) {
      const value = one.data[key]
      if (isEmpty(value)) continue
      if (isEmpty(customer.shared[key])) customer.shared[key] = value
      else if (textOf(customer.shared[key]) !== textOf(value)) {
        problems.push({ row: one.row, key, message: 'import.customerDiffers', params: { row: customer.row } })
      }
    }
    if (BABY_KEYS.some((key) => !isEmpty(one.data[`baby_${key}`]))) customer.babies.push(one)
  }
  return [...byPhone.values()]
}

/** Her babies as the admission's rows, each row's own mistakes told at its cells. */
function babiesOf(customer: SheetCustomer, today: string, problems: RowProblem[]): FormData[] {
  const rowFields = babiesField.rows ?? []
  if (customer.babies.length > MAX_BABIES) {
    const row = customer.babies[MAX_BABIES].row
    problems.push({ row, key: 'baby_name', message: 'import.tooManyBabies', params: { max: MAX_BABIES } })
  }
  return customer.babies.map(({ row, data }) => {
    const baby: FormData = {}
    for (const field of rowFields) {
      const value = data[`baby_${field.key}`]
      if (!isEmpty(value)) baby[field.key] = value
      else if (field.required) problems.push({ row, key: `baby_${field.key}`, message: 'import.babyRequired' })
    }
    if (typeof baby.birth_time === 'string' && !isBirthTime(baby.birth_time)) {
      problems.push({ row, key: 'baby_birth_time', message: 'import.birthTime' })
    }
    if (typeof baby.birth_date === 'string' && baby.birth_date > today) {
      problems.push({ row, key: 'baby_birth_date', message: 'import.future', params: { today } })
    }
    return baby
  })
}

/** Her stay's days: as written, or from her leave date; a leave date that disagrees is refused. */
function daysOf({ row, shared }: SheetCustomer, problems: RowProblem[]): number | undefined {
  const checkIn = String(shared.check_in_date)
  const leave = isEmpty(shared.leave_date) ? undefined : String(shared.leave_date)
  if (typeof shared.days === 'number') {
    const expected = addDays(checkIn, shared.days)
    if (leave !== undefined && leave !== expected) {
      problems.push({ row, key: 'leave_date', message: 'import.leaveDisagrees', params: { date: expected } })
    }
    return shared.days
  }
  if (leave === undefined) {
    problems.push({ row, key: 'days', message: 'import.daysOrLeave' })
    return undefined
  }
  const days = Math.round((Date.parse(leave) - Date.parse(checkIn)) / DAY_MS)
  if (days < 1 || days > MAX_DAYS) {
    problems.push({ row, key: 'leave_date', message: 'import.stayLength', params: { max: MAX_DAYS } })
  }
  return days
}

/**
 * Each mother checked as her admission would be, refusing: a phone or ID number of one of the
 * site's mothers or of another mother in the file; a room that is not the site's, out of service,
 * taken by an open stay or by another mother of the file; a package the site has not or has
 * retired; a date after today.
 */
export const customersImportKind: ImportKindSpec<{ today: string; customers: FormData[] }> = {
  definition: customersImport,
  personal: true,
  async check(db, siteId, rows, today) {
    const problems: RowProblem[] = []
    const customers = customersOf(rows, problems)
    const idCardOf = (customer: SheetCustomer) => textOf(customer.shared.id_card).toUpperCase()
    const phones = customers.map((customer) => textOf(customer.shared.phone))
    const idCards = customers.map(idCardOf).filter(Boolean)
    const holders = await holdersOf(db, siteId, phones, idCards)
    const roomList = await roomsByNumber(db, siteId)
    const packages = await packagesByName(db, siteId)
    const firstOf = { id_card: new Map<string, number>(), room: new Map<string, number>() }
    const prepared: FormData[] = []
    for (const customer of customers) {
      const { row, shared } = customer
      const phone = textOf(shared.phone)
      const idCard = idCardOf(customer)
      const holder =
        holders.find((one) => idCard && one.idCard === idCard) ?? holders.find((one) => one.phone === phone)
      if (holder) {
        const key = idCard && holder.idCard === idCard ? 'id_card' : 'phone'
        problems.push({ row, key, message: `import.duplicate.${key}`, params: { name: holder.name } })
      }
      const room = textOf(shared.room)
      const found = roomList.get(room)
      if (!found || found.retired || !found.inService) {
        problems.push({ row, key: 'room', message: 'stay.roomOutOfService', params: { room } })
      } else if (found.taken) problems.push({ row, key: 'room', message: 'stay.roomTaken', params: { room } })
      for (const [key, value] of [
        ['id_card', idCard],
        ['room', room],
      ] as const) {
        const first = firstOf[key].get(value)
        if (value && first !== undefined) {
          problems.push({ row, key, message: 'import.repeated', params: { row: first } })
        } else if (value) firstOf[key].set(value, row)
      }
      const packageName = textOf(shared.package)
      const pack = packageName ? packages.get(packageName) : undefined
      if (packageName && !pack) problems.push({ row, key: 'package', message: 'import.packageUnknown' })
      if (pack?.retired) {
        problems.push({ row, key: 'package', message: 'stay.packageRetired', params: { name: packageName } })
      }
      if (typeof shared.delivery_date === 'string' && shared.delivery_date > today) {
        problems.push({ row, key: 'delivery_date', message: 'import.future', params: { today } })
      }
      const data: FormData = {}
      for (const key of CUSTOMER_KEYS) if (!isEmpty(shared[key])) data[key] = shared[key]
      prepared.push({
        ...data,
        babies: babiesOf(customer, today, problems),
        stay_kind: shared.stay_kind,
        room,
        check_in_date: shared.check_in_date,
        days: daysOf(customer, problems),
        ...(pack ? { package_id: pack.id } : {}),
      })
    }
    return { problems, prepared: { today, customers: prepared } }
  },
  async write(tx, actor, _importId, { today, customers }) {
    // A check-in on or before the centre's today is in house, after it booked: as the admission says.
    for (const data of customers) await writeAdmission(tx, actor, { data, today })
  },
}

type ExportedCustomer = Awaited<ReturnType<typeof openStayCustomers>>[number]

/** Her rows in the import's columns: one per baby (one without a baby when she has none). */
function rowsOf(customer: ExportedCustomer): FormData[] {
  const shared: FormData = {
    customer_name: customer.name,
    phone: customer.phone,
    id_card: customer.idCard,
    delivery_date: customer.deliveryDate,
    delivery_mode: customer.deliveryMode,
    hospital: customer.hospital,
    allergies: customer.allergies,
    diet_needs: customer.dietNeeds,
    remark: customer.remark,
    stay_kind: customer.kind,
    room: customer.room,
    check_in_date: customer.checkInDate,
    days: customer.plannedDays,
    leave_date: customer.leaveDate,
    package: customer.packageName,
  }
  if (!customer.babies.length) return [shared]
  return customer.babies.map((baby) => ({
    ...shared,
    baby_name: baby.name,
    baby_sex: baby.sex,
    baby_birth_date: baby.birthDate,
    baby_birth_time: baby.birthTime,
    baby_birth_weight: baby.birthWeight,
  }))
}

/** How many rows the site's export of its mothers holds. */
export async function customerRowCount(db: Db, siteId: number): Promise<number> {
  const customers = await openStayCustomers(db, siteId)
  return customers.reduce((sum, customer) => sum + Math.max(customer.babies.length, 1), 0)
}

/**
 * Adds the sheet of the site's mothers in house or booked (at most `max` rows) in the template's
 * columns, choices by their labels; the mothers whose ID number leaves are logged as exported.
 */
export async function addCustomersSheet(
  db: Db,
  book: ExcelJS.Workbook,
  actor: Actor,
  t: Translators,
  max: number,
): Promise<void> {
  const customers = await openStayCustomers(db, actor.siteId)
  const fields = fieldsOf(customersImport)
  const columns: Column[] = fields.map((field) => ({ header: t.forms(labelKeyOf(field)) }))
  const cellOf = (data: FormData, key: string, options?: { value: string; labelKey: string }[]): CellValue => {
    const value = data[key]
    if (isEmpty(value)) return null
    const option = options?.find((one) => one.value === value)
    return option ? t.forms(option.labelKey) : (value as CellValue)
  }
  const rows = customers
    .flatMap(rowsOf)
    .slice(0, max)
    .map((data) => fields.map((field) => cellOf(data, field.key, field.options)))
  addSheet(book, t.forms(customersImport.titleKey), columns, rows)
  const handedOut = customers.filter((customer) => customer.idCard).map((customer) => customer.id)
  await logCustomersExport(db, actor, handedOut)
}
