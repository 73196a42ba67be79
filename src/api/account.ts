import { request, type RequestOptions } from './request'
import type { HomeSummary, Site, UserInfo } from './types'

export interface LoginResult {
  token: string
  userInfo: UserInfo
}

export function loginOld(body: { account: string; password: string; site_id?: number }, options?: RequestOptions) {
  return request<LoginResult>('/api/care/account/login_old', body, options)
}

/** Ends the session on the server. Quiet: the app logs out whatever the answer. */
export function logout() {
  return request<null>('/api/care/account/logout', {}, { loading: false, showError: false })
}

/** The current user; with `site_id` the session switches to that site first. */
export function info(site_id?: number, options?: RequestOptions) {
  return request<UserInfo>('/api/care/account/info', site_id === undefined ? {} : { site_id }, options)
}

/** Record counts of the home screen for a date (YYYY-MM-DD, default the server's today). */
export function homeSummary(date?: string, options?: RequestOptions) {
  return request<HomeSummary>('/api/care/account/index', date === undefined ? {} : { date }, options)
}

export function changePwd(body: { old_password: string; password: string }, options?: RequestOptions) {
  return request<null>('/api/care/account/change_pwd', body, options)
}

export function siteList(options?: RequestOptions) {
  return request<Site[]>('/api/care/account/siteList', {}, options)
}
