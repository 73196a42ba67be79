// The check-in rules' API (/api/care/index/*): the site's rules in force and a customer's signed
// acknowledgements of them. Quiet reads (no loading indicator, no modal): the page shows its own states.
import { FILE_CALL, type ServerFile } from '@/api/files'
import { request, type RequestOptions } from '@/api/request'
import type { Page, Saved, Survey, SurveyAnswer } from '@/api/types'

const BASE = '/api/care/index'
const QUIET: RequestOptions = { loading: false, showError: false }

/** The site's current check-in rules. */
export function getSurvey(options: RequestOptions = QUIET) {
  return request<Survey>(`${BASE}/getSurvey`, {}, options)
}

/** A customer's signed acknowledgement of the current rules (one per customer and version). */
export function answerSave(
  body: { customer_id: number; survey_id: number; data: Record<string, unknown> },
  options: RequestOptions = { loading: true, showError: false },
) {
  return request<Saved>(`${BASE}/answerSave`, body, options)
}

export function answerList(
  query: { customer_id?: number; page: number; limit: number },
  options: RequestOptions = QUIET,
) {
  return request<Page<SurveyAnswer>>(`${BASE}/answerList`, query, options)
}

/** The acknowledgements of the check-in rules (of a customer, or all), as a spreadsheet to download. */
export function answerExport(body: { customer_id?: number }, options: RequestOptions = FILE_CALL) {
  return request<ServerFile>(`${BASE}/answerExport`, body, options)
}
