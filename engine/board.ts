/** Board geometry and availability (RULES §1-2). */
import { BOARD } from './config.ts'
import { type Available, type Board, type Cell, NO_OWNER, type Side } from './types.ts'

const neighbourCache = new Map<string, readonly (readonly number[])[]>()

/** 8-neighbours of every cell of a rows×cols grid, row-major ids. Cached: geometry never changes. */
export function neighbourTable(rows: number, cols = rows): readonly (readonly number[])[] {
  const key = `${rows}x${cols}`
  let table = neighbourCache.get(key)
  if (!table) {
    const built: number[][] = []
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const list: number[] = []
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr
            const cc = c + dc
            if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) list.push(rr * cols + cc)
          }
        }
        built.push(list)
      }
    }
    table = built
    neighbourCache.set(key, table)
  }
  return table
}

export function areNeighbours(size: number, a: number, b: number): boolean {
  const dr = Math.abs(Math.floor(a / size) - Math.floor(b / size))
  const dc = Math.abs((a % size) - (b % size))
  return a !== b && dr <= 1 && dc <= 1
}

/** A frozen cell counts for nobody: expired freezes are removed when the turn passes. */
export function isFrozen(cell: Cell): boolean {
  return cell.specials.freeze !== undefined
}

/** Base row of a side: row 0 for side 0, the last row for side 1. */
export function baseRow(size: number, side: Side): number {
  return side === 0 ? 0 : size - 1
}

export function isInBaseRowOf(board: Board, cellId: number, side: Side): boolean {
  return Math.floor(cellId / board.size) === baseRow(board.size, side)
}

function availabilityOf(cells: readonly Cell[], id: number, around: readonly number[]): Available {
  if (isFrozen(cells[id])) return null
  let mine0 = false
  let mine1 = false
  const look = (c: Cell) => {
    if (isFrozen(c)) return
    if (c.owner === 0) mine0 = true
    else if (c.owner === 1) mine1 = true
  }
  look(cells[id])
  for (const n of around) look(cells[n])
  if (mine0 && mine1) return 'any'
  if (mine0) return 0
  if (mine1) return 1
  return null
}

/** Recomputes every cell's `available` in place (a draft). */
export function recomputeAvailability(board: Board): void {
  const table = neighbourTable(board.size)
  for (const cell of board.cells) cell.available = availabilityOf(board.cells, cell.id, table[cell.id])
}

/**
 * Recomputes `available` only around the cells whose owner or freeze changed: a cell's availability
 * depends on itself and its 8 neighbours, so nothing farther than one step can change.
 */
export function updateAvailability(board: Board, changed: Iterable<number>): void {
  const table = neighbourTable(board.size)
  const touched = new Set<number>()
  for (const id of changed) {
    touched.add(id)
    for (const n of table[id]) touched.add(n)
  }
  for (const id of touched) board.cells[id].available = availabilityOf(board.cells, id, table[id])
}

export function isUsableBy(cell: Cell, side: Side): boolean {
  return cell.available === side || cell.available === 'any'
}

export function countOwned(board: Board, side: Side): number {
  let n = 0
  for (const c of board.cells) if (c.owner === side) n++
  return n
}

/** A fresh board from letters: base rows owned by their sides (score 5), the rest neutral (score 1). */
export function boardFromLetters(letters: readonly string[], size: number): Board {
  const cells: Cell[] = letters.map((letter, id) => {
    const row = Math.floor(id / size)
    const base = row === baseRow(size, 0) ? 0 : row === baseRow(size, 1) ? 1 : null
    return {
      id,
      row,
      col: id % size,
      owner: base ?? NO_OWNER,
      taken_count: 0,
      score: base === null ? BOARD.cellScore : BOARD.baseScore,
      letter,
      available: null,
      is_base: base !== null,
      lastTurnPlayed: null,
      specials: {},
    }
  })
  const board = { size, cells }
  recomputeAvailability(board)
  return board
}
