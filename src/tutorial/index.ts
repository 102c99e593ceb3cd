/**
 * The tutorial's routes (docs/server.md "Tutorial"): one Feature (src/feature.ts) in createApp's list.
 */
import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import type { GamesService } from '../games/service.ts'
import { ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { createTutorialService } from './service.ts'

export function tutorialFeature(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const tutorial = createTutorialService(core, games, dictionaries)
  games.addVariant((stored) => tutorial.resolveVariant(stored))

  const routes = new Elysia({ prefix: '/api/tutorial' })
    .use(authGuard(core.tokens))
    .get('/', async ({ uid }) => ok(await tutorial.status(uid)), { auth: true })
    .post('/start', async ({ uid, body }) => ok(unwrap(await tutorial.start(uid, body?.lang))), {
      auth: true,
      body: t.Optional(t.Object({ lang: t.Optional(LangSchema) })),
    })
  return { routes }
}
