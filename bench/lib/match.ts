/**
 * One computer-vs-computer game, played through the engine's own actions (createGame, markReady,
 * advanceClock, applyTurn), so that a bench game ends exactly the way a served game would.
 *
 * A side with no playable word resigns (reason `noWord`), as the server's computer does
 * (docs/server.md, "The computer"). The computer answers at once, so its clock never forfeits a
 * turn. Every accepted word is new (RULES §3 rule 6), so accepted turns are bounded by the
 * dictionary and a game always ends; `maxTurns` is a last resort whose hits are reported.
 */
import {
  type AiLevel,
  advanceClock,
  applyTurn,
  type Board,
  createGame,
  createRng,
  type Game,
  type GameoverReason,
  giveUp,
  type Lang,
  markReady,
  type Rng,
  type Side,
  seedFromString,
  TIMING,
} from '../../engine/index.ts'
import { chooseMove, type Dictionary, type MoveSource } from '../../engine/server.ts'

export interface MatchOptions {
  board: Board
  lang: Lang
  dict: Dictionary
  source: MoveSource
  /** The level playing each side. */
  levels: [AiLevel, AiLevel]
  first: Side
  seed: number
  boostersOn?: boolean
  maxTurns?: number
  /** Times each decision is run for its timing (the fastest counts); 1 unless told. */
  timings?: number
  /** Called with each side's thinking time (ms) for every decision. */
  onMove?: (level: AiLevel, ms: number, side: Side) => void
}

export interface MatchResult {
  winner: Side | null
  reason: GameoverReason | 'turnCap'
  /** Game turns. */
  turns: number
  boostersUsed: number
  first: Side
  /** The words played, in order. */
  wordsUsed: string[]
}

const T0 = 1_700_000_000_000

/** An Rng whose first integer draw is `side`: the clock draws the first mover with it. */
function firstMoverRng(side: Side): Rng {
  return { next: () => (side === 0 ? 0.25 : 0.75), int: (n) => Math.min(n - 1, side), state: () => 0 }
}

/** A blitz game on `board` between two computer users, started through the engine, `first` to move. */
export function startedGame(
  board: Board,
  lang: Lang,
  first: Side,
  options: { boostersOn?: boolean; id?: string; names?: [string, string] } = {},
): Game {
  const names = options.names ?? ['ai0', 'ai1']
  let game = createGame({
    id: options.id ?? 'bench',
    mode: 'pve',
    lang,
    options: { timeMode: 'blitz', boostersOn: options.boostersOn ?? true, hintsOn: false },
    users: [
      { id: 'ai0', name: names[0], avatar: null },
      { id: 'ai1', name: names[1], avatar: null },
    ],
    board,
    now: T0,
  })
  for (const side of [0, 1] as const) {
    const ready = markReady(game, side, T0)
    if (!ready.ok) throw new Error(`markReady: ${ready.error}`)
    game = ready.value.game
  }
  game = advanceClock(game, T0 + TIMING.countdownMs, firstMoverRng(first)).game
  if (game.state !== 'active' || game.turnAvailable !== first) throw new Error('game did not start')
  return game
}

export function playMatch(options: MatchOptions): MatchResult {
  const maxTurns = options.maxTurns ?? 1000
  const rngs = [0, 1].map((s) => createRng(seedFromString(`${options.seed}:${s}`)))
  let game = startedGame(options.board, options.lang, options.first, {
    boostersOn: options.boostersOn,
    id: `bench-${options.seed}`,
    names: options.levels,
  })
  let boostersUsed = 0
  while (game.state === 'active') {
    if (game.turn >= maxTurns) {
      const { turn: turns, wordsUsed } = game
      return { winner: null, reason: 'turnCap', turns, boostersUsed, first: options.first, wordsUsed }
    }
    const side = game.turnAvailable as Side
    const level = options.levels[side]
    // Extra timings run the same decision again from the same rng state and keep the fastest, so
    // that another process's load or a GC pause does not pass for thinking time.
    const state = rngs[side].state()
    let ms = Number.POSITIVE_INFINITY
    for (let i = 1; i < (options.timings ?? 1); i++) {
      const t = performance.now()
      chooseMove(game, side, level, options.dict, options.source, createRng(state))
      ms = Math.min(ms, performance.now() - t)
    }
    const t = performance.now()
    const decision = chooseMove(game, side, level, options.dict, options.source, rngs[side])
    ms = Math.min(ms, performance.now() - t)
    options.onMove?.(level, ms, side)
    // The computer answers at once: its bank never runs down.
    const now = game.turnStartedAt as number
    if (!decision) {
      const gaveUp = giveUp(game, side, now, undefined, 'noWord')
      if (!gaveUp.ok) throw new Error(`giveUp: ${gaveUp.error}`)
      game = gaveUp.value.game
      break
    }
    const played = applyTurn(
      game,
      { side, cellIds: decision.cellIds, booster: decision.booster },
      options.dict,
      now,
    )
    if (!played.ok) throw new Error(`${level} chose an illegal move ${decision.word}: ${played.error}`)
    if (decision.booster) boostersUsed++
    game = played.value.game
  }
  return {
    winner: game.winner,
    reason: game.gameoverReason as GameoverReason,
    turns: game.turn,
    boostersUsed,
    first: options.first,
    wordsUsed: game.wordsUsed,
  }
}
