// Deterministic demo data: the same seed gives the same people, products and batches.

/** mulberry32: a small seeded generator, so that every fresh database holds the same people. */
export function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('')
  return { next, int, pick, digits }
}

export type Random = ReturnType<typeof random>
