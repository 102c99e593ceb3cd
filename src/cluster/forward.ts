/**
 * Actions for a game another process plays: sent to the owner over Redis, its ack back to the
 * sender's socket. A request keeps its id across retries and the owner answers a repeat with the
 * first run's answer, so a slow owner never runs an action twice. When the owner does not answer
 * (dead, or no longer playing the game) the sender looks for the stored ack (the action may have
 * been committed just before the owner died), then asks again where the game is played: after
 * the lease expires, this process or another takes it over. Never left without an answer:
 * GAME_UNREACHABLE when Redis is down or nobody took the game over in time.
 */
import { randomUUID } from 'node:crypto'
import { ErrorCode, type Game, toView } from '../../engine/index.ts'
import type { Db } from '../db/client.ts'
import type { GameAction } from '../games/actions.ts'
import { refusal } from '../games/errors.ts'
import type { Sender } from '../games/live-game.ts'
import type { RemoteGame } from '../games/ownership.ts'
import type { StoredGame } from '../games/repo.ts'
import type { GamesService } from '../games/service.ts'
import type { Logger } from '../observability/log.ts'
import type { AckKey } from '../realtime/ack-key.ts'
import type { AckResult, HandlerRegistry } from '../realtime/handlers.ts'
import type { Connection, Hub } from '../realtime/hub.ts'
import type { AckOf, ClientEvent, ClientPayload } from '../realtime/protocol.ts'
import { findAck, markAckStored } from '../realtime/repo.ts'
import type { Bus, BusMessage } from './bus.ts'

/**
 * How long one request waits for the owner's answer before asking again where the game is. Short:
 * a repeat to a live but slow owner costs nothing (it answers repeats with the first run's answer),
 * while a dead owner is noticed soon after its lease runs out.
 */
const REQUEST_TIMEOUT_MS = 1_500
const RETRY_PAUSE_MS = 250
/** Past the lease (LEASE_TTL_MS) and a takeover pass: by then the game is somebody's again. */
const GIVE_UP_AFTER_MS = 20_000
/** The owner keeps the answer of a request without a message id this long, for the sender's repeats. */
const SERVED_KEPT_MS = 60_000

export const UNREACHABLE = 'GAME_UNREACHABLE'
const unreachable = () =>
  refusal(UNREACHABLE, 'The server playing this game cannot be reached now: try again in a moment')

/** A game action for the owner's live game, or a socket handler to run where the game is played. */
type ActRequest = {
  id: string
  gameId: string
  uid: string | null
  ackKey: AckKey | null
} & ({ action: GameAction } | { event: ClientEvent; payload: unknown })

export class ForwardedGame implements RemoteGame {
  readonly id: string
  private readonly game: Game

  constructor(
    stored: StoredGame,
    readonly owner: string,
    private readonly forward: (
      remote: ForwardedGame,
      action: GameAction,
      sender?: Sender,
    ) => Promise<AckResult>,
  ) {
    this.game = stored.game
    this.id = stored.game.id
  }

  get view() {
    return toView(this.game)
  }

  get snapshot(): Game {
    return this.game
  }

  get closed(): boolean {
    return this.game.state === 'over' || this.game.state === 'expired'
  }

  sideOf(uid: string) {
    const side = this.game.opponents.indexOf(uid)
    return side === 0 || side === 1 ? side : null
  }

  async act(action: GameAction, sender?: Sender): Promise<AckResult> {
    const result = await this.forward(this, action, sender)
    // The owner's live game stored it with its commit (or found it stored): the ack rows are the live game's.
    markAckStored(result)
    return result
  }

  tick(): Promise<AckResult> {
    return this.act({ kind: 'clock' })
  }
}

export interface ForwardingDeps {
  bus: Bus
  db: Db
  log: Logger
  /** Set once the games service exists (it is built with this module's ownership). */
  games: () => GamesService
  /** True once this process stops: it takes no game any more. */
  stopping: () => boolean
  hub: Hub
  handlers: HandlerRegistry
}

/** The sender's connection as a forwarded handler sees it: on another process, so it only has an id. */
const elsewhere = (uid: string): Connection => ({
  id: `forwarded:${uid}`,
  uid,
  send() {},
  close() {},
})

