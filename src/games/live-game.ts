/**
 * One game in play (ARCHITECTURE.md "The path of a turn"): a serial queue of actions; each runs on
 * the engine, and an accepted one is committed (history row with its patches, the snapshot every
 * SNAPSHOT_EVERY versions and at the end, the ack, and at the end the players' settlement, in one
 * transaction) before it is acknowledged and broadcast. The live game is the one writer of a game's
 * version `ts` and of its actions' stored acks. One timer per live game, armed from the stored
 * timestamps after every task, drives the clock and the computer.
 */
import {
  type AiLevel,
  computerLevelOf,
  ErrorCode,
  type Game,
  type GameView,
  isComputer,
  nextDeadline,
  type Patch,
  type Rng,
  type Side,
  toView,
} from '../../engine/index.ts'
import { chooseHint, type Dictionary } from '../../engine/server.ts'
import type { Clock, Schedule } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import type { AckKey } from '../realtime/ack-key.ts'
import { type AckResult, ackOk } from '../realtime/handlers.ts'
import { type Hub, topics } from '../realtime/hub.ts'
import type { ServerPayloads } from '../realtime/protocol.ts'
import { markAckStored } from '../realtime/repo.ts'
import { type Accepted, type GameAction, runAction } from './actions.ts'
import type { CommitBatcher } from './commit-batch.ts'
import { computerMove, type DelayRange, moveSourceFor, thinkingDelay } from './computer.ts'
import { gameRefusal, refusal } from './errors.ts'
import { hideHints, hintSide } from './hint-privacy.ts'
import { SNAPSHOT_EVERY, serverChanges } from './rebuild.ts'
import { commitGame, findGame, StaleGameError, type StoredGame } from './repo.ts'
import { progressUpdate, type SideOutcome, settleClosedGame, settleSkip, skipAck } from './settle.ts'
import type { GameVariant } from './variant.ts'
import { wakeAt } from './wake.ts'

// setTimeout takes at most 2^31-1 ms; a later deadline is re-armed on the way.
const MAX_DELAY_MS = 2 ** 31 - 1

export interface LiveGameDeps {
  db: Db
  hub: Hub
  clock: Clock
  /** The live game's one timer, on `clock`'s time. */
  schedule: Schedule
  log: Logger
  dict: Dictionary
  computerDelay: DelayRange
  /** The server's dice, fresh per action. */
  rng: () => Rng
  /** Writes the commits without settlement, many games at a time (commit-batch.ts). */
  commits: CommitBatcher
  /** Told once a game closes, after its commit (the post-game review starts here). */
  onClosed?: (game: Game) => void
}

/** Who sent an action over the socket: the live game answers them as soon as the commit is done. */
export interface Sender {
  uid: string
  /** Stored with the commit so a resent message gets this very answer (realtime/dispatch.ts). */
  ackKey: AckKey | null
  reply(payload: AckResult): void
}

const isClosed = (game: Pick<GameView, 'state'>) => game.state === 'over' || game.state === 'expired'

export class LiveGame {
  readonly id: string
  readonly computer: { side: Side; level: AiLevel } | null
  private game: Game
  /** The version of the snapshot stored last (lean writes: the versions after it are patches). */
  private snapshotTs: number
  private queue: Promise<unknown> = Promise.resolve()
  private pending = 0
  private cancelTimer: (() => void) | undefined
  private computerDue: { ts: number; at: number } | null = null
  private failures = 0
  private stopped = false
  private lastActive: number

  constructor(
    stored: StoredGame,
    private readonly deps: LiveGameDeps,
    private readonly variant: GameVariant | null = null,
  ) {
    this.game = stored.game
    this.snapshotTs = stored.snapshotTs ?? stored.game.ts
    this.id = stored.game.id
    const side = stored.game.opponents.findIndex(isComputer)
    const level = side >= 0 ? computerLevelOf(stored.game.opponents[side]) : null
    this.computer = variant?.computer ?? (level ? { side: side as Side, level } : null)
    this.lastActive = deps.clock()
  }

  /** The view of PROTOCOL.md as committed. */
  get view(): GameView {
    return toView(this.game)
  }

  /** The whole game as committed (stats and awards included). */
  get snapshot(): Game {
    return this.game
  }

  get closed(): boolean {
    return isClosed(this.game)
  }

  /**
   * Nothing queued, untouched for `ms`, and nothing for the server to do before `horizon` (a
   * closed game never has): safe to drop from memory. The wake sweep loads it again in time.
   */
  idleFor(ms: number, now: number, horizon: number): boolean {
    if (this.pending > 0 || now - this.lastActive < ms) return false
    const wake = wakeAt(this.game)
    return wake === null || wake > horizon
  }

  sideOf(uid: string): Side | null {
    const side = this.game.opponents.indexOf(uid)
    return side === 0 || side === 1 ? side : null
  }

  /** Queues an action; resolves with its ack once it is refused, or committed and broadcast. */
  act(action: GameAction, sender?: Sender): Promise<AckResult> {
    return this.enqueue(() => this.process(action, sender))
  }

