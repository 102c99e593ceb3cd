import { Elysia } from 'elysia'
import { authPlugin } from './auth/index.ts'
import { createAuthService } from './auth/service.ts'
import { type Core, type CoreDeps, createCore } from './core.ts'
import { errorEnvelope } from './http/errors.ts'
import { initPlugin } from './init/index.ts'
import { createInitService, defaultInitSources, type InitSources } from './init/service.ts'
import { observabilityPlugin } from './observability/index.ts'
import { pruneAcks } from './realtime/repo.ts'
import { realtimePlugin } from './realtime/ws.ts'
import { usersPlugin } from './users/index.ts'
import { every } from './util/timers.ts'

/** Acks are kept long enough for any reconnect; older ones only take space. */
const ACK_RETENTION_MS = 24 * 3600_000
const ACK_PRUNE_EVERY_MS = 3600_000

export interface AppDeps extends CoreDeps {
  /** Sources of /api/init that belong to later features (games, lobby). */
  init?: Partial<InitSources>
  /**
   * Runs once the core services exist, before any route is composed: the place to register
   * socket handlers (`core.handlers.registerHandler`) and stop hooks. Tests use it too.
   */
  extend?: (core: Core) => void
}

/**
 * The one composition root. A feature joins in three places, all here:
 *   const games = createGamesService(core)                  // service.ts: logic on core's db, hub, clock
 *   init: { ...defaultInitSources, games: games.listFor }    // what /api/init shows of it
 *   .use(gamesPlugin(core, games))                           // index.ts: routes; socket handlers via
 *                                                            // core.handlers.registerHandler('game/turn', …)
 * plus core.onStart (recovery before listening) and core.onStop (timers) for its lifetime.
 */
export function createApp(deps: AppDeps) {
  const core = createCore(deps)
  deps.extend?.(core)
  const auth = createAuthService({ ...core, log: core.log.child({ component: 'auth' }) })
  const init = createInitService(core, auth, { ...defaultInitSources, ...deps.init })

  core.onStop(
    every(ACK_PRUNE_EVERY_MS, core.log, 'prune socket acks', () =>
      pruneAcks(core.db, core.clock() - ACK_RETENTION_MS),
    ),
  )

  return new Elysia()
    .use(errorEnvelope(core.log))
    .decorate('core', core)
    .onStop(() => core.stop())
    .get('/api/health', () => ({ success: true as const }))
    .use(observabilityPlugin(core))
    .use(authPlugin(core, auth))
    .use(usersPlugin(core))
    .use(initPlugin(init))
    .use(realtimePlugin(core))
}

export type App = ReturnType<typeof createApp>
