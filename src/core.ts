import { createSessions, type Sessions } from './auth/sessions.ts'
import { createTokenService, type TokenService } from './auth/tokens.ts'
import type { Clock, Schedule } from './clock.ts'
import type { ClusterLink } from './cluster/index.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { Logger } from './observability/log.ts'
import { HandlerRegistry } from './realtime/handlers.ts'
import { Hub } from './realtime/hub.ts'
import { deriveKey } from './secrets/server-secret.ts'
import { createUsersService, type UsersService } from './users/service.ts'

export interface CoreDeps {
  config: Config
  db: Db
  log: Logger
  clock: Clock
  /** The timers of the app's deadlines, on `clock`'s time (clock.ts). */
  schedule: Schedule
  /** JWT_SECRET, or the secret the server generated once and keeps (secrets/server-secret.ts). */
  serverSecret: string
}

/**
 * The services every feature receives. Features (games, rooms, …) take what they need from here
 * and hand their routes, socket handlers and start/stop hooks back to createApp (src/feature.ts).
 */
export interface Core extends CoreDeps {
  /** A key for one purpose (e.g. 'daily-seed') derived from the server secret; the same on every start. */
  deriveKey(purpose: string): string
  sessions: Sessions
  tokens: TokenService
  users: UsersService
  hub: Hub
  /** Every client message's handler: filled by createApp from the features' socketHandlers. */
  handlers: HandlerRegistry
  /** The other processes of the deployment (REDIS_URL, src/cluster/); null with one process. */
  cluster: ClusterLink | null
  /**
   * Work that must finish before the server listens (load dictionaries, recover active games
   * and re-arm their timers). Runs in registration order; a failure stops the start.
   */
  onStart(fn: () => void | Promise<void>): void
  start(): Promise<void>
  /** Cleanup run when the app stops (timers, queues). Runs in reverse order of registration. */
  onStop(fn: () => void | Promise<void>): void
  stop(): Promise<void>
}

export function createCore(deps: CoreDeps): Core {
  const starters: (() => void | Promise<void>)[] = []
  const stoppers: (() => void | Promise<void>)[] = []
  let stopping: Promise<void> | undefined
  const hub = new Hub(deps.clock, deps.log.child({ component: 'hub' }))
  const handlers = new HandlerRegistry()

  const sessions = createSessions({
    db: deps.db,
    clock: deps.clock,
    log: deps.log.child({ component: 'sessions' }),
  })
  const core: Core = {
    ...deps,
    deriveKey: (purpose) => deriveKey(deps.serverSecret, purpose),
    sessions,
    tokens: createTokenService(deps.serverSecret, deps.clock, sessions),
    users: createUsersService({ db: deps.db, clock: deps.clock, hub, log: deps.log }),
    hub,
    handlers,
    cluster: null,
    onStart: (fn) => {
      starters.push(fn)
    },
    async start() {
      for (const fn of starters.splice(0)) await fn()
    },
    onStop: (fn) => {
      stoppers.push(fn)
    },
    // One stop, however many ask for it: whoever calls waits for the same, whole stop.
    stop() {
      stopping ??= (async () => {
        for (const fn of stoppers.splice(0).reverse()) {
          try {
            await fn()
          } catch (err) {
            deps.log.error('stop step failed', { err })
          }
        }
        hub.closeAll(1001, 'server stopping')
      })()
      return stopping
    },
  }
  return core
}
