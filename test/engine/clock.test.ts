import { describe, expect, test } from 'bun:test'
import {
  advanceClock,
  countdownLeftMs,
  createRng,
  isTimeUp,
  liveTimeleft,
  nextDeadline,
  type Side,
  spendTurnTimeDraft,
  takeWinEligible,
} from '../../engine/index.ts'
import { expectGameOver, makeGame, T0 } from './support/make-game.ts'

const S = 1000 // ms per second, to keep times readable

describe('isTimeUp (RULES §7)', () => {
  const cases: [string, Parameters<typeof makeGame>[1], number, boolean][] = [
    ['blitz, 89.999 s into a 90 s turn', { timeMode: 'blitz' }, 89_999, false],
    ['blitz, exactly at the 90 s turn limit', { timeMode: 'blitz' }, 90 * S, true],
    ['fastBlitz, 60 s limit passed', { timeMode: 'fastBlitz' }, 61 * S, true],
    [
      'blitz, a bank of 30 s runs out before the turn limit',
      { timeMode: 'blitz', timeleft: [30, 600] },
      30 * S,
      true,
    ],
    ['blitz, 29 s into a 30 s bank', { timeMode: 'blitz', timeleft: [30, 600] }, 29 * S, false],
    ['classic never runs out, even after two days', { timeMode: 'classic' }, 2 * 86_400 * S, false],
    ['fastClassic never runs out either', { timeMode: 'fastClassic' }, 3_600 * S, false],
    ['a blitz game not started yet', { timeMode: 'blitz', state: 'new' }, 3_600 * S, false],
  ]
  test.each(cases)('%s', (_name, opts, elapsed, expected) => {
    expect(isTimeUp(makeGame(undefined, opts), T0 + elapsed)).toBe(expected)
  })
})

describe('spendTurnTimeDraft', () => {
  test('blitz: the mover loses the seconds the turn took (to the millisecond) and its forfeit run ends', () => {
    const draft = makeGame(undefined, { timeMode: 'blitz', skips: [2, 1] })
    spendTurnTimeDraft(draft, 0, T0 + 12_345)
    expect(draft.players[0].timeleft).toBe(587.655)
    expect(draft.players[0].skips).toBe(0)
    expect(draft.players[1]).toMatchObject({ timeleft: 600, skips: 1 })
  })

  test('classic: no bank to spend, but the forfeit run still ends', () => {
    const draft = makeGame(undefined, { timeMode: 'classic', skips: [1, 0] })
    spendTurnTimeDraft(draft, 0, T0 + 5_000 * S)
    expect(draft.players[0]).toMatchObject({ timeleft: 86_400, skips: 0 })
  })
})

describe('nextDeadline', () => {
  test.each([
    ['new: the 25 s start wait', { state: 'new' as const }, T0 + 25 * S],
    ['countingDown: the 3 s countdown', { state: 'countingDown' as const }, T0 + 3 * S],
    ['active blitz: the turn limit', { timeMode: 'blitz' as const }, T0 + 90 * S],
    [
      'active blitz: the bank when smaller',
      { timeMode: 'longBlitz' as const, timeleft: [50, 9] as [number, number] },
      T0 + 50 * S,
    ],
    ['active classic: the idle expiry, 14 days on', { timeMode: 'classic' as const }, T0 + 14 * 86_400 * S],
    ['over: none', { state: 'over' as const }, null],
  ])('%s', (_name, opts, expected) => {
    expect(nextDeadline(makeGame(undefined, opts))).toBe(expected)
  })
})

