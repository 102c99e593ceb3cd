/**
 * Position heuristics for the computer and hints (RULES §8): points, progress toward the enemy base,
 * defence of the own base, and room left to the opponent. Every term is "ours minus theirs", judged
 * just after `side` moved (the opponent to move), so the opponent's reach into our base weighs more
 * than ours into theirs. Works on a flat copy of the owners so that scoring thousands of candidate
 * moves allocates almost nothing.
 */
import { baseRow, neighbourTable } from '../board.ts'
import type { GameView, Side } from '../types.ts'
import { WEIGHTS as W } from './tuning.ts'

export interface Move {
  word: string
  cellIds: number[]
}

/** Value of a won position; a move's value at or above it wins the game at once. */
export const WIN_SCORE = 1_000_000

export interface Position {
  size: number
  owner: Int8Array
  frozen: Uint8Array
  score: Int32Array
  /** Each side's points. */
  points: [number, number]
}

export function positionOf(game: GameView): Position {
  return positionOfBoard(game.board, [game.players[0].score, game.players[1].score])
}

/** A board as a position, with each side's points (0 on a fresh board). */
export function positionOfBoard(board: GameView['board'], points: [number, number] = [0, 0]): Position {
  const n = board.cells.length
  const p: Position = {
    size: board.size,
    owner: new Int8Array(n),
    frozen: new Uint8Array(n),
    score: new Int32Array(n),
    points: [points[0], points[1]],
  }
  for (const c of board.cells) {
    p.owner[c.id] = c.owner
    p.frozen[c.id] = c.specials.freeze ? 1 : 0
    p.score[c.id] = c.score
  }
  return p
}

/** Points a move scores: the sum of the cells it captures. */
export function movePoints(pos: Position, side: Side, move: Move): number {
  let pts = 0
  for (const id of move.cellIds) if (pos.owner[id] !== side) pts += pos.score[id]
  return pts
}

/** Neighbour lists of a size×size board as two flat arrays (the evaluation's inner loop reads them). */
const flatCache = new Map<number, { start: Int32Array; nbr: Int32Array }>()
function flatNeighbours(size: number) {
  let flat = flatCache.get(size)
  if (!flat) {
    const table = neighbourTable(size)
    const start = new Int32Array(table.length + 1)
    const nbr = new Int32Array(table.reduce((n, l) => n + l.length, 0))
    let k = 0
    table.forEach((list, id) => {
      start[id] = k
      for (const nb of list) nbr[k++] = nb
    })
    start[table.length] = k
    flat = { start, nbr }
    flatCache.set(size, flat)
  }
  return flat
}

// Per-side tallies of one pass over the board, reused between calls (evaluation allocates nothing).
const held = [0, 0]
const exposed = [0, 0]
const depth = [0, 0]
const room = [0, 0]
const cells = [0, 0]

/**
 * How good `pos` is for `side`, which has just moved (higher is better): WIN_SCORE when the enemy has
 * lost on the board (RULES §4), -WIN_SCORE when `side` has.
 */
export function positionValue(pos: Position, side: Side): number {
  const { size, owner, frozen } = pos
  const { start, nbr } = flatNeighbours(size)
  const row1 = baseRow(size, 1)
  held[0] = held[1] = exposed[0] = exposed[1] = depth[0] = depth[1] = 0
  room[0] = room[1] = cells[0] = cells[1] = 0
  for (let id = 0; id < owner.length; id++) {
    const row = (id / size) | 0
    const o = owner[id]
    if (o === 0 || o === 1) {
      cells[o]++
      const d = o === 0 ? row : row1 - row
      if (d > depth[o]) depth[o] = d
    }
    if (frozen[id]) continue
    // Who may use this cell (RULES §2): a side owning it or a neighbour, frozen cells ignored.
    let near = o === 0 ? 1 : o === 1 ? 2 : 0
    for (let j = start[id]; j < start[id + 1]; j++) {
      const nb = nbr[j]
      if (frozen[nb]) continue
      const on = owner[nb]
      if (on === 0) near |= 1
      else if (on === 1) near |= 2
    }
    if (o !== 0 && near & 1) room[0]++
    if (o !== 1 && near & 2) room[1]++
    if (row === 0 && o === 0) {
      held[0]++
      if (near & 2) exposed[0]++
    } else if (row === row1 && o === 1) {
      held[1]++
      if (near & 1) exposed[1]++
    }
  }
  const enemy: Side = side === 0 ? 1 : 0
  if (cells[enemy] === 0 || held[enemy] === 0) return WIN_SCORE
  if (cells[side] === 0 || held[side] === 0) return -WIN_SCORE
  return (
    W.points * (pos.points[side] - pos.points[enemy]) +
    W.baseHeld * (held[side] - held[enemy]) +
    W.reach * exposed[enemy] -
    W.exposed * exposed[side] +
    W.depth * (depth[side] - depth[enemy]) +
    W.room * (room[side] - room[enemy]) +
    W.cells * (cells[side] - cells[enemy])
  )
}

/** Plays a move's captures into `pos` in place and returns an undo list (cell, previous owner). */
export function playInto(pos: Position, side: Side, move: Move): number[] {
  const undo: number[] = []
  let pts = 0
  for (const id of move.cellIds) {
    if (pos.owner[id] === side) continue
    undo.push(id, pos.owner[id])
    pts += pos.score[id]
    pos.owner[id] = side
    pos.score[id]++
  }
  pos.points[side] += pts
  undo.push(side, pts)
  return undo
}

export function undoInto(pos: Position, undo: number[]): void {
  const n = undo.length
  pos.points[undo[n - 2] as Side] -= undo[n - 1]
  for (let i = n - 4; i >= 0; i -= 2) {
    pos.owner[undo[i]] = undo[i + 1]
    pos.score[undo[i]]--
  }
}

/** Heuristic value of playing `move` now: the position it leaves, a win above everything else. */
export function moveValue(pos: Position, side: Side, move: Move): number {
  const undo = playInto(pos, side, move)
  const value = positionValue(pos, side)
  undoInto(pos, undo)
  if (value >= WIN_SCORE) return WIN_SCORE + movePoints(pos, side, move)
  return value + W.length * move.word.length
}
