/**
 * The openings rule of board generation (RULES §1): a board is kept only when each side has at least
 * `BOARD.minOpeningWords` playable words on it in the `default` dictionary. generateBoard takes the
 * rule through its `accept` seam: `generateBoard({ ..., accept: openingsRule(dict) })`.
 */
import { BOARD } from './config.ts'
import type { Dictionary } from './dictionary/flat.ts'
import { inputFromBoard } from './solver/board.ts'
import { createMoveGenerator, type MoveGenerator } from './solver/generator.ts'
import type { Board, Side } from './types.ts'

let shared: MoveGenerator | null = null

/**
 * Distinct words `side` may play on `board` as it stands (on a fresh board: its opening words).
 * Counting stops at `stopAt`, which is all the rule needs.
 */
export function countPlayableWords(board: Board, side: Side, dict: Dictionary, stopAt = Infinity): number {
  shared ??= createMoveGenerator(64)
  const gen = shared
  const count = gen.generate(inputFromBoard(board, side, dict), dict)
  const words = new Set<string>()
  for (let i = 0; i < count && words.size < stopAt; i++) words.add(gen.word(i))
  return words.size
}

/** Both sides have at least `min` playable words. */
export function hasOpenings(board: Board, dict: Dictionary, min: number = BOARD.minOpeningWords): boolean {
  return countPlayableWords(board, 0, dict, min) >= min && countPlayableWords(board, 1, dict, min) >= min
}

/** The openings rule as generateBoard's `accept`. */
export function openingsRule(
  dict: Dictionary,
  min: number = BOARD.minOpeningWords,
): (board: Board) => boolean {
  return (board) => hasOpenings(board, dict, min)
}
