/**
 * Which process plays a game, when several serve one deployment (src/cluster/). The games service
 * asks before it loads a game; without an ownership (one process) every game is played here.
 */
import type { AckResult } from '../realtime/handlers.ts'
import type { GameAction } from './actions.ts'
import type { LiveGame, Sender } from './live-game.ts'
import type { StoredGame } from './repo.ts'

/** A game another process plays: read from its stored version, its actions forwarded to the owner. */
export interface RemoteGame extends Pick<LiveGame, 'id' | 'view' | 'snapshot' | 'closed' | 'sideOf'> {
  act(action: GameAction, sender?: Sender): Promise<AckResult>
  /** The clock applied by the owner. */
  tick(): Promise<AckResult>
}

export interface GameOwnership {
  /** Takes or renews the game's lease: null when this process plays it now, else the owner's id. */
  claim(gameId: string): Promise<string | null>
  /** Lets games go; `handover`: they are still in play and another process should take them now. */
  release(gameIds: string[], handover: boolean): Promise<void>
  remote(stored: StoredGame, owner: string): RemoteGame
}
