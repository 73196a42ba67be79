import type { Actor } from '../actor.js'
import type { AccessAction, RecordKind } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf, isEmpty } from '@yuezi/contract/forms/validate'
import * as accessLog from '../repositories/accessLog.js'
import { siteCustomer } from '../repositories/customers.js'

// Who opened what: every reply and PDF that hands out a mother's ID number, photos or signatures
// is recorded, one entry per reply, before it goes, and a manager of the site reads one customer's lines.

/** The field types whose values are a mother's most sensitive data: her ID number, photos, signatures. */
const PERSONAL_TYPES = new Set<Field['type']>(['idCard', 'images', 'signature'])

/** Whether the record's values (rows' included) hold an ID number, a photo or a signature: reading it is logged. */
function holdsPersonalData(definition: FormDefinition, data: FormData): boolean {
  const holds = (fields: Field[], values: FormData): boolean =>
    fields.some((field) => {
      const value = values[field.key]
      if (PERSONAL_TYPES.has(field.type)) return !isEmpty(value)
      return (
        field.type === 'rows' &&
        Array.isArray(value) &&
        value.some((row) => row && typeof row === 'object' && holds(field.rows ?? [], row as FormData))
      )
    })
  return holds(fieldsOf(definition), data)
}

/** A record a reply or a PDF hands out, with the values its form names. */
export interface HandedOut {
  kind: RecordKind
  id: number
  customerId: number | null
  definition: FormDefinition
  data: FormData
}

const by = (actor: Actor, action: AccessAction, linkOpened = false): accessLog.AccessBy => ({
  siteId: actor.siteId,
  accountId: actor.accountId,
  action,
  linkOpened,
  httpRequestId: actor.httpRequestId ?? null,
})

/**
 * Writes one entry naming each record that holds personal data (each once), in one statement,
 * awaited: if it fails, the reply fails too, and no such record is handed out unrecorded.
 * `linkOpened`: the PDFs went out through a link asked for earlier (that asking is the printing).
 */
export async function logAccess(
  db: Db,
  actor: Actor,
  action: AccessAction,
  records: HandedOut[],
  { linkOpened = false } = {},
): Promise<void> {
  const named = new Map<string, accessLog.AccessedRecord>()
  for (const record of records) {
    if (holdsPersonalData(record.definition, record.data)) {
      named.set(`${record.kind} ${record.id}`, {
        customerId: record.customerId,
        kind: record.kind,
        recordId: record.id,
        name: record.definition.name,
      })
    }
  }
  if (named.size) await accessLog.insertEntry(db, by(actor, action, linkOpened), [...named.values()])
}

/** The name her file's reads go by in the access log. */
export const FILE_NAME = '客户档案'

/**
 * A read of her file, written before anything of it is read so that no file of hers goes out
 * unrecorded; false (and nothing written) for another site's customer or none.
 */
export const logFileRead = (db: Db, actor: Actor, customerId: number) =>
  accessLog.insertFileRead(
    db,
    { siteId: actor.siteId, accountId: actor.accountId, httpRequestId: actor.httpRequestId ?? null },
    customerId,
    FILE_NAME,
  )

/** The name her bill's PDFs go by in the access log (and in her timeline). */
export const BILL_NAME = '费用清单'

/** An entry about her as a whole (her bill, her ID number), by the caller, in one statement. */
async function logCustomer(
  db: Db,
  actor: Actor,
  customerId: number,
  name: string,
  action: AccessAction,
  linkOpened = false,
): Promise<void> {
  await accessLog.insertEntry(db, by(actor, action, linkOpened), [
    { customerId, kind: 'customer', recordId: customerId, name },
  ])
}

/** A PDF link to her bill was asked for or opened (`linkOpened`): it names her and what she owes, so each is logged. */
export const logBillPdf = (db: Db, actor: Actor, customerId: number, linkOpened = false) =>
  logCustomer(db, actor, customerId, BILL_NAME, 'pdf', linkOpened)

/** The name the answer to an admission that its ID number is hers goes by in the access log. */
export const ID_HOLDER_NAME = '身份证号查重'

/**
 * An admission was answered that its ID number is this mother's, with her name, phone and room: a
 * read of her ID number by whoever typed it, logged as one.
 */
export const logIdHolder = (db: Db, actor: Actor, customerId: number) =>
  logCustomer(db, actor, customerId, ID_HOLDER_NAME, 'read')

/** The name the export of the mothers in house goes by in the access log. */
export const CUSTOMERS_SHEET_NAME = '在住客户'

/** The mothers in house were exported: one entry names each one whose ID number left, as an export of her. */
export async function logCustomersExport(db: Db, actor: Actor, customerIds: number[]): Promise<void> {
  if (!customerIds.length) return
  await accessLog.insertEntry(
    db,
    by(actor, 'export'),
    customerIds.map((customerId) => ({
      customerId,
      kind: 'customer' as const,
      recordId: customerId,
      name: CUSTOMERS_SHEET_NAME,
    })),
  )
}

/** Who may read a site's access log: the staff with the administration right on it. */
export const canReadAccessLog = (session: { canAdminister: boolean }) => session.canAdminister

/** A page of the lines of a customer of the caller's site, newest first; refused without the right. */
export async function listAccessLog(
  db: Db,
  session: { siteId: number; canAdminister: boolean },
  query: { customerId: number; page: number; limit: number },
) {
  if (!canReadAccessLog(session)) throw new AppError(Code.FORBIDDEN, 'accessLog.notAllowed')
  if (!(await siteCustomer(db, session.siteId, query.customerId))) {
    throw new AppError(Code.NOT_FOUND, 'customer.notFound')
  }
  return accessLog.listEntries(db, session.siteId, query.customerId, query.page, query.limit)
}
