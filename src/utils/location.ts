// Picking a place and showing one, with one call on both targets. The mini program opens
// WeChat's own map pages; H5 opens the app's map pages at /choose-location and /open-location,
// which answer through the event below. Coordinates are GCJ-02 on both, as WeChat gives them.
import Taro from '@tarojs/taro'
import type { Place } from '@yuezi/contract/forms/location'
import { CHOOSE_LOCATION_PAGE, OPEN_LOCATION_PAGE } from '@/routes'

export type { Place }

/** A point on the map, GCJ-02. */
export type Coordinates = Pick<Place, 'latitude' | 'longitude'>

/** The user refused the app the location permission (mini program): settings can grant it. */
export class LocationDenied extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LocationDenied'
  }
}

/** The H5 choose page answers on this event: the place confirmed, or null when cancelled. */
export const LOCATION_CHOSEN_EVENT = 'location.chosen'

const DENIED = /auth|authorize|privacy|permission/i
const CANCELLED = /cancel/i

/** Query string of the values given (undefined ones left out). */
const query = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&')

/**
 * Lets the user pick a place, starting near `near` when given. Resolves the place, or null when
 * the user cancels; rejects with LocationDenied when the permission is refused.
 */
export function chooseLocation(near?: Coordinates): Promise<Place | null> {
  if (process.env.TARO_ENV === 'h5') {
    return new Promise((resolve, reject) => {
      // Not eventCenter.once: its wrapper could not be taken off again by this handler alone.
      const chosen = (place: Place | null) => {
        Taro.eventCenter.off(LOCATION_CHOSEN_EVENT, chosen)
        resolve(place)
      }
      Taro.eventCenter.on(LOCATION_CHOSEN_EVENT, chosen)
      Taro.navigateTo({ url: `${CHOOSE_LOCATION_PAGE}?${query({ ...near })}` }).catch((error) => {
        Taro.eventCenter.off(LOCATION_CHOSEN_EVENT, chosen)
        reject(error)
      })
    })
  }
  return Taro.chooseLocation({ ...near }).then(
    ({ name, address, latitude, longitude }) => ({ name, address, latitude, longitude }),
    (error: { errMsg?: string }) => {
      const message = error?.errMsg ?? String(error)
      if (DENIED.test(message)) throw new LocationDenied(message)
      if (CANCELLED.test(message)) return null
      throw error
    },
  )
}

/** Shows a place on a map, with a way to open it in a map app. */
export async function openLocation({ name, address, latitude, longitude }: Place): Promise<void> {
  const place = { name, address, latitude, longitude }
  if (process.env.TARO_ENV === 'h5') {
    await Taro.navigateTo({ url: `${OPEN_LOCATION_PAGE}?${query(place)}` })
    return
  }
  await Taro.openLocation({ ...place, scale: 16 })
}
