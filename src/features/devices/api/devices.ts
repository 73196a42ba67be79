// The devices the account is signed in on (/api/care/account/sessions*).
import { request } from '@/api/request'
import type { Device } from '@/api/types'

export function deviceList() {
  return request<Device[]>('/api/care/account/sessions', {}, { loading: false })
}

/** Signs the account out on one other device, or on every other one without `sessionId`. */
export function signOutDevices(sessionId?: number) {
  return request<{ ended: number }>(
    '/api/care/account/sessions/end',
    sessionId === undefined ? {} : { session_id: sessionId },
  )
}
