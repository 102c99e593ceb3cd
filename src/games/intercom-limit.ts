/**
 * Reactions per player (docs/server.md "Intercom"): at most `limit` in any window of `windowMs`
 * that starts at the player's first reaction in it. In memory, per process.
 */
import type { Clock } from '../clock.ts'

export function createIntercomLimiter(options: { limit: number; windowMs: number; clock: Clock }) {
  const { limit, windowMs, clock } = options
  const windows = new Map<string, { start: number; used: number }>()
  return {
    /** Counts one reaction of `uid`; false when that would pass the limit. */
    take(uid: string): boolean {
      const now = clock()
      // Expired windows go on the way, so the map holds only players who reacted lately.
      if (windows.size > 1000)
        for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key)
      const w = windows.get(uid)
      if (!w || now - w.start >= windowMs) {
        windows.set(uid, { start: now, used: 1 })
        return true
      }
      if (w.used >= limit) return false
      w.used++
      return true
    },
  }
}
