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
import { ApiError, conflict, forbidden } from '../http/envelope.ts'

const CACHE_SIZE = 500

export function createDangerService(core: Core, games: GamesService) {
  const cache = new Map<string, DangerMap>()

  return {
    async forPlayer(uid: string, gameId: string): Promise<DangerMap & { ts: number }> {
      const room = await games.room(gameId)
      if (!room) throw new ApiError(404, 'GAME_NOT_FOUND', 'Game not found')
      const side = room.sideOf(uid)
      if (side === null) throw forbidden('The danger map is only for the players of this game')
      const view = room.view
      if (view.state !== 'active') throw conflict('The danger map is for a game in play', 'GAME_NOT_ACTIVE')
      if (view.mode === 'pvp') {
        const user = await core.users.get(uid)
        if (!user || !limitsOf(user.subscription, core.clock()).pro)
          throw new ApiError(403, 'PRO_REQUIRED', 'The danger map in games between players is a PRO feature')
      }
      const key = `${gameId}:${view.ts}:${side}`
      let map = cache.get(key)
      if (!map) {
        map = dangerMap(view, side, moveSourceFor(games.dictionaryOf(view)))
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
        cache.set(key, map)
      }
      return { ...map, ts: view.ts }
    },
  }
}

export type DangerService = ReturnType<typeof createDangerService>
