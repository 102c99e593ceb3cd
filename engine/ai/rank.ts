/** Shared steps of every level: the playable moves of a side, and its words ranked by the heuristic. */
import type { Rng } from '../rng.ts'
import type { GameView, Side } from '../types.ts'
import { type Move, moveValue, type Position } from './evaluate.ts'

/** Every playable (word, path) of a side in a position; the move generator plugs in here. */
export type MoveSource = (game: GameView, side: Side) => Move[]

export interface Scored {
  move: Move
  value: number
}

/** The source's moves without words already played in this game (RULES §3 rule 6). */
export function freshMoves(game: GameView, side: Side, source: MoveSource): Move[] {
  const used = new Set(game.wordsUsed)
  return source(game, side).filter((m) => !used.has(m.word))
}

/** One entry per word, along its best path, best first (ties by word, so the order is stable). */
export function rankWords(pos: Position, side: Side, moves: readonly Move[]): Scored[] {
  const best = new Map<string, Scored>()
  for (const move of moves) {
    const value = moveValue(pos, side, move)
    const prev = best.get(move.word)
    if (!prev || value > prev.value) best.set(move.word, { move, value })
  }
  return [...best.values()].sort((a, b) => b.value - a.value || (a.move.word < b.move.word ? -1 : 1))
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)]

/** An index below `n`, index i with weight 1/(i+1): the better of a short list likelier. */
export function pickByRank(rng: Rng, n: number): number {
  let total = 0
  for (let i = 0; i < n; i++) total += 1 / (i + 1)
  let r = rng.next() * total
  for (let i = 0; i < n; i++) {
    r -= 1 / (i + 1)
    if (r < 0) return i
  }
  return 0
}
