/**
 * The danger map: where the opponent's next word can hurt a side's base row. The opponent's words are
 * taken as if it moved on the board as it stands (when it is our turn: what it could do if we leave
 * things as they are). A word is a threat when it:
 * - cuts into our base row: captures one of our base cells (level 2; `winning` when it would take
 *   the last of them, or our last cell), or
 * - reaches our base row: leaves the opponent next to one of our base cells it was not next to
 *   before, so that cell is open to it on the following turn (level 1).
 * The best threats by the opponent's own heuristic (the computer's) are kept, DANGER.maxThreats of
 * each kind; the map shades the cells they run through (the opponent's launching cells included:
 * a strike can remove one), and lists the base cells they would capture as `targets`.
 * Words are never part of the answer: the map warns, it does not play for anyone.
 */
import { moveValue, positionOf, WIN_SCORE } from '../ai/evaluate.ts'
import { freshMoves, type MoveSource } from '../ai/rank.ts'
import { isInBaseRowOf, neighbourTable } from '../board.ts'
import type { GameView, Side } from '../types.ts'

export const DANGER = {
  /** Threats of each kind (cut, reach) that shade the map, best first by the opponent's heuristic. */
  maxThreats: 6,
} as const

export type DangerLevel = 1 | 2

export interface DangerMap {
  /** The side the map warns. */
  side: Side
  /** Shaded cells: 2 on a word that cuts into the base row, 1 on one that reaches it. */
  cells: { cellId: number; level: DangerLevel }[]
  /** Own base cells the opponent's next word could capture. */
  targets: number[]
  /** The opponent has a word that wins at once. */
  winning: boolean
  /** How many distinct opponent words cut into, or reach, the base row (before the cut to maxThreats). */
  threats: { cut: number; reach: number }
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)

export function dangerMap(game: GameView, side: Side, source: MoveSource): DangerMap {
  const enemy = other(side)
  const { board } = game
  const table = neighbourTable(board.size)
  // Our base cells still held, and which of them the enemy already stands next to.
  const held = board.cells
    .filter((c) => c.owner === side && isInBaseRowOf(board, c.id, side))
    .map((c) => c.id)
  const heldSet = new Set(held)
  const nextTo = (owns: (id: number) => boolean) => {
    const out = new Set<number>()
    for (const id of held) if (table[id].some(owns)) out.add(id)
    return out
  }
  const exposedNow = nextTo((id) => board.cells[id].owner === enemy)

  const pos = positionOf(game)
  const cuts: { cells: number[]; value: number; word: string }[] = []
  const reaches: { cells: number[]; value: number; word: string }[] = []
  for (const move of freshMoves(game, enemy, source)) {
    const path = new Set(move.cellIds)
    const taken = move.cellIds.filter((id) => heldSet.has(id))
    const value = moveValue(pos, enemy, move)
    if (taken.length) {
      cuts.push({ cells: move.cellIds, value, word: move.word })
      continue
    }
    const exposedAfter = nextTo((id) => path.has(id) || board.cells[id].owner === enemy)
    if ([...exposedAfter].some((id) => !exposedNow.has(id)))
      reaches.push({ cells: move.cellIds, value, word: move.word })
  }
  const byValue = (a: { value: number }, b: { value: number }) => b.value - a.value
  cuts.sort(byValue)
  reaches.sort(byValue)

  const level = new Map<number, DangerLevel>()
  const targets = new Set<number>()
  const shade = (cells: number[], l: DangerLevel) => {
    for (const id of cells) {
      if (heldSet.has(id)) {
        if (l === 2) targets.add(id)
        continue
      }
      if ((level.get(id) ?? 0) < l) level.set(id, l)
    }
  }
  for (const t of cuts.slice(0, DANGER.maxThreats)) shade(t.cells, 2)
  for (const t of reaches.slice(0, DANGER.maxThreats)) shade(t.cells, 1)
  return {
    side,
    cells: [...level].map(([cellId, l]) => ({ cellId, level: l })).sort((a, b) => a.cellId - b.cellId),
    targets: [...targets].sort((a, b) => a - b),
    winning: cuts.some((t) => t.value >= WIN_SCORE),
    threats: { cut: new Set(cuts.map((t) => t.word)).size, reach: new Set(reaches.map((t) => t.word)).size },
  }
}
