import { request, type RequestOptions } from './request'
import type { Static } from 'typebox'
import type { CustomerSaveBody as CustomerSaveSchema } from '@yuezi/contract/api/customers'
import type { FormData } from '@yuezi/contract/forms/types'
import type { Customer, CustomerDetails, Page, Saved } from './types'

/** A mother admitted or changed: the admission form's fields, with her `id` for a change. */
export type CustomerSaveBody = Static<typeof CustomerSaveSchema> & FormData

export function customerList(body: { page: number; limit: number; keyword?: string }, options?: RequestOptions) {
  return request<Page<Customer>>('/api/care/customer/index', body, options)
}

export function customerInfo(id: number, options?: RequestOptions) {
  return request<CustomerDetails>('/api/care/customer/info', { id }, options)
}

/** Admits a mother (no `id`) or changes the site's mother `id` with the admission form's fields; her id back. */
export function customerSave(body: CustomerSaveBody, options?: RequestOptions) {
  return request<Saved>('/api/care/customer/save', body, options)
}
