/**
 * Several processes, one deployment (ARCHITECTURE.md "More than one process", docs/cluster.md):
 * with DATABASE_URL and REDIS_URL set, this joins the process to the others. Postgres stays the
 * only copy of everything; Redis carries the messages between processes (bus.ts): deliveries and
 * presence (relay.ts), forwarded game actions and leases (ownership.ts, forward.ts).
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Core } from '../core.ts'
import { sharedDatabase } from '../db/process-lock.ts'
import type { GamesService } from '../games/service.ts'
import type { AckKey } from '../realtime/ack-key.ts'
import type { AckOf, ClientEvent, ClientPayload } from '../realtime/protocol.ts'
import { createBus } from './bus.ts'
import { createOwnership } from './ownership.ts'
import { createRelay } from './relay.ts'

/** What features see of the other processes (core.cluster); null with one process. */
export interface ClusterLink {
  /** This process's id (its Redis channel, the owner in game leases). */
  readonly processId: string
  /** Tells every other process; they run their listeners of `name`. */
  signal(name: string): void
  onSignal(name: string, fn: () => void): void
  /**
   * Runs a socket handler on the process that plays the game, for state kept in its memory
   * (rematch offers): that process's answer, or null when the game is played here.
   */
  atOwner<E extends ClientEvent>(
    gameId: string,
    ctx: { uid: string; ackKey: AckKey | null },
    event: E,
    payload: ClientPayload<E>,
  ): Promise<AckOf<E> | null>
}

/** Unique per start: a restarted process is a new one (its old leases expire, nobody waits for it). */
const newProcessId = () => `${hostname().slice(0, 24)}-${process.pid}-${randomBytes(4).toString('hex')}`

export function createCluster(core: Core) {
  const { config } = core
  if (!sharedDatabase(config) || !config.redisUrl) return null
  const log = core.log.child({ component: 'cluster' })
  const processId = newProcessId()
  const bus = createBus({ url: config.redisUrl, prefix: config.redisPrefix, self: processId, log })
  const relay = createRelay({ bus, hub: core.hub, sessions: core.sessions, log })
  const owners = createOwnership({ bus, db: core.db, log, hub: core.hub, handlers: core.handlers })
  const link: ClusterLink = {
    processId,
    signal: relay.signal,
    onSignal: relay.onSignal,
    atOwner: owners.atOwner,
  }
  core.cluster = link

  // Registered before the games' start (recovery claims leases) and stop (hand-over): the bus is
  // up before the first and down only after the second (stop hooks run in reverse order).
  core.onStart(async () => {
    await bus.start()
    owners.start()
    log.info('joined the deployment', { processId, prefix: config.redisPrefix })
  })
  core.onStop(() => {
    owners.stop()
    relay.stop()
    bus.stop()
  })

  return {
    link,
    ownership: owners.ownership,
    /** The games service exists now: forwarded actions and take-overs can run. */
    attach(games: GamesService): void {
      owners.attach(games)
    },
    busUp: bus.up,
  }
}

export type Cluster = NonNullable<ReturnType<typeof createCluster>>
