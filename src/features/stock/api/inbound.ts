// Inbound orders (/api/care/inbound, 入库单): goods received from a supplier.
import type { ResOf } from '@/api/types'
import type { Static } from 'typebox'
import type { InboundItem as InboundItemSchema, InboundList } from '@yuezi/contract/api/inbound'
import { orderApi } from './orders'

export type InboundItem = Static<typeof InboundItemSchema>

/** An inbound order: a list row, with its items when one order is answered. */
export type Inbound = ResOf<typeof InboundList>['list'][number] & { items?: InboundItem[] }

export interface InboundBody {
  supplier?: unknown
  inbound_date?: unknown
  items?: unknown
  remark?: unknown
}

export const inboundApi = orderApi<Inbound, InboundBody>('/api/care/inbound')
