import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Done } from '@yuezi/contract/api/common';

/** Routes about the server itself rather than the centre. */
const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Answers code 1 when the server is up and its database answers',
        description: 'While the database cannot be reached: HTTP 503 with code -500 and a message saying so.',
        security: [],
        response: { 200: Done },
      },
    },
    async (_request, reply) => {
      await app.db.execute(sql`select 1`);
      return reply.ok(null);
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

export default metaRoutes;
