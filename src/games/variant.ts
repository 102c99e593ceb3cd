/**
 * Kinds of game that play like any other but add to it (the daily challenge, the tutorial). The
 * live game calls these hooks at fixed points of its queue, so a variant never needs a path of its own:
 * its events are committed and broadcast with the action that caused them, and its end-of-game
 * work is written in the transaction that closes the game.
 */
import type { AiLevel, Game, HistoryEvent, SettleContext, Side } from '../../engine/index.ts'
import type { Decision } from '../../engine/server.ts'
import type { Executor } from '../db/client.ts'
import type { StoredGame } from './repo.ts'

export interface GameVariant {
  /** The computer's side and level when its id is not `computerId(level)` (the tutorial's mentor). */
  computer?: { side: Side; level: AiLevel }
  /** How the end is settled; `false`: not at all (the variant rewards on its own, nothing to refund). */
  settle?: false | Pick<SettleContext, 'rated' | 'coinsPaid'>
  /** Events added after an accepted action's own, in the same version. */
  events?(prev: Game, next: Game, events: readonly HistoryEvent[]): HistoryEvent[]
  /** The computer's move instead of its level's; null: it has none (it gives up). */
  computerMove?(game: Game, side: Side): Decision | null
  /**
   * In the transaction that closes the game, after the settlement and the closing version are
   * written. The function it returns runs once the commit is done (pushes to sockets).
   */
  onClosed?(tx: Executor, game: Game, now: number): Promise<(() => void) | undefined>
}

/** Finds the variant of a stored game (null: a plain game). Features register one with the games service. */
export type VariantResolver = (stored: StoredGame) => GameVariant | null | Promise<GameVariant | null>
