/** The end of a game (RULES §4): who has lost on the board, and closing a game on a draft. */
import { endAwardsDraft } from './awards.ts'
import { baseRow } from './board.ts'
import { TIME_MODE_CONFIG } from './config.ts'
import type { Game, GameoverReason, GameView, HistoryEvent, Side } from './types.ts'

/** The loser left the game of its own accord: a surrender, or the computer's resignation without a word. */
export function isResignation(reason: GameoverReason | null): boolean {
  return reason === 'giveup' || reason === 'noWord'
}

/** A side has lost on the board: no cell of its base row is its own any more, or it owns no cell at all. */
export function hasLostOnBoard(game: Pick<GameView, 'board'>, side: Side): boolean {
  const row = baseRow(game.board.size, side)
  let owned = 0
  let base = 0
  for (const cell of game.board.cells) {
    if (cell.owner !== side) continue
    owned++
    if (cell.row === row) base++
  }
  return owned === 0 || base === 0
}

/** The side that has lost after `mover`'s turn or booster, or null. When both have, the mover wins. */
export function loserOf(game: Pick<GameView, 'board'>, mover: Side): Side | null {
  const lost0 = hasLostOnBoard(game, 0)
  const lost1 = hasLostOnBoard(game, 1)
  if (lost0 && lost1) return mover === 0 ? 1 : 0
  if (lost0) return 0
  if (lost1) return 1
  return null
}

/**
 * Closes the game on a draft (mutates it) and answers its events: the end-of-game badges, then
 * the `gameover` event. In blitz the side to move is charged the time its unfinished turn took, so a
 * finished game shows the banks as they were at the end.
 */
export function finishGameDraft(
  draft: Game,
  winner: Side | null,
  reason: GameoverReason,
  now: number,
): HistoryEvent[] {
  const mover = draft.turnAvailable
  if (mover !== null && draft.state === 'active' && draft.turnStartedAt !== null) {
    if (TIME_MODE_CONFIG[draft.options.timeMode].turnLimit > 0) {
      const p = draft.players[mover]
      p.timeleft = Math.max(0, Math.round(p.timeleft * 1000) - Math.max(0, now - draft.turnStartedAt)) / 1000
    }
  }
  draft.state = 'over'
  draft.isFinished = true
  draft.winner = winner
  draft.gameoverReason = reason
  draft.finishedAt = now
  draft.turnAvailable = null
  draft.results = [
    { skipped: false, ratingDelta: 0 },
    { skipped: false, ratingDelta: 0 },
  ]
  // The gameover event comes last: a client may close the game on it.
  return [...endAwardsDraft(draft, winner, reason), { type: 'gameover', winner, gameoverReason: reason }]
}