  /** Applies the clock now, through the queue (recovery at start waits on this). */
  tick(): Promise<AckResult> {
    return this.act({ kind: 'clock' })
  }

  start(): void {
    this.arm()
  }

  /** Resolves when every queued action has finished (a clean stop waits for this). */
  drain(): Promise<void> {
    return this.queue.then(() => {})
  }

  stop(): void {
    this.stopped = true
    this.cancelTimer?.()
    this.cancelTimer = undefined
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.pending++
    const run = this.queue.then(async () => {
      try {
        return await task()
      } finally {
        this.pending--
        this.lastActive = this.deps.clock()
        this.arm()
      }
    })
    // The chain itself never rejects: one failed task must not block the next.
    this.queue = run.catch(() => {})
    return run
  }

  private answer(sender: Sender | undefined, payload: AckResult): AckResult {
    sender?.reply(payload)
    return payload
  }

  private async process(action: GameAction, sender?: Sender): Promise<AckResult> {
    const prev = this.game
    const now = this.deps.clock()
    const rng = this.deps.rng()
    const r = runAction(prev, action, {
      now,
      rng,
      dict: this.deps.dict,
      hintFor: (game, side) => chooseHint(game, side, moveSourceFor(this.deps.dict), rng)?.cellIds ?? null,
    })
    if (!r.ok) return this.answer(sender, gameRefusal(r.error, prev))
    if (!r.value.next) {
      // Accepted, nothing to write (a repeated ready or finish): no ack row either, the live game being
      // the one writer of its actions' acks; a resend runs again and changes nothing again.
      const unchanged = ackOk(r.value.ack)
      markAckStored(unchanged)
      return this.answer(sender, unchanged)
    }
    let next = r.value.next
    const extra = this.variant?.events?.(prev, next.game, next.events) ?? []
    if (extra.length) next = { ...next, events: [...next.events, ...extra] }
    return this.commit(prev, next, r.value.ack, action, now, sender)
  }

  private async commit(
    prev: Game,
    next: NonNullable<Accepted['next']>,
    ackData: Record<string, unknown>,
    action: GameAction,
    now: number,
    sender?: Sender,
  ): Promise<AckResult> {
    // One commit is one version, whatever clock steps the engine folded into it.
    const ts = prev.ts + 1
    let game: Game = { ...next.game, ts }
    let changes: Patch = { ...next.changes, ts }
    let outcomes: Pick<SideOutcome, 'uid' | 'progress'>[] = []
    let events = next.events
    let data = ackData
    const closedNow = isClosed(game) && !isClosed(prev)
    let refused: AckResult | null = null
    let afterCommit: (() => void) | undefined
    const settle = this.variant?.settle
    const ackOf = () => (sender?.ackKey ? { uid: sender.uid, ...sender.ackKey, ack: ackOk(data) } : null)
    // Read when written: settlement may change the game, its patch and its events first.
    const commitOf = () => ({
      prevTs: prev.ts,
      game,
      events,
      changes,
      serverChanges: serverChanges(prev, game),
      now,
    })
    let snapshotTs = this.snapshotTs
    try {
      if (!closedNow && action.kind !== 'skipResult') {
        // The common case (a turn, a ready, a clock step): history row and ack, the snapshot only
        // every SNAPSHOT_EVERY versions, written with the other games' commits of the moment (group
        // commit); durable when this resolves.
        const withSnapshot = ts - this.snapshotTs >= SNAPSHOT_EVERY
        await this.deps.commits.submit({ ...commitOf(), withSnapshot }, ackOf())
        if (withSnapshot) snapshotTs = ts
      } else
        await this.deps.db.transaction(async (tx) => {
          if (closedNow && settle !== false) {
            const level = this.computer?.level ?? null
            const settled = await settleClosedGame(tx, prev, game, level, now, settle)
            game = settled.game
            changes = settled.changes
            outcomes = settled.outcomes
            events = [...next.events, ...settled.events]
          }
          if (action.kind === 'skipResult') {
            const skip = await settleSkip(tx, prev, action.side, now)
            if (!skip.ok) {
              refused =
                skip.reason === 'NO_COINS_ENOUGH'
                  ? refusal('NO_COINS_ENOUGH', 'Not enough coins to skip this result')
                  : refusal(ErrorCode.BAD_REQUEST, 'This result cannot be skipped')
              return
            }
            data = skipAck(game, skip)
            outcomes = [{ uid: prev.opponents[action.side], progress: skip.progress }]
          }
          await commitGame(tx, commitOf(), ackOf())
          if (closedNow && this.variant?.onClosed) afterCommit = await this.variant.onClosed(tx, game, now)
          snapshotTs = ts
        })
    } catch (err) {
      // Someone else wrote this game (should not happen with one process): take the stored version.
      if (err instanceof StaleGameError) await this.reload()
      throw err
    }
    const refusedAck = refused as AckResult | null
    if (refusedAck) {
      if (!refusedAck.success && refusedAck.error.code === 'NO_COINS_ENOUGH' && sender)
        this.deps.hub.sendToUser(sender.uid, 'system/no_coins_enough', {})
      return this.answer(sender, refusedAck)
    }

    this.game = game
    this.snapshotTs = snapshotTs
    this.failures = 0
    const payload = ackOk(data)
    markAckStored(payload)
    this.answer(sender, payload)
    this.publish('game/events', { gameId: game.id, ts: game.ts, changes, events })
    for (const outcome of outcomes)
      this.deps.hub.sendToUser(outcome.uid, 'user/update', { data: progressUpdate(outcome) })
    if (closedNow) this.publish('game/finish', { game: toView(game) })
    try {
      afterCommit?.()
      if (closedNow) this.deps.onClosed?.(game)
    } catch (err) {
      this.deps.log.error('after-commit work of a closed game failed', { gameId: this.id, err })
    }
    return payload
  }

