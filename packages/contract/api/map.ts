import { Type } from 'typebox'
import { Envelope, Nullable } from './common.js'

// /api/care/map: what the H5 map pages need from the server.

/**
 * Where the map tiles come from: a Leaflet URL template ({s}, {x}, {y}, {z}) and the values of {s};
 * and whether the server can find the address of a picked point (/regeo: a map-service key is set).
 */
export const MapTiles = Envelope(
  Type.Object({
    url: Type.String(),
    subdomains: Type.Array(Type.String()),
    geocode: Type.Boolean(),
  }),
)

/** A point picked on the map, GCJ-02 like every coordinate the app keeps. */
export const RegeoBody = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
})

/**
 * The place at the point: a name (the nearest point of interest, else the building or street) and
 * its full address; null when the server has no map-service key, or the service found nothing.
 */
export const Regeo = Envelope(Nullable(Type.Object({ name: Type.String(), address: Type.String() })))
