import { request, type RequestOptions } from './request'
import type { FormRecord, Page } from './types'

export interface FormRecordQuery {
  name?: string
  customer_id?: number
  date_from?: string
  date_to?: string
  keyword?: string
  page: number
  limit: number
}

export function getFormRecord(query: FormRecordQuery, options?: RequestOptions) {
  return request<Page<FormRecord>>('/api/care/index/getFormRecord', query, options)
}
