import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../actor.js'
import { Done, NoBody } from '@yuezi/contract/api/common'
import { IntegrityStatus, SiteInfo, SiteSaveBody } from '@yuezi/contract/api/site'
import { getSite, saveSite } from '../../services/site.js'

/** The settings of the caller's site, for those who administer it (-5 otherwise). */
const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.administer)

  app.post(
    '/info',
    {
      schema: {
        summary: "The caller's site: its settings and current check-in rules",
        body: NoBody,
        response: { 200: SiteInfo },
      },
    },
    async (request, reply) => reply.ok(await getSite(app.db, request.session.siteId)),
  )

  app.post(
    '/save',
    {
      schema: {
        summary: "Changes the caller's site",
        description:
          'The body is the centre form (forms/definitions/admin.ts). Changed check-in rules are their next version: ' +
          'what mothers signed keeps the text they signed. A new time zone or place counts from the reply on.',
        body: SiteSaveBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await saveSite(app.db, actorOf(request), request.body)
      await app.sessionsChanged(`t:${request.session.siteId}`)
      return reply.ok(null)
    },
  )

  app.post(
    '/integrity',
    {
      schema: {
        summary: "The database's latest integrity check on this server",
        description:
          'Null before the first (daily, before each backup, npm run check). Damage is for the maintainer to act on.',
        body: NoBody,
        response: { 200: IntegrityStatus },
      },
    },
    async (_request, reply) => {
      const last = app.lastIntegrityCheck()
      if (!last) return reply.ok(null)
      const damaged = [...new Set(last.damage.map((damage) => damage.relation))]
      return reply.ok({ at: last.at, indexes: last.indexes, tables: last.tables, damaged })
    },
  )
}

export default siteRoutes
