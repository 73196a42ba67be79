import type { ChangeListener } from '../db/index.js'
import { hashToken, type Session } from '../repositories/sessions.js'

/** Enough for the staff of several centres, each on a phone and a desk; past it the oldest go. */
const MAX_SESSIONS = 5_000

/** Which field of a kept session a change names ('s:<session id>', 'a:<account id>', 't:<site id>'). */
const CHANGED_FIELD = { s: 'id', a: 'accountId', t: 'siteId' } as const

/** What a change can name of a kept value: a session's id, its account, its site. */
type Named = Partial<Record<(typeof CHANGED_FIELD)[keyof typeof CHANGED_FIELD], number>>

/**
 * The sessions this instance has read, kept by their token's hash for `ttlMs` so that a request
 * need not ask the database who is calling. It stays exact: it keeps nothing while it does not hear
 * every change (it is a ChangeListener of the database), every change drops what it touches, and
 * a reading that began before a change is answered but not kept (it may hold the row as it was).
 * The caller still checks each session's expiry. It keeps an account's standing in a site alike
 * (a signed link's account, by `<account id>:<site id>`, `keyOf` then keeping the key as it is).
 */
export class SessionCache<Kept extends Named = Session> implements ChangeListener {
  /** Oldest first: a Map keeps the order entries were set in. */
  private readonly kept = new Map<string, { session: Kept; readAt: number }>()
  /** Counts changes and listening states: a reading that saw it move may be stale. */
  private generation = 0
  private hearing = false

  constructor(
    private readonly read: (token: string) => Promise<Kept | undefined>,
    private readonly ttlMs: number,
    private readonly maxSessions = MAX_SESSIONS,
    /** A token is kept by its hash: memory that leaks holds no token that signs in. */
    private readonly keyOf: (token: string) => string = hashToken,
  ) {}

  async find(token: string): Promise<Kept | undefined> {
    const key = this.keyOf(token)
    const entry = this.kept.get(key)
    if (entry && Date.now() - entry.readAt < this.ttlMs) return entry.session
    this.kept.delete(key)
    const generation = this.generation
    const readAt = Date.now()
    const session = await this.read(token)
    if (session && this.hearing && generation === this.generation) {
      this.kept.set(key, { session, readAt })
      if (this.kept.size > this.maxSessions) this.kept.delete(this.kept.keys().next().value!)
    }
    return session
  }

  changed(change: string): void {
    this.generation += 1
    const [kind, id] = change.split(':')
    const field = CHANGED_FIELD[kind as keyof typeof CHANGED_FIELD]
    if (!field) {
      this.kept.clear()
      return
    }
    for (const [key, { session }] of this.kept) {
      if (session[field] === Number(id)) this.kept.delete(key)
    }
  }

  listening(on: boolean): void {
    this.generation += 1
    this.hearing = on
    if (!on) this.kept.clear()
  }
}
