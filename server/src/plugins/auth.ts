import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, Code } from '../errors.js';
import { findSession, type Session } from '../repositories/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the route needs a logged-in staff member (the `token` header) unless it is `public`. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The caller's session; set by `authenticate`, so present on every protected route. */
    session: Session;
  }
  interface FastifyContextConfig {
    /** Open without a session (login). */
    public?: boolean;
    /** Still allowed while the account must change its password (change_pwd itself, logout). */
    allowedBeforePasswordChange?: boolean;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('session', null as unknown as Session);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.routeOptions.config.public) return;
      const token = request.headers.token;
      const session = typeof token === 'string' && token ? await findSession(app.db, token) : undefined;
      if (!session) throw new AppError(Code.TOKEN_MISSING, 'auth.loginRequired');
      if (session.expiresAt <= new Date()) throw new AppError(Code.TOKEN_EXPIRED, 'auth.expired');
      if (session.mustChangePassword && !request.routeOptions.config.allowedBeforePasswordChange) {
        throw new AppError(Code.MUST_CHANGE_PASSWORD, 'auth.mustChangePassword');
      }
      request.session = session;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
