import { makeAutoObservable, runInAction } from 'mobx'
import type { Device } from '@/api/types'
import { deviceList, signOutDevices } from '../api/devices'

export type { Device }

/** The devices the account is signed in on, this one first, and signing the others out. */
class DevicesStore {
  list: Device[] = []
  loading = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get others() {
    return this.list.filter((device) => !device.current)
  }

  async load() {
    this.loading = true
    try {
      const list = await deviceList()
      runInAction(() => {
        this.list = [...list.filter((device) => device.current), ...list.filter((device) => !device.current)]
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  /** Signs out one other device (by its session), or every other one; then lists what is left. */
  async signOut(sessionId?: number) {
    try {
      await signOutDevices(sessionId)
    } finally {
      // Also after a refusal: the device may have been signed out elsewhere meanwhile.
      await this.load()
    }
  }
}

export const devicesStore = new DevicesStore()
