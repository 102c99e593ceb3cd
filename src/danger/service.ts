/**
 * The danger map for a player of a live game (engine/analysis/danger.ts). Who may see it: the
 * players of an active game only, never its observers; free against the computer, PRO in games
 * between people (it is an analysis of the position, a paid help like the unlimited notebook).
 * One answer per game version and side is kept, so a toggle does not search the board again.
 */
import { type DangerMap, limitsOf } from '../../engine/index.ts'
import { dangerMap } from '../../engine/server.ts'
import type { Core } from '../core.ts'
import { moveSourceFor } from '../games/computer.ts'
import type { GamesService } from '../games/service.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'

const CACHE_SIZE = 500

export function createDangerService(core: Core, games: GamesService) {
  const cache = new Map<string, DangerMap>()

  return {
    async forPlayer(uid: string, gameId: string): Promise<Outcome<DangerMap & { ts: number }>> {
      const game = await games.live(gameId)
      if (!game) return refuse('GAME_NOT_FOUND', 'Game not found')
      const side = game.sideOf(uid)
      if (side === null) return refuse('FORBIDDEN', 'The danger map is only for the players of this game')
      const view = game.view
      if (view.state !== 'active') return refuse('GAME_NOT_ACTIVE', 'The danger map is for a game in play')
      if (view.mode === 'pvp') {
        const user = await core.users.get(uid)
        if (!user || !limitsOf(user.subscription, core.clock()).pro)
          return refuse('PRO_REQUIRED', 'The danger map in games between players is a PRO feature')
      }
      const key = `${gameId}:${view.ts}:${side}`
      let map = cache.get(key)
      if (!map) {
        map = dangerMap(view, side, moveSourceFor(games.dictionaryOf(view)))
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
        cache.set(key, map)
      }
      return accept({ ...map, ts: view.ts })
    },
  }
}

export type DangerService = ReturnType<typeof createDangerService>
