/**
 * Time (RULES §7) as pure functions of stored timestamps. The server arms one timer for
 * `nextDeadline(game)` and calls `advanceClock` when it fires (and before every action), so a
 * restart only has to re-read the game: nothing about time lives outside it.
 *
 * Every due step happens at its own due time, never at `now`: a forfeit at 12:00:30 starts the next
 * turn at 12:00:30 even when the server notices it at 12:05. That is why one late call and many
 * calls along the way give the same game.
 */

import { cloneData } from './clone.ts'
import { TIME_MODE_CONFIG, TIMING } from './config.ts'
import { finishGameDraft } from './end.ts'
import { passTurnDraft } from './pass.ts'
import { diff } from './patch.ts'
import { createRng, type Rng, seedFromString } from './rng.ts'
import type { Game, GameView, HistoryEvent, Patch, Player, Side } from './types.ts'
import { toView } from './view.ts'

const other = (side: Side): Side => (side === 0 ? 1 : 0)

/** Blitz modes have a turn limit and a bank; classic modes have neither. */
export function isBlitz(game: Pick<GameView, 'options'>): boolean {
  return TIME_MODE_CONFIG[game.options.timeMode].turnLimit > 0
}

/** The bank in whole milliseconds (timeleft is stored in seconds, possibly with a fraction). */
function bankMs(player: Player): number {
  return Math.round(player.timeleft * 1000)
}

/** When the blitz turn of the side to move ends: the turn limit or the bank, whichever runs out first. */
function blitzTurnEnd(game: GameView): number | null {
  if (game.state !== 'active' || game.turnAvailable === null || game.turnStartedAt === null) return null
  const limitMs = TIME_MODE_CONFIG[game.options.timeMode].turnLimit * 1000
  return game.turnStartedAt + Math.min(limitMs, bankMs(game.players[game.turnAvailable]))
}

/** The side to move has run out: its turn limit or its bank has passed (blitz). Classic never runs out. */
export function isTimeUp(game: GameView, now: number): boolean {
  if (!isBlitz(game)) return false
  const end = blitzTurnEnd(game)
  return end !== null && now >= end
}

/**
 * On an accepted turn (mutates the draft): the mover's bank loses the time the turn took (blitz only)
 * and its run of forfeits ends. Call it before the turn passes.
 */
export function spendTurnTimeDraft(draft: Game, side: Side, now: number): void {
  const player = draft.players[side]
  player.skips = 0
  if (!isBlitz(draft) || draft.turnStartedAt === null) return
  const elapsed = Math.max(0, now - draft.turnStartedAt)
  player.timeleft = Math.max(0, bankMs(player) - elapsed) / 1000
}

/** When an abandoned classic game ends: TIMING.idleExpiryMs after its turn began. */
function idleEnd(game: GameView): number | null {
  if (game.state !== 'active' || game.turnStartedAt === null) return null
  return game.turnStartedAt + TIMING.idleExpiryMs
}

/** When `advanceClock` has something to do next, or null when only a player can move the game on. */
export function nextDeadline(game: GameView): number | null {
  switch (game.state) {
    case 'new':
      return game.createdAt + TIMING.startWaitMs
    case 'countingDown':
      return game.countdownAt === null ? null : game.countdownAt + TIMING.countdownMs
    case 'active':
      return isBlitz(game) ? blitzTurnEnd(game) : idleEnd(game)
    default:
      return null
  }
}

/** The first mover's draw when the caller brings no generator: fixed by the game id, so replays agree. */
export function defaultStartRng(game: GameView): Rng {
  return createRng(seedFromString(`${game.id}:first`))
}

/** Starts the countdown at `at` (mutates the draft). */
export function startCountdownDraft(draft: GameView, at: number): void {
  draft.state = 'countingDown'
  draft.countdownAt = at
}

