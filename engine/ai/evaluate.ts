/**
 * Position heuristics for the computer and hints (RULES §8): points, progress toward the enemy base,
 * defence of the own base, and room left to the opponent. Works on a flat copy of the owners so that
 * scoring hundreds of candidate moves allocates almost nothing.
 */
import { baseRow, neighbourTable } from '../board.ts'
import type { GameView, Side } from '../types.ts'

export interface Move {
  word: string
  cellIds: number[]
}

export const WIN_SCORE = 1_000_000

const W = {
  points: 1,
  progress: 3,
  enemyBaseTaken: 8,
  ownBaseHeld: 6,
  threat: 4,
  enemyRoom: 0.25,
  ownRoom: 0.1,
  length: 0.05,
} as const

export interface Position {
  size: number
  owner: Int8Array
  frozen: Uint8Array
  score: Int32Array
}

export function positionOf(game: GameView): Position {
  const n = game.board.cells.length
  const p: Position = {
    size: game.board.size,
    owner: new Int8Array(n),
    frozen: new Uint8Array(n),
    score: new Int32Array(n),
  }
  for (const c of game.board.cells) {
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

/** How good `pos` is for `side` (higher is better); WIN_SCORE when the enemy has lost on the board. */
export function positionValue(pos: Position, side: Side): number {
  const { size, owner, frozen } = pos
  const enemy: Side = side === 0 ? 1 : 0
  const table = neighbourTable(size)
  const enemyRow = baseRow(size, enemy)
  const ownRow = baseRow(size, side)
  let enemyCells = 0
  let enemyBase = 0
  let ownBase = 0
  let ownCells = 0
  let depth = 0
  let threat = 0
  let enemyRoom = 0
  let ownRoom = 0
  for (let id = 0; id < owner.length; id++) {
    const row = Math.floor(id / size)
    const o = owner[id]
    if (o === enemy) {
      enemyCells++
      if (row === enemyRow) enemyBase++
    } else if (o === side) {
      ownCells++
      if (row === ownRow) ownBase++
      const d = side === 0 ? row : size - 1 - row
      if (d > depth) depth = d
    }
    if (frozen[id]) continue
    let nearEnemy = o === enemy
    let nearOwn = o === side
    for (const nb of table[id]) {
      if (frozen[nb]) continue
      if (owner[nb] === enemy) nearEnemy = true
      else if (owner[nb] === side) nearOwn = true
    }
    if (nearEnemy && o !== enemy) enemyRoom++
    if (nearOwn && o !== side) ownRoom++
    if (nearEnemy && o === side && row === ownRow) threat++
  }
  if (enemyCells === 0 || enemyBase === 0) return WIN_SCORE
  if (ownCells === 0 || ownBase === 0) return -WIN_SCORE
  return (
    W.progress * depth +
    W.enemyBaseTaken * (size - enemyBase) +
    W.ownBaseHeld * ownBase -
    W.threat * threat -
    W.enemyRoom * enemyRoom +
    W.ownRoom * ownRoom
  )
}

/** Plays a move's captures into `pos` in place and returns an undo list (cell, previous owner). */
export function playInto(pos: Position, side: Side, move: Move): number[] {
  const undo: number[] = []
  for (const id of move.cellIds) {
    if (pos.owner[id] === side) continue
    undo.push(id, pos.owner[id])
    pos.owner[id] = side
    pos.score[id]++
  }
  return undo
}

export function undoInto(pos: Position, undo: number[]): void {
  for (let i = undo.length - 2; i >= 0; i -= 2) {
    pos.owner[undo[i]] = undo[i + 1]
    pos.score[undo[i]]--
  }
}

/** Heuristic value of playing `move` now: its points plus the position it leaves. */
export function moveValue(pos: Position, side: Side, move: Move): number {
  const pts = movePoints(pos, side, move)
  const undo = playInto(pos, side, move)
  const value = positionValue(pos, side)
  undoInto(pos, undo)
  if (value >= WIN_SCORE) return WIN_SCORE + pts
  return W.points * pts + value + W.length * move.word.length
}
