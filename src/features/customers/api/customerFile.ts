// Her file (/api/care/customer/timeline): her stay, babies and sums owed, and her timeline; her bill as a PDF.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, type RequestOptions } from '@/api/request'
import type { Static } from 'typebox'
import type { CustomerFilePage as CustomerFileReply } from '@yuezi/contract/api/customerFile'

export type CustomerFilePage = Static<typeof CustomerFileReply>['res']
export type TimelineEntry = CustomerFilePage['list'][number]
export type CustomerFile = CustomerFilePage['file']

/** Quiet: the page shows its own loading and error states. */
export function customerFilePage(
  body: { customer_id: number; page: number; limit: number },
  options: RequestOptions = { loading: false, showError: false },
) {
  return request<CustomerFilePage>('/api/care/customer/timeline', body, options)
}

/** Her bill for the stay as a PDF: a short-lived link and its file name. */
export function customerBillPdf(body: { customer_id: number }, options: RequestOptions = FILE_CALL) {
  return request<ServerFile>('/api/care/customer/billPdf', body, options)
}
