/**
 * The board's selection rules, pure: which cells respond to a tap or a drag, and how a path grows
 * and shrinks. A path is an ordered list of cell ids, each an 8-neighbour of the one before.
 */
import {
  applyBoosterDraft,
  areNeighbours,
  type Board,
  type BoosterUse,
  type Game,
  type GameView,
  isUsableBy,
  type Side,
} from '../../engine/index.ts'

/** The board the player is choosing on: the real one, with a pending booster already applied. */
export function effectiveBoard(game: GameView, side: Side | null, pending: BoosterUse | null): Board {
  if (!pending || side === null) return game.board
  const draft = structuredClone(game) as Game
  const player = draft.players[side]
  const booster = player.boosters.find((b) => b.id === pending.boosterId)
  if (!booster) return game.board
  applyBoosterDraft(draft, side, pending, 0)
  return draft.board
}

/** Whether the player may select cells at all: a player, the game active, their turn. */
export function canPlay(game: GameView, side: Side | null): side is Side {
  return side !== null && game.state === 'active' && game.turnAvailable === side
}

/** SPEC.md §5: a cell is playable only when it is available to the player's side or to any. */
export function isPlayable(board: Board, side: Side, cellId: number): boolean {
  const cell = board.cells[cellId]
  return cell !== undefined && isUsableBy(cell, side)
}

/** Cells that would extend the path right now (for highlighting and keyboard play). */
export function nextCells(board: Board, side: Side, path: readonly number[]): number[] {
  const last = path[path.length - 1]
  return board.cells
    .filter(
      (c) =>
        !path.includes(c.id) &&
        isUsableBy(c, side) &&
        (last === undefined || areNeighbours(board.size, last, c.id)),
    )
    .map((c) => c.id)
}

/**
 * A tap. On the last cell of the path: takes it back. On an earlier cell of the path: cuts the path
 * after it. On a playable neighbour of the last cell: extends. On another playable cell: moves a
 * one-letter path there, but never silently drops a longer word (null, and the caller says why).
 * On a cell that is not playable: nothing changes (null).
 */
export function tap(board: Board, side: Side, path: readonly number[], cellId: number): number[] | null {
  const at = path.indexOf(cellId)
  if (at === path.length - 1 && at >= 0) return path.slice(0, -1)
  if (at >= 0) return path.slice(0, at + 1)
  if (!isPlayable(board, side, cellId)) return null
  const last = path[path.length - 1]
  if (last !== undefined && areNeighbours(board.size, last, cellId)) return [...path, cellId]
  return path.length <= 1 ? [cellId] : null
}

/** A drag starts on a cell: a fresh path there, or null when the cell does not respond. */
export function dragStart(
  board: Board,
  side: Side,
  path: readonly number[],
  cellId: number,
): number[] | null {
  const at = path.indexOf(cellId)
  // Pressing the end of the current path keeps it, so a drag can go on from there.
  if (at >= 0 && at === path.length - 1) return [...path]
  if (!isPlayable(board, side, cellId)) return null
  return [cellId]
}

/**
 * The finger entered a cell during a drag. Back onto the previous cell: the last one is taken back.
 * Onto a playable neighbour of the last cell not yet in the path: extends. Anything else: unchanged.
 */
export function dragEnter(board: Board, side: Side, path: readonly number[], cellId: number): number[] {
  if (path.length >= 2 && path[path.length - 2] === cellId) return path.slice(0, -1)
  if (path.includes(cellId) || !isPlayable(board, side, cellId)) return [...path]
  const last = path[path.length - 1]
  if (last === undefined || areNeighbours(board.size, last, cellId)) return [...path, cellId]
  return [...path]
}

/** The word and the points it would score: the cells not already the player's. */
export function preview(board: Board, side: Side, path: readonly number[]): { word: string; points: number } {
  let word = ''
  let points = 0
  for (const id of path) {
    const cell = board.cells[id]
    word += cell.letter
    if (cell.owner !== side) points += cell.score
  }
  return { word, points }
}

/**
 * Keyboard play: typing a letter extends the path with a playable cell holding it (a neighbour of
 * the last cell; any playable cell for the first letter). Several candidates: the first in id order.
 */
export function typeLetter(
  board: Board,
  side: Side,
  path: readonly number[],
  letter: string,
): number[] | null {
  const wanted = letter.toLowerCase()
  const candidate = nextCells(board, side, path).find((id) => board.cells[id].letter === wanted)
  return candidate === undefined ? null : [...path, candidate]
}
