import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, Code } from '../errors.js'
import { SessionCache } from '../lib/sessionCache.js'
import { findMember, findSession, markSessionSeen, type Member, type Session } from '../repositories/sessions.js'

/** A right of an account in a site that a signed link may need besides being there. */
export type SiteRight = 'canApprove' | 'canAdminister'

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the route needs a logged-in staff member (the `token` header) unless it is `public`. */
    authenticate(request: FastifyRequest): Promise<void>
    /**
     * A route ended or moved sessions ('s:<session id>', 'a:<account id>') or changed a site
     * ('t:<site id>'), committed: they are
     * dropped here at once, and this resolves once every other instance has dropped them too (so
     * the reply comes after).
     */
    sessionsChanged(change: `s:${number}` | `a:${number}` | `t:${number}`): Promise<void>
    /** onRequest hook after `authenticate`: the caller administers the site she works in (-5 otherwise). */
    administer(request: FastifyRequest): Promise<void>
    /**
     * Whether the account a signed link was made for may still open it: not ended, still in the
     * link's site, and holding `right` there when the link needed one. Kept as sessions are, and
     * dropped by the same changes: a disabled account's links stop with her sessions.
     */
    linkHolderMay(link: { accountId: number; siteId: number }, right?: SiteRight): Promise<boolean>
  }
  interface FastifyRequest {
    /** The caller's session; set by `authenticate`, so present on every protected route. */
    session: Session
  }
  interface FastifyContextConfig {
    /** Open without a session (login). */
    public?: boolean
    /** Still allowed while the account must change its password (change_pwd itself, logout). */
    allowedBeforePasswordChange?: boolean
  }
}

export interface AuthPluginOptions {
  /** How long a session read from the database is answered from memory (0: never). */
  sessionCacheSeconds: number
  /** A session not used for this long signs nobody in. */
  sessionIdleMinutes: number
}

/** How stale a session's recorded last use may get: a busy session writes it this seldom, not per request. */
const SEEN_STEP_MS = 60_000

export default fp<AuthPluginOptions>(
  async (app, { sessionCacheSeconds, sessionIdleMinutes }) => {
    // Who is calling is read once and kept while the database tells this instance of every change
    // of sessions, accounts and sites (their triggers notify): a logout, a password change or a
    // site switch on any instance, or a change made by hand, drops what it touches here at once.
    // Such a reply waits until every instance has dropped the session: the client's next request,
    // wherever it goes, finds it ended or moved.
    const cache = new SessionCache((token) => findSession(app.db, token), sessionCacheSeconds * 1000)
    // The accounts of signed links alike: each photo of a page opens one, and asks this.
    const members = new SessionCache<Member>(
      (key) => {
        const [accountId, siteId] = key.split(':').map(Number)
        return findMember(app.db, accountId, siteId)
      },
      sessionCacheSeconds * 1000,
      undefined,
      (key) => key,
    )
    if (sessionCacheSeconds > 0) {
      const stops = [app.onDatabaseChange(cache), app.onDatabaseChange(members)]
      app.addHook('onClose', async () => stops.forEach((stop) => stop()))
    }
    app.decorate('sessionsChanged', async (change: string) => {
      cache.changed(change)
      members.changed(change)
      await app.changesHeardEverywhere()
    })
    app.decorate('linkHolderMay', async (link: { accountId: number; siteId: number }, right?: SiteRight) => {
      const member = await members.find(`${link.accountId}:${link.siteId}`)
      return member !== undefined && (right === undefined || member[right])
    })
    app.decorateRequest('session', null as unknown as Session)
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.routeOptions.config.public) return
      const token = request.headers.token
      const session = typeof token === 'string' && token ? await cache.find(token) : undefined
      if (!session) throw new AppError(Code.TOKEN_MISSING, 'auth.loginRequired')
      const now = new Date()
      const idleMs = now.getTime() - session.lastSeenAt.getTime()
      if (session.expiresAt <= now || idleMs >= sessionIdleMinutes * 60_000) {
        throw new AppError(Code.TOKEN_EXPIRED, 'auth.expired')
      }
      if (idleMs >= SEEN_STEP_MS) {
        await markSessionSeen(app.db, session.id, now)
        // The kept copy is this object: this instance writes again only a step later. Other
        // instances are not told (see the sessions trigger); each records its own requests alike.
        session.lastSeenAt = now
      }
      if (session.mustChangePassword && !request.routeOptions.config.allowedBeforePasswordChange) {
        throw new AppError(Code.MUST_CHANGE_PASSWORD, 'auth.mustChangePassword')
      }
      request.session = session
    })
    app.decorate('administer', async (request: FastifyRequest) => {
      if (!request.session.canAdminister) throw new AppError(Code.FORBIDDEN, 'admin.notAllowed')
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
