// Self-paid item orders of customers (/api/care/specialCare, 自费物品消费表).
import { orderApi, type OrderBase } from './orders'

export interface SpecialCare extends OrderBase {
  customer_id: number
  customer_name: string
  room: string
  consume_date: string
  signature: string | null
}

export interface SpecialCareBody {
  customer_id?: unknown
  room?: unknown
  consume_date?: unknown
  items?: unknown
  remark?: unknown
  signature?: unknown
}

export const specialCare = orderApi<SpecialCare, SpecialCareBody>('/api/care/specialCare')
