import type { Clock } from '../clock.ts'

/** Fixed-window counter per key, in memory. `take` answers whether the key is still within its limit. */
export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }) {
  const { limit, windowMs, clock } = options
  let windowStart = clock()
  let counts = new Map<string, number>()
  return {
    take(key: string): boolean {
      const now = clock()
      // One map per window: old keys go with it, so the map never grows without bound.
      if (now - windowStart >= windowMs) {
        windowStart = now
        counts = new Map()
      }
      const used = counts.get(key) ?? 0
      if (used >= limit) return false
      counts.set(key, used + 1)
      return true
    },
  }
}
