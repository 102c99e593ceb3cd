/**
 * The line above the board that says what just happened and what is next: the last move in words
 * ("Computer played GRIN +4", "You ran out of time: turn skipped, 2 more skips lose"), the start,
 * whose turn it is, and the last seconds of a blitz turn.
 */
import type { GameView, PlayedMove, Side } from '../../engine/index.ts'
import type { MessageKey, Params, Translate } from '../../shared/i18n.ts'
import { skipsLeftOf, type TurnClock } from './turn-clock.ts'
import { playerName } from './views/format.ts'

export interface NewsLine {
  text: string
  tone: 'info' | 'warn' | 'alert'
}

/** The last move in words, as seen by `side` (null: an observer). */
export function moveText(t: Translate, game: GameView, move: PlayedMove, side: Side | null): string {
  const mine = move.side === side
  const name = playerName(game.players[move.side].user, t)
  if (move.kind === 'skip') {
    if (!mine) return t('game.news.skippedThem', { name })
    const left = Math.max(1, skipsLeftOf(game, move.side))
    return t(left === 1 ? 'game.news.skippedYou.one' : 'game.news.skippedYou.two')
  }
  const params: Params = { name, word: move.word.toUpperCase(), n: move.score ?? 0 }
  const key: MessageKey =
    move.score === null
      ? mine
        ? 'game.news.youPlayedPlain'
        : 'game.news.playedPlain'
      : mine
        ? 'game.news.youPlayed'
        : 'game.news.played'
  const text = t(key, params)
  if (!move.booster) return text
  return `${text} · ${t('game.news.booster', { booster: t(`boosters.${move.booster.boosterId}`) })}`
}

/** What the line says now; null when there is nothing to say (before the start, after the end). */
export function newsLine(
  t: Translate,
  game: GameView,
  side: Side | null,
  last: PlayedMove | null,
  clock: TurnClock | null,
): NewsLine | null {
  if (game.state !== 'active') return null
  const mover = game.turnAvailable
  if (mover !== null && side === mover && clock) {
    if (clock.up) return { text: t('game.news.timeUp'), tone: 'alert' }
    if (clock.warn) return { text: t('game.news.hurry', { n: Math.ceil(clock.left) }), tone: 'alert' }
  }
  if (last) {
    const skippedMe = last.kind === 'skip' && last.side === side
    return { text: moveText(t, game, last, side), tone: skippedMe ? 'warn' : 'info' }
  }
  if (mover === null) return null
  if (side === mover) return { text: t('game.news.youFirst'), tone: 'info' }
  return { text: t('game.news.theyFirst', { name: playerName(game.players[mover].user, t) }), tone: 'info' }
}

/**
 * While the player's own turns keep running out (blitz), how many more would lose, said until they
 * play again; null otherwise, and while the line above already says it (the skip is the last move).
 */
export function skipNotice(
  t: Translate,
  game: GameView,
  side: Side | null,
  last: PlayedMove | null,
): string | null {
  if (side === null || game.state !== 'active' || game.players[side].skips === 0) return null
  if (last?.kind === 'skip' && last.side === side) return null
  return moveText(t, game, { kind: 'skip', side, ts: game.ts }, side)
}
