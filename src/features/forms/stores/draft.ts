// What is typed into a form, kept on the device per form and customer, so that nothing is lost
// when the app is closed or a save fails. Imported by the form pages only (pagesHome subpackage).
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
 * `draft:<form name>:<customer id>`; a draft editing one record of a form that has many
 * records per customer adds `:<record id>`, so that it never mixes with the new one.
 */
export function draftKey(name: string, customerId: number | null | undefined, recordId?: number | null): string {
  return `${PREFIX}${name}:${customerId ?? 0}${recordId ? `:${recordId}` : ''}`
}

export function readDraft(key: string): Draft | null {
  try {
    const stored = Taro.getStorageSync(key)
    if (!stored || typeof stored !== 'object' || typeof stored.values !== 'object' || !stored.values) return null
    return stored as Draft
  } catch {
    return null
  }
}

export function writeDraft(key: string, draft: Draft) {
  try {
    Taro.setStorageSync(key, draft)
  } catch {
    // Storage full or unavailable: the form still works, only without a draft.
  }
}

export function removeDraft(key: string) {
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
