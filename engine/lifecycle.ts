/**
 * The life of a game around its turns (RULES §4, §7): ready, surrender, claimed win, expiry, finish
 * signals and skipped results.
 *
 * Every action except `expire` first applies the clock up to `now` (advanceClock), so an action that
 * arrives after a deadline the server has not yet processed sees the game as it really is. A refused
 * action changes nothing, the clock's steps included: the server's own timer applies them.
 * Each accepted action adds one to `ts` beyond the clock's steps and sets `updatedAt` to `now`.
 */
import { advanceClock, isBlitz, startCountdownDraft, takeWinEligible } from './clock.ts'
import { cloneData } from './clone.ts'
import { finishGameDraft } from './end.ts'
import { ErrorCode, fail, ok, type Result } from './errors.ts'
import { diff } from './patch.ts'
import type { Rng } from './rng.ts'
import type { Game, GameoverReason, HistoryEvent, Patch, Side, SideResult } from './types.ts'
import { toView } from './view.ts'

export interface LifecycleStep {
  game: Game
  events: HistoryEvent[]
  /** Patch of the game view from the game passed in (PROTOCOL.md). */
  changes: Patch
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)
const isClosed = (game: Game) => game.state === 'over' || game.state === 'expired'

/** Clones `from` (the clock's result), lets `change` mutate the clone and answers the step from `before`. */
function commit(
  before: Game,
  from: Game,
  events: HistoryEvent[],
  now: number,
  change: (d: Game) => HistoryEvent[],
) {
  const draft = cloneData(from)
  const more = change(draft)
  draft.ts = from.ts + 1
  draft.updatedAt = now
  return ok({ game: draft, events: [...events, ...more], changes: diff(toView(before), toView(draft)) })
}

/** Only the clock's steps, when the action itself changes nothing. */
function clockOnly(before: Game, clocked: Game, events: HistoryEvent[]): Result<LifecycleStep> {
  return ok({
    game: clocked,
    events,
    changes: clocked === before ? {} : diff(toView(before), toView(clocked)),
  })
}

/**
 * `game/ready`: when both sides are ready the countdown starts at `now`. Ready after the start (or
 * twice) is accepted and changes nothing, so a reconnecting client never sees an error for it.
 */
export function markReady(game: Game, side: Side, now: number, rng?: Rng): Result<LifecycleStep> {
  const clock = advanceClock(game, now, rng)
  const g = clock.game
  if (isClosed(g)) return fail(ErrorCode.GAME_NOT_ACTIVE)
  if (g.state !== 'new' || g.ready[side]) return clockOnly(game, g, clock.events)
  return commit(game, g, clock.events, now, (draft) => {
    draft.ready[side] = true
    if (draft.ready[0] && draft.ready[1]) startCountdownDraft(draft, now)
    return []
  })
}

/**
 * `game/giveup`: the other side wins (reason giveup). Allowed before the start too (new,
 * countingDown): both players are in the game by then, and leaving it must cost the same as
 * leaving later, or a player could dodge opponents for free. The computer resigning for want of
 * a word passes `noWord`, so the result can say so.
 */
export function giveUp(
  game: Game,
  side: Side,
  now: number,
  rng?: Rng,
  reason: Extract<GameoverReason, 'giveup' | 'noWord'> = 'giveup',
): Result<LifecycleStep> {
  const clock = advanceClock(game, now, rng)
  if (isClosed(clock.game)) return fail(ErrorCode.GAME_NOT_ACTIVE)
  return commit(game, clock.game, clock.events, now, (draft) =>
    finishGameDraft(draft, other(side), reason, now),
  )
}

/**
 * `game/takeWin`, only for the side not to move. Classic modes: allowed once `total` seconds have
 * passed since the turn started (reason takeWin), else TAKE_WIN_TOO_EARLY. Blitz modes: the clock ends
 * games by itself, so a claim only applies the clock: if that ends the game in the claimer's favour
 * the claim succeeds (reason timeout), otherwise the opponent still has time: TAKE_WIN_TOO_EARLY.
 */
export function takeWin(game: Game, side: Side, now: number, rng?: Rng): Result<LifecycleStep> {
  const clock = advanceClock(game, now, rng)
  const g = clock.game
  if (isClosed(g)) {
    const endedNow = !isClosed(game) && g.winner === side
    return endedNow ? clockOnly(game, g, clock.events) : fail(ErrorCode.GAME_NOT_ACTIVE)
  }
  if (g.state !== 'active') return fail(ErrorCode.GAME_NOT_ACTIVE)
  if (g.turnAvailable === side) return fail(ErrorCode.NOT_YOUR_TURN)
  if (isBlitz(g) || !takeWinEligible(g, side, now)) return fail(ErrorCode.TAKE_WIN_TOO_EARLY)
  return commit(game, g, clock.events, now, (draft) => finishGameDraft(draft, side, 'takeWin', now))
}

/**
 * A game never started by `expiredAt` becomes `expired`: no winner, no rating change, no results.
 * The clock is deliberately not applied (it would start the game): the server calls this, instead
 * of advancing the clock, for a game it finds still unstarted past its expiry (e.g. after downtime).
 */
export function expire(game: Game, now: number): Result<LifecycleStep> {
  if (game.state !== 'new' && game.state !== 'countingDown') return fail(ErrorCode.GAME_NOT_ACTIVE)
  if (now < game.expiredAt) return fail(ErrorCode.BAD_REQUEST)
  return commit(game, game, [], now, (draft) => {
    draft.state = 'expired'
    draft.isFinished = true
    draft.winner = null
    draft.finishedAt = now
    draft.turnAvailable = null
    return []
  })
}

/** `game/finish`: the side has seen the end. Only for a closed game; a repeat changes nothing. */
export function finishSignal(game: Game, side: Side, now: number): Result<LifecycleStep> {
  if (!isClosed(game)) return fail(ErrorCode.BAD_REQUEST)
  if (game.fsignals[side]) return clockOnly(game, game, [])
  return commit(game, game, [], now, (draft) => {
    draft.fsignals[side] = true
    return []
  })
}

/** The side lost a finished game, its result is not skipped yet: the only case a skip is allowed. */
export function canSkipResult(game: Game, side: Side): boolean {
  return game.state === 'over' && !!game.results && game.winner === other(side) && !game.results[side].skipped
}

/**
 * `game/skipResult`: marks the loser's result skipped, once (BAD_REQUEST otherwise; GAME_NOT_ACTIVE
 * before the end). The rating and coins are settled by progress.ts's skipResultSettlement, which
 * the server runs first: a player who cannot pay never gets the mark.
 */
export function skipResult(game: Game, side: Side, now: number): Result<LifecycleStep> {
  if (game.state !== 'over') return fail(ErrorCode.GAME_NOT_ACTIVE)
  if (!canSkipResult(game, side)) return fail(ErrorCode.BAD_REQUEST)
  return commit(game, game, [], now, (draft) => {
    draft.results![side].skipped = true
    return []
  })
}

/** Writes the settled rating deltas into a finished game's results (keeping skipped marks). */
export function recordResults(game: Game, deltas: [number, number], now: number): Result<LifecycleStep> {
  if (game.state !== 'over' || !game.results) return fail(ErrorCode.GAME_NOT_ACTIVE)
  return commit(game, game, [], now, (draft) => {
    draft.results = draft.results!.map((r, i) => ({ ...r, ratingDelta: deltas[i] })) as [
      SideResult,
      SideResult,
    ]
    return []
  })
}
