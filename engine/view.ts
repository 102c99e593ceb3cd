/**
 * The game view of PROTOCOL.md: the game without stats and awards, and without the server's own
 * records (the hint a side is being shown, the opening values the review reports).
 */
import type { Game, GameView } from './types.ts'

export function toView(game: Game): GameView {
  const { stats: _stats, awards: _awards, hints: _hints, openingValues: _openings, ...view } = game
  return view
}
