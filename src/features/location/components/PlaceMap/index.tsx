import { useEffect, useRef } from 'react'
import * as L from 'leaflet'
import { observer } from 'mobx-react-lite'
import { MAP_ZOOM } from '@/config'
import { t } from '@/i18n'
import type { Coordinates } from '@/utils/location'
import type { MapTiles } from '../../stores/mapTiles'
import './index.scss'

interface Props {
  /** Where the map opens. Later changes come from the map itself (onMove), so it is read once. */
  centre: Coordinates
  /** The tile source; null draws a grey map (the place can still be picked and shown). */
  tiles: MapTiles | null
  /** Picking: the pin stays in the middle and the map reports where it points after each move. */
  onMove?: (centre: Coordinates) => void
}

/** A Leaflet map (H5 only: Leaflet needs the browser's DOM) with a pin on the place. */
export default observer(function PlaceMap({ centre, tiles, onMove }: Props) {
  const element = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | null>(null)
  const moved = useRef(onMove)
  moved.current = onMove

  useEffect(() => {
    const shown = L.map(element.current!, {
      center: [centre.latitude, centre.longitude],
      zoom: MAP_ZOOM,
      attributionControl: false,
      zoomControl: false,
    })
    // Leaflet's own zoom buttons are named in English only.
    L.control.zoom({ zoomInTitle: t('location.zoomIn'), zoomOutTitle: t('location.zoomOut') }).addTo(shown)
    if (onMove) {
      shown.on('move', () => {
        const { lat, lng } = shown.getCenter()
        moved.current?.({ latitude: lat, longitude: lng })
      })
    } else {
      // The pin's tip on the place (its box is 30 × 40, the tip at the bottom middle).
      const icon = L.divIcon({ className: 'place-map__marker', iconSize: [30, 40], iconAnchor: [15, 40] })
      L.marker([centre.latitude, centre.longitude], { icon, interactive: false }).addTo(shown)
    }
    map.current = shown
    return () => {
      shown.remove()
      map.current = null
    }
    // The map is made once per page; the centre after that is the map's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!tiles || !map.current) return
    const layer = L.tileLayer(tiles.url, { subdomains: tiles.subdomains, minZoom: 3, maxZoom: 18 }).addTo(map.current)
    return () => {
      layer.remove()
    }
  }, [tiles])

  return (
    <div className="place-map">
      <div className="place-map__canvas" ref={element} />
      {onMove && <div className="place-map__pin" aria-hidden />}
    </div>
  )
})
