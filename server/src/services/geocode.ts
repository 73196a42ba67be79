import type { FastifyBaseLogger } from 'fastify'
import type { MapGeocodeConfig } from '../config.js'

/** The place at a point, as the map pages fill it in. */
export interface FoundPlace {
  name: string
  address: string
}

/** Longer than this and the person has long started typing: the page goes on without the address. */
const TIMEOUT_MS = 3_000

/** The service writes an empty field as [] rather than "". */
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

interface Regeocode {
  formatted_address?: unknown
  addressComponent?: {
    building?: { name?: unknown }
    neighborhood?: { name?: unknown }
    streetNumber?: { street?: unknown; number?: unknown }
    township?: unknown
  }
  aois?: { name?: unknown }[]
  pois?: { name?: unknown; distance?: unknown }[]
}

/**
 * What a person would call the place: the area it lies in (a hospital, a housing estate), else the
 * nearest point of interest, else its building, neighbourhood, street and number, or township.
 */
function placeName({ addressComponent: part = {}, aois = [], pois = [] }: Regeocode): string {
  const nearest = [...pois].sort((a, b) => Number(a.distance) - Number(b.distance))[0]
  const street = text(part.streetNumber?.street) + text(part.streetNumber?.number)
  return (
    [
      text(aois[0]?.name),
      text(nearest?.name),
      text(part.building?.name),
      text(part.neighborhood?.name),
      street,
      text(part.township),
    ].find(Boolean) ?? ''
  )
}

/**
 * Asks the map service (AutoNavi's regeo or one that answers like it) for the place at a GCJ-02
 * point. Null when it found nothing or failed: the person then types the place, so a failure is
 * only logged (for whoever looks after the key), without the key.
 */
export async function findPlace(
  { url, key }: MapGeocodeConfig,
  { latitude, longitude }: { latitude: number; longitude: number },
  log: FastifyBaseLogger,
): Promise<FoundPlace | null> {
  const query = new URLSearchParams({
    key,
    location: `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
    extensions: 'all',
    radius: '200',
    output: 'JSON',
  })
  let reply: { status?: unknown; info?: unknown; infocode?: unknown; regeocode?: Regeocode }
  try {
    const response = await fetch(`${url}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    reply = await response.json()
  } catch (error) {
    log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'map service did not answer: no address for the picked place',
    )
    return null
  }
  if (reply?.status !== '1' || !reply.regeocode) {
    log.warn({ info: reply?.info, infocode: reply?.infocode }, 'map service refused: no address for the picked place')
    return null
  }
  const address = text(reply.regeocode.formatted_address)
  const name = placeName(reply.regeocode)
  return address || name ? { name, address } : null
}
