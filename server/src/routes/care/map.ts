import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@yuezi/contract/api/common';
import { MapTiles } from '@yuezi/contract/api/map';
import type { Config } from '../../config.js';

/** The H5 map pages' settings: the tiles the content security policy lets in (one setting for both). */
const mapRoutes: FastifyPluginAsyncTypebox<{ tiles: Config['mapTiles'] }> = async (app, { tiles }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/tiles',
    { schema: { summary: 'Where the map pages take their tiles from', body: NoBody, response: { 200: MapTiles } } },
    async (_request, reply) => reply.ok(tiles),
  );
};

export default mapRoutes;
