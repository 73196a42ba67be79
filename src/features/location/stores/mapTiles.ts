import { makeAutoObservable, runInAction } from 'mobx'
import type { MapTiles } from '@/api/types'
import { mapTiles } from '../api/map'

export type { MapTiles }

/** Where the map pages take their tiles from, and whether addresses can be found, asked of the server once. */
class MapTilesStore {
  /** null until known, and while the server cannot say: the map then stays grey. */
  tiles: MapTiles | null = null
  /** The one question to the server, however many callers wait for it. */
  private asked: Promise<void> | null = null

  constructor() {
    makeAutoObservable<MapTilesStore, 'asked'>(this, { asked: false }, { autoBind: true })
  }

  /** The server fills in the address of a picked point (it has a map-service key). */
  get geocode() {
    return Boolean(this.tiles?.geocode)
  }

  load(): Promise<void> {
    this.asked ??= this.ask()
    return this.asked
  }

  private async ask() {
    try {
      const tiles = await mapTiles()
      runInAction(() => {
        this.tiles = tiles
      })
    } catch {
      // A grey map: the coordinates and the typed name still make the place. The next page asks again.
      runInAction(() => {
        this.asked = null
      })
    }
  }
}

export const mapTilesStore = new MapTilesStore()