  /**
   * Players on every connection they have; observers through the game's topic (never players).
   * A hint is the buyer's alone: everyone else learns that one was bought, not where it points.
   */
  private publish<E extends 'game/events' | 'game/finish'>(event: E, payload: ServerPayloads[E]): void {
    const { hub } = this.deps
    const humans = this.game.opponents.filter((uid) => !isComputer(uid))
    const events = 'events' in payload ? payload.events : []
    const side = hintSide(events)
    if (side === null) {
      hub.sendToUsersAndTopic(humans, topics.game(this.id), event, payload)
      return
    }
    const others = { ...payload, events: hideHints(events) }
    const buyer = this.game.opponents[side]
    hub.sendToUsers(
      humans.filter((uid) => uid === buyer),
      event,
      payload,
    )
    hub.sendToUsers(
      humans.filter((uid) => uid !== buyer),
      event,
      others,
    )
    hub.publish(topics.game(this.id), event, others)
  }

  private async reload(): Promise<void> {
    const stored = await findGame(this.deps.db, this.id)
    if (!stored) return
    this.game = stored.game
    this.snapshotTs = stored.snapshotTs ?? stored.game.ts
  }

  /** One timer: the engine's next deadline, or the computer's move if that comes first. */
  private arm(): void {
    try {
      this.cancelTimer?.()
      this.cancelTimer = undefined
      if (this.stopped) return
      const now = this.deps.clock()
      let due = nextDeadline(this.game)
      let kind: 'clock' | 'computer' = 'clock'
      const computerAt = this.computerMoveAt(now)
      if (computerAt !== null && (due === null || computerAt < due)) {
        due = computerAt
        kind = 'computer'
      }
      if (due === null) return
      // After a failure (the database away) wait a little longer each time instead of spinning.
      const backoff = this.failures ? Math.min(30_000, 250 * 2 ** this.failures) : 0
      const delay = Math.min(Math.max(due - now, backoff, 0), MAX_DELAY_MS)
      this.cancelTimer = this.deps.schedule(delay, () => this.fire(kind))
    } catch (err) {
      this.deps.log.error('arming a game timer failed', { gameId: this.id, err })
    }
  }

  // A throw inside a timer ends a Bun process (PITFALLS.md): everything here is caught.
  private fire(kind: 'clock' | 'computer'): void {
    this.cancelTimer = undefined
    const task = kind === 'clock' ? this.tick() : this.enqueue(() => this.playComputer())
    task.catch((err) => {
      this.failures++
      this.deps.log.error('game timer failed', { gameId: this.id, kind, err })
    })
  }

  private computerMoveAt(now: number): number | null {
    const c = this.computer
    const g = this.game
    if (!c || g.state !== 'active' || g.turnAvailable !== c.side) {
      this.computerDue = null
      return null
    }
    if (this.computerDue?.ts !== g.ts)
      this.computerDue = { ts: g.ts, at: now + thinkingDelay(this.deps.computerDelay, this.deps.rng()) }
    return this.computerDue.at
  }

  /** The computer's turn, through the same path as a player's. Without a playable word it resigns (noWord). */
  private async playComputer(): Promise<void> {
    const c = this.computer
    const g = this.game
    if (!c || g.state !== 'active' || g.turnAvailable !== c.side) return
    let decision = null
    try {
      decision = this.variant?.computerMove
        ? this.variant.computerMove(g, c.side)
        : computerMove(g, c.side, c.level, this.deps.dict, this.deps.rng())
    } catch (err) {
      this.deps.log.error('computer move failed', { gameId: this.id, err })
    }
    if (decision) {
      const ack = await this.process({
        kind: 'turn',
        side: c.side,
        cellIds: decision.cellIds,
        ...(decision.booster ? { booster: decision.booster } : {}),
      })
      if (ack.success) return
      // Out of time: the clock forfeits the turn, the computer does not resign over it.
      if (ack.error.code === ErrorCode.TIME_IS_UP) return
      this.deps.log.error('computer move refused', { gameId: this.id, code: ack.error.code })
    }
    // Resigning for want of a word is its own reason, so the result says why (docs/server.md).
    await this.process({ kind: 'giveup', side: c.side, reason: 'noWord' })
  }
}
