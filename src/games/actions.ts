/**
 * One in-game action against the engine: the pure middle of "the path of a turn". The live game
 * serialises calls, commits what they return and broadcasts it; this file only decides.
 */
import {
  advanceClock,
  applyHint,
  applyTurn,
  type BoosterUse,
  checkBooster,
  type ErrorCode,
  expire,
  finishSignal,
  type Game,
  giveUp,
  type HintGrade,
  type HistoryEvent,
  markReady,
  type Patch,
  type Result,
  type Rng,
  type Side,
  skipResult,
  takeWin,
  type WordChecker,
} from '../../engine/index.ts'
import type { Accepted as AcceptedData, ClientAcks, ClientEvent } from '../realtime/protocol.ts'

export type GameAction =
  | { kind: 'ready'; side: Side }
  | { kind: 'turn'; side: Side; cellIds: number[]; booster?: BoosterUse }
  | { kind: 'booster'; side: Side; use: BoosterUse }
  | { kind: 'hint'; side: Side; cost: number; grade: HintGrade }
  | { kind: 'giveup'; side: Side; reason?: 'noWord' }
  | { kind: 'takeWin'; side: Side }
  | { kind: 'finish'; side: Side }
  | { kind: 'skipResult'; side: Side }
  | { kind: 'intercom'; side: Side; message: string }
  | { kind: 'clock' }

export interface ActionContext {
  now: number
  rng: Rng
  dict: WordChecker
  /** The hint chooser: cell ids of a good word for the side, or null. */
  hintFor: (game: Game, side: Side) => number[] | null
}

/** The ack data of an action of kind K: that of the client event `game/<K>` (protocol.ts ClientAcks). */
export type ActionAck<K extends GameAction['kind']> = `game/${K}` extends infer E extends ClientEvent
  ? ClientAcks[E]
  : AcceptedData

/** What an accepted action produced: a new version to commit (or none) and the ack's data. */
export interface Accepted {
  next: { game: Game; events: HistoryEvent[]; changes: Patch } | null
  ack: Record<string, unknown>
}

function step(
  r: Result<{ game: Game; events: HistoryEvent[]; changes: Patch }>,
  ack = {},
): Result<Accepted, ErrorCode> {
  if (!r.ok) return r
  // Lifecycle answers an unchanged game when nothing happened (e.g. ready twice).
  return { ok: true, value: { next: Object.keys(r.value.changes).length ? r.value : null, ack } }
}

export function runAction(game: Game, action: GameAction, ctx: ActionContext): Result<Accepted, ErrorCode> {
  const { now, rng } = ctx
  switch (action.kind) {
    case 'ready':
      return step(markReady(game, action.side, now, rng))
    case 'turn': {
      const r = applyTurn(
        game,
        { side: action.side, cellIds: action.cellIds, booster: action.booster },
        ctx.dict,
        now,
      )
      if (!r.ok) return r
      const { word, score, ...next } = r.value
      return { ok: true, value: { next, ack: { word, score } satisfies ActionAck<'turn'> } }
    }
    case 'booster': {
      const r = checkBooster(game, action.side, action.use, now)
      return r.ok
        ? { ok: true, value: { next: null, ack: { cost: r.value.cost } satisfies ActionAck<'booster'> } }
        : r
    }
    case 'hint': {
      const r = applyHint(game, action.side, action.cost, ctx.hintFor(game, action.side), now, action.grade)
      if (!r.ok) return r
      const { game: g, events, changes, ...shown } = r.value
      return {
        ok: true,
        value: { next: { game: g, events, changes }, ack: shown satisfies ActionAck<'hint'> },
      }
    }
    case 'giveup':
      return step(giveUp(game, action.side, now, rng, action.reason ?? 'giveup'))
    case 'takeWin':
      return step(takeWin(game, action.side, now, rng))
    case 'finish':
      return step(finishSignal(game, action.side, now))
    case 'skipResult':
      return step(skipResult(game, action.side, now))
    case 'intercom': {
      // The version (`ts`) of every commit is the live game's to set (live-game.ts commit).
      const draft = { ...game, updatedAt: now }
      const event: HistoryEvent = { type: 'intercom', from: action.side, message: action.message }
      return {
        ok: true,
        value: { next: { game: draft, events: [event], changes: { updatedAt: now } }, ack: {} },
      }
    }
    case 'clock': {
      // Unstarted past its expiry (the server was down through the start): expired, not started late.
      const unstarted = game.state === 'new' || game.state === 'countingDown'
      if (unstarted && now >= game.expiredAt) return step(expire(game, now))
      const r = advanceClock(game, now, rng)
      if (!r.steps) return { ok: true, value: { next: null, ack: {} } }
      // One commit is one version however many clock steps it holds: the live game sets it.
      return { ok: true, value: { next: { game: r.game, events: r.events, changes: r.changes }, ack: {} } }
    }
  }
}
