// Opening a form: for whom, which record, which draft.
import { customerInfo } from '@/api/customer'
import { RequestError } from '@/api/request'
import { getFormPrefill, getFormRecordInfo } from '@/features/forms/api/formRecords'
import type { Customer, FormRecord } from '@/api/types'
import { latestFieldsOf } from '@yuezi/contract/forms/initial'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { sessionStore } from '@/stores'
import { draftKey, draftKeys, dropDraftsWithoutAccount, removeDraft } from '@/features/forms/stores/draft'
import { FormSession, type SessionCustomer } from '@/features/forms/stores/formSession'

/** The server's code for a record that does not exist (any more). */
const CODE_NOT_FOUND = -2

export function sessionCustomer(customer: Customer): SessionCustomer {
  return {
    id: customer.id,
    name: customer.name,
    room: customer.room,
    phone: customer.phone,
    delivery_date: customer.delivery_date,
    children: customer.children ?? [],
    stay: customer.stay,
  }
}

/** Saved records of the form whose edits were left unsaved (this account's drafts), newest record first. */
function pendingEdits(definition: FormDefinition, customerId: number | undefined): number[] {
  const key = draftKey(sessionStore.userInfo?.id, definition.name, customerId)
  if (!key) return []
  const prefix = `${key}:`
  return draftKeys()
    .filter((stored) => stored.startsWith(prefix))
    .map((stored) => Number(stored.slice(prefix.length)))
    .filter((id) => Number.isInteger(id) && id > 0)
    .sort((a, b) => b - a)
}

/** A new record, with the fields that start from the site's latest record filled (a round's doctor). */
async function newRecord(session: FormSession): Promise<FormSession> {
  if (latestFieldsOf(session.definition).length === 0) return session
  try {
    session.startFromLatest(await getFormPrefill(session.definition.name))
  } catch {
    // Offline or refused: those fields start empty, to be typed.
  }
  return session
}

export interface OpenOptions {
  /** A record to edit (from a list). */
  id?: number
  /** A new record, even when edits of a saved one were left unsaved. */
  fresh?: boolean
  /** Reads a record (getFormRecordInfo by default; an order's info for the stock forms). */
  load?: (id: number) => Promise<FormRecord>
  /** The mother chosen, whom a new record is for (the page hands her); none: the site's. */
  customer?: Customer | null
  /** A new record for no customer, even with one chosen (a check-in notice of a new arrival). */
  noCustomer?: boolean
}

/**
 * The session of a form being opened, the same for every form:
 * - a record by id: it, with its customer, and the draft of its edits if one was left;
 * - else a new record with its draft, or (unless `fresh`) a saved record whose edits were left unsaved.
 * Saved records are opened from the form's history or a list, never by themselves.
 * Rejects when a record cannot be loaded (the page offers a retry).
 */
export async function openSession(
  definition: FormDefinition,
  { id, fresh = false, load = (recordId) => getFormRecordInfo(recordId), customer, noCustomer }: OpenOptions = {},
): Promise<FormSession> {
  dropDraftsWithoutAccount()
  const current = customer && !noCustomer ? sessionCustomer(customer) : null
  if (id) {
    const record = await load(id)
    let whose = current
    if (record.customer_id && record.customer_id !== current?.id) {
      whose = sessionCustomer(await customerInfo(record.customer_id, { loading: false, showError: false }))
    } else if (!record.customer_id) {
      whose = null
    }
    const session = new FormSession(definition, whose)
    session.loadRecord(record)
    if (session.restoreDraft()) await session.renewUploadLinks()
    return session
  }
  const session = new FormSession(definition, current)
  if (session.restoreDraft()) {
    await session.renewUploadLinks()
    return session
  }
  if (fresh) return newRecord(session)
  const [pending] = pendingEdits(definition, current?.id)
  if (pending) {
    try {
      return await openSession(definition, { id: pending, load, customer })
    } catch (error) {
      // That record is gone (its edits with it) or unreachable for now: start a new one.
      if (error instanceof RequestError && error.code === CODE_NOT_FOUND) {
        removeDraft(draftKey(sessionStore.userInfo?.id, definition.name, current?.id, pending))
      }
    }
  }
  return newRecord(session)
}
