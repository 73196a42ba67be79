// The browser's idea of where the device is, in the coordinates the app keeps (H5 only).
import gcoord from 'gcoord'
import { POSITION_TIMEOUT } from '@/config'
import type { Coordinates } from '@/utils/location'

/**
 * The device's position converted to GCJ-02 (browsers give WGS-84, maps in China are drawn in
 * GCJ-02), or null when the browser has none, is refused or takes too long.
 */
export function devicePosition(): Promise<Coordinates | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) {
      resolve(null)
      return
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const [longitude, latitude] = gcoord.transform([coords.longitude, coords.latitude], gcoord.WGS84, gcoord.GCJ02)
        resolve({ latitude, longitude })
      },
      () => resolve(null),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT, maximumAge: 60_000 },
    )
  })
}
