import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { ApiError, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import type { GamesService } from './service.ts'
import { gameSocketHandlers } from './socket.ts'
import { watchGameAudiences } from './watchers.ts'

const GameId = t.String({ minLength: 1, maxLength: 64 })

/** The games' REST reads (PROTOCOL.md): playing itself happens on the socket. */
/**
 * The games feature: REST reads, the game's socket messages, recovery before listening (games in
 * play loaded, what fell due during downtime applied, timers armed) and the hand-over at stop.
 */
export function gamesFeature(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const stopWatchers = watchGameAudiences(core, games)
  const routes = new Elysia({ prefix: '/api/games' })
    .use(authGuard(core.tokens))
    .get('/', async ({ uid }) => ok({ games: await games.listFor(uid) }), { auth: true })
    .post('/updates', async ({ body }) => ok({ games: await games.updates(body.games) }), {
      body: t.Object({
        games: t.Array(t.Object({ id: GameId, ts: t.Number({ minimum: 0 }) }), { maxItems: 200 }),
        lang: t.Optional(LangSchema),
      }),
    })
    .get(
      '/:id',
      async ({ params }) => {
        // Open to anyone, signed in or not: spectating is open (PROTOCOL.md Game view).
        const view = await games.view(params.id)
        if (!view) throw new ApiError(404, 'GAME_NOT_FOUND', 'Game not found')
        return ok(view)
      },
      { params: t.Object({ id: GameId }) },
    )
    .get(
      '/:id/moves',
      async ({ params }) => {
        // Open like the game itself: what was played is on every watcher's screen anyway.
        const moves = await games.moves(params.id)
        if (!moves) throw new ApiError(404, 'GAME_NOT_FOUND', 'Game not found')
        return ok({ moves })
      },
      { params: t.Object({ id: GameId }) },
    )
  return {
    routes,
    socketHandlers: gameSocketHandlers(core, games, dictionaries),
    onStart: () => games.recover().then(() => {}),
    onStop: async () => {
      await games.stop()
      stopWatchers()
    },
  }
}
