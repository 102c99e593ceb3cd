/**
 * Why something cannot be done, in words a player understands (instead of a silent tap or
 * "Invalid cells"), and how a game ended. Pure: each answers a message key and its parameters.
 */
import {
  areNeighbours,
  type Board,
  type BoosterId,
  boosterCost,
  type GameView,
  isFrozen,
  isInBaseRowOf,
  isUsableBy,
  type Side,
  TIMING,
} from '../../engine/index.ts'
import type { MessageKey, Params } from '../../shared/i18n.ts'

export interface Reason {
  key: MessageKey
  params?: Params
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)

/** Why a tap on this cell does not extend the word (null: it would). */
export function cellRefusal(
  board: Board,
  side: Side,
  path: readonly number[],
  cellId: number,
): Reason | null {
  const cell = board.cells[cellId]
  if (!cell || path.includes(cellId)) return null
  if (isFrozen(cell)) return { key: 'game.why.frozen' }
  if (!isUsableBy(cell, side)) return { key: 'game.why.far' }
  const last = path[path.length - 1]
  if (last !== undefined && !areNeighbours(board.size, last, cellId))
    return { key: 'game.why.notNext', params: { letter: board.cells[last].letter.toUpperCase() } }
  return null
}

/** Why the board does not respond at all right now (null: it is the player's turn). */
export function turnRefusal(game: GameView, side: Side | null, timeUp: boolean): Reason | null {
  if (side === null) return { key: 'game.why.observing' }
  if (game.state === 'over' || game.state === 'expired') return { key: 'game.why.over' }
  if (game.state !== 'active') return { key: 'game.why.notStarted' }
  if (game.turnAvailable !== side) return { key: 'game.why.notYourTurn' }
  if (timeUp) return { key: 'game.why.timeUp' }
  return null
}

/**
 * Why a booster cannot be used (RULES §5), before asking the server; null: it can. Without a cell
 * (the booster is being picked) only its price is checked.
 */
export function boosterRefusal(
  game: GameView,
  side: Side,
  boosterId: BoosterId,
  cellId: number | null,
): Reason | null {
  const cost = boosterCost(game.players[side], boosterId) ?? 0
  if (game.players[side].score < cost) return { key: 'game.boosterWhy.noPoints', params: { cost } }
  const cell = cellId === null ? undefined : game.board.cells[cellId]
  if (!cell) return null
  const enemy = other(side)
  if (isFrozen(cell)) return { key: 'game.boosterWhy.frozen' }
  if (boosterId === 'strike') {
    if (cell.owner !== enemy) return { key: 'game.boosterWhy.strikeNotEnemy' }
    if (isInBaseRowOf(game.board, cell.id, enemy)) return { key: 'game.boosterWhy.strikeBase' }
  }
  if (boosterId === 'mutation' && isInBaseRowOf(game.board, cell.id, enemy))
    return { key: 'game.boosterWhy.mutationBase' }
  return null
}

/** Why there is no hint button to press (RULES §6): off for games of players below level 3. */
export function hintRefusal(
  game: GameView,
  playerLevel: number | null,
  cost: number,
  score: number,
): Reason | null {
  if (!game.options.hintsOn)
    return playerLevel !== null && playerLevel < 3
      ? { key: 'game.hints.locked', params: { level: playerLevel } }
      : { key: 'game.hints.off' }
  if (score < cost) return { key: 'game.hints.noPoints', params: { cost } }
  return null
}

/**
 * How a game ended, as the words of the result: whose view decides "you" (null: an observer);
 * `names` are the players' names as shown, by side.
 */
export function endReason(
  game: GameView,
  side: Side | null,
  names: readonly [string, string],
): Reason | null {
  const { winner, gameoverReason } = game
  // An expired game has no winner and no reason beyond its title.
  if (game.state === 'expired' || winner === null || gameoverReason === null) return null
  const loser = other(winner)
  const params = { winner: names[winner], loser: names[loser] }
  const view = side === null ? 'other' : side === winner ? 'won' : 'lost'
  let how: string
  switch (gameoverReason) {
    case 'gameover':
      how = hasCells(game, loser) ? 'baseTaken' : 'noCells'
      break
    case 'timeout':
      how = game.players[loser].skips >= TIMING.maxSkipsInARow ? 'skips' : 'bank'
      break
    default:
      how = gameoverReason
  }
  return { key: `game.end.${how}.${view}` as MessageKey, params }
}

function hasCells(game: GameView, side: Side): boolean {
  return game.board.cells.some((c) => c.owner === side)
}
