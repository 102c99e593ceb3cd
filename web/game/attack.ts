/**
 * SPEC.md §4: "A base is under attack when a cell in the player's base row is not theirs and has an
 * opponent cell next to it." Answers those cells of `side`'s base row (empty: not under attack).
 */
import { type Board, baseRow, neighbourTable, type Side } from '../../engine/index.ts'

export function attackedBaseCells(board: Board, side: Side): number[] {
  const enemy: Side = side === 0 ? 1 : 0
  const row = baseRow(board.size, side)
  const near = neighbourTable(board.size)
  return board.cells
    .filter(
      (c) => c.row === row && c.owner !== side && near[c.id].some((n) => board.cells[n].owner === enemy),
    )
    .map((c) => c.id)
}
