import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from './schemas.js';

/** Routes about the server itself rather than the centre. */
const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: { summary: 'Answers code 1 once the server is up', security: [], response: { 200: Envelope(Type.Null()) } },
    },
    async (_request, reply) => reply.ok(null),
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

export default metaRoutes;
