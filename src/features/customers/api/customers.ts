import type { Static } from 'typebox'
import { request, type RequestOptions } from '@/api/request'
import type { Saved } from '@/api/types'
import type { DuplicateCustomer } from '@yuezi/contract/api/customers'
import type { FormData } from '@yuezi/contract/forms/types'

/** The mother who already holds a phone or ID number typed for a new one (code -9). */
export type Duplicate = Static<typeof DuplicateCustomer>['duplicate']

/** The server's code for a phone or ID number held by another mother of the site. */
export const CODE_DUPLICATE_CUSTOMER = -9

// The pages show what went wrong themselves (next to the fields, or the mother to choose instead).
const QUIET: RequestOptions = { loading: true, showError: false }

export const customersApi = {
  /** Admits a mother with her babies and stay. */
  save: (body: FormData & { request_id: string }) => request<Saved>('/api/care/customer/save', body, QUIET),
  checkOut: (customerId: number) => request<null>('/api/care/customer/checkout', { customer_id: customerId }),
  checkIn: (customerId: number) => request<null>('/api/care/customer/checkin', { customer_id: customerId }),
}
