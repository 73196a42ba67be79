import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sessionActorOf } from '../../actor.js'
import { Code } from '../../errors.js'
import { centreDayRange, centreToday } from '../../lib/dates.js'
import {
  ChangePasswordBody,
  DeviceList,
  HomeBody,
  HomeReply,
  InfoBody,
  LoginBody,
  LoginReply,
  SignOutDevicesBody,
  SignOutDevicesReply,
  SiteList,
  UserInfo,
} from '@yuezi/contract/api/account'
import { Done, Envelope, NoBody } from '@yuezi/contract/api/common'
import {
  changePassword,
  listAccountSites,
  listDevices,
  login,
  logout,
  sessionClientOf,
  signOutDevices,
  switchSite,
  userInfo,
  type LoginLimit,
} from '../../services/auth.js'
import { homeCounts } from '../../services/home.js'

export interface AccountRoutesOptions {
  sessionTtlHours: number
  sessionIdleMinutes: number
  loginLimit: LoginLimit
  /** Hours a one-time password signs in and may be changed for (ONE_TIME_PASSWORD_HOURS). */
  oneTimePasswordHours: number
}

/** Logging in and out, the account and its sites, the home page's counts. */
const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/login_old',
    {
      schema: {
        summary: 'Log in with account and password',
        description:
          'A one-time password (made by setup, for a new account, by a reset or an import) must be changed ' +
          'at once (-90004, with the token for change_pwd); past ONE_TIME_PASSWORD_HOURS after it was made ' +
          'it is refused (-4), and the message tells her to ask an administrator for a new one.',
        security: [],
        body: LoginBody,
        response: { 200: LoginReply },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const { account, password, site_id } = request.body
      const { token, session } = await login(app.db, {
        account,
        password,
        siteId: site_id,
        ttlHours: options.sessionTtlHours,
        client: sessionClientOf(request.headers.client),
        httpRequestId: request.id,
        address: request.ip,
        limit: options.loginLimit,
        oneTimePasswordHours: options.oneTimePasswordHours,
      })
      const res = { token, userInfo: userInfo(session) }
      // The session exists either way: the app needs its token to call change_pwd.
      if (session.mustChangePassword) {
        return { code: Code.MUST_CHANGE_PASSWORD, msg: request.t('auth.mustChangePassword'), res }
      }
      return reply.ok(res)
    },
  )

  app.post(
    '/logout',
    {
      schema: { summary: 'End the current session', body: NoBody, response: { 200: Done } },
      config: { allowedBeforePasswordChange: true },
    },
    async (request, reply) => {
      await logout(app.db, sessionActorOf(request))
      await app.sessionsChanged(`s:${request.session.id}`)
      return reply.ok(null)
    },
  )

  app.post(
    '/info',
    {
      schema: {
        summary: 'The logged-in account; with site_id, switch the session to that site first',
        body: InfoBody,
        response: { 200: Envelope(UserInfo) },
      },
    },
    async (request, reply) => {
      const { site_id } = request.body
      const { session } = request
      const token = request.headers.token as string
      const current =
        site_id === undefined ? session : await switchSite(app.db, sessionActorOf(request), token, site_id)
      if (current.siteId !== session.siteId) await app.sessionsChanged(`s:${session.id}`)
      return reply.ok(userInfo(current))
    },
  )

  app.post(
    '/index',
    {
      schema: {
        summary: "Home summary: the site's records and stock orders of a day (default the site's today) per form name",
        body: HomeBody,
        response: { 200: HomeReply },
      },
    },
    async (request, reply) => {
      const date = request.body.date ?? centreToday(request.session)
      const [from, to] = centreDayRange(request.session, date)
      return reply.ok({ date, counts: await homeCounts(app.db, request.session.siteId, from, to) })
    },
  )

  app.post(
    '/change_pwd',
    {
      schema: {
        summary: "Change the password; the account's other sessions end",
        body: ChangePasswordBody,
        response: { 200: Done },
      },
      config: { allowedBeforePasswordChange: true },
    },
    async (request, reply) => {
      const { old_password, password } = request.body
      await changePassword(app.db, sessionActorOf(request), old_password, password, options.oneTimePasswordHours)
      await app.sessionsChanged(`a:${request.session.accountId}`)
      return reply.ok(null)
    },
  )

  app.post(
    '/siteList',
    {
      schema: {
        summary: 'The sites the account may use',
        body: NoBody,
        response: { 200: SiteList },
      },
    },
    async (request, reply) => reply.ok(await listAccountSites(app.db, request.session.accountId)),
  )

  app.post(
    '/sessions',
    {
      schema: {
        summary: 'The devices the account is signed in on (its live sessions), this one marked',
        body: NoBody,
        response: { 200: DeviceList },
      },
    },
    async (request, reply) => reply.ok(await listDevices(app.db, request.session, options.sessionIdleMinutes)),
  )

  app.post(
    '/sessions/end',
    {
      schema: {
        summary: 'Sign the account out on another of its devices (session_id), or on every other one',
        body: SignOutDevicesBody,
        response: { 200: SignOutDevicesReply },
      },
    },
    async (request, reply) => {
      const ended = await signOutDevices(app.db, sessionActorOf(request), request.body.session_id)
      if (ended.length) await app.sessionsChanged(`a:${request.session.accountId}`)
      return reply.ok({ ended: ended.length })
    },
  )
}

export default accountRoutes