export function createForwarding({ bus, db, log, games, stopping, hub, handlers }: ForwardingDeps) {
  const waiting = new Map<string, (result: AckResult | null) => void>()
  const served = new Map<string, { answer: Promise<AckResult | null>; at: number }>()

  const settle = (msg: BusMessage, result: AckResult | null) => {
    const resolve = waiting.get(String(msg.id))
    if (!resolve) return
    waiting.delete(String(msg.id))
    resolve(result)
  }
  bus.on('acted', (msg) => settle(msg, msg.result as AckResult))
  bus.on('notOwner', (msg) => settle(msg, null))

  /** One try: the owner's answer, or null (no answer in time, not the owner, Redis away). */
  function request(owner: string, body: ActRequest): Promise<AckResult | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(body.id)
        resolve(null)
      }, REQUEST_TIMEOUT_MS)
      waiting.set(body.id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      if (!bus.sendTo(owner, { t: 'act', ...body })) {
        clearTimeout(timer)
        waiting.delete(body.id)
        resolve(null)
      }
    })
  }

  function forward(remote: ForwardedGame, action: GameAction, sender?: Sender): Promise<AckResult> {
    const body: ActRequest = {
      id: randomUUID(),
      gameId: remote.id,
      uid: sender?.uid ?? null,
      ackKey: sender?.ackKey ?? null,
      action,
    }
    return askOwner(remote, body, sender, (here) => here.act(action, sender))
  }

  /**
   * Asks the owner until it answers; `here` runs it on this process if the game came to it.
   * Answers GAME_UNREACHABLE when Redis is away or nobody takes the game over in time.
   */
  async function askOwner(
    remote: ForwardedGame,
    body: ActRequest,
    sender: Pick<Sender, 'uid' | 'ackKey'> | undefined,
    here: (
      remote: Exclude<Awaited<ReturnType<GamesService['live']>>, null | ForwardedGame>,
    ) => Promise<AckResult>,
  ): Promise<AckResult> {
    const giveUpAt = Date.now() + GIVE_UP_AFTER_MS
    let owner = remote.owner
    for (;;) {
      // Redis away: the owner cannot be reached and is alive (its lease says so). Refuse at once.
      if (!bus.up()) return unreachable()
      const answer = await request(owner, body)
      if (answer) return answer
      if (sender?.ackKey) {
        const stored = await findAck(db, sender.uid, sender.ackKey)
        if (stored) return stored
      }
      if (Date.now() > giveUpAt) {
        log.warn('forwarded action unanswered', { gameId: remote.id, owner })
        return unreachable()
      }
      await Bun.sleep(RETRY_PAUSE_MS)
      const where = await games().live(remote.id)
      if (!where) return refusal(ErrorCode.GAME_NOT_FOUND)
      // Taken over by this process: played here (the stored-ack check above keeps it to once).
      if (!(where instanceof ForwardedGame)) return here(where)
      owner = where.owner
    }
  }

  /** The owner's side: runs a forwarded action in its live game, once per request id. */
  async function serve(req: ActRequest): Promise<AckResult | null> {
    if (stopping()) return null
    if (req.uid && req.ackKey) {
      const stored = await findAck(db, req.uid, req.ackKey)
      if (stored) return stored
    }
    const remote = await games().ownLive(req.gameId)
    if (!remote) return null
    if ('action' in req)
      return remote.act(
        req.action,
        req.uid ? { uid: req.uid, ackKey: req.ackKey, reply: () => {} } : undefined,
      )
    const entry = handlers.get(req.event)
    if (!entry || !req.uid) return refusal(ErrorCode.BAD_REQUEST, `${req.event} cannot be forwarded`)
    const ctx = {
      uid: req.uid,
      connection: elsewhere(req.uid),
      hub,
      log,
      now: Date.now(),
      ackKey: req.ackKey,
      reply: () => {},
    }
    return entry.run(ctx, req.payload)
  }

  bus.on('act', (msg) => {
    const req = msg as unknown as ActRequest & BusMessage
    // A message the client sent again through another process (a reconnect) is the same message:
    // it shares the first copy's run, as copies on one process do (realtime/dispatch.ts).
    const keyed = req.uid !== null && req.ackKey !== null
    const key = keyed ? `${req.uid}\u0000${req.ackKey?.messageId}\u0000${req.ackKey?.fingerprint}` : req.id
    let entry = served.get(key)
    if (!entry) {
      entry = { answer: serve(req), at: Date.now() }
      served.set(key, entry)
    }
    entry.answer
      .catch((err) => {
        log.error('forwarded action failed', { gameId: req.gameId, err })
        return refusal('INTERNAL_ERROR', 'Internal error')
      })
      .then((result) => {
        // Settled, a message with an id is answered from the stored ack (an accepted one) or runs
        // again (a refusal, as on one process); one without an id keeps its answer for repeats.
        if (result === null || keyed) served.delete(key)
        bus.sendTo(msg.from, result ? { t: 'acted', id: req.id, result } : { t: 'notOwner', id: req.id })
      })
      .catch((err) => log.error('answering a forwarded action failed', { err }))
    const now = Date.now()
    for (const [id, e] of served) {
      if (now - e.at < SERVED_KEPT_MS) break
      served.delete(id)
    }
  })

  return {
    remote: (stored: StoredGame, owner: string) => new ForwardedGame(stored, owner, forward),
    /**
     * Runs a socket handler where the game is played, for state kept in that process's memory
     * (rematch offers): the owner's answer, or null when the game is played here (run it here).
     */
    async atOwner<E extends ClientEvent>(
      gameId: string,
      ctx: Pick<Sender, 'uid' | 'ackKey'>,
      event: E,
      payload: ClientPayload<E>,
    ): Promise<AckOf<E> | null> {
      const where = await games().live(gameId)
      if (!(where instanceof ForwardedGame)) return null
      const body: ActRequest = { id: randomUUID(), gameId, uid: ctx.uid, ackKey: ctx.ackKey, event, payload }
      let local = false
      const answer = await askOwner(where, body, ctx, async () => {
        local = true
        return refusal(ErrorCode.BAD_REQUEST)
      })
      // The owner ran E's handler (or this very message's stored ack): E's answer, through the bus.
      return local ? null : (answer as AckOf<E>)
    },
  }
}
