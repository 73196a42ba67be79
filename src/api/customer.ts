import { request, type RequestOptions } from './request'
import type { CustomerStatus } from '@yuezi/contract/api/customers'
import type { Customer, CustomerDetails, Page } from './types'

export function customerList(
  body: { page: number; limit: number; keyword?: string; status?: CustomerStatus },
  options?: RequestOptions,
) {
  return request<Page<Customer>>('/api/care/customer/index', body, options)
}

export function customerInfo(id: number, options?: RequestOptions) {
  return request<CustomerDetails>('/api/care/customer/info', { id }, options)
}
