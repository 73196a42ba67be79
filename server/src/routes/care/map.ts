import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NoBody } from '@yuezi/contract/api/common'
import { MapTiles, Regeo, RegeoBody } from '@yuezi/contract/api/map'
import type { Config } from '../../config.js'
import { AppError, Code } from '../../errors.js'
import { findPlace } from '../../services/geocode.js'

interface MapRoutesOptions {
  tiles: Config['mapTiles']
  geocode: Config['mapGeocode']
}

/**
 * Address look-ups per session and minute: the picker asks once the map has stopped, so a person
 * dragging about stays well under it; a stuck page or a script does not spend the service's quota.
 */
const REGEO_PER_MINUTE = 30

/** The H5 map pages' settings: the tiles the content security policy lets in (one setting for both), and the addresses of picked points. */
const mapRoutes: FastifyPluginAsyncTypebox<MapRoutesOptions> = async (app, { tiles, geocode }) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/tiles',
    { schema: { summary: 'Where the map pages take their tiles from', body: NoBody, response: { 200: MapTiles } } },
    async (_request, reply) => reply.ok({ ...tiles, geocode: Boolean(geocode) }),
  )

  app.post(
    '/regeo',
    {
      schema: {
        summary: 'The name and address of a point picked on the map (null without a map-service key)',
        body: RegeoBody,
        response: { 200: Regeo },
      },
      config: {
        rateLimit: {
          max: REGEO_PER_MINUTE,
          timeWindow: 60_000,
          // After authentication: counted per session.
          hook: 'preHandler',
          keyGenerator: (request) => String(request.session.id),
          errorResponseBuilder: (_request, context) =>
            new AppError(Code.TOO_MANY_ATTEMPTS, 'map.tooManyLookups', {}, 200, {
              retry_after: Math.ceil(context.ttl / 1000),
            }),
        },
      },
    },
    async (request, reply) => reply.ok(geocode ? await findPlace(geocode, request.body, request.log) : null),
  )
}

export default mapRoutes
