// What is typed into a form, kept on the device per account, form and customer, so that nothing is
// lost when the app is closed or a save fails, and no one else signed in on the phone sees it.
// Imported by the form pages only (pagesHome subpackage).
import Taro from '@tarojs/taro'
import type { FormData } from '@yuezi/contract/forms/types'

export interface Draft {
  values: FormData
  /** Sent with saveForm: a retried save of this draft creates one record. */
  request_id: string
  /** The record the draft edits; null for a new one. */
  record_id: number | null
  /** When it was last written (ISO). */
  saved_at: string
}

const PREFIX = 'draft:'

/**
 * `draft:<account id>:<form name>:<customer id>`; a draft editing one record of a form that has
 * many records per customer adds `:<record id>`, so that it never mixes with the new one.
 * No account, no key: a draft is only kept for someone signed in.
 */
export function draftKey(
  accountId: number | null | undefined,
  name: string,
  customerId: number | null | undefined,
  recordId?: number | null,
): string | null {
  if (!accountId) return null
  return `${PREFIX}${accountId}:${name}:${customerId ?? 0}${recordId ? `:${recordId}` : ''}`
}

/** The drafts' keys on the device. */
export function draftKeys(): string[] {
  try {
    return (Taro.getStorageInfoSync().keys ?? []).filter((key) => key.startsWith(PREFIX))
  } catch {
    return []
  }
}

/** Drafts kept before they belonged to an account: whose they are is unknown, so no one gets them. */
export function dropDraftsWithoutAccount() {
  for (const key of draftKeys()) {
    if (!/^\d+$/.test(key.slice(PREFIX.length).split(':')[0])) removeDraft(key)
  }
}

export function readDraft(key: string | null): Draft | null {
  if (!key) return null
  try {
    const stored = Taro.getStorageSync(key)
    if (!stored || typeof stored !== 'object' || typeof stored.values !== 'object' || !stored.values) return null
    return stored as Draft
  } catch {
    return null
  }
}

export function writeDraft(key: string | null, draft: Draft) {
  if (!key) return
  try {
    Taro.setStorageSync(key, draft)
  } catch {
    // Storage full or unavailable: the form still works, only without a draft.
  }
}

export function removeDraft(key: string | null) {
  if (!key) return
  try {
    Taro.removeStorageSync(key)
  } catch {
    // nothing to remove
  }
}

/** A new id for one save attempt (and its retries). */
export function newRequestId(): string {
  const random = Math.random().toString(36).slice(2, 10)
  return `${Date.now().toString(36)}-${random}`
}
