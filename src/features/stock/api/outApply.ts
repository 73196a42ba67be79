// Outbound orders (/api/care/outApply): general (a department) and gift packs (a customer).
import { orderApi, type OrderBase } from './orders'

export interface OutApply extends OrderBase {
  type: 'general' | 'gift'
  department_id: number | null
  department_name: string | null
  gift_type_id: number | null
  gift_type_name: string | null
  requester: string
  apply_date: string
}

export interface OutApplyBody {
  type: 'general' | 'gift'
  department_id?: unknown
  customer_id?: unknown
  gift_type_id?: unknown
  requester?: unknown
  apply_date?: unknown
  items?: unknown
  remark?: unknown
}

export const outApply = orderApi<OutApply, OutApplyBody>('/api/care/outApply')
