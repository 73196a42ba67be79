import { makeAutoObservable, runInAction } from 'mobx'
import type { MapTiles } from '@/api/types'
import { mapTiles } from '../api/map'

export type { MapTiles }

/** Where the map pages take their tiles from, asked of the server once. */
class MapTilesStore {
  /** null until known, and for good when the server cannot say: the map then stays grey. */
  tiles: MapTiles | null = null

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  async load() {
    if (this.tiles) return
    try {
      const tiles = await mapTiles()
      runInAction(() => {
        this.tiles = tiles
      })
    } catch {
      // A grey map: the coordinates and the typed name still make the place.
    }
  }
}

export const mapTilesStore = new MapTilesStore()
