// The staff accounts of the site (/api/admin/staff), for those who administer it.
import { request } from '@/api/request'
import type { Page } from '@/api/types'
import type { Static } from 'typebox'
import type { StaffMember as StaffMemberSchema, StaffSaveBody } from '@yuezi/contract/api/staff'

export type StaffMember = Static<typeof StaffMemberSchema>
export type StaffInput = Static<typeof StaffSaveBody>

const API = '/api/admin/staff'

/** Quiet: the list shows its own loading and error states. */
export const staffList = (body: { keyword?: string; page: number; limit: number }) =>
  request<Page<StaffMember>>(`${API}/list`, body, { loading: false, showError: false })

export const staffInfo = (id: number) => request<StaffMember>(`${API}/info`, { id })

export const adminSites = () => request<{ id: number; name: string }[]>(`${API}/sites`, {}, { loading: false })

/** The form's errors are shown next to its fields: the call itself stays quiet. */
export const saveStaff = (body: StaffInput) =>
  request<{ id: number; password?: string }>(`${API}/save`, body, { showError: false })

export const disableStaff = (id: number) => request<null>(`${API}/disable`, { id })
export const enableStaff = (id: number) => request<null>(`${API}/enable`, { id })
export const resetStaffPassword = (id: number) => request<{ password: string }>(`${API}/resetPassword`, { id })
