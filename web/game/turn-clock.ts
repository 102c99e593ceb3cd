/**
 * The clock of the running turn as the player sees it (RULES §7): in blitz modes a turn ends at the
 * turn limit or when the bank runs out, whichever comes first; classic modes have no turn limit.
 */
import { type GameView, liveTimeleft, type Side, TIME_MODE_CONFIG, TIMING } from '../../engine/index.ts'

/** Seconds of the turn's last stretch that warn (sound and colour). */
export const WARN_SECONDS = 10

export interface TurnClock {
  side: Side
  /** Seconds left of this turn (never below 0). */
  left: number
  /** The turn limit in seconds. */
  limit: number
  warn: boolean
  up: boolean
  /** How many more forfeits in a row would lose the game (3 minus those in a row so far). */
  skipsLeft: number
}

/** The running blitz turn, or null (classic, or nobody to move). */
export function turnClockOf(game: GameView, now: number): TurnClock | null {
  const limit = TIME_MODE_CONFIG[game.options.timeMode].turnLimit
  const side = game.turnAvailable
  if (limit <= 0 || game.state !== 'active' || side === null || game.turnStartedAt === null) return null
  const elapsed = Math.max(0, now - game.turnStartedAt) / 1000
  const left = Math.max(0, Math.min(limit - elapsed, liveTimeleft(game, side, now)))
  return {
    side,
    left,
    limit,
    warn: left <= WARN_SECONDS,
    up: left <= 0,
    skipsLeft: skipsLeftOf(game, side),
  }
}

/** Whether two clocks show the same (their every field equal). */
export function sameTurnClock(a: TurnClock | null, b: TurnClock | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.side === b.side &&
    a.left === b.left &&
    a.limit === b.limit &&
    a.warn === b.warn &&
    a.up === b.up &&
    a.skipsLeft === b.skipsLeft
  )
}

/** How many more forfeits in a row would lose: 3 in a row lose, so 2 after the first. */
export function skipsLeftOf(game: GameView, side: Side): number {
  return Math.max(0, TIMING.maxSkipsInARow - game.players[side].skips)
}
