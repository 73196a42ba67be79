// What the administration's edit pages share: the form session they open once its data has come,
// and the sites a manager may give, as the staff form's site fields choose from them.
import { makeAutoObservable, runInAction } from 'mobx'
import { formOptionsStore, type FormSession } from '@/features/forms'
import { adminSites } from '../api/staff'

formOptionsStore.provide('adminSiteList', async () =>
  (await adminSites()).map((site) => ({ value: site.id, label: site.name })),
)

/** An edit page's form: loading, then its session or why it could not load. */
export class AdminForm {
  session: FormSession | null = null
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Opens the session `make` answers once its data has come. */
  async open(make: () => Promise<FormSession>) {
    runInAction(() => (this.status = 'loading'))
    try {
      const session = await make()
      runInAction(() => {
        this.session = session
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.status = 'error'
        this.error = (error as Error).message
      })
    }
  }
}
