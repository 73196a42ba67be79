// Admitting a new mother (新建客户), or one who left again (再次入住): the admission definition, the
// one the server validates the save with, drawn by the form engine; once saved she is the current customer.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo, customerSave, duplicateOf, type Duplicate } from '@/api/customer'
import type { Customer, CustomerDetails } from '@/api/types'
import { correctionOf } from '@/features/checkInNotice'
import { formOptionsStore, FormSession, reportSave } from '@/features/forms'
import { ADMISSION_PAGE } from '@/routes'
import { goBackOrHome } from '@/utils/navigation'
import { admission } from '@yuezi/contract/forms/definitions/admission'
import type { FormData } from '@yuezi/contract/forms/types'

/** 再次入住: the admission page for the mother `id`, who left, with her details filled in. */
export function openReadmission(id: number) {
  void Taro.navigateTo({ url: `${ADMISSION_PAGE}?readmit=${id}` })
}

/** Her details and babies as the admission form holds them (her babies first: none can be removed). */
const detailsOf = (her: CustomerDetails): FormData => {
  const { id: _id, ...details } = correctionOf(her, { customer_name: her.name, phone: her.phone ?? '' })
  return details
}

/** What an admission again starts from: her details, and her last stay's kind and days (her room may be taken). */
const readmissionOf = (her: CustomerDetails): FormData => ({
  ...detailsOf(her),
  ...(her.stay ? { stay_kind: her.stay.kind, days: her.stay.planned_days } : {}),
})

export class AdmissionStore {
  readonly session = new FormSession(admission, null)
  /** The mother already here with the phone or ID number typed: offered instead of a duplicate. */
  duplicate: Duplicate | null = null
  /** The mother who left, admitted again (再次入住); null for a new mother. */
  readmitting: CustomerDetails | null = null

  /** `select` makes the mother admitted (or chosen instead) the app's current customer (the page's to do). */
  constructor(private readonly select: (customer: Customer) => void) {
    // The rooms and packages afresh (a room freed a moment ago), before the form asks for them.
    formOptionsStore.reset()
    makeAutoObservable<this, 'select'>(this, { session: false, select: false }, { autoBind: true })
  }

  /** What was typed before leaving; a room chosen on the room board is hers; `readmit`: her details, to admit her again. */
  async enter(room?: string, readmit?: number) {
    if (readmit) {
      const her = await customerInfo(readmit, { loading: true, showError: true }).catch(() => null)
      if (!her) return
      runInAction(() => {
        this.readmitting = her
        // Her own draft: what was typed for her never fills in a new mother's admission.
        this.session.customer = her
      })
      if (this.session.restoreDraft()) return
      for (const [key, value] of Object.entries(readmissionOf(her))) this.session.setValue(key, value)
      return
    }
    this.session.restoreDraft()
    if (room) this.session.setValue('room', room)
  }

  /** Saves; a duplicate names the mother who holds it and keeps everything typed. */
  async save() {
    this.duplicate = null
    const id = this.readmitting?.id
    const result = await this.session.save((body) =>
      // The page shows what went wrong itself (next to the fields, or the mother to choose instead).
      customerSave(
        { ...body.data, ...(id ? { id } : {}), request_id: body.request_id },
        { loading: true, showError: false },
      ).catch((error: unknown) => {
        const duplicate = duplicateOf(error)
        if (duplicate) runInAction(() => (this.duplicate = duplicate))
        throw error
      }),
    )
    if (this.duplicate) return
    if (!reportSave(result, this.session) || result.status !== 'saved') return
    await this.choose(result.id)
  }

  /** The mother already here instead of a new one: she becomes the current customer, what was typed is dropped. */
  async chooseDuplicate() {
    if (!this.duplicate) return
    this.session.discardDraft()
    await this.choose(this.duplicate.id)
  }

  /** The mother who left, named by the duplicate, admitted again with what was typed (her babies kept, the typed ones added). */
  async readmitDuplicate() {
    const duplicate = this.duplicate
    if (!duplicate?.left) return
    const her = await customerInfo(duplicate.id, { loading: true, showError: true }).catch(() => null)
    if (!her) return
    this.duplicate = null
    const kept = detailsOf(her).babies as FormData[]
    const result = await this.session.save((body) => {
      const typed = Array.isArray(body.data.babies) ? (body.data.babies as FormData[]) : []
      return customerSave(
        { ...body.data, id: her.id, babies: [...kept, ...typed], request_id: body.request_id },
        { loading: true, showError: false },
      )
    })
    if (!reportSave(result, this.session) || result.status !== 'saved') return
    await this.choose(result.id)
  }

  /** Makes her the current customer (as the picker does) and goes back to where the admission was opened from. */
  private async choose(id: number) {
    const her = await customerInfo(id).catch(() => null)
    if (her) this.select(her)
    goBackOrHome()
  }
}
