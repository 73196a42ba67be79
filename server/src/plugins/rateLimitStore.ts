import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Db } from '../db/types.js'
import { countAttempt } from '../repositories/rateLimits.js'

/** Counts in the database (rate_limits), each limited route under its own name. */
class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: () => Db,
    private readonly route: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    countAttempt(this.db(), `${this.route}\n${key}`, timeWindow).then(
      ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
      (error: Error) => callback(error),
    )
  }

  child(options: object) {
    // At run time the route's settings carry the route itself.
    const { routeInfo } = options as { routeInfo: { method: string; url: string } }
    return new DatabaseRateLimitStore(this.db, `${routeInfo.method} ${routeInfo.url}`)
  }
}

/**
 * The store of @fastify/rate-limit for instances that share one database: a limit holds across
 * all of them and through restarts. `db` is read at each attempt: the database opens after the plugin.
 */
export const databaseRateLimitStore = (db: () => Db): FastifyRateLimitStoreCtor =>
  class extends DatabaseRateLimitStore {
    constructor() {
      super(db, '')
    }
  }
