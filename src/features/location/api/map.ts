// The map pages' settings from the server (/api/care/map/*). Quiet: without them the map is grey,
// the page still works.
import { request } from '@/api/request'
import type { MapTiles } from '@/api/types'

/** Where the map tiles come from; the server's content security policy lets exactly these in. */
export function mapTiles() {
  return request<MapTiles>('/api/care/map/tiles', {}, { loading: false, showError: false })
}
