/** The game view of PROTOCOL.md: the game without stats and awards. */
import type { Game, GameView } from './types.ts'

export function toView(game: Game): GameView {
  const { stats: _stats, awards: _awards, ...view } = game
  return view
}
