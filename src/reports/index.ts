import { Elysia, t } from 'elysia'
import { DICT_TYPES } from '../../engine/index.ts'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { developerGuard } from '../dev/access.ts'
import { ok } from '../http/envelope.ts'
import { oneOf, ShortText } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { REPORT_STATUSES } from './repo.ts'
import type { ReportsService } from './service.ts'

const ReportId = t.Object({ id: ShortText })

/**
 * Missing-word reports (docs/server.md "Missing words"): POST /api/reports/words by a player;
 * GET /api/dev/reports and POST /api/dev/reports/{id}/accept|reject by developers.
 */
export function reportsFeature(core: Core, reports: ReportsService) {
  const players = new Elysia()
    .use(authGuard(core.tokens))
    .post(
      '/api/reports/words',
      async ({ uid, body }) => ok({ report: unwrap(await reports.report(uid, body.gameId, body.word)) }),
      { auth: true, body: t.Object({ gameId: ShortText, word: ShortText }) },
    )
  const developers = new Elysia({ prefix: '/api/dev/reports' })
    .use(developerGuard(core))
    .get('/', async ({ query }) => ok({ reports: await reports.list(query.status ?? 'pending') }), {
      developer: true,
      query: t.Object({ status: t.Optional(oneOf(REPORT_STATUSES)) }),
    })
    .post(
      '/:id/accept',
      async ({ uid, params, body }) =>
        ok({ report: unwrap(await reports.accept(uid, params.id, body?.dictType)) }),
      {
        developer: true,
        params: ReportId,
        body: t.Optional(t.Object({ dictType: t.Optional(oneOf(DICT_TYPES)) })),
      },
    )
    .post(
      '/:id/reject',
      async ({ uid, params }) => ok({ report: unwrap(await reports.reject(uid, params.id)) }),
      { developer: true, params: ReportId },
    )
  const routes = new Elysia().use(players).use(developers)
  // Before the games recover: the accepted words are part of their dictionaries (overlay.ts).
  return { routes, onStart: reports.load }
}
