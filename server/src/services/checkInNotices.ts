import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import type { FormData } from '@yuezi/contract/forms/types'
import { customerContext } from '../repositories/formRecords.js'
import { bookNextStay, checkAdmission, checkHerDetails, loggingIdHolder, writeAdmission } from './customers.js'
import {
  checkRecord,
  formOf,
  lockCustomer,
  notAdmission,
  writeRecord,
  type RecordCustomer,
  type SaveInput,
} from './formRecords.js'
import { saveOnce } from './saveOnce.js'

// The check-in notices (月子 and 小月子入住通知单): a form record that names its mother, and may
// admit a new arrival, change her file or book her next stay. Her side and the record are saved
// side by side in one transaction, so that a refused record leaves her as she was.

/** The value of a field that names the record's mother, as typed. */
const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * A check-in notice names its mother: filed under another (a changed name or phone of the chosen
 * mother), it is refused, so that her details never land in another mother's records.
 */
function checkNamedCustomer(data: FormData, customer: RecordCustomer) {
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

/** The stay fields of a check-in notice `name` (月子 or 小月子) as an admission names them. */
const stayOfNotice = (name: string, data: FormData): FormData => ({
  stay_kind: name === FORM_PAGES.checkInNoticeSmall.name ? 'small' : 'month',
  room: data.room,
  check_in_date: data.check_in_date,
  days: data.days,
  package_id: data.package_id,
})

/**
 * Saves a check-in notice in one transaction, once per request_id (a retry answers the first
 * one's id): first her side — a new arrival admitted with `admission`, her details changed with
 * `customerUpdate`, or, for a new notice of a mother who left, her next stay booked — then the
 * record. Answers the record's id. An answer that her ID number is another mother's is logged
 * (see loggingIdHolder).
 */
export async function saveCheckInNotice(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const definition = formOf(input.name)
  const { admission, customerUpdate, today } = input
  if (!definition.admits) throw notAdmission(definition)
  if (admission) {
    if (input.customerId !== undefined || input.id !== undefined) {
      throw new AppError(Code.INVALID_INPUT, 'record.admissionNewOnly')
    }
    checkAdmission(admission, { update: false, today })
  }
  if (customerUpdate) {
    if (input.customerId === undefined || admission)
      throw new AppError(Code.INVALID_INPUT, 'record.updateNeedsCustomer')
    checkHerDetails(customerUpdate, today)
  }
  const record = await checkRecord(db, actor, definition, input, admission !== undefined)

  const save = async (tx: Db, chosen: RecordCustomer | undefined) => {
    const customerId = admission ? await writeAdmission(tx, actor, { data: admission, today }) : input.customerId!
    if (customerUpdate) await writeAdmission(tx, actor, { id: customerId, data: customerUpdate, today })
    const customer = admission || customerUpdate ? await customerContext(tx, actor.siteId, customerId) : chosen
    checkNamedCustomer(record.data, customer!)
    const newStay =
      !admission &&
      input.id === undefined &&
      (await bookNextStay(tx, actor, customerId, { data: stayOfNotice(definition.name, record.data), today }))
    return writeRecord(tx, actor, record, customer, { newStay })
  }
  return loggingIdHolder(db, actor, () =>
    saveOnce(db, actor.siteId, input.requestId, save, (tx) => lockCustomer(tx, actor, record)),
  )
}