/** One due step at its due time `at` (mutates the draft). */
function stepDraft(draft: Game, at: number, rng: Rng): HistoryEvent[] {
  if (draft.state === 'new') {
    startCountdownDraft(draft, at)
    return []
  }
  if (draft.state === 'countingDown') {
    draft.state = 'active'
    draft.startedAt = at
    draft.turnStartedAt = at
    draft.turnAvailable = rng.int(2) as Side
    return [{ type: 'start', startedAt: at }]
  }
  const mover = draft.turnAvailable as Side
  // Classic: the only deadline is the idle expiry. The side that let the game lie loses.
  if (!isBlitz(draft)) return finishGameDraft(draft, other(mover), 'timeout', at)
  const player = draft.players[mover]
  const limitMs = TIME_MODE_CONFIG[draft.options.timeMode].turnLimit * 1000
  const bank = bankMs(player)
  // The time is charged here, so the turn's clock restarts at `at` whatever follows.
  player.timeleft = Math.max(0, bank - limitMs) / 1000
  draft.turnStartedAt = at
  // The bank ran out no later than the turn limit: an empty bank loses at once.
  if (bank <= limitMs) return finishGameDraft(draft, other(mover), 'timeout', at)
  player.skips++
  const events: HistoryEvent[] = [{ type: 'skip', side: mover }]
  if (player.skips >= TIMING.maxSkipsInARow)
    return [...events, ...finishGameDraft(draft, other(mover), 'timeout', at)]
  passTurnDraft(draft, at)
  return events
}

export interface ClockAdvance {
  game: Game
  events: HistoryEvent[]
  /** Steps applied; the version `ts` grew by this much (one per step, however many calls it took). */
  steps: number
  /** Patch of the game view from the game passed in (PROTOCOL.md); empty when nothing was due. */
  changes: Patch
}

/**
 * Applies every step due by `now`: start wait → countdown → start (first mover drawn with `rng`),
 * blitz forfeits and empty banks, the idle expiry of a classic game. Returns the input itself when
 * nothing is due.
 */
export function advanceClock(game: Game, now: number, rng: Rng = defaultStartRng(game)): ClockAdvance {
  let due = nextDeadline(game)
  if (due === null || due > now) return { game, events: [], steps: 0, changes: {} }
  const draft = cloneData(game)
  const events: HistoryEvent[] = []
  let steps = 0
  while (due !== null && due <= now) {
    events.push(...stepDraft(draft, due, rng))
    steps++
    draft.ts++
    draft.updatedAt = due
    due = nextDeadline(draft)
  }
  return { game: draft, events, steps, changes: diff(toView(game), toView(draft)) }
}

/**
 * The live bank of a side in seconds. Blitz: the stored bank, less the running turn for the side to
 * move. Classic: seconds left before the waiting side may take the win (the mover's), else the total.
 */
export function liveTimeleft(game: GameView, side: Side, now: number): number {
  const running = game.state === 'active' && game.turnAvailable === side && game.turnStartedAt !== null
  const elapsed = running ? Math.max(0, now - (game.turnStartedAt as number)) : 0
  if (isBlitz(game)) return Math.max(0, bankMs(game.players[side]) - elapsed) / 1000
  const totalMs = TIME_MODE_CONFIG[game.options.timeMode].total * 1000
  return Math.max(0, totalMs - elapsed) / 1000
}

/**
 * The side not to move may claim the win (classic modes): `total` seconds have passed since the turn
 * started. Blitz modes are ended by the clock itself, so never.
 */
export function takeWinEligible(game: GameView, side: Side, now: number): boolean {
  if (
    isBlitz(game) ||
    game.state !== 'active' ||
    game.turnAvailable === null ||
    game.turnStartedAt === null
  ) {
    return false
  }
  if (game.turnAvailable === side) return false
  return now - game.turnStartedAt >= TIME_MODE_CONFIG[game.options.timeMode].total * 1000
}

/** Milliseconds left of the start countdown (0 outside it). */
export function countdownLeftMs(game: GameView, now: number): number {
  if (game.state !== 'countingDown' || game.countdownAt === null) return 0
  return Math.max(0, game.countdownAt + TIMING.countdownMs - now)
}
