import { WrittenJson } from './writtenJson.js'

/** What a kept reply was built under: a version the database counts, and whatever else it depends on. */
export interface Stamp {
  version: number
}

interface Kept<S extends Stamp> {
  /** When it was built (ms). */
  at: number
  stamp: S
  reply: WrittenJson
}

/**
 * Off (KEPT_REPLIES=off), every reply is built afresh as if none were kept: what the bench's kept
 * section measures a kept reply against.
 */
const KEEPING = process.env.KEPT_REPLIES !== 'off'

/** Two stamps alike in every value: the default test of a kept reply. */
const alike = (kept: Stamp, now: Stamp) =>
  Object.keys(now).every((key) => kept[key as keyof Stamp] === now[key as keyof Stamp])

/**
 * The replies an instance keeps in its memory, by key, each with the stamp it was built under, and
 * answered again while the stamp read now is the same. The one rule: the stamp's version is read
 * before the reply is built, so a change committed meanwhile makes a kept reply newer than its
 * stamp, never older; a reply built under an older version does not replace a newer one.
 */
export class KeptReplies<S extends Stamp> {
  private readonly kept = new Map<string, Kept<S>>()

  constructor(
    private readonly options: {
      /** How many replies at most: the oldest built goes first. */
      most: number
      /** How long one is answered at most (ms), whatever its stamp says. */
      keptFor?: number
      /** Whether a kept stamp still holds now (default: every value of `now` the same). */
      same?: (kept: S, now: S) => boolean
    },
  ) {}

  /** The stamp of the reply kept under `key`, if any (what a new stamp's read may need of it). */
  stampOf(key: string): S | undefined {
    this.dropExpired()
    return this.kept.get(key)?.stamp
  }

  /** The reply kept under `key` when its stamp holds `now`. */
  find(key: string, now: S): WrittenJson | undefined {
    this.dropExpired()
    const entry = this.kept.get(key)
    return KEEPING && entry && (this.options.same ?? alike)(entry.stamp, now) ? entry.reply : undefined
  }

  /** Keeps `value` written as JSON under `key` and `stamp`, unless a newer version is kept; answers it. */
  keep(key: string, stamp: S, value: unknown): WrittenJson {
    const reply = new WrittenJson(JSON.stringify(value))
    const latest = this.kept.get(key)
    if (!latest || latest.stamp.version <= stamp.version) {
      // Put back last: the map's order is the order they were built in.
      this.kept.delete(key)
      this.kept.set(key, { at: Date.now(), stamp, reply })
      if (this.kept.size > this.options.most) this.kept.delete(this.kept.keys().next().value!)
    }
    return reply
  }

  /** The reply kept under `key` if `now` holds, else `build()`'s, kept. */
  async answer(key: string, now: S, build: () => Promise<unknown>): Promise<WrittenJson> {
    return this.find(key, now) ?? this.keep(key, now, await build())
  }

  private dropExpired() {
    if (this.options.keptFor === undefined) return
    const oldest = Date.now() - this.options.keptFor
    for (const [key, entry] of this.kept) {
      if (entry.at >= oldest) return
      this.kept.delete(key)
    }
  }
}
