// Who opened a customer's records (/api/care/customer/accessLog): for staff with the right only.
import { request, type RequestOptions } from '@/api/request'
import type { Page } from '@/api/types'
import type { Static } from 'typebox'
import type { AccessEntry as AccessEntrySchema } from '@yuezi/contract/api/customers'

/** One opening of a record of hers holding her ID number, photos or signatures. */
export type AccessEntry = Static<typeof AccessEntrySchema>

/** Quiet: the page shows its own loading and error states. */
export function accessLog(
  body: { customer_id: number; page: number; limit: number },
  options: RequestOptions = { loading: false, showError: false },
) {
  return request<Page<AccessEntry>>('/api/care/customer/accessLog', body, options)
}
