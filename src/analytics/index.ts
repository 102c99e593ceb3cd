import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { developerGuard } from '../dev/access.ts'
import { ok } from '../http/envelope.ts'
import { every } from '../util/timers.ts'
import { AnalyticsBatch } from './model.ts'
import { type AnalyticsService, createAnalyticsService, SUMMARY_MAX_DAYS } from './service.ts'

const PRUNE_EVERY_MS = 3600_000

/**
 * The operator's own analytics (docs/analytics.md): page views and client log entries arrive in
 * batches, are stored, pruned after their retention, and summarised for developers on /dev. How
 * often one address may send, and the body cap, are the edge's (http/address-limits.ts, app.ts).
 */
export function analyticsFeature(core: Core, service: AnalyticsService = createAnalyticsService(core)) {
  const telegram = core.config.telegramAnalytics

  const routes = new Elysia({ prefix: '/api/analytics' })
    .use(developerGuard(core))
    .post(
      '/batch',
      async ({ body, headers }) => {
        // A bad or expired token is not an error here: the events count, without a user.
        const verified = await core.tokens.fromHeader(headers.authorization)
        return ok({ stored: await service.ingest(body, verified?.uid ?? null) })
      },
      { body: AnalyticsBatch },
    )
    .get('/summary', async ({ query }) => ok(await service.summary(query.days ?? 14)), {
      developer: true,
      query: t.Object({
        days: t.Optional(t.Numeric({ minimum: 1, maximum: SUMMARY_MAX_DAYS, multipleOf: 1 })),
      }),
    })
    .get('/config', () => ok({ telegram }))
  return {
    routes,
    onStop: every(core.schedule, PRUNE_EVERY_MS, core.log, 'prune analytics', () => service.prune()),
  }
}
