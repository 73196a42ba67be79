// The settings of the site (/api/admin/site), for those who administer it.
import { request } from '@/api/request'
import type { Static } from 'typebox'
import type { IntegrityStatus, SiteInfo, SiteSaveBody } from '@yuezi/contract/api/site'

export type SiteSettings = Static<typeof SiteInfo>['res']
export type SiteInput = Static<typeof SiteSaveBody>
export type IntegrityState = Static<typeof IntegrityStatus>['res']

export const siteInfo = () => request<SiteSettings>('/api/admin/site/info', {})

/** The form's errors are shown next to its fields: the call itself stays quiet. */
export const saveSite = (body: SiteInput) => request<null>('/api/admin/site/save', body, { showError: false })

/** The database's latest integrity check; quiet, as the page works on without it. */
export const integrityStatus = () =>
  request<IntegrityState>('/api/admin/site/integrity', {}, { loading: false, showError: false })
