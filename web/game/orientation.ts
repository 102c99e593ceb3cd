/**
 * How the board faces the viewer (as in Wordbase and Lichess): the player's own base row is at the
 * bottom and the player's colour is always the same "home" colour, whichever side they are. An
 * observer sees side 0 at the bottom. Side 1's base is the last row, so it is already at the
 * bottom; side 0 sees the board turned by 180°.
 */
import { type Board, baseRow, type Owner, type Side } from '../../engine/index.ts'

/** The side shown at the bottom, in the home colour. */
export function bottomSideOf(side: Side | null): Side {
  return side ?? 0
}

/** Cell ids in the order they are laid out, row by row from the top left. */
export function displayOrder(size: number, bottom: Side): number[] {
  const ids = Array.from({ length: size * size }, (_, i) => i)
  return bottom === 0 ? ids.reverse() : ids
}

/** A cell's centre in cell units (0..size) as laid out: where the last move's path is drawn. */
export function displayCentre(size: number, bottom: Side, cellId: number): { x: number; y: number } {
  const at = bottom === 0 ? size * size - 1 - cellId : cellId
  return { x: (at % size) + 0.5, y: Math.floor(at / size) + 0.5 }
}

export type Tint = 'home' | 'away' | 'none'

/** The colour a cell's owner is drawn in, seen from the bottom side. */
export function tintOf(owner: Owner, bottom: Side): Tint {
  if (owner !== 0 && owner !== 1) return 'none'
  return owner === bottom ? 'home' : 'away'
}

export interface Territory {
  cells: number
  /** Cells of the side's own base row it still holds, out of the row's length. */
  base: number
  baseTotal: number
}

/** Territory of both sides: what wins games (RULES §4), as opposed to points, which buy boosters. */
export function territoryOf(board: Board): [Territory, Territory] {
  const out: [Territory, Territory] = [
    { cells: 0, base: 0, baseTotal: board.size },
    { cells: 0, base: 0, baseTotal: board.size },
  ]
  for (const cell of board.cells) {
    if (cell.owner !== 0 && cell.owner !== 1) continue
    out[cell.owner].cells++
    if (cell.row === baseRow(board.size, cell.owner)) out[cell.owner].base++
  }
  return out
}
