/**
 * The openings rule of board generation (RULES §1): a board is kept only when each side has at least
 * `BOARD.minOpeningWords` playable words on it in the `default` dictionary. generateBoard takes the
 * rule through its `accept` seam: `generateBoard({ ..., accept: openingsRule(dict) })`.
 *
 * Fair boards add a second condition (`fairBoardRule`): the best opening word of each side, valued by
 * the computer's heuristic (ai/evaluate.ts, the same one hard and very hard play by), lies within
 * `BOARD.fairMargin` of the other side's. The side that moves first is drawn after the board, so a
 * board is fair when neither half of it is richer to open from.
 */
import { moveValue, positionOfBoard } from './ai/evaluate.ts'
import { BOARD } from './config.ts'
import type { Dictionary } from './dictionary/flat.ts'
import { inputFromBoard } from './solver/board.ts'
import { createMoveGenerator, type MoveGenerator } from './solver/generator.ts'
import type { Board, Side } from './types.ts'

let shared: MoveGenerator | null = null
const generator = () => {
  shared ??= createMoveGenerator(64)
  return shared
}

/**
 * Distinct words `side` may play on `board` as it stands (on a fresh board: its opening words).
 * Counting stops at `stopAt`, which is all the rule needs.
 */
export function countPlayableWords(board: Board, side: Side, dict: Dictionary, stopAt = Infinity): number {
  const gen = generator()
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

export interface OpeningFacts {
  /** Distinct playable words. */
  words: number
  /** Heuristic value of the best of them (-Infinity without any). */
  value: number
}

/** What `side` can open with on a fresh board: how many words, and how good the best one is. */
export function openingFacts(board: Board, side: Side, dict: Dictionary): OpeningFacts {
  const gen = generator()
  const count = gen.generate(inputFromBoard(board, side, dict), dict)
  const pos = positionOfBoard(board)
  const words = new Set<string>()
  let value = Number.NEGATIVE_INFINITY
  for (let i = 0; i < count; i++) {
    const word = gen.word(i)
    words.add(word)
    const v = moveValue(pos, side, { word, cellIds: gen.cellIds(i) })
    if (v > value) value = v
  }
  return { words: words.size, value }
}

/** Each side's best opening value, rounded to 0.01 (what a game records and the review shows). */
export function openingValues(board: Board, dict: Dictionary): [number, number] {
  const round = (v: number) => (Number.isFinite(v) ? Math.round(v * 100) / 100 : 0)
  return [round(openingFacts(board, 0, dict).value), round(openingFacts(board, 1, dict).value)]
}

/**
 * Within the margin: neither side's best opening is worth more than `margin` above the other's.
 * The tolerance keeps the margin inclusive in floating point: the values a game records are
 * rounded to hundredths, and 1.3 - 1 is 0.30000000000000004.
 */
export function isFair(values: readonly [number, number], margin: number = BOARD.fairMargin): boolean {
  return Math.abs(values[0] - values[1]) <= margin + 1e-9
}

/**
 * The openings rule plus fairness, as generateBoard's `accept`: each side has `min` opening words and
 * the best openings are within `margin` of each other. Deterministic, so a seed still gives one board.
 */
export function fairBoardRule(
  dict: Dictionary,
  margin: number = BOARD.fairMargin,
  min: number = BOARD.minOpeningWords,
): (board: Board) => boolean {
  return (board) => {
    const a = openingFacts(board, 0, dict)
    if (a.words < min) return false
    const b = openingFacts(board, 1, dict)
    return b.words >= min && isFair([a.value, b.value], margin)
  }
}
