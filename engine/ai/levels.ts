/** The four one-move levels of RULES §8; very hard (lookahead.ts) builds on `hard`. */
import type { Rng } from '../rng.ts'
import type { Side } from '../types.ts'
import { type Move, movePoints, type Position, WIN_SCORE } from './evaluate.ts'
import { pick, pickByRank, type Scored } from './rank.ts'
import { AI } from './tuning.ts'

/** Very easy: a random short word (of the shortest length it has), along any of its paths. */
export function veryEasy(moves: readonly Move[], rng: Rng): Move {
  let shortest = Number.POSITIVE_INFINITY
  for (const m of moves) if (m.word.length < shortest) shortest = m.word.length
  return pick(
    rng,
    moves.filter((m) => m.word.length === shortest),
  )
}

/**
 * Easy: a random word from the lower half by points. It never plays a big-scoring word, but it is not
 * blind: it draws from the better part of that half by the heuristic, plays the word along its best
 * path, and takes a winning word when it has one. (A blind draw from the lower half loses to very
 * easy's random short words: low-point words never reach the enemy base.)
 */
export function easy(pos: Position, side: Side, ranked: readonly Scored[], rng: Rng): Move {
  if (ranked[0].value >= WIN_SCORE) return ranked[0].move
  // The lower half by points: words scoring no more than the median word (ties all count: the cut
  // is by points, never by spelling).
  const points = ranked.map((s) => movePoints(pos, side, s.move))
  const median = [...points].sort((a, b) => a - b)[Math.ceil(points.length / 2) - 1]
  const pool = ranked.filter((_, i) => points[i] <= median) // still best first
  return pick(rng, pool.slice(0, Math.max(1, Math.ceil(pool.length * AI.easy.share)))).move
}

/** Medium: a good word with some randomness: one of the better few, the best likelier; never misses a win. */
export function medium(ranked: readonly Scored[], rng: Rng): Move {
  if (ranked[0].value >= WIN_SCORE) return ranked[0].move
  const n = Math.max(1, Math.min(AI.medium.top, Math.ceil(ranked.length / 3)))
  return ranked[pickByRank(rng, n)].move
}

/** Hard: the best word by the heuristic. */
export function hard(ranked: readonly Scored[]): Move {
  return ranked[0].move
}
