import { Elysia } from 'elysia'
import { analyticsFeature } from './analytics/index.ts'
import { ANALYTICS_LIMITS } from './analytics/model.ts'
import { createAccountService } from './auth/account.ts'
import { accountFeature } from './auth/account-routes.ts'
import { createDeviceKeys } from './auth/device-keys.ts'
import { authFeature } from './auth/index.ts'
import { createAuthService } from './auth/service.ts'
import { createCluster } from './cluster/index.ts'
import { type Core, type CoreDeps, createCore } from './core.ts'
import { dailiesFeature } from './dailies/index.ts'
import { dangerFeature } from './danger/index.ts'
import { createDangerService } from './danger/service.ts'
import { definitionsFeature } from './definitions/index.ts'
import { createDefinitions } from './definitions/store.ts'
import { devFeature } from './dev/index.ts'
import type { Dictionaries } from './dictionaries/store.ts'
import { economyFeature } from './economy/feature.ts'
import { composeFeatures, routesOf } from './features.ts'
import { gamesFeature } from './games/index.ts'
import { gamePageData } from './games/page-data.ts'
import { createGamesService } from './games/service.ts'
import { compressPlugin } from './http/compress.ts'
import { edgePlugin } from './http/edge.ts'
import { errorEnvelope } from './http/errors.ts'
import { initFeature } from './init/index.ts'
import { createInitService, defaultInitSources, type InitSources } from './init/service.ts'
import { newsFeature } from './news/index.ts'
import { notebooksFeature } from './notebooks/index.ts'
import { createNotebookService } from './notebooks/service.ts'
import { healthFeature } from './observability/health.ts'
import { CLIENT_LOG_MAX_BYTES, observabilityFeature } from './observability/index.ts'
import { type PagesDeps, pagesPlugin, type WebSide } from './pages/index.ts'
import { securityHeaders } from './pages/security-headers.ts'
import { photosFeature } from './photos/index.ts'
import { createTelegramPhotos, withTelegramPhotos } from './photos/service.ts'
import type { Fetcher } from './photos/source.ts'
import { ratingsFeature } from './ratings/index.ts'
import { pruneAcks } from './realtime/repo.ts'
import { realtimeFeature, SOCKET_SERVER_OPTIONS } from './realtime/ws.ts'
import { reportsFeature } from './reports/index.ts'
import { createOverlay, withOverlay } from './reports/overlay.ts'
import { createReportsService } from './reports/service.ts'
import { reviewFeature } from './review/index.ts'
import { createReviewRunner } from './review/runner.ts'
import { createReviewService } from './review/service.ts'
import { roomsFeature } from './rooms/index.ts'
import { createRoomsService } from './rooms/service.ts'
import { shareFeature } from './share/index.ts'
import { shareHead } from './share/og.ts'
import { createShareService } from './share/service.ts'
import { loginWidgetBot } from './telegram/login-widget.ts'
import { tutorialFeature } from './tutorial/index.ts'
import { usersFeature } from './users/index.ts'
import { every } from './util/timers.ts'

/** Acks are kept long enough for any reconnect; older ones only take space. */
const ACK_RETENTION_MS = 24 * 3600_000
const ACK_PRUNE_EVERY_MS = 3600_000
const SESSION_PRUNE_EVERY_MS = 24 * 3600_000

export interface AppDeps extends CoreDeps {
  /** The word lists games are played with (loaded before the app is built). */
  dictionaries: Dictionaries
  /** Sources of /api/init that belong to later features (games, lobby). */
  init?: Partial<InitSources>
  /**
   * Runs once the core services and the features' socket handlers exist, before any route is
   * composed: tests register stand-in handlers here (with `replace: true`) and start/stop hooks.
   */
  extend?: (core: Core) => void
  /**
   * What comes from web/ (web/islands/index.ts): handed in by the process's entry points, so that
   * src/ never imports web/ and the two do not import each other in a loop.
   */
  web: WebSide
  /** A prebuilt client bundle and the public/ folder (the compiled binary's embedded copies). */
  pages?: Pick<PagesDeps, 'assets' | 'publicDir'>
  /** How Telegram's photo links are fetched (tests stand in for Telegram's CDN). */
  photoFetch?: Fetcher
}

/**
 * The one composition root. A feature (src/feature.ts) joins in two places, both here:
 *   const games = createGamesService(core, …)        // service.ts: logic on core's db, hub, clock
 *   gamesFeature(core, games, dictionaries)           // index.ts: { routes, socketHandlers, onStart, onStop }
 * in the `features` list; what /api/init shows of it goes into `init`.
 */
