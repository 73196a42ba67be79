// Changing a mother's details and her babies (编辑, from her file or the picker): the details part
// of the admission form, the one the server checks the change with; her stay is left as it is.
import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo, customerSave } from '@/api/customer'
import type { CustomerDetails } from '@/api/types'
import { FormSession, reportSave } from '@/features/forms'
import { goBackOrHome } from '@/utils/navigation'
import { customerDetails } from '@yuezi/contract/forms/definitions/admission'
import type { FormData } from '@yuezi/contract/forms/types'

/** Her details and babies as the form holds them: what she has, nothing empty. */
export function detailsOf(her: CustomerDetails): FormData {
  const present = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined))
  return present({
    customer_name: her.name,
    phone: her.phone,
    delivery_date: her.delivery_date,
    delivery_mode: her.delivery_mode,
    hospital: her.hospital,
    allergies: her.allergies,
    diet_needs: her.diet_needs,
    remark: her.remark,
    babies: her.children.map(({ name, sex, birth_date, birth_time, birth_weight }) =>
      present({ name, sex, birth_date, birth_time, birth_weight }),
    ),
  })
}

export class CustomerEditStore {
  readonly session = new FormSession(customerDetails, null)
  /** Her details are in the form; until then the page shows it loading. */
  loaded = false
  /** Why her details could not be read (another site's mother, offline). */
  error = ''

  /** `detailsChanged` tells the page her details were saved (the app's current customer may be her). */
  constructor(
    readonly customerId: number,
    private readonly detailsChanged: (id: number) => Promise<void>,
  ) {
    makeAutoObservable<this, 'detailsChanged'>(
      this,
      { session: false, customerId: false, detailsChanged: false },
      { autoBind: true },
    )
  }

  /** Her details as saved, then what was typed before leaving. */
  async enter() {
    try {
      const her = await customerInfo(this.customerId, { loading: true, showError: false })
      runInAction(() => {
        this.session.loadSaved(her.id, detailsOf(her))
        this.session.restoreDraft()
        this.loaded = true
      })
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message))
    }
  }

  /** Saves; her ID number, never shown, is kept unless one is typed. The page is told before going back. */
  async save() {
    const result = await this.session.save((body) =>
      customerSave(
        { ...body.data, id: this.customerId, request_id: body.request_id },
        { loading: true, showError: false },
      ),
    )
    if (!reportSave(result, this.session) || result.status !== 'saved') return
    await this.detailsChanged(this.customerId)
    goBackOrHome()
  }
}
