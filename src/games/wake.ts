/**
 * When the server must next act on a game by itself: the engine's next clock step (start wait,
 * countdown, blitz turn end, a classic game's idle expiry) or, when the computer is to move, at
 * once. Stored with every version (`games.wake_at`), so that idle games can leave memory
 * and be loaded again in time for their deadline (service.ts: the wake sweep), and a start loads
 * only the games due soon instead of every unfinished one.
 */
import { type Game, isComputer, nextDeadline } from '../../engine/index.ts'

export function wakeAt(game: Game): number | null {
  if (game.state === 'over' || game.state === 'expired') return null
  const deadline = nextDeadline(game)
  const computer = game.opponents.findIndex(isComputer)
  const computerToMove = computer >= 0 && game.state === 'active' && game.turnAvailable === computer
  if (!computerToMove) return deadline
  const now = game.turnStartedAt ?? game.updatedAt
  return deadline === null ? now : Math.min(deadline, now)
}