export function createApp(deps: AppDeps) {
  const core = createCore(deps)
  // Words accepted from players' reports, on top of the built lists (reports/overlay.ts).
  const overlay = createOverlay()
  const dictionaries = withOverlay(deps.dictionaries, overlay)
  // Before the games: their recovery claims leases once the cluster's bus is up (null: one process).
  const cluster = createCluster(core)
  const games = createGamesService(core, {
    ownership: cluster?.ownership,
    dictionaries,
    computerDelay: deps.config.computerDelayMs,
    commitWriters: deps.config.databaseUrl ? 4 : 1,
  })
  cluster?.attach(games)
  const rooms = createRoomsService(core, games, dictionaries)
  const notebooks = createNotebookService({ core, view: games.view })
  const reports = createReportsService({ core, games, dictionaries, overlay })
  const reviewRunner = createReviewRunner({
    dictionariesDir: deps.config.dictionariesDir,
    log: core.log.child({ component: 'review' }),
  })
  const reviews = createReviewService(core, reviewRunner)
  games.onGameClosed(reviews.onClosed)
  const danger = createDangerService(core, games)
  const share = createShareService(games)
  const definitions = createDefinitions(deps.config.dictionariesDir)
  // The Telegram photo becomes the default avatar: copied at every Telegram sign-in (src/photos/).
  const photos = createTelegramPhotos({
    ...core,
    log: core.log.child({ component: 'photos' }),
    fetch: deps.photoFetch,
  })
  const deviceKeys = createDeviceKeys(core)
  const auth = createAuthService({
    ...core,
    users: withTelegramPhotos(core.users, photos),
    deviceKeys,
    log: core.log.child({ component: 'auth' }),
  })
  const account = createAccountService({ ...core, deviceKeys })
  const init = createInitService(core, auth, deviceKeys, {
    ...defaultInitSources,
    games: games.listFor,
    lobby: rooms.lobby,
    ...deps.init,
  })

  // Start hooks run in this order, stop hooks in the reverse: today's dailies are begun first; the
  // accepted words (reports) are loaded before the games recover; rooms (the arena starts games)
  // and reviews stop before the games hand over.
  const features = [
    dailiesFeature(core, games, dictionaries),
    healthFeature(core),
    observabilityFeature(core),
    authFeature(core, auth),
    accountFeature(core, auth, account),
    usersFeature(core),
    photosFeature(photos),
    economyFeature(core),
    initFeature(core, init),
    reportsFeature(core, reports),
    gamesFeature(core, games, dictionaries),
    notebooksFeature(core, notebooks),
    reviewFeature(reviews, reviewRunner),
    dangerFeature(core, danger),
    shareFeature(share),
    definitionsFeature(definitions),
    roomsFeature(core, rooms),
    ratingsFeature(core),
    tutorialFeature(core, games, dictionaries),
    devFeature(core),
    newsFeature(core),
    analyticsFeature(core),
    realtimeFeature(core),
  ] as const
  composeFeatures(core, features)
  deps.extend?.(core)

  core.onStop(
    every(core.schedule, ACK_PRUNE_EVERY_MS, core.log, 'prune socket acks', () =>
      pruneAcks(core.db, core.clock() - ACK_RETENTION_MS),
    ),
  )
  core.onStop(
    every(core.schedule, SESSION_PRUNE_EVERY_MS, core.log, 'prune ended sessions', core.sessions.prune),
  )

  // The edge comes first (headers, clean text, per-address limits, the body parser); pages come
  // last: they answer every GET no route above took (/assets/, public/, the 404 page).
  return (
    new Elysia({ websocket: SOCKET_SERVER_OPTIONS })
      .use(
        edgePlugin({
          config: deps.config,
          verifyToken: core.tokens.verify,
          headers: securityHeaders(deps.config.publicUrl),
          bodyLimits: new Map([
            ['/api/logs', CLIENT_LOG_MAX_BYTES],
            ['/api/analytics/batch', ANALYTICS_LIMITS.bodyBytes],
          ]),
        }),
      )
      .use(errorEnvelope(core.log))
      .use(compressPlugin())
      .use(routesOf(features))
      // After the features: Elysia types `.use([...])` from the list alone, and these are for the
      // process (server.ts, tests), not for routes.
      .decorate('core', core)
      .decorate('games', games)
      .decorate('reviews', reviews)
      .onStop(() => core.stop())
      .use(
        pagesPlugin({
          ...deps.pages,
          web: deps.web,
          log: core.log.child({ component: 'pages' }),
          dev: deps.config.dev,
          telegramBot: loginWidgetBot(core),
          head: shareHead(share, deps.config.publicUrl),
          data: gamePageData(games, core.clock),
          groupUrl: deps.config.telegramGroupUrl,
        }),
      )
  )
}

export type App = ReturnType<typeof createApp>
