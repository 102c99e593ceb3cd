/**
 * The daily challenge (RULES §9), pure: the UTC day and its keys, an attempt's figures, and the
 * ranking of attempts (the day's board and secret word need the solver: daily-board.ts). The
 * server stores what these compute and never decides a rule itself.
 */
import { DAILY, DEFAULT_OPTIONS } from './config.ts'
import { seedFromString } from './rng.ts'
import type { AiLevel, Game, GameOptions, HistoryEvent, Lang, Side, TimeMode } from './types.ts'

export type DailyKey = (typeof DAILY.keys)[number]

export const DAY_MS = 86_400_000

/** How each daily is played: daily-0 ordinary (medium computer, classic clock), daily-1 hardcore (very hard, blitz). */
export const DAILY_SETUP: Record<DailyKey, { level: AiLevel; timeMode: TimeMode }> = {
  'daily-0': { level: DAILY.levels[0], timeMode: 'classic' },
  'daily-1': { level: DAILY.levels[1], timeMode: 'blitz' },
}

/** Players listed in a daily's rating (the top list of GET /api/dailies and daily/update). */
export const DAILY_TOP = 20

/** The secret word is drawn among the board's words of these lengths (shorter ones only when none). */
export const SECRET_LENGTH = { min: 4, max: 6 } as const

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** The UTC day of a moment, `YYYY-MM-DD`. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}

/** A well-formed `YYYY-MM-DD` that names a real day. */
export function isDay(text: string): boolean {
  const m = DAY_PATTERN.exec(text)
  return m !== null && utcDay(Date.UTC(+m[1], +m[2] - 1, +m[3])) === text
}

/** 00:00 UTC of the day (ms). */
export function dayStart(day: string): number {
  const m = DAY_PATTERN.exec(day)
  if (!m) throw new Error(`not a day: ${day}`)
  return Date.UTC(+m[1], +m[2] - 1, +m[3])
}

/** 00:00 UTC of the next day: the moment the day's results become final. */
export function dayEnd(day: string): number {
  return dayStart(day) + DAY_MS
}

/** A daily's id: readable, one per day, language and key (e.g. `2025-06-01-en-daily-0`). */
export function dailyId(day: string, lang: Lang, key: DailyKey): string {
  return `${day}-${lang}-${key}`
}

/**
 * An unkeyed seed from a daily's public label (tests and tools): anyone can compute it, so the
 * server does not draw dailies from it but from seeds keyed with its secret (src/dailies/seed.ts).
 */
export function dailySeed(day: string, lang: Lang, key: DailyKey): number {
  return seedFromString(`daily:${day}:${lang}:${key}`)
}

/** The options of an attempt: the defaults with the daily's clock (hints still follow the player's level). */
export function dailyOptions(key: DailyKey, timeMode: TimeMode = DAILY_SETUP[key].timeMode): GameOptions {
  return { ...DEFAULT_OPTIONS, timeMode }
}

/** The `dailySecret` event when `events` hold a turn of `side` that played the secret word. */
export function secretEvents(
  events: readonly HistoryEvent[],
  secret: string | null,
  side: Side,
): HistoryEvent[] {
  if (!secret) return []
  const found = events.some((e) => e.type === 'turn' && e.side === side && e.word === secret)
  return found ? [{ type: 'dailySecret', word: secret }] : []
}

/** What ranks an attempt (RULES §9). */
export interface AttemptFigures {
  won: boolean
  /** The player's own turns (words played). */
  turns: number
  /** From the start of play to the end, ms. */
  timeMs: number
  /** The player's points at the end. */
  score: number
  finishedAt: number
}

/**
 * The figures of a finished attempt for the player's `side`, or null when it does not count: not
 * over (expired), or never started.
 */
export function attemptOf(game: Game, side: Side): AttemptFigures | null {
  if (game.state !== 'over' || game.startedAt === null || game.finishedAt === null) return null
  return {
    won: game.winner === side,
    turns: game.stats[side].turns,
    timeMs: Math.max(0, game.finishedAt - game.startedAt),
    score: game.players[side].score,
    finishedAt: game.finishedAt,
  }
}

/**
 * RULES §9, in order: a win beats a loss, then fewer turns, then less time, then more points.
 * Attempts equal on all four: the earlier one first. Negative when `a` ranks above `b`.
 */
export function compareAttempts(a: AttemptFigures, b: AttemptFigures): number {
  if (a.won !== b.won) return a.won ? -1 : 1
  if (a.turns !== b.turns) return a.turns - b.turns
  if (a.timeMs !== b.timeMs) return a.timeMs - b.timeMs
  if (a.score !== b.score) return b.score - a.score
  return a.finishedAt - b.finishedAt
}

/** The better of a player's stored best and a new attempt: true when the new one ranks above. */
export function isBetterAttempt(next: AttemptFigures, best: AttemptFigures | null): boolean {
  return best === null || compareAttempts(next, best) < 0
}

/**
 * The table of a daily: each player's best attempt, best first, ranks from 1. A player with
 * several attempts is ranked by the best of them only; full ties keep ids in order so the table
 * never shuffles between reads.
 */
export function rankAttempts<T extends AttemptFigures & { userId: string }>(
  attempts: readonly T[],
): (T & { rank: number })[] {
  const best = new Map<string, T>()
  for (const a of attempts) {
    const prev = best.get(a.userId)
    if (!prev || compareAttempts(a, prev) < 0) best.set(a.userId, a)
  }
  return [...best.values()]
    .sort((a, b) => compareAttempts(a, b) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .map((a, i) => ({ ...a, rank: i + 1 }))
}
