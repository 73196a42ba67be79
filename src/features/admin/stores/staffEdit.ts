// 新增员工 / 编辑员工: the staff form over one account, and what a manager does to it: disable,
// enable, reset its password.
import { makeAutoObservable, runInAction } from 'mobx'
import { FormSession, reportSave } from '@/features/forms'
import { staffForm } from '@yuezi/contract/forms/definitions/admin'
import type { FormData } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { sessionStore } from '@/stores'
import { alert, confirm, toast } from '@/utils/feedback'
import {
  disableStaff,
  enableStaff,
  resetStaffPassword,
  saveStaff,
  staffInfo,
  type StaffInput,
  type StaffMember,
} from '../api/staff'
import { AdminForm } from './adminForm'

/** The form's values of an account: its sites among the caller's, each with its rights. */
const valuesOf = (member: StaffMember): FormData => ({
  name: member.name,
  account: member.account,
  sites: member.sites.map((site) => ({
    site_id: site.site_id,
    rights: [...(site.can_approve ? ['approve'] : []), ...(site.can_administer ? ['administer'] : [])],
  })),
  ...(member.default_site_id ? { default_site_id: member.default_site_id } : {}),
})

/** The save's body from the form's values (the account name only for a new account). */
function bodyOf(data: FormData, id: number | undefined): StaffInput {
  const sites = (Array.isArray(data.sites) ? data.sites : []) as { site_id: number; rights?: string[] }[]
  return {
    ...(id ? { id } : { account: String(data.account ?? '') }),
    name: String(data.name ?? ''),
    sites: sites.map((site) => ({ site_id: Number(site.site_id), rights: site.rights ?? [] })),
    ...(data.default_site_id ? { default_site_id: Number(data.default_site_id) } : {}),
  }
}

/** A one-time password, shown this once (the app keeps it nowhere): she must change it at her first sign-in. */
const showOneTime = (name: string, account: string, password: string) =>
  alert(t('staff.passwordBody', { account, password }), t('staff.passwordTitle', { name }))

export class StaffEditStore {
  readonly form = new AdminForm()
  member: StaffMember | null = null

  constructor(readonly id: number | undefined) {
    makeAutoObservable(this, { id: false, form: false }, { autoBind: true })
  }

  get isNew() {
    return this.id === undefined
  }

  /** Not her own account: she changes her own password herself and cannot disable herself. */
  get isSelf() {
    return this.id !== undefined && this.id === sessionStore.userInfo?.id
  }

  load() {
    return this.form.open(async () => {
      const session = new FormSession(staffForm, null)
      if (this.id === undefined) {
        const siteId = sessionStore.userInfo?.site_id
        if (!session.restoreDraft() && siteId) runInAction(() => (session.values = { sites: [{ site_id: siteId }] }))
        return session
      }
      const member = await staffInfo(this.id)
      runInAction(() => {
        this.member = member
        // Her own draft key, apart from a new account's; what the server has wins over a draft.
        session.recordId = member.id
        session.discardDraft()
        session.values = valuesOf(member)
      })
      return session
    })
  }

  /** Saves; a new account's one-time password is shown. Answers whether it was saved. */
  async save(): Promise<boolean> {
    const session = this.form.session
    if (!session) return false
    let password: string | undefined
    const result = await session.save(async ({ data }) => {
      const saved = await saveStaff(bodyOf(data, this.id))
      password = saved.password
      return saved
    })
    // The one-time password's dialog says it was saved: a toast over it would cover the password.
    if (result.status === 'saved' && password) {
      await showOneTime(String(session.values.name ?? ''), String(session.values.account ?? ''), password)
      return true
    }
    return reportSave(result, session)
  }

  private named(key: string) {
    return t(key, { name: this.member?.name ?? '', account: this.member?.account ?? '' })
  }

  async disable() {
    if (!this.member || !(await confirm(this.named('staff.disableConfirm'), { danger: true }))) return
    await disableStaff(this.member.id)
    toast(t('staff.disabledDone'), { success: true })
    await this.reload()
  }

  async enable() {
    if (!this.member || !(await confirm(this.named('staff.enableConfirm')))) return
    await enableStaff(this.member.id)
    toast(t('staff.enabledDone'), { success: true })
    await this.reload()
  }

  async resetPassword() {
    const member = this.member
    if (!member || !(await confirm(this.named('staff.resetConfirm'), { danger: true }))) return
    const { password } = await resetStaffPassword(member.id)
    await this.reload()
    await showOneTime(member.name, member.account, password)
  }

  private async reload() {
    if (this.id === undefined) return
    const member = await staffInfo(this.id)
    runInAction(() => (this.member = member))
  }
}
