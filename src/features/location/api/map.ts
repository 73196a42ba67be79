// The map pages' settings from the server (/api/care/map/*). Quiet: without them the map is grey,
// the page still works.
import { request } from '@/api/request'
import type { FoundPlace, MapTiles } from '@/api/types'
import type { Coordinates } from '@/utils/location'

/** Where the map tiles come from; the server's content security policy lets exactly these in. */
export function mapTiles() {
  return request<MapTiles>('/api/care/map/tiles', {}, { loading: false, showError: false })
}

/** The name and address of a picked point, found by the server's map service; null when it has none. */
export function findPlace(point: Coordinates) {
  return request<FoundPlace | null>('/api/care/map/regeo', point, { loading: false, showError: false })
}
