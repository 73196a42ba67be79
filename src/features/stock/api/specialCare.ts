// Self-paid item orders of customers (/api/care/specialCare, 自费物品消费表).
import type { ResOf } from '@/api/types'
import type { SpecialCareList } from '@yuezi/contract/api/specialCare'
import { orderApi, type OrderItem } from './orders'

/** A self-paid item order: a list row, with its items when one order is answered. */
export type SpecialCare = ResOf<typeof SpecialCareList>['list'][number] & { items?: OrderItem[] }

export interface SpecialCareBody {
  customer_id?: unknown
  room?: unknown
  consume_date?: unknown
  items?: unknown
  remark?: unknown
  signature?: unknown
}

export const specialCareApi = orderApi<SpecialCare, SpecialCareBody>('/api/care/specialCare')
