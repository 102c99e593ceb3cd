/**
 * The daily challenge's routes, socket subscription and midnight timer (docs/server.md "Daily
 * challenge"): one Feature (src/feature.ts) in createApp's list.
 */
import { Elysia, t } from 'elysia'
import { dayEnd } from '../../engine/index.ts'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import type { Feature } from '../feature.ts'
import type { GamesService } from '../games/service.ts'
import { ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { ackOk } from '../realtime/handlers.ts'
import { dailyTopic } from './results.ts'
import { createDailiesService, type DailiesService } from './service.ts'

const DailyRef = t.String({ minLength: 1, maxLength: 64 })
// setTimeout takes at most 2^31-1 ms; a later midnight is re-armed on the way.
const MAX_DELAY_MS = 2 ** 31 - 1
/** Past midnight by this much, so the new day is surely the clock's day when the timer fires. */
const MIDNIGHT_MARGIN_MS = 50
const RETRY_MS = 60_000

/** Makes today's dailies at start and at every 00:00 UTC after; a failure retries a minute later. */
function midnightTimer(core: Core, dailies: DailiesService) {
  const log = core.log.child({ component: 'dailies' })
  let cancelTimer: (() => void) | undefined
  let stopped = false
  const arm = (ms: number) => {
    if (stopped) return
    cancelTimer = core.schedule(Math.min(Math.max(ms, 0), MAX_DELAY_MS), fire)
  }
  // A throw inside a timer ends a Bun process (PITFALLS.md): everything here is caught.
  function fire() {
    dailies.makeToday().then(
      (day) => arm(dayEnd(day) + MIDNIGHT_MARGIN_MS - core.clock()),
      (err) => {
        log.error('making the dailies failed', { err })
        arm(RETRY_MS)
      },
    )
  }
  return {
    start: () => fire(),
    stop() {
      stopped = true
      cancelTimer?.()
    },
  }
}

export function dailiesFeature(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const dailies = createDailiesService(core, games, dictionaries)
  games.addVariant((stored) => dailies.resolveVariant(stored))

  const timer = midnightTimer(core, dailies)

  const optionalUid = async (authorization: string | undefined) =>
    (await core.tokens.fromHeader(authorization))?.uid ?? null

  const routes = new Elysia({ prefix: '/api/dailies' })
    .use(authGuard(core.tokens))
    .get(
      '/',
      async ({ query, headers }) =>
        ok(await dailies.today(query.lang, await optionalUid(headers.authorization))),
      { query: t.Object({ lang: LangSchema }) },
    )
    .get(
      // Spelled so in SPEC.md §7.
      '/arhive',
      async ({ query, headers }) =>
        ok(unwrap(await dailies.archive(query.day, query.lang, await optionalUid(headers.authorization)))),
      { query: t.Object({ day: t.String({ maxLength: 10 }), lang: LangSchema }) },
    )
    .post(
      '/:id/attempts',
      async ({ uid, params }) => ok(unwrap(await dailies.startAttempt(uid, params.id))),
      {
        auth: true,
        params: t.Object({ id: DailyRef }),
      },
    )

  return {
    routes,
    socketHandlers: {
      'user/dailyUpdatesSubscribe': {
        idempotent: true,
        run: async ({ connection, hub }, { dailyIds }) => {
          for (const id of new Set(dailyIds)) hub.subscribe(connection, dailyTopic(id))
          return ackOk({})
        },
      },
    },
    onStart: timer.start,
    onStop: timer.stop,
  } satisfies Feature
}
