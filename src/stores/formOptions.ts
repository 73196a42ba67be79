// Choices that come from the server's lists (OptionsSource in the form definitions), loaded once
// and shared by every field that uses them. Imported by the form pages only (pagesHome).
import { makeAutoObservable, runInAction } from 'mobx'
import { departmentList, floorList } from '@/api/form'
import type { OptionsSource } from '@/forms/types'
import { t } from '@/i18n'

export interface Choice {
  value: string | number
  label: string
  /** A heading the choice is listed under (a room's floor). */
  group?: string
  /** A room with a customer in it: that customer's id. */
  takenBy?: number | null
}

/** How each list becomes choices; a source missing here cannot be shown yet. */
const LOADERS: Partial<Record<OptionsSource, () => Promise<Choice[]>>> = {
  floorList: async () =>
    (await floorList()).flatMap((floor) =>
      floor.rooms.map((room) => ({
        value: room.room,
        label: room.room,
        group: t('formUi.floor', { floor: floor.floor }),
        takenBy: room.customer_id,
      })),
    ),
  departmentList: async () => (await departmentList()).map((d) => ({ value: d.id, label: d.name })),
}

interface ListState {
  choices: Choice[]
  loading: boolean
  error: string
  loaded: boolean
}

class FormOptionsStore {
  lists: Partial<Record<OptionsSource, ListState>> = {}

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  state(source: OptionsSource): ListState {
    return this.lists[source] ?? { choices: [], loading: false, error: '', loaded: false }
  }

  /** Loads a list once (again with `force`, or after an error). */
  async load(source: OptionsSource, force = false) {
    const current = this.state(source)
    if (current.loading || (current.loaded && !force)) return
    const loader = LOADERS[source]
    this.lists[source] = { ...current, loading: true, error: '' }
    try {
      if (!loader) throw new Error(t('formUi.sourceUnavailable'))
      const choices = await loader()
      runInAction(() => (this.lists[source] = { choices, loading: false, error: '', loaded: true }))
    } catch (error) {
      runInAction(() => (this.lists[source] = { ...this.state(source), loading: false, error: (error as Error).message }))
    }
  }

  /** Forgets every list (another site's lists differ). */
  reset() {
    this.lists = {}
  }
}

export const formOptionsStore = new FormOptionsStore()
