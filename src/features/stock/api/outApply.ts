// Outbound orders (/api/care/outApply): general (a department) and gift packs (a customer).
import type { ResOf } from '@/api/types'
import type { OutApplyList } from '@yuezi/contract/api/outApply'
import { orderApi, type OrderItem } from './orders'

/** An outbound order: a list row, with its items when one order is answered. */
export type OutApply = ResOf<typeof OutApplyList>['list'][number] & { items?: OrderItem[] }

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

export const outApplyApi = orderApi<OutApply, OutApplyBody>('/api/care/outApply')
