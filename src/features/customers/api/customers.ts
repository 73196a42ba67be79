import { request } from '@/api/request'
import type { EarlyLeave } from '@yuezi/contract/api/customers'

export const customersApi = {
  checkOut: (customerId: number) => request<null>('/api/care/customer/checkout', { customer_id: customerId }),
  checkIn: (customerId: number, leave?: EarlyLeave) =>
    request<null>('/api/care/customer/checkin', { customer_id: customerId, ...(leave ? { leave } : {}) }),
  undoCheckOut: (customerId: number) => request<null>('/api/care/customer/undoCheckout', { customer_id: customerId }),
}
