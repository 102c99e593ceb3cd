/**
 * Game ownership by lease (schema/cluster.ts). The owner renews all its leases in one statement
 * every RENEW_EVERY_MS; a game whose lease it no longer holds (it could not renew in time and
 * another process took over) is dropped from memory. Every TAKEOVER_EVERY_MS each process looks
 * for unfinished games whose lease expired (their owner died) and takes them: loaded from the
 * stored version, what fell due applied at its own due time, timers armed. A version is committed
 * only over the one it was computed from (games/repo.ts commitGame), so even two processes that
 * both believe they own a game cannot commit the same step twice: each timer fires once.
 */
import { systemSchedule } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { GameOwnership } from '../games/ownership.ts'
import type { GamesService } from '../games/service.ts'
import type { Logger } from '../observability/log.ts'
import type { HandlerRegistry } from '../realtime/handlers.ts'
import type { Hub } from '../realtime/hub.ts'
import { every } from '../util/timers.ts'
import type { Bus } from './bus.ts'
import { createForwarding } from './forward.ts'
import { claimLease, expiredLeases, releaseLeases, renewLeases } from './repo.ts'

/** A dead owner's games are taken over within this plus TAKEOVER_EVERY_MS (< 10 s, the promise). */
export const LEASE_TTL_MS = 7_000
const RENEW_EVERY_MS = 2_000
const TAKEOVER_EVERY_MS = 1_000
const TAKEOVER_PAGE = 100
// The leases' timers run on real time (systemSchedule), not the app's clock: leases expire on
// Postgres' clock, whatever time a test gives the games.

export interface OwnershipDeps {
  bus: Bus
  db: Db
  log: Logger
  hub: Hub
  handlers: HandlerRegistry
}

export function createOwnership({ bus, db, log, hub, handlers }: OwnershipDeps) {
  const self = bus.self
  let games: GamesService | null = null
  let stopping = false
  /** When this process last claimed each game: a renewal that began before it cannot have seen it. */
  const claimedAt = new Map<string, number>()
  const gamesService = () => {
    if (!games) throw new Error('cluster ownership used before the games service was attached')
    return games
  }
  const forwarding = createForwarding({
    bus,
    db,
    log,
    hub,
    handlers,
    games: gamesService,
    stopping: () => stopping,
  })

  const ownership: GameOwnership = {
    async claim(gameId) {
      if (stopping) return 'stopping'
      const startedAt = Date.now()
      const owner = await claimLease(db, gameId, self, LEASE_TTL_MS)
      if (owner === self) {
        claimedAt.set(gameId, startedAt)
        return null
      }
      return owner ?? 'unknown'
    },
    async release(gameIds, handover) {
      if (handover) stopping = true
      for (const id of gameIds) claimedAt.delete(id)
      await releaseLeases(db, self, gameIds)
      if (handover && gameIds.length > 0) bus.broadcast({ t: 'handover', ids: gameIds })
    },
    remote: forwarding.remote,
  }

  /** Loads a game whose owner is gone (if this process wins its lease) and applies what is due. */
  async function takeOver(gameId: string): Promise<void> {
    if (stopping || !games) return
    const game = await games.ownLive(gameId)
    if (!game) return
    log.info('game taken over', { gameId })
    await game.tick()
  }

  async function takeOverAll(ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await takeOver(id)
      } catch (err) {
        log.error('taking a game over failed', { gameId: id, err })
      }
    }
  }

  async function renew(): Promise<void> {
    if (!games || stopping) return
    const startedAt = Date.now()
    const held = new Set(await renewLeases(db, self, LEASE_TTL_MS))
    for (const id of games.loadedIds()) {
      if (held.has(id) || (claimedAt.get(id) ?? 0) >= startedAt) continue
      log.warn('game lease lost, another process plays it now', { gameId: id })
      claimedAt.delete(id)
      games.drop(id)
    }
  }

  bus.on('handover', (msg) => {
    takeOverAll(msg.ids as string[]).catch((err) => log.error('handover failed', { err }))
  })

  let timers: (() => void)[] = []
  return {
    ownership,
    atOwner: forwarding.atOwner,
    attach(service: GamesService): void {
      games = service
    },
    start(): void {
      timers = [
        every(systemSchedule, RENEW_EVERY_MS, log, 'renewing game leases', renew),
        every(systemSchedule, TAKEOVER_EVERY_MS, log, 'taking games over', async () => {
          if (!stopping) await takeOverAll(await expiredLeases(db, TAKEOVER_PAGE))
        }),
      ]
    },
    stop(): void {
      stopping = true
      for (const stop of timers) stop()
    },
  }
}
