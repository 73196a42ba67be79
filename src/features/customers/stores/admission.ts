// Admitting a new mother (新建客户): the admission definition, the one the server validates the
// save with, drawn by the form engine; once saved she is the current customer.
import { makeAutoObservable, runInAction } from 'mobx'
import { customerSave, duplicateOf, type Duplicate } from '@/api/customer'
import { formOptionsStore, FormSession, reportSave } from '@/features/forms'
import { customerStore } from '@/stores'
import { goBackOrHome } from '@/utils/navigation'
import { admission } from '@yuezi/contract/forms/definitions/admission'

export class AdmissionStore {
  readonly session = new FormSession(admission, null)
  /** The mother already here with the phone or ID number typed: offered instead of a duplicate. */
  duplicate: Duplicate | null = null

  constructor() {
    // The rooms and packages afresh (a room freed a moment ago), before the form asks for them.
    formOptionsStore.reset()
    makeAutoObservable(this, { session: false }, { autoBind: true })
  }

  /** What was typed before leaving; a room chosen on the room board is hers. */
  enter(room?: string) {
    this.session.restoreDraft()
    if (room) this.session.setValue('room', room)
  }

  /** Saves; a duplicate names the mother who holds it and keeps everything typed. */
  async save() {
    this.duplicate = null
    const result = await this.session.save((body) =>
      // The page shows what went wrong itself (next to the fields, or the mother to choose instead).
      customerSave({ ...body.data, request_id: body.request_id }, { loading: true, showError: false }).catch(
        (error: unknown) => {
          const duplicate = duplicateOf(error)
          if (duplicate) runInAction(() => (this.duplicate = duplicate))
          throw error
        },
      ),
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

  /** Makes her the current customer (as the picker does) and goes back to where the admission was opened from. */
  private async choose(id: number) {
    await customerStore.loadById(id).catch(() => {})
    goBackOrHome()
  }
}
