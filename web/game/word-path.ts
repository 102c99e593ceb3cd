/**
 * Where a word can be played now (the PRO notebook's highlighting): a path of cells spelling it,
 * each an 8-neighbour of the one before, every one usable by the side, at least one not already its
 * own (RULES §3). Of the paths found, the one scoring most.
 */
import { type Board, isUsableBy, neighbourTable, type Side } from '../../engine/index.ts'

/** Paths looked at before the best so far is taken: a word repeats letters, the board is small. */
const MAX_PATHS = 200

export function bestPathFor(board: Board, side: Side, word: string): number[] | null {
  const letters = [...word.toLowerCase()]
  if (letters.length === 0) return null
  const near = neighbourTable(board.size)
  const usable = (id: number, at: number) => {
    const cell = board.cells[id]
    return cell.letter === letters[at] && isUsableBy(cell, side)
  }
  let best: number[] | null = null
  let bestPoints = -1
  let found = 0
  const path: number[] = []
  const walk = (id: number): void => {
    if (found >= MAX_PATHS) return
    path.push(id)
    if (path.length === letters.length) {
      found++
      const points = path.reduce(
        (sum, c) => sum + (board.cells[c].owner === side ? 0 : board.cells[c].score),
        0,
      )
      const takes = path.some((c) => board.cells[c].owner !== side)
      if (takes && points > bestPoints) {
        best = [...path]
        bestPoints = points
      }
    } else for (const next of near[id]) if (!path.includes(next) && usable(next, path.length)) walk(next)
    path.pop()
  }
  for (const cell of board.cells) if (usable(cell.id, 0)) walk(cell.id)
  return best
}
