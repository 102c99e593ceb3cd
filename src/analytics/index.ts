import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { developerGuard } from '../dev/access.ts'
import { failure, ok } from '../http/envelope.ts'
import { createRateLimiter } from '../http/rate-limit.ts'
import { limitedJson } from '../observability/json-body.ts'
import { every } from '../util/timers.ts'
import { ANALYTICS_LIMITS, AnalyticsBatch } from './model.ts'
import { type AnalyticsService, createAnalyticsService, SUMMARY_MAX_DAYS } from './service.ts'

/** Batches per client address per minute: a tab sends one per 2 s at most (SPEC.md §9). */
const BATCHES_PER_MINUTE = 120
const PRUNE_EVERY_MS = 3600_000

/**
 * The operator's own analytics (docs/analytics.md): page views and client log entries arrive in
 * batches, are stored, pruned after their retention, and summarised for developers on /dev.
 */
export function analyticsPlugin(core: Core, service: AnalyticsService = createAnalyticsService(core)) {
  const limiter = createRateLimiter({ limit: BATCHES_PER_MINUTE, windowMs: 60_000, clock: core.clock })
  core.onStop(every(PRUNE_EVERY_MS, core.log, 'prune analytics', () => service.prune()))
  const telegram = core.config.telegramAnalytics

  return new Elysia({ prefix: '/api/analytics' })
    .use(developerGuard(core))
    .post(
      '/batch',
      async ({ body, headers, server, request, set }) => {
        const address = server?.requestIP(request)?.address ?? 'unknown'
        if (!limiter.take(address)) {
          set.status = 429
          set.headers['retry-after'] = '60'
          return failure('RATE_LIMITED', 'Too many analytics batches')
        }
        // A bad or expired token is not an error here: the events count, without a user.
        const verified = await core.tokens.fromHeader(headers.authorization)
        return ok({ stored: await service.ingest(body, verified?.uid ?? null) })
      },
      {
        body: AnalyticsBatch,
        parse: limitedJson(ANALYTICS_LIMITS.bodyBytes, 'An analytics batch is limited to 32 KB'),
      },
    )
    .get('/summary', async ({ query }) => ok(await service.summary(query.days ?? 14)), {
      developer: true,
      query: t.Object({
        days: t.Optional(t.Numeric({ minimum: 1, maximum: SUMMARY_MAX_DAYS, multipleOf: 1 })),
      }),
    })
    .get('/config', () => ok({ telegram }))
}
