import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { oneOf } from '../http/models.ts'
import { createRatingsService, RATING_TABS } from './service.ts'

/** GET /api/rating?tab=arena|computer&page=N (docs/server.md "Rating list"); open to anyone. */
export function ratingsFeature(core: Core) {
  const ratings = createRatingsService(core)
  const routes = new Elysia().get(
    '/api/rating',
    async ({ query, headers }) => {
      // A token is optional: it only adds the player's own place.
      const verified = await core.tokens.fromHeader(headers.authorization)
      return ok(await ratings.list(query.tab ?? 'arena', query.page ?? 1, verified?.uid ?? null))
    },
    {
      query: t.Object({
        tab: t.Optional(oneOf(RATING_TABS)),
        page: t.Optional(t.Numeric({ minimum: 1, maximum: 10_000, multipleOf: 1 })),
      }),
    },
  )
  return { routes }
}
