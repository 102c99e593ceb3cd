/**
 * Tiny games for clock, end, stats and awards tests, built from a text board (text-board.ts). Each
 * cell is a letter and an owner mark: `0` or `1` for a side, `.` for neutral; `:N` sets its score
 * (default 5 on the base rows, 1 elsewhere). Row 0 is side 0's base, the last row side 1's.
 *
 *   a0 b0 c0
 *   d. e1 f.
 *   g1 h1 i1
 *
 * The game comes from the engine's createGame (the shape is the engine's), then is put in the
 * requested state by hand.
 */
import { expect } from 'bun:test'
import {
  captureDraft,
  createGame,
  type Game,
  type GameMode,
  type GameoverReason,
  type GameStateName,
  type HistoryEvent,
  recomputeAvailability,
  type Side,
  type TimeMode,
  type TurnFacts,
  wordOf,
} from '../../../engine/index.ts'
import { boardFromText } from './text-board.ts'

export const T0 = 1_800_000_000_000

export const BOARD3 = `
  a0 b0 c0
  d. e. f.
  g1 h1 i1
`

export interface MakeGame {
  timeMode?: TimeMode
  mode?: GameMode
  state?: GameStateName
  /** Side to move (active games). */
  mover?: Side
  /** Banks in seconds; default the mode's total. */
  timeleft?: [number, number]
  skips?: [number, number]
  scores?: [number, number]
  boostersOn?: boolean
  isPrivate?: boolean
  id?: string
}

/**
 * A game on a text board. `active` (default): started at T0, `mover` (0) to move since T0.
 * `new`: created at T0. `countingDown`: countdown began at T0.
 */
export function makeGame(board = BOARD3, o: MakeGame = {}): Game {
  const timeMode = o.timeMode ?? 'classic'
  const state = o.state ?? 'active'
  const started = state === 'active' || state === 'over'
  const createdAt = state === 'new' ? T0 : T0 - 28_000
  const game = createGame({
    id: o.id ?? 'game-1',
    mode: o.mode ?? 'pvp',
    lang: 'en',
    options: { timeMode, boostersOn: o.boostersOn ?? true, hintsOn: true },
    users: [
      { id: 'u0', name: 'P0', avatar: null },
      { id: 'u1', name: 'P1', avatar: null },
    ],
    board: boardFromText(board),
    now: createdAt,
    isPrivate: o.isPrivate,
  })
  game.state = state
  game.turnAvailable = started ? (o.mover ?? 0) : null
  game.turnStartedAt = started ? T0 : null
  game.countdownAt = state === 'new' ? null : state === 'countingDown' ? T0 : T0 - 3_000
  game.startedAt = started ? T0 : null
  for (const side of [0, 1] as const) {
    const player = game.players[side]
    player.score = o.scores?.[side] ?? 0
    player.timeleft = o.timeleft?.[side] ?? player.timeleft
    player.skips = o.skips?.[side] ?? 0
  }
  recomputeAvailability(game.board)
  return game
}

/**
 * Plays `cellIds` for `side` on a copy through the engine's capture step (captureDraft, as an accepted
 * turn does), and answers the copy and the turn's facts. No dictionary, no rule checks: the tests
 * feed it turns they know are legal.
 */
export function playOn(
  game: Game,
  side: Side,
  cellIds: number[],
  extra: { booster?: TurnFacts['booster']; seconds?: number } = {},
): { draft: Game; facts: TurnFacts } {
  const draft = structuredClone(game)
  const { captured, score } = captureDraft(draft, side, cellIds)
  if (extra.booster) {
    const booster = draft.players[side].boosters.find((b) => b.id === extra.booster?.boosterId)!
    booster.usage++
  }
  const word = wordOf(draft, cellIds)
  return {
    draft,
    facts: { side, word, cellIds, captured, score, booster: extra.booster, seconds: extra.seconds ?? 0 },
  }
}

/**
 * The step closed the game: over with this winner and reason (and `more` of the game's fields),
 * and its last event is the gameover that says so.
 */
export function expectGameOver(
  step: { game: Game; events: HistoryEvent[] },
  winner: Side | null,
  gameoverReason: GameoverReason,
  more: Partial<Game> = {},
): void {
  expect(step.game).toMatchObject({ state: 'over', winner, gameoverReason, ...more })
  expect(step.events.at(-1)).toEqual({ type: 'gameover', winner, gameoverReason })
}
