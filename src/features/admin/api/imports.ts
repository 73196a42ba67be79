// The administration's imports (/api/admin/import): a kind's template, and a filled-in file.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, sendFile, type RequestOptions } from '@/api/request'
import type { Static } from 'typebox'
import type {
  ImportDone,
  ImportKind as ImportKindSchema,
  ImportedPassword as Password,
} from '@yuezi/contract/api/sheets'

export type ImportKind = Static<typeof ImportKindSchema>
/** A new staff account's one-time password, answered only by the import that made it. */
export type ImportedPassword = Static<typeof Password>

/** A refused cell of an import: its sheet row, its column's header, why. */
export interface ImportError {
  row: number
  column: string
  message: string
}

export function importTemplate(kind: ImportKind, options: RequestOptions = FILE_CALL) {
  return request<ServerFile>('/api/admin/import/template', { kind }, options)
}

/** The site's mothers in house or booked in the import's columns (administration right only). */
export function exportCustomers(options: RequestOptions = FILE_CALL) {
  return request<ServerFile>('/api/care/customer/export', {}, options)
}

/** Imports the file: every row, or none (code -1, `res.errors`). Behind the indicator, without the modal. */
export function uploadImport(kind: ImportKind, file: { path: string; name: string }) {
  return sendFile<Static<typeof ImportDone>['res']>(
    '/api/admin/import/upload',
    file.path,
    { kind },
    { loading: true, showError: false, fileName: file.name },
  )
}
