import { request } from '@/api/request'

export const customersApi = {
  checkOut: (customerId: number) => request<null>('/api/care/customer/checkout', { customer_id: customerId }),
  checkIn: (customerId: number) => request<null>('/api/care/customer/checkin', { customer_id: customerId }),
}
