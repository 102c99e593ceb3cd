import { describe, expect, test } from 'bun:test'
import {
  ErrorCode,
  expire,
  finishGameDraft,
  finishSignal,
  type Game,
  giveUp,
  markReady,
  type Result,
  recordResults,
  skipResult,
  takeWin,
} from '../../engine/index.ts'
import { expectGameOver, makeGame, T0 } from './support/make-game.ts'

const S = 1000

/** The action must not touch its input; answers the new game or the error code. */
function run<T extends { game: Game }>(game: Game, action: (g: Game) => Result<T>): T | string {
  const before = structuredClone(game)
  const r = action(game)
  expect(game).toEqual(before)
  return r.ok ? r.value : r.error
}

function over(winner: 0 | 1 = 1): Game {
  const g = makeGame()
  finishGameDraft(g, winner, 'gameover', T0 + 10 * S)
  return g
}

describe('markReady', () => {
  test('one side ready: marked, still new; both ready: the countdown starts now', () => {
    const game = makeGame(undefined, { state: 'new' })
    const first = run(game, (g) => markReady(g, 1, T0 + 2 * S))
    if (typeof first === 'string') throw new Error(first)
    expect(first.game).toMatchObject({ state: 'new', ready: [false, true], ts: 2, updatedAt: T0 + 2 * S })
    const both = run(first.game, (g) => markReady(g, 0, T0 + 5 * S))
    if (typeof both === 'string') throw new Error(both)
    expect(both.game).toMatchObject({
      state: 'countingDown',
      countdownAt: T0 + 5 * S,
      ready: [true, true],
      ts: 3,
    })
    expect(both.changes).toMatchObject({ state: 'countingDown', countdownAt: T0 + 5 * S })
  })

  test('ready after the 25 s start wait: the clock already started the countdown at 25 s', () => {
    const r = run(makeGame(undefined, { state: 'new' }), (g) => markReady(g, 0, T0 + 26 * S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game).toMatchObject({ state: 'countingDown', countdownAt: T0 + 25 * S, ready: [false, false] })
  })

  test('ready twice or after the start changes nothing and is not an error', () => {
    const active = makeGame()
    const r = run(active, (g) => markReady(g, 0, T0 + S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game).toBe(active)
    const once = markReady(makeGame(undefined, { state: 'new' }), 0, T0)
    if (!once.ok) throw new Error(once.error)
    const twice = markReady(once.value.game, 0, T0 + S)
    expect(twice.ok && twice.value.game).toBe(once.value.game)
  })

  test('GAME_NOT_ACTIVE on a finished game', () => {
    expect(run(over(), (g) => markReady(g, 0, T0 + 20 * S))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })
})

describe('giveUp', () => {
  test('the other side wins by giveup', () => {
    const r = run(makeGame(), (g) => giveUp(g, 0, T0 + 7 * S))
    if (typeof r === 'string') throw new Error(r)
    expectGameOver(r, 1, 'giveup', { finishedAt: T0 + 7 * S, ts: 2 })
  })

  test('allowed before the start too (new, countingDown): leaving costs the same', () => {
    for (const state of ['new', 'countingDown'] as const) {
      const r = run(makeGame(undefined, { state }), (g) => giveUp(g, 1, T0 + S))
      if (typeof r === 'string') throw new Error(r)
      expect(r.game).toMatchObject({ state: 'over', winner: 0, gameoverReason: 'giveup', startedAt: null })
    }
  })

  test('the clock comes first: a side giving up after the opponent ran out of bank is too late', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', mover: 0, timeleft: [20, 600] })
    expect(run(game, (g) => giveUp(g, 1, T0 + 21 * S))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })

  test('GAME_NOT_ACTIVE once the game is over', () => {
    expect(run(over(), (g) => giveUp(g, 0, T0 + 20 * S))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })
})

describe('takeWin', () => {
  const classic = () => makeGame(undefined, { timeMode: 'fastClassic', mover: 0 })

  test.each([
    ['classic, the waiting side before 900 s', 1, 899 * S, ErrorCode.TAKE_WIN_TOO_EARLY],
    ['classic, the side to move (even late)', 0, 5_000 * S, ErrorCode.NOT_YOUR_TURN],
  ] as const)('%s → %s', (_name, side, elapsed, code) => {
    expect(run(classic(), (g) => takeWin(g, side, T0 + elapsed))).toBe(code)
  })

  test('classic, the waiting side at 900 s without a move wins by takeWin', () => {
    const r = run(classic(), (g) => takeWin(g, 1, T0 + 900 * S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game).toMatchObject({ state: 'over', winner: 1, gameoverReason: 'takeWin' })
  })

  test('GAME_NOT_ACTIVE before the start and after the end', () => {
    expect(
      run(makeGame(undefined, { state: 'new', timeMode: 'classic' }), (g) => takeWin(g, 1, T0 + S)),
    ).toBe(ErrorCode.GAME_NOT_ACTIVE)
    expect(run(over(), (g) => takeWin(g, 1, T0 + 99_999 * S))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })

  test('blitz: while the opponent has time it is too early', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', mover: 0 })
    expect(run(game, (g) => takeWin(g, 1, T0 + 60 * S))).toBe(ErrorCode.TAKE_WIN_TOO_EARLY)
  })

  test('blitz: when the opponent’s bank ran out the claim applies the clock and wins (reason timeout)', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', mover: 0, timeleft: [50, 600] })
    const r = run(game, (g) => takeWin(g, 1, T0 + 51 * S))
    if (typeof r === 'string') throw new Error(r)
    expectGameOver(r, 1, 'timeout', { finishedAt: T0 + 50 * S })
  })

  test('blitz: after a mere forfeit the turn is the claimer’s own: NOT_YOUR_TURN', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', mover: 0 })
    expect(run(game, (g) => takeWin(g, 1, T0 + 95 * S))).toBe(ErrorCode.NOT_YOUR_TURN)
  })
})

describe('expire', () => {
  const fresh = () => makeGame(undefined, { state: 'new' })

  test('a game never started by expiredAt is expired: no winner, finished', () => {
    const game = fresh()
    const r = run(game, (g) => expire(g, game.expiredAt))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game).toMatchObject({
      state: 'expired',
      winner: null,
      isFinished: true,
      finishedAt: game.expiredAt,
    })
    expect(r.game.results).toBeUndefined()
    expect(r.events).toEqual([])
  })

  test('BAD_REQUEST before expiredAt; GAME_NOT_ACTIVE for a started game', () => {
    const game = fresh()
    expect(run(game, (g) => expire(g, game.expiredAt - 1))).toBe(ErrorCode.BAD_REQUEST)
    const active = makeGame()
    expect(run(active, (g) => expire(g, active.expiredAt + S))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })
})

describe('finishSignal', () => {
  test('marks the side once; a repeat changes nothing', () => {
    const r = run(over(), (g) => finishSignal(g, 0, T0 + 30 * S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game.fsignals).toEqual([true, false])
    const again = finishSignal(r.game, 0, T0 + 40 * S)
    expect(again.ok && again.value.game).toBe(r.game)
  })

  test('BAD_REQUEST while the game is still on', () => {
    expect(run(makeGame(), (g) => finishSignal(g, 0, T0))).toBe(ErrorCode.BAD_REQUEST)
  })
})

describe('skipResult and recordResults', () => {
  test('the loser may skip once', () => {
    const r = run(over(1), (g) => skipResult(g, 0, T0 + 30 * S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game.results?.[0].skipped).toBe(true)
    expect(run(r.game, (g) => skipResult(g, 0, T0 + 31 * S))).toBe(ErrorCode.BAD_REQUEST)
  })

  test('the winner may not (BAD_REQUEST); nobody may before the end (GAME_NOT_ACTIVE)', () => {
    expect(run(over(1), (g) => skipResult(g, 1, T0))).toBe(ErrorCode.BAD_REQUEST)
    expect(run(makeGame(), (g) => skipResult(g, 0, T0))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })

  test('recordResults writes the settled deltas and keeps skip marks', () => {
    const r = run(over(1), (g) => recordResults(g, [-16, 16], T0 + 11 * S))
    if (typeof r === 'string') throw new Error(r)
    expect(r.game.results).toEqual([
      { skipped: false, ratingDelta: -16 },
      { skipped: false, ratingDelta: 16 },
    ])
    expect(r.changes).toMatchObject({ results: expect.anything() })
    expect(run(makeGame(), (g) => recordResults(g, [1, -1], T0))).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })
})
