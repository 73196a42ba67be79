// The files the server makes from records (a record's PDF, a list as a spreadsheet). Apart from
// the records' calls so that home, which lists records, does not carry the file viewer with it.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, type RequestOptions } from '@/api/request'
import type { FormRecordQuery } from './formRecords'

const BASE = '/api/care/index'

/** A saved record, or a signed acknowledgement of the check-in rules, as a PDF to open. */
export function formRecordPdf(body: { id: number } | { answer_id: number }, options: RequestOptions = FILE_CALL) {
  return request<ServerFile>(`${BASE}/formRecordPdf`, body, options)
}

/** The records of the named forms with the list's filters, every page, as a spreadsheet to download. */
export function formRecordExport(
  body: Omit<FormRecordQuery, 'name' | 'page' | 'limit'> & { names: string[] },
  options: RequestOptions = FILE_CALL,
) {
  return request<ServerFile>(`${BASE}/formRecordExport`, body, options)
}
