// The centre's lists as the administration keeps them (/api/admin/<kind>/...): for staff with the right only.
import { request, type RequestOptions } from '@/api/request'
import type { Page, ResOf, Saved } from '@/api/types'
import type { Static } from 'typebox'
import type { MasterEntry as MasterEntrySchema, MasterInfo } from '@yuezi/contract/api/masterData'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import type { FormData } from '@yuezi/contract/forms/types'

/** One entry of a list as the administration lists it. */
export type MasterEntry = Static<typeof MasterEntrySchema>

/** The reply code of a delete that records stand in the way of: the app offers to retire instead. */
export const CODE_IN_USE = -8

/** Quiet: the pages show their own loading and error states, and the refusals they act on. */
const QUIET: RequestOptions = { loading: false, showError: false }
const path = (kind: MasterKind, route: string) => `/api/admin/${kind}/${route}`

export const masterApi = {
  list: (kind: MasterKind, body: { keyword?: string; retired?: boolean; page: number; limit: number }) =>
    request<Page<MasterEntry>>(path(kind, 'list'), body, QUIET),
  info: (kind: MasterKind, id: number) => request<ResOf<typeof MasterInfo>>(path(kind, 'info'), { id }, QUIET),
  save: (kind: MasterKind, body: FormData & { id?: number }) => request<Saved>(path(kind, 'save'), body, QUIET),
  remove: (kind: MasterKind, id: number) => request<null>(path(kind, 'delete'), { id }, QUIET),
  retire: (kind: MasterKind, id: number) => request<null>(path(kind, 'retire'), { id }),
  restore: (kind: MasterKind, id: number) => request<null>(path(kind, 'restore'), { id }),
}
