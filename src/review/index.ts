import { Elysia, t } from 'elysia'
import { ok } from '../http/envelope.ts'
import { unwrap } from '../http/refusals.ts'
import type { ReviewRunner } from './runner.ts'
import type { ReviewService } from './service.ts'

/**
 * GET /api/games/{id}/review: the post-game review of a finished game, open to anyone (spectating
 * is open). 409 GAME_NOT_OVER while the game is on; `status: 'pending'` while it is being computed.
 */
export function reviewFeature(reviews: ReviewService, runner: ReviewRunner) {
  const routes = new Elysia({ prefix: '/api/games' }).get(
    '/:id/review',
    async ({ params }) => ok(unwrap(await reviews.get(params.id))),
    { params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }) },
  )
  return {
    routes,
    // Reviews under way are given up (a closed game without one is reviewed on its first request).
    onStop: () => {
      runner.stop()
      return reviews.settle()
    },
  }
}
