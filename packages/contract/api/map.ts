import { Type } from 'typebox';
import { Envelope } from './common.js';

// /api/care/map: what the H5 map pages need from the server.

/** Where the map tiles come from: a Leaflet URL template ({s}, {x}, {y}, {z}) and the values of {s}. */
export const MapTiles = Envelope(
  Type.Object({
    url: Type.String(),
    subdomains: Type.Array(Type.String()),
  }),
);
