// Changing a mother's details from her check-in notice (/api/care/customer/save). Imported by
// the notice pages only, so that the main package and the other forms do not carry it.
import { request, type RequestOptions } from '@/api/request'
import type { Saved } from '@/api/types'
import type { Static } from 'typebox'
import type { CustomerSaveBody as CustomerSaveSchema } from '@yuezi/contract/api/customers'
import type { FormData } from '@yuezi/contract/forms/types'

/** A mother admitted or changed: the admission form's fields, with her `id` for a change. */
export type CustomerSaveBody = Static<typeof CustomerSaveSchema> & FormData

/** Admits a mother (no `id`) or changes the site's mother `id` with the admission form's fields; her id back. */
export function customerSave(body: CustomerSaveBody, options?: RequestOptions) {
  return request<Saved>('/api/care/customer/save', body, options)
}
