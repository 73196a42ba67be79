import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'drizzle-orm'
import { Done } from '@yuezi/contract/api/common'
import { fromStore, type UploadStore } from '../services/uploads/store.js'

export interface MetaRoutesOptions {
  uploads: UploadStore
}

/** Routes about the server itself rather than the centre. */
const metaRoutes: FastifyPluginAsyncTypebox<MetaRoutesOptions> = async (app, { uploads }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Answers code 1 while the process is up (a load balancer restarts it when not)',
        description: 'Touches neither the database nor the upload store: see /api/ready for those.',
        security: [],
        response: { 200: Done },
      },
    },
    async (_request, reply) => reply.ok(null),
  )

  app.get(
    '/ready',
    {
      schema: {
        summary:
          'Answers code 1 when the database and the upload store answer (a load balancer sends requests only then)',
        description:
          'While the database cannot be reached: HTTP 503 with code -500 and a message saying so; the same for the ' +
          'upload store (the S3 bucket, or the uploads folder).',
        security: [],
        response: { 200: Done },
      },
    },
    async (_request, reply) => {
      await app.db.execute(sql`select 1`)
      await fromStore(uploads.check())
      return reply.ok(null)
    },
  )

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}

export default metaRoutes