describe('advanceClock: start', () => {
  test('nothing due: the very same game comes back', () => {
    const game = makeGame(undefined, { state: 'new' })
    const r = advanceClock(game, T0 + 24_999)
    expect(r.game).toBe(game)
    expect(r).toMatchObject({ events: [], steps: 0, changes: {} })
  })

  test('new → countingDown after 25 s without anyone ready; the countdown starts at the 25th second', () => {
    const game = makeGame(undefined, { state: 'new' })
    const r = advanceClock(game, T0 + 26 * S)
    expect(r.game).toMatchObject({
      state: 'countingDown',
      countdownAt: T0 + 25 * S,
      ts: 2,
      updatedAt: T0 + 25 * S,
    })
    expect(r.events).toEqual([])
    expect(r.changes).toMatchObject({ state: 'countingDown', countdownAt: T0 + 25 * S })
    expect(game.state).toBe('new') // the input is untouched
  })

  test('countingDown → active after 3 s: start event, start time, first mover drawn with the rng', () => {
    const game = makeGame(undefined, { state: 'countingDown', timeMode: 'blitz' })
    const movers = new Set<number | null>()
    for (let seed = 0; seed < 20; seed++) {
      const r = advanceClock(game, T0 + 3 * S, createRng(seed))
      expect(r.game).toMatchObject({
        state: 'active',
        startedAt: T0 + 3 * S,
        turnStartedAt: T0 + 3 * S,
        turn: 0,
      })
      expect(r.events).toEqual([{ type: 'start', startedAt: T0 + 3 * S }])
      expect(r.game.turnAvailable).toBe(createRng(seed).int(2) as Side)
      movers.add(r.game.turnAvailable)
    }
    expect([...movers].sort()).toEqual([0, 1]) // both sides get to start
  })

  test('one late call runs new → countingDown → active, each at its own time (ts +1 per step)', () => {
    const game = makeGame(undefined, { state: 'new', timeMode: 'blitz' })
    const r = advanceClock(game, T0 + 40 * S)
    expect(r.steps).toBe(2)
    expect(r.game).toMatchObject({ state: 'active', countdownAt: T0 + 25 * S, startedAt: T0 + 28 * S, ts: 3 })
    // The mover's turn runs from the start, not from the late call.
    expect(liveTimeleft(r.game, r.game.turnAvailable!, T0 + 40 * S)).toBe(588)
  })

  test('without an rng the draw is fixed by the game id', () => {
    const a = makeGame(undefined, { state: 'countingDown', id: 'room-42' })
    expect(advanceClock(a, T0 + 3 * S).game.turnAvailable).toBe(
      advanceClock(a, T0 + 9 * S).game.turnAvailable,
    )
  })
})

describe('advanceClock: an abandoned classic game', () => {
  const DAY = 86_400 * S
  test('nothing happens before 14 days without a move', () => {
    const game = makeGame(undefined, { timeMode: 'classic' })
    expect(advanceClock(game, T0 + 14 * DAY - 1).steps).toBe(0)
  })

  test('14 days without a move: the side to move loses by timeout, at that moment', () => {
    for (const mover of [0, 1] as const) {
      const game = makeGame(undefined, { timeMode: 'classic' })
      game.turnAvailable = mover
      const r = advanceClock(game, T0 + 30 * DAY)
      expect(r.steps).toBe(1)
      expectGameOver(r, mover === 0 ? 1 : 0, 'timeout', { finishedAt: T0 + 14 * DAY, turnAvailable: null })
    }
  })
})

