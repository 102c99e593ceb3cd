import type { GameView } from '../../engine/index.ts'

/** The game list's statuses (SPEC.md §2). */
export type ListStatus = 'yourTurn' | 'waiting' | 'waitingPlayers' | 'completed' | 'unknown'

export function listStatus(game: GameView, uid: string): ListStatus {
  const side = game.opponents.indexOf(uid)
  if (game.state === 'over' || game.state === 'expired' || game.isFinished) return 'completed'
  if (game.state === 'new' || game.state === 'countingDown') return 'waitingPlayers'
  if (game.state === 'active' && side >= 0) return game.turnAvailable === side ? 'yourTurn' : 'waiting'
  return 'unknown'
}

export type GameResult = 'won' | 'lost' | 'draw'

/** How a finished game ended for the player `uid`; null while it runs, if it never started, or for a watcher. */
export function resultOf(game: GameView, uid: string): GameResult | null {
  const side = game.opponents.indexOf(uid)
  if (side < 0 || game.state !== 'over') return null
  if (game.winner === null) return 'draw'
  return game.winner === side ? 'won' : 'lost'
}

/** Games that hold a slot: every one not finished. */
export function activeCount(games: Iterable<GameView>): number {
  let n = 0
  for (const g of games) if (!g.isFinished && g.state !== 'over' && g.state !== 'expired') n++
  return n
}

const ORDER: Record<ListStatus, number> = {
  yourTurn: 0,
  waitingPlayers: 1,
  waiting: 2,
  unknown: 3,
  completed: 4,
}

/** Your turn first, finished last; newest first within a group. */
export function sortForList(games: Iterable<GameView>, uid: string): GameView[] {
  return [...games].sort(
    (a, b) => ORDER[listStatus(a, uid)] - ORDER[listStatus(b, uid)] || b.updatedAt - a.updatedAt,
  )
}
