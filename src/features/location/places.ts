// What the map pages read from their address (?latitude=&longitude=&name=&address=), and how they
// show a point.
import { hasValidCoordinates } from '@yuezi/contract/forms/location'
import { t } from '@/i18n'
import type { Coordinates } from '@/utils/location'

type Params = Partial<Record<string, string>>

/** A query value, still encoded as it arrives; a malformed one is kept as it is. */
export function queryText(params: Params, key: string): string {
  const value = params[key] ?? ''
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The point the address names, or null unless both coordinates are there and on the globe. */
export function queryCoordinates(params: Params): Coordinates | null {
  const point = {
    latitude: Number(queryText(params, 'latitude') || NaN),
    longitude: Number(queryText(params, 'longitude') || NaN),
  }
  return hasValidCoordinates(point) ? point : null
}

/** The point as people read it: six decimals (about 10 cm). */
export const coordinatesText = ({ latitude, longitude }: Coordinates) =>
  t('location.coordinates', { latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) })

/** Gaode's (AutoNavi's) web link for a GCJ-02 point: it shows the place and offers to open the Amap app. */
export const mapAppUrl = ({ latitude, longitude, name }: Coordinates & { name: string }) =>
  `https://uri.amap.com/marker?position=${longitude},${latitude}&name=${encodeURIComponent(name)}&coord=gaode&callnative=1`
