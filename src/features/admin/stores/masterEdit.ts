// An entry of one of the centre's lists, new or opened, as its form (the definition the server
// validates the save with) drawn by the form engine.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { formOptionsStore, FormSession, reportSave } from '@/features/forms'
import { MASTER_FORMS, type MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { masterApi } from '../api/masterData'

type Status = 'loading' | 'ready' | 'error'

export class MasterEditStore {
  readonly kind: MasterKind
  readonly definition: FormDefinition
  readonly session: FormSession
  status: Status = 'loading'
  loadError = ''
  /** The entry opened is retired (it can still be changed). */
  retired = false
  private readonly id?: number

  constructor(kind: MasterKind, id?: number) {
    this.kind = kind
    this.id = id
    this.definition = MASTER_FORMS[kind]
    this.session = new FormSession(this.definition, null)
    makeAutoObservable<this, 'id'>(
      this,
      { kind: false, definition: false, session: false, id: false },
      { autoBind: true },
    )
  }

  /** The lists the form chooses from afresh (a product added a moment ago), and the entry opened. */
  async enter() {
    formOptionsStore.reset()
    if (this.id === undefined) {
      this.status = 'ready'
      return
    }
    this.status = 'loading'
    const entry = await masterApi.info(this.kind, this.id).catch((error: Error) => error)
    runInAction(() => {
      if (entry instanceof Error) {
        this.loadError = entry.message
        this.status = 'error'
        return
      }
      this.session.values = entry.data
      this.session.recordId = this.id!
      this.retired = entry.retired
      this.status = 'ready'
    })
  }

  /** Saves, as the form pages do; back to the list once saved. */
  async save() {
    const result = await this.session.save(({ data, id }) => masterApi.save(this.kind, { ...data, ...(id && { id }) }))
    if (reportSave(result, this.session)) Taro.navigateBack()
  }

  /** Leaves the page: a half-typed entry is not kept on the device. */
  leave() {
    this.session.discardDraft()
  }
}