describe('advanceClock: blitz forfeits and empty banks', () => {
  test('a turn past the limit is forfeited: skip event, skips +1, bank −90 s, turn passes at the limit', () => {
    const game = makeGame(undefined, { timeMode: 'blitz' })
    const r = advanceClock(game, T0 + 100 * S)
    expect(r.events).toEqual([{ type: 'skip', side: 0 }])
    expect(r.game).toMatchObject({ state: 'active', turn: 1, turnAvailable: 1, turnStartedAt: T0 + 90 * S })
    expect(r.game.players[0]).toMatchObject({ timeleft: 510, skips: 1 })
    expect(r.game.players[1]).toMatchObject({ timeleft: 600, skips: 0 })
  })

  test('a third forfeit in a row loses by timeout', () => {
    const game = makeGame(undefined, { timeMode: 'fastBlitz', skips: [2, 0] })
    const r = advanceClock(game, T0 + 60 * S)
    expectGameOver(r, 1, 'timeout', { finishedAt: T0 + 60 * S })
    expect(r.events[0]).toEqual({ type: 'skip', side: 0 })
    expect(r.game.players[0].timeleft).toBe(360) // 420 − 60, charged once
  })

  test('nobody moving: side 0 forfeits at 90, 270, 450 s and loses on the third', () => {
    const game = makeGame(undefined, { timeMode: 'blitz' })
    const r = advanceClock(game, T0 + 10_000 * S)
    expect(r.events.filter((e) => e.type === 'skip').map((e) => (e as { side: number }).side)).toEqual([
      0, 1, 0, 1, 0,
    ])
    expect(r.game).toMatchObject({ winner: 1, gameoverReason: 'timeout', finishedAt: T0 + 450 * S, turn: 4 })
  })

  test('an accepted turn between forfeits restarts the run: two skips, a move, two skips do not lose', () => {
    let game = makeGame(undefined, { timeMode: 'blitz', skips: [2, 0] })
    spendTurnTimeDraft(game, 0, T0 + 10 * S)
    expect(game.players[0].skips).toBe(0)
    game = { ...game, turnAvailable: 0, turnStartedAt: T0 + 10 * S }
    const r = advanceClock(game, T0 + 10 * S + 90 * S)
    expect(r.game.state).toBe('active')
    expect(r.game.players[0].skips).toBe(1)
  })

  test('an empty bank loses at once, before the turn limit', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', timeleft: [30.5, 600], mover: 0 })
    const r = advanceClock(game, T0 + 31 * S)
    expect(r.events.map((e) => e.type)).toEqual(['gameover'])
    expect(r.game).toMatchObject({ winner: 1, gameoverReason: 'timeout', finishedAt: T0 + 30_500 })
    expect(r.game.players[0].timeleft).toBe(0)
  })

  test('a bank equal to the turn limit empties: a loss, not a forfeit', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', timeleft: [600, 90], mover: 1 })
    const r = advanceClock(game, T0 + 90 * S)
    expect(r.game).toMatchObject({ winner: 0, gameoverReason: 'timeout' })
    expect(r.events.some((e) => e.type === 'skip')).toBe(false)
  })

  test('classic games have no forfeits: nothing happens within the idle expiry', () => {
    const game = makeGame(undefined, { timeMode: 'classic' })
    expect(advanceClock(game, T0 + 13 * 86_400 * S).game).toBe(game)
  })
})

describe('live values', () => {
  test('liveTimeleft: blitz bank minus the running turn; the waiting side keeps its bank', () => {
    const game = makeGame(undefined, { timeMode: 'blitz', timeleft: [100, 200] })
    expect(liveTimeleft(game, 0, T0 + 40_500)).toBe(59.5)
    expect(liveTimeleft(game, 1, T0 + 40_500)).toBe(200)
    expect(liveTimeleft(game, 0, T0 + 500 * S)).toBe(0)
  })

  test('liveTimeleft: classic counts down to the take-win moment for the mover', () => {
    const game = makeGame(undefined, { timeMode: 'fastClassic' })
    expect(liveTimeleft(game, 0, T0 + 100 * S)).toBe(800)
    expect(liveTimeleft(game, 1, T0 + 100 * S)).toBe(900)
  })

  test('takeWinEligible: only the waiting side, only in classic, only after `total` seconds', () => {
    const classic = makeGame(undefined, { timeMode: 'fastClassic', mover: 0 })
    expect(takeWinEligible(classic, 1, T0 + 899_999)).toBe(false)
    expect(takeWinEligible(classic, 1, T0 + 900 * S)).toBe(true)
    expect(takeWinEligible(classic, 0, T0 + 9_000 * S)).toBe(false)
    expect(takeWinEligible(makeGame(undefined, { timeMode: 'blitz' }), 1, T0 + 9_000 * S)).toBe(false)
  })

  test('countdownLeftMs', () => {
    const game = makeGame(undefined, { state: 'countingDown' })
    expect(countdownLeftMs(game, T0 + 1_200)).toBe(1_800)
    expect(countdownLeftMs(game, T0 + 5 * S)).toBe(0)
    expect(countdownLeftMs(makeGame(), T0)).toBe(0)
  })
})
