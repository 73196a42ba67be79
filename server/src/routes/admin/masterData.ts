import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Done, IdBody, Saved } from '@yuezi/contract/api/common'
import { MasterInfo, MasterList, MasterListBody, masterSaveBody } from '@yuezi/contract/api/masterData'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { actorOf } from '../../actor.js'
import { deleteEntry, entryInfo, listEntries, retireEntry, saveEntry } from '../../services/masterData.js'

export interface MasterDataRoutesOptions {
  /** The list this prefix administers. */
  kind: MasterKind
}

/**
 * One of the centre's lists (rooms, departments, gift types, products, packages), for those who
 * administer the site: the same routes for every kind.
 */
const masterDataRoutes: FastifyPluginAsyncTypebox<MasterDataRoutesOptions> = async (app, { kind }) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.administer)

  app.post(
    '/list',
    {
      schema: {
        summary: `The site's ${kind}, in use or retired, matching the keyword`,
        body: MasterListBody,
        response: { 200: MasterList },
      },
    },
    async (request, reply) =>
      reply.ok(await listEntries(app.db, kind, request.session.siteId, request.body, request.lang)),
  )

  app.post(
    '/info',
    {
      schema: {
        summary: `One of the site's ${kind}, as its form's values`,
        body: IdBody,
        response: { 200: MasterInfo },
      },
    },
    async (request, reply) => reply.ok(await entryInfo(app.db, kind, request.session.siteId, request.body.id)),
  )

  app.post(
    '/save',
    {
      schema: {
        summary: `Adds one of the site's ${kind}, or changes the one \`id\``,
        body: masterSaveBody(kind),
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { id, ...data } = request.body
      return reply.ok({ id: await saveEntry(app.db, kind, actorOf(request), { id, data }) })
    },
  )

  app.post(
    '/delete',
    {
      schema: {
        summary: `Deletes one of the site's ${kind} that no record refers to (else -8: retire it instead)`,
        body: IdBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await deleteEntry(app.db, kind, actorOf(request), request.body.id)
      return reply.ok(null)
    },
  )

  for (const [path, retire] of [
    ['/retire', true],
    ['/restore', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          summary: retire
            ? `Takes one of the site's ${kind} out of use: no longer offered for new records`
            : `Puts one of the site's retired ${kind} back into use`,
          body: IdBody,
          response: { 200: Done },
        },
      },
      async (request, reply) => {
        await retireEntry(app.db, kind, actorOf(request), request.body.id, retire)
        return reply.ok(null)
      },
    )
  }
}

export default masterDataRoutes
