// A place signed in at (a location field) and how far it is from the site: the app shows the
// distance while the form is filled, the server computes it again and stores it with the record.

/** A place as the map pages answer it (GCJ-02, as WeChat gives it). */
export interface Place {
  name: string
  address: string
  latitude: number
  longitude: number
  /** False when the device gave no position: the map's starting point or a dragged pin proves nowhere she was. */
  measured?: boolean
}

/** A place as a record keeps it: its distance from the site (metres) and whether it is past the site's radius. */
export interface SignedPlace extends Place {
  /** Metres from the site; null when the site has no coordinates or the place was not measured. */
  distance: number | null
  far: boolean
}

/** Where a site is and how far from it a sign-in still counts as at the site. */
export interface SiteLocation {
  latitude: number
  longitude: number
  /** Metres. */
  radius: number
}

/** Longest name or address kept with a place. */
export const PLACE_TEXT_MAX = 200

const EARTH_RADIUS = 6_371_008.8
const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Whole metres between two points on the earth (haversine). */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return Math.round(2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h))))
}

const isCoordinate = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit

/** Both coordinates present, numbers, in range. */
export const hasValidCoordinates = (value: { latitude?: unknown; longitude?: unknown }) =>
  isCoordinate(value.latitude, 90) && isCoordinate(value.longitude, 180)

/**
 * The place as a record keeps it: its own name, address and coordinates, and its distance from
 * the site worked out here (whatever distance the value carried), unknown when it was not measured.
 * Anything else is returned as it is.
 */
export function placeAtSite(value: unknown, site: SiteLocation | null | undefined): unknown {
  if (!value || typeof value !== 'object' || !hasValidCoordinates(value)) return value
  const { name, address, latitude, longitude, measured } = value as Place
  const unmeasured = measured === false
  const distance = site && !unmeasured ? distanceMetres(site, { latitude, longitude }) : null
  const place: SignedPlace = {
    name: typeof name === 'string' ? name : '',
    address: typeof address === 'string' ? address : '',
    latitude,
    longitude,
    distance,
    far: site != null && distance !== null && distance > site.radius,
    ...(unmeasured && { measured: false }),
  }
  return place
}

/** A site's coordinates and sign-in radius as the location fields count from them; null while it has none. */
export const siteLocationOf = (site: {
  latitude: number | null
  longitude: number | null
  radius: number
}): SiteLocation | null =>
  site.latitude === null || site.longitude === null
    ? null
    : { latitude: site.latitude, longitude: site.longitude, radius: site.radius }
