import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { unwrap } from '../http/refusals.ts'
import type { DangerService } from './service.ts'

/** GET /api/games/{id}/danger: the danger map of the signed-in player's side (docs/server.md). */
export function dangerFeature(core: Core, danger: DangerService) {
  const routes = new Elysia({ prefix: '/api/games' })
    .use(authGuard(core.tokens))
    .get('/:id/danger', async ({ uid, params }) => ok(unwrap(await danger.forPlayer(uid, params.id))), {
      auth: true,
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }),
    })
  return { routes }
}
