// What outApply and specialCare orders share: statuses, items, the list query and the check.
import { request, type RequestOptions } from '@/api/request'
import type { Page, Saved } from '@/api/types'

export type OrderStatus = 'pending' | 'approved' | 'rejected' | 'reversed'

export interface OrderItem {
  id: number
  product_id: number
  product_name: string
  spec: string
  unit: string
  batch_id: number
  batch_no: string
  production_date: string | null
  expiry_date: string
  near_expiry: boolean
  expired: boolean
  available: number
  quantity: number
  price: number
  subtotal: number
}

export interface OrderBase {
  id: number
  no: string
  status: OrderStatus
  remark: string
  items_summary: string
  item_count: number
  total_quantity: number
  total: number
  reason: string | null
  created_at: string
  created_by: number
  created_by_name: string
  updated_at: string
  updated_by: number
  updated_by_name: string
  checked_at: string | null
  checked_by_name: string | null
  reversed_at: string | null
  reversed_by_name: string | null
  customer_id: number | null
  customer_name: string | null
  room: string | null
  items?: OrderItem[]
}

export interface OrderQuery {
  page: number
  limit: number
  keyword?: string
  status?: OrderStatus
  customer_id?: number
  date_from?: string
  date_to?: string
  [filter: string]: unknown
}

export type CheckBody = { id: number; approve: boolean; reason?: string } | { id: number; reverse: true; reason?: string }

/** The five calls of one kind of order under `base` (e.g. /api/care/outApply). */
export function orderApi<Order extends OrderBase, Body extends object>(base: string) {
  const QUIET: RequestOptions = { loading: false, showError: false }
  return {
    index: (query: OrderQuery, options: RequestOptions = QUIET) => request<Page<Order>>(`${base}/index`, query, options),
    info: (id: number, options: RequestOptions = QUIET) => request<Order>(`${base}/info`, { id }, options),
    /** Behind the loading indicator, without the modal: the form shows the refused fields. */
    save: (body: Body & { id?: number; request_id?: string }, options: RequestOptions = { loading: true, showError: false }) =>
      request<Saved>(`${base}/save`, body, options),
    del: (id: number, options: RequestOptions = {}) => request<null>(`${base}/del`, { id }, options),
    check: (body: CheckBody, options: RequestOptions = { loading: true }) => request<Order>(`${base}/check`, body, options),
  }
}
