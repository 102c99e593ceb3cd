/**
 * Who plays whom in the arena (RULES §9): players of one queue (language + time mode) are paired
 * nearest in rating first; how far apart two may be grows with the time they have waited.
 * Pure: the caller brings the queue and the time.
 */

/** The rating window: ±BASE points at once, WIDEN more per second waited, anyone after ANYONE_AFTER_MS. */
export const ARENA_WINDOW = {
  base: 100,
  widenPerSec: 20,
  anyoneAfterMs: 45_000,
} as const

export interface Waiting {
  id: string
  rating: number
  /** When the player joined the queue. */
  since: number
}

/** How far (in rating points) a player who has waited `waitedMs` accepts an opponent. */
export function ratingWindow(waitedMs: number): number {
  const waited = Math.max(0, waitedMs)
  if (waited >= ARENA_WINDOW.anyoneAfterMs) return Number.POSITIVE_INFINITY
  return ARENA_WINDOW.base + (ARENA_WINDOW.widenPerSec * waited) / 1000
}

/**
 * Pairs of one queue: repeatedly the two players nearest in rating whose gap the longer waiter's
 * window accepts (the one who waited longer is the more patient one to widen). Ties go to the pair
 * that waited longer. Every player appears in at most one pair; the first of a pair waited longer.
 */
export function pairQueue<T extends Waiting>(queue: readonly T[], now: number): [T, T][] {
  // The nearest in rating is always a neighbour in rating order: only neighbours are candidates.
  let rest = [...queue].sort((a, b) => a.rating - b.rating || a.since - b.since || cmp(a.id, b.id))
  const pairs: [T, T][] = []
  for (;;) {
    let best = -1
    let bestGap = Number.POSITIVE_INFINITY
    let bestSince = Number.POSITIVE_INFINITY
    for (let i = 0; i + 1 < rest.length; i++) {
      const a = rest[i]
      const b = rest[i + 1]
      const gap = b.rating - a.rating
      const older = Math.min(a.since, b.since)
      if (gap > ratingWindow(now - older)) continue
      if (gap < bestGap || (gap === bestGap && older < bestSince)) {
        best = i
        bestGap = gap
        bestSince = older
      }
    }
    if (best < 0) return pairs
    const a = rest[best]
    const b = rest[best + 1]
    pairs.push(a.since <= b.since ? [a, b] : [b, a])
    rest = rest.slice(0, best).concat(rest.slice(best + 2))
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
