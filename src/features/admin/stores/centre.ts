// 门店设置: the centre form over the site's settings.
import { makeAutoObservable, runInAction } from 'mobx'
import { FormSession, reportSave } from '@/features/forms'
import { centreForm } from '@yuezi/contract/forms/definitions/admin'
import type { FormData } from '@yuezi/contract/forms/types'
import { sessionStore } from '@/stores'
import { saveSite, siteInfo, type SiteInput, type SiteSettings } from '../api/site'
import { AdminForm } from './adminForm'

/** The form's values of the settings: the yes/no choice as the form has it, nothing empty. */
function valuesOf(site: SiteSettings): FormData {
  const { rules_version: _version, creator_may_approve, ...rest } = site
  const values: FormData = { ...rest, creator_may_approve: creator_may_approve ? 'yes' : 'no' }
  for (const key of Object.keys(values)) if (values[key] === null || values[key] === '') delete values[key]
  return values
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null)

function bodyOf(data: FormData): SiteInput {
  return {
    name: String(data.name ?? ''),
    time_zone: String(data.time_zone ?? ''),
    latitude: numberOrNull(data.latitude),
    longitude: numberOrNull(data.longitude),
    radius: Number(data.radius),
    visit_from: textOrNull(data.visit_from),
    visit_to: textOrNull(data.visit_to),
    visit_policy: data.visit_policy === 'refuse' ? 'refuse' : 'reason',
    creator_may_approve: data.creator_may_approve === 'yes',
    upload_retention_days: Number(data.upload_retention_days),
    rules: String(data.rules ?? ''),
  }
}

export class CentreStore {
  readonly form = new AdminForm()

  constructor() {
    makeAutoObservable(this, { form: false }, { autoBind: true })
  }

  load() {
    return this.form.open(async () => {
      const site = await siteInfo()
      const session = new FormSession(centreForm, null)
      runInAction(() => {
        // What the server has wins over a draft.
        session.discardDraft()
        session.values = valuesOf(site)
      })
      return session
    })
  }

  async save(): Promise<boolean> {
    const session = this.form.session
    if (!session) return false
    const result = await session.save(async ({ data }) => {
      await saveSite(bodyOf(data))
      return { id: 0 }
    })
    if (!reportSave(result, session)) return false
    // The app counts days in the centre's zone and signs in rounds against its place: it reads them anew.
    sessionStore.refreshUserInfo().catch(() => {})
    return true
  }
}
