// Where a ward round is signed in: a place picked on the map (WeChat's own in the mini program,
// the app's map page on H5), starting at the site; and the saved place shown on the map.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import type { SignedPlace } from '@yuezi/contract/forms/location'
import { t } from '@/i18n'
import { toast } from '@/utils/feedback'
import { chooseLocation, LocationDenied, openLocation } from '@/utils/location'
import type { FormSession } from './formSession'

/** The value a location field holds (with its distance once counted), or null. */
export function placeOf(value: unknown): SignedPlace | null {
  if (!value || typeof value !== 'object') return null
  const place = value as SignedPlace
  return typeof place.latitude === 'number' && typeof place.longitude === 'number' ? place : null
}

/** Picking the place of one location field. */
export class PlacePicker {
  /** The mini program was refused the location: the field says so and offers the settings. */
  denied = false
  choosing = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Opens the map at the site; a confirmed place becomes the field's value, a cancel changes nothing. */
  async choose(session: FormSession, path: string) {
    if (this.choosing) return
    this.choosing = true
    const site = session.context.site
    try {
      const place = await chooseLocation(site ? { latitude: site.latitude, longitude: site.longitude } : undefined)
      runInAction(() => {
        this.denied = false
      })
      if (place) {
        const { name, address, latitude, longitude, measured } = place
        // The map opens on the site when the phone has no position: confirming that point measures nothing.
        const atStart = site != null && latitude === site.latitude && longitude === site.longitude
        const unmeasured = measured === false || atStart
        session.setValue(path, { name, address, latitude, longitude, ...(unmeasured && { measured: false }) })
      }
    } catch (error) {
      if (error instanceof LocationDenied) {
        runInAction(() => {
          this.denied = true
        })
      } else {
        toast(t('formUi.locationFailed'))
      }
    } finally {
      runInAction(() => {
        this.choosing = false
      })
    }
  }

  /** WeChat's settings page; back with the location allowed, the message goes. */
  async openSettings() {
    const { authSetting } = await Taro.openSetting()
    if (authSetting['scope.userLocation']) {
      runInAction(() => {
        this.denied = false
      })
    }
  }
}

/** A saved place on the map. */
export function showPlace({ name, address, latitude, longitude }: SignedPlace) {
  return openLocation({ name, address, latitude, longitude }).catch(() => toast(t('formUi.locationFailed')))
}
