// The form records API (/api/care/index/*): records and the site's lists that forms choose from;
// the files made from them are in formFiles.ts. Lists are quiet (no loading indicator, no modal):
// the pages show their own loading and error states.
import { request, type RequestOptions } from '@/api/request'
import type { Department, Floor, FormRecord, FormRecordCount, FormRecordInfo, Page, Saved } from '@/api/types'
import type { Static } from 'typebox'
import type { FormData } from '@yuezi/contract/forms/types'
import type { FormRecordListBody, SaveFormBody as SaveFormBodySchema } from '@yuezi/contract/api/formRecords'
import type { StayPackage as StayPackageSchema } from '@yuezi/contract/api/siteLists'

const BASE = '/api/care/index'
const QUIET: RequestOptions = { loading: false, showError: false }

/** A stay package (套餐): its days fill the stay's length when it is chosen. */
export type StayPackage = Static<typeof StayPackageSchema>

/** The list's filters (days of created_at, YYYY-MM-DD, both included) and page. */
export type FormRecordQuery = Static<typeof FormRecordListBody>

/** A record to create (or, with id, to update); request_id makes a retried save create one record. */
export type SaveFormBody = Static<typeof SaveFormBodySchema>

/**
 * Creates (or, with id, updates) a record. Behind the loading indicator but without the error
 * modal: the page shows a refused field next to it (code -1, `res.errors`).
 */
export function saveForm(body: SaveFormBody, options: RequestOptions = { loading: true, showError: false }) {
  return request<Saved>(`${BASE}/saveForm`, body, options)
}

export function getFormRecord(query: FormRecordQuery, options: RequestOptions = QUIET) {
  return request<Page<FormRecord>>(`${BASE}/getFormRecord`, query, options)
}

/** A new record's first values from the site's latest record of the form (a round's doctor). */
export function getFormPrefill(name: string, options: RequestOptions = QUIET) {
  return request<FormData>(`${BASE}/getFormPrefill`, { name }, options)
}

export function getFormRecordInfo(id: number, options: RequestOptions = QUIET) {
  return request<FormRecordInfo>(`${BASE}/getFormRecordInfo`, { id }, options)
}

/** Records created on `date` (default today): of the named form, or per form without a name. */
export function getFormRecordCount(body: { name?: string; date?: string } = {}, options: RequestOptions = QUIET) {
  return request<FormRecordCount>(`${BASE}/getFormRecordCount`, body, options)
}

/** Deletes a record (soft: kept for audit). */
export function delFormRecord(id: number, options: RequestOptions = {}) {
  return request<null>(`${BASE}/delFormRecord`, { id }, options)
}

/** The site's rooms by floor. */
export function floorList(options: RequestOptions = QUIET) {
  return request<Floor[]>(`${BASE}/floorList`, {}, options)
}

export function departmentList(options: RequestOptions = QUIET) {
  return request<Department[]>(`${BASE}/departmentList`, {}, options)
}

/** The site's stay packages (套餐). */
export function stayPackageList(options: RequestOptions = QUIET) {
  return request<StayPackage[]>(`${BASE}/stayPackageList`, {}, options)
}
