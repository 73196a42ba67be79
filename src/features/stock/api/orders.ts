// What the stock orders (outApply, specialCare, inbound) share: statuses, items, the list query and the check.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, type RequestOptions } from '@/api/request'
import type { Page, ResOf, Saved } from '@/api/types'
import type { Static } from 'typebox'
import type { Item, Status } from '@yuezi/contract/api/orders'
import type { OutApplyList } from '@yuezi/contract/api/outApply'
import type { SpecialCareList } from '@yuezi/contract/api/specialCare'

export type OrderStatus = Static<typeof Status>

export type OrderItem = Static<typeof Item>

/** A list row of either kind of outbound order. */
type OrderRow = ResOf<typeof OutApplyList>['list'][number] | ResOf<typeof SpecialCareList>['list'][number]

/** What both kinds of outbound order have (a list row), and their items when info or check answers one order. */
export type OrderBase = { [K in keyof OrderRow]: OrderRow[K] } & { items?: OrderItem[] }

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

export type CheckBody =
  { id: number; approve: boolean; reason?: string } | { id: number; reverse: true; reason?: string }

/** The calls of one kind of order under `base` (e.g. /api/care/outApply). */
export function orderApi<Order extends { id: number; no: string }, Body extends object>(base: string) {
  const QUIET: RequestOptions = { loading: false, showError: false }
  return {
    index: (query: OrderQuery, options: RequestOptions = QUIET) =>
      request<Page<Order>>(`${base}/index`, query, options),
    info: (id: number, options: RequestOptions = QUIET) => request<Order>(`${base}/info`, { id }, options),
    /** Behind the loading indicator, without the modal: the form shows the refused fields. */
    save: (
      body: Body & { id?: number; request_id?: string },
      options: RequestOptions = { loading: true, showError: false },
    ) => request<Saved>(`${base}/save`, body, options),
    del: (id: number, options: RequestOptions = {}) => request<null>(`${base}/del`, { id }, options),
    check: (body: CheckBody, options: RequestOptions = { loading: true }) =>
      request<Order>(`${base}/check`, body, options),
    /** The list with these filters, every page of it, as a spreadsheet to download. */
    exportSheet: (query: Omit<OrderQuery, 'page' | 'limit'>, options: RequestOptions = FILE_CALL) =>
      request<ServerFile>(`${base}/export`, query, options),
    /** The order as a PDF to open. */
    pdf: (id: number, options: RequestOptions = FILE_CALL) => request<ServerFile>(`${base}/pdf`, { id }, options),
  }
}
