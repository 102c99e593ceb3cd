import { Elysia, t } from 'elysia'
import { LangSchema } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import type { ShareService } from './service.ts'

/**
 * GET /api/games/{id}/card.png[?lang=ru|en|es]: the share card of a finished game, for Telegram's
 * share and the page's og:image. Open to anyone (finished games are public); 409 while the game
 * is on. The card of a game version never changes: caches may keep it.
 */
export function shareFeature(share: ShareService) {
  const routes = new Elysia({ prefix: '/api/games' }).get(
    '/:id/card.png',
    async ({ params, query }) =>
      new Response(unwrap(await share.png(params.id, query.lang)), {
        headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' },
      }),
    {
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }),
      query: t.Object({ lang: t.Optional(LangSchema) }),
    },
  )
  return { routes }
}
