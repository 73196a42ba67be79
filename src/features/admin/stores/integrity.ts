// The database's integrity, as the administration's first page warns of it.
import { makeAutoObservable, runInAction } from 'mobx'
import { integrityStatus, type IntegrityState } from '../api/site'

export class IntegrityStore {
  status: IntegrityState = null

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  async load() {
    const status = await integrityStatus().catch(() => null)
    runInAction(() => {
      this.status = status
    })
  }

  /** The damaged indexes and tables of the latest check; none when it was clean or has not run. */
  get damaged(): string[] {
    return this.status?.damaged ?? []
  }

  /** When the latest check ended, in this device's time (YYYY-MM-DD HH:mm). */
  get checkedAt(): string {
    if (!this.status) return ''
    const at = new Date(this.status.at)
    const two = (n: number) => String(n).padStart(2, '0')
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`
  }
}
