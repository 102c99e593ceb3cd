/**
 * Elo (RULES §4): K = 32, arena (pvp) and computer (pve) ratings kept apart. Computer levels have
 * fixed ratings and never move. Deltas are whole points; in pvp the loser loses exactly what the
 * winner gains, so rounding never creates or destroys points.
 */
import { RATING } from './config.ts'
import type { AiLevel, Side } from './types.ts'

/** Probability-like expected score of a player rated `rating` against `opponent`. */
export function expectedScore(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400))
}

/** Points gained (negative: lost) for an actual score of 1 (win), 0.5 (draw) or 0 (loss). */
export function eloDelta(rating: number, opponent: number, score: number): number {
  return Math.round(RATING.k * (score - expectedScore(rating, opponent)))
}

export function computerRating(level: AiLevel): number {
  return RATING.computer[level]
}

/** Score of `side` given the winner (null: no winner, counted as a draw). */
export function scoreOf(side: Side, winner: Side | null): number {
  return winner === null ? 0.5 : winner === side ? 1 : 0
}

/** Both sides' deltas of a game between two rated players. */
export function pvpDeltas(ratings: [number, number], winner: Side | null): [number, number] {
  const d0 = eloDelta(ratings[0], ratings[1], scoreOf(0, winner))
  return [d0, 0 - d0] // 0 - d0, not -d0: no -0 in stored ratings
}

/** A player's delta against a computer level; the computer's rating does not change. */
export function pveDelta(rating: number, level: AiLevel, won: boolean | null): number {
  return eloDelta(rating, computerRating(level), won === null ? 0.5 : won ? 1 : 0)
}
