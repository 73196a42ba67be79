import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../actor.js'
import { AppError, Code } from '../../errors.js'
import { Done, IdBody, NoBody } from '@yuezi/contract/api/common'
import {
  AdminSites,
  StaffCreated,
  StaffInfo,
  StaffList,
  StaffListBody,
  StaffPassword,
  StaffSaveBody,
  StaffSaved,
} from '@yuezi/contract/api/staff'
import {
  administeredSites,
  disableStaff,
  enableStaff,
  getStaff,
  listStaff,
  resetStaffPassword,
  saveStaff,
} from '../../services/staff.js'

export interface StaffRoutesOptions {
  /** Resets one administrator may make in RESET_WINDOW_MS (RESET_PASSWORD_RATE_MAX). */
  resetRateMax: number
}

const RESET_WINDOW_MS = 15 * 60_000

/** The staff accounts of the caller's site, for those who administer it (-5 otherwise). */
const staffRoutes: FastifyPluginAsyncTypebox<StaffRoutesOptions> = async (app, { resetRateMax }) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.administer)

  app.post(
    '/list',
    {
      schema: {
        summary: "The accounts that have the caller's site, by name; keyword matches the name or the account name",
        description: 'Each with its sites and rights among the sites the caller administers.',
        body: StaffListBody,
        response: { 200: StaffList },
      },
    },
    async (request, reply) => reply.ok(await listStaff(app.db, actorOf(request), request.body)),
  )

  app.post(
    '/info',
    {
      schema: {
        summary: "One account of the caller's site (another site's is -2)",
        body: IdBody,
        response: { 200: StaffInfo },
      },
    },
    async (request, reply) => reply.ok(await getStaff(app.db, actorOf(request), request.body.id)),
  )

  app.post(
    '/sites',
    {
      schema: {
        summary: 'The sites the caller administers: those she may give',
        body: NoBody,
        response: { 200: AdminSites },
      },
    },
    async (request, reply) => reply.ok(await administeredSites(app.db, actorOf(request))),
  )

  app.post(
    '/save',
    {
      schema: {
        summary: 'Creates an account (answering its one-time password, shown once) or changes one',
        description:
          'The body is the staff form (forms/definitions/admin.ts). A new account must change its password at ' +
          'its first sign-in (-90004), within ONE_TIME_PASSWORD_HOURS. An update changes the name and the sites ' +
          "the caller administers; a site taken away ends the account's sessions there. Refused: a taken or badly formed account name, no site, " +
          'a site the caller does not administer (-5), a change that leaves a site without an administrator (-6).',
        body: StaffSaveBody,
        response: { 200: { anyOf: [StaffCreated, StaffSaved] } },
      },
    },
    async (request, reply) => {
      const saved = await saveStaff(app.db, actorOf(request), request.body)
      if (saved.password === undefined) {
        await app.sessionsChanged(`a:${saved.id}`)
        return reply.ok({ id: saved.id })
      }
      return reply.ok({ id: saved.id, password: saved.password })
    },
  )

  app.post(
    '/disable',
    {
      schema: {
        summary: 'Ends an account: it signs in no more and every session of it ends at once',
        description: "Not the caller's own, nor a site's last administrator (-6).",
        body: IdBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await disableStaff(app.db, actorOf(request), request.body.id)
      await app.sessionsChanged(`a:${request.body.id}`)
      return reply.ok(null)
    },
  )

  app.post(
    '/enable',
    {
      schema: { summary: 'Lets an ended account sign in again', body: IdBody, response: { 200: Done } },
    },
    async (request, reply) => {
      await enableStaff(app.db, actorOf(request), request.body.id)
      return reply.ok(null)
    },
  )

  app.post(
    '/resetPassword',
    {
      config: {
        // Per administrator, after her session is checked: a stolen session cannot reset every account at once.
        rateLimit: {
          max: resetRateMax,
          timeWindow: RESET_WINDOW_MS,
          keyGenerator: (request) => `account ${request.session.accountId}`,
          errorResponseBuilder: (_request, context) =>
            new AppError(
              Code.TOO_MANY_ATTEMPTS,
              'staff.tooManyResets',
              { minutes: Math.ceil(context.ttl / 60_000) },
              200,
              { retry_after: Math.ceil(context.ttl / 1000) },
            ),
        },
      },
      schema: {
        summary: 'Gives an account a new one-time password (shown once), to be changed at its next sign-in',
        description:
          "Every session of the account ends. Not the caller's own (she changes hers herself). The password " +
          'signs in for ONE_TIME_PASSWORD_HOURS. Past RESET_PASSWORD_RATE_MAX resets in 15 minutes by one ' +
          'administrator, -3 with `res: {retry_after}` (seconds).',
        body: IdBody,
        response: { 200: StaffPassword },
      },
    },
    async (request, reply) => {
      const password = await resetStaffPassword(app.db, actorOf(request), request.body.id)
      await app.sessionsChanged(`a:${request.body.id}`)
      return reply.ok({ password })
    },
  )
}

export default staffRoutes
