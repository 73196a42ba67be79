import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { siteDayRange, siteToday, siteUtcOffset } from '../../lib/dates.js';
import { hashPassword, newPasswordProblem, verifyPassword } from '../../lib/password.js';
import * as accounts from '../../repositories/accounts.js';
import { countByName } from '../../repositories/formRecords.js';
import { countOutApplies } from '../../repositories/outApplies.js';
import { countSpecialCares } from '../../repositories/specialCares.js';
import * as sessions from '../../repositories/sessions.js';
import { Envelope, Id, NoBody } from '../schemas.js';

const UserInfo = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  site_id: Type.Integer(),
  site_name: Type.String(),
  must_change_password: Type.Boolean(),
  /** May approve / reject / reverse stock orders. */
  can_approve: Type.Boolean(),
  /** The site's IANA zone: the app counts the centre's days in it, whatever the device's zone. */
  time_zone: Type.String(),
  /** The zone's offset from UTC now (minutes east), for a client that cannot convert zones itself. */
  utc_offset: Type.Integer(),
});

const userInfo = (session: sessions.Session) => ({
  id: session.accountId,
  account: session.account,
  name: session.name,
  site_id: session.siteId,
  site_name: session.siteName,
  must_change_password: session.mustChangePassword,
  can_approve: session.canApprove,
  time_zone: session.timeZone,
  utc_offset: siteUtcOffset(session),
});

// Passwords are capped so that nobody can make the server hash megabytes.
const Password = Type.String({ minLength: 1, maxLength: 128 });

export interface AccountRoutesOptions {
  sessionTtlHours: number;
  loginRateMax: number;
  loginRateWindowMs: number;
}

const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/login_old',
    {
      schema: {
        summary: 'Log in with account and password',
        security: [],
        body: Type.Object({
          account: Type.String({ minLength: 1, maxLength: 64 }),
          password: Password,
          site_id: Type.Optional(Id),
        }),
        response: { 200: Envelope(Type.Object({ token: Type.String(), userInfo: UserInfo })) },
      },
      config: {
        public: true,
        rateLimit: {
          max: options.loginRateMax,
          timeWindow: options.loginRateWindowMs,
          // After validation, so that the key can use the account: guessing one account's password
          // is slowed down without locking out the centre's other staff, who share its address.
          hook: 'preHandler',
          keyGenerator: (request) => `${(request.body as { account: string }).account.trim()}\n${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new AppError(Code.TOO_MANY_ATTEMPTS, 'auth.tooManyAttempts', { minutes: Math.ceil(context.ttl / 60_000) }, 200, {
              retry_after: Math.ceil(context.ttl / 1000),
            }),
        },
      },
    },
    async (request, reply) => {
      const { account, password, site_id } = request.body;
      // Phone keyboards add spaces after a word.
      const found = await accounts.findAccount(app.db, account.trim());
      // The password is checked even when there is no such account: see verifyPassword.
      if (!(await verifyPassword(found?.passwordHash, password)) || !found) {
        throw new AppError(Code.BAD_CREDENTIALS, 'auth.badCredentials');
      }
      const siteId = site_id ?? found.defaultSiteId;
      if (!(await accounts.mayUseSite(app.db, found.id, siteId))) throw new AppError(Code.FORBIDDEN, 'site.forbidden');
      const token = await sessions.createSession(app.db, { accountId: found.id, siteId, ttlHours: options.sessionTtlHours });
      const session = (await sessions.findSession(app.db, token))!;
      const res = { token, userInfo: userInfo(session) };
      // The session exists either way: the app needs its token to call change_pwd.
      if (session.mustChangePassword) {
        return { code: Code.MUST_CHANGE_PASSWORD, msg: request.t('auth.mustChangePassword'), res };
      }
      return reply.ok(res);
    },
  );

  app.post(
    '/logout',
    {
      schema: { summary: 'End the current session', body: NoBody, response: { 200: Envelope(Type.Null()) } },
      config: { allowedBeforePasswordChange: true },
    },
    async (request, reply) => {
      await sessions.revokeSession(app.db, request.session);
      return reply.ok(null);
    },
  );

  app.post(
    '/info',
    {
      schema: {
        summary: 'The logged-in account; with site_id, switch the session to that site first',
        body: Type.Object({ site_id: Type.Optional(Id) }),
        response: { 200: Envelope(UserInfo) },
      },
    },
    async (request, reply) => {
      const { site_id } = request.body;
      const { session } = request;
      if (site_id === undefined || site_id === session.siteId) return reply.ok(userInfo(session));
      if (!(await accounts.mayUseSite(app.db, session.accountId, site_id))) {
        throw new AppError(Code.FORBIDDEN, 'site.forbidden');
      }
      await sessions.setSessionSite(app.db, session, site_id);
      const switched = (await sessions.findSession(app.db, request.headers.token as string))!;
      return reply.ok(userInfo(switched));
    },
  );

  app.post(
    '/index',
    {
      schema: {
        summary: "Home summary: the site's records and stock orders of a day (default the site's today) per form name",
        body: Type.Object({ date: Type.Optional(Type.String({ format: 'date' })) }),
        response: {
          200: Envelope(Type.Object({ date: Type.String(), counts: Type.Record(Type.String(), Type.Integer()) })),
        },
      },
    },
    async (request, reply) => {
      const date = request.body.date ?? siteToday(request.session);
      const [from, to] = siteDayRange(request.session, date);
      const { siteId } = request.session;
      const [records, outbound, selfPaid] = await Promise.all([
        countByName(app.db, siteId, from, to),
        countOutApplies(app.db, siteId, from, to),
        countSpecialCares(app.db, siteId, from, to),
      ]);
      return reply.ok({ date, counts: { ...records, ...outbound, ...selfPaid } });
    },
  );

  app.post(
    '/change_pwd',
    {
      schema: {
        summary: "Change the password; the account's other sessions end",
        body: Type.Object({ old_password: Password, password: Password }),
        response: { 200: Envelope(Type.Null()) },
      },
      config: { allowedBeforePasswordChange: true },
    },
    async (request, reply) => {
      const { old_password, password } = request.body;
      const { session } = request;
      if (!(await verifyPassword(await accounts.getPasswordHash(app.db, session.accountId), old_password))) {
        throw new AppError(Code.BAD_CREDENTIALS, 'password.oldWrong');
      }
      const problem = newPasswordProblem(password, old_password, session.account);
      if (problem) throw new AppError(Code.INVALID_INPUT, problem);
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        await accounts.setPassword(tx, session, passwordHash);
        await sessions.revokeOtherSessions(tx, session.accountId, session.id);
      });
      return reply.ok(null);
    },
  );

  app.post(
    '/siteList',
    {
      schema: {
        summary: 'The sites the account may use',
        body: NoBody,
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))) },
      },
    },
    async (request, reply) => reply.ok(await accounts.listAccountSites(app.db, request.session.accountId)),
  );
};

export default accountRoutes;
