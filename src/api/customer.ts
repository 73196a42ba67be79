import type { Static } from 'typebox'
import { request, RequestError, type RequestOptions } from './request'
import type {
  CustomerStatus,
  CustomerSaveBody as CustomerSaveSchema,
  DuplicateCustomer,
} from '@yuezi/contract/api/customers'
import type { FormData } from '@yuezi/contract/forms/types'
import type { Customer, CustomerDetails, Page, Saved } from './types'

export function customerList(
  body: { page: number; limit: number; keyword?: string; status?: CustomerStatus },
  options?: RequestOptions,
) {
  return request<Page<Customer>>('/api/care/customer/index', body, options)
}

export function customerInfo(id: number, options?: RequestOptions) {
  return request<CustomerDetails>('/api/care/customer/info', { id }, options)
}

/** A mother admitted or changed: the admission form's fields, with her `id` for a change. */
export type CustomerSaveBody = Static<typeof CustomerSaveSchema> & FormData

/** Admits a mother (no `id`) or changes the site's mother `id` with the admission form's fields; her id back. */
export function customerSave(body: CustomerSaveBody, options?: RequestOptions) {
  return request<Saved>('/api/care/customer/save', body, options)
}

/** The mother who already holds a phone or ID number typed for a new one. */
export type Duplicate = Static<typeof DuplicateCustomer>['duplicate']

/** The server's code for a phone or ID number held by another mother of the site. */
const CODE_DUPLICATE_CUSTOMER = -9

/** The mother a refused admission names as already holding its phone or ID number, else null. */
export function duplicateOf(error: unknown): Duplicate | null {
  return error instanceof RequestError && error.code === CODE_DUPLICATE_CUSTOMER
    ? (error.res as { duplicate: Duplicate }).duplicate
    : null
}
