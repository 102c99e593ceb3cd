/**
 * Wrong guesses at joining (a code or secret that finds no room, nor a game to watch) are limited
 * per user, so that a private room's secret cannot be found by sweeping a word list: beyond
 * JOIN_MISSES per JOIN_WINDOW_MS every join of that user answers 429 until the window ends.
 * In memory (one process per database); the per-address limit of the route is the HTTP layer's.
 */
import type { Clock } from '../clock.ts'
import { type Refusal, refuse } from '../refusal.ts'

export const JOIN_MISSES = 5
export const JOIN_WINDOW_MS = 60_000

/** RATE_LIMITED (429 over HTTP, with `retryAfterSec` as the Retry-After header). */
export const joinLimited = (retryAfterSec: number): Refusal =>
  refuse('RATE_LIMITED', `Too many rooms not found: try again in ${retryAfterSec} s`, retryAfterSec)

export function createJoinLimit(clock: Clock) {
  const misses = new Map<string, { count: number; since: number }>()
  const current = (uid: string, now: number) => {
    const entry = misses.get(uid)
    if (entry && now - entry.since >= JOIN_WINDOW_MS) {
      misses.delete(uid)
      return undefined
    }
    return entry
  }
  return {
    /** Milliseconds until this user may try again; 0 when they may now. */
    waitFor(uid: string): number {
      const now = clock()
      const entry = current(uid, now)
      return entry && entry.count >= JOIN_MISSES ? entry.since + JOIN_WINDOW_MS - now : 0
    },
    /** Counts a join that found nothing. */
    miss(uid: string): void {
      const now = clock()
      const entry = current(uid, now)
      if (entry) entry.count++
      else misses.set(uid, { count: 1, since: now })
    },
    /** Forgets windows that ended (the room sweep calls this), so the map stays small. */
    prune(): void {
      const now = clock()
      for (const [uid, entry] of misses) if (now - entry.since >= JOIN_WINDOW_MS) misses.delete(uid)
    },
  }
}
