/** From engine boards to generator input, and the convenience list of moves. */
import { isUsableBy } from '../board.ts'
import { BOARD } from '../config.ts'
import type { Dictionary } from '../dictionary/flat.ts'
import type { Board, Cell, Side } from '../types.ts'
import { createMoveGenerator, type MoveGenerator, type MoveGenInput } from './generator.ts'

export type BoardMove = { word: string; cellIds: number[] }

/** Generator input built from cells: typed arrays and every field filled in. */
export interface BoardInput extends MoveGenInput {
  rows: number
  cols: number
  letters: Int8Array
  usable: Uint8Array
  own: Uint8Array
  minLength: number
}

/**
 * Generator input for `side` from cells in row-major order on a rows×cols grid (the game's boards
 * are square; other shapes serve benchmarks). A cell is usable when it is available to the side or to
 * 'any' and its letter is in the dictionary's alphabet.
 */
export function inputFromCells(
  cells: readonly Pick<Cell, 'letter' | 'available' | 'owner'>[],
  rows: number,
  cols: number,
  side: Side,
  dict: Dictionary,
  minLength: number = BOARD.minWordLength,
): BoardInput {
  const n = rows * cols
  if (cells.length !== n) throw new Error(`move generator: ${cells.length} cells for ${rows}×${cols}`)
  const letters = new Int8Array(n)
  const usable = new Uint8Array(n)
  const own = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const cell = cells[i]
    letters[i] = dict.letterIndex(cell.letter)
    usable[i] = isUsableBy(cell as Cell, side) && letters[i] >= 0 ? 1 : 0
    own[i] = cell.owner === side ? 1 : 0
  }
  return { rows, cols, letters, usable, own, minLength }
}

export function inputFromBoard(board: Board, side: Side, dict: Dictionary, minLength?: number): BoardInput {
  return inputFromCells(board.cells, board.size, board.size, side, dict, minLength)
}

let shared: MoveGenerator | null = null

/** Every playable (word, path) for `side` on `board`, as objects (for tests and simple callers). */
export function listMoves(
  board: Board,
  side: Side,
  dict: Dictionary,
  minLength: number = BOARD.minWordLength,
): BoardMove[] {
  shared ??= createMoveGenerator(board.cells.length)
  shared.generate(inputFromBoard(board, side, dict, minLength), dict)
  return shared.moves()
}

/**
 * A move source for the computer opponent (ai MoveSource): every playable (word, path) of a side in
 * a game, with one generator reused between calls.
 */
export function dictionaryMoveSource(
  dict: Dictionary,
  minLength: number = BOARD.minWordLength,
): (game: { board: Board }, side: Side) => BoardMove[] {
  const gen = createMoveGenerator(64)
  return (game, side) => {
    gen.generate(inputFromBoard(game.board, side, dict, minLength), dict)
    return gen.moves()
  }
}
