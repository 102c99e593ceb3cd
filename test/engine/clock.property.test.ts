import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { advanceClock, createRng, type Game, type HistoryEvent, nextDeadline } from '../../engine/index.ts'
import { makeGame, T0 } from './support/make-game.ts'

/** A game at any point of its clock's life: not started, counting down, or mid-blitz with used banks and skips. */
const anyGame = fc
  .record({
    state: fc.constantFrom('new' as const, 'countingDown' as const, 'active' as const),
    timeMode: fc.constantFrom(
      'fastBlitz' as const,
      'blitz' as const,
      'longBlitz' as const,
      'classic' as const,
    ),
    mover: fc.constantFrom(0 as const, 1 as const),
    banks: fc.tuple(fc.integer({ min: 1, max: 1_800_000 }), fc.integer({ min: 1, max: 1_800_000 })),
    skips: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })),
  })
  .map(({ banks, ...o }) => makeGame(undefined, { ...o, timeleft: [banks[0] / 1000, banks[1] / 1000] }))

/** Increasing call times within an hour of T0 (the last one is where the single late call happens). */
const callTimes = fc
  .array(fc.integer({ min: 0, max: 3_600_000 }), { minLength: 1, maxLength: 12 })
  .map((ts) => [...ts].sort((a, b) => a - b).map((t) => T0 + t))

function manyCalls(game: Game, times: number[], seed: number): { game: Game; events: HistoryEvent[] } {
  const rng = createRng(seed)
  let g = game
  const events: HistoryEvent[] = []
  for (const t of times) {
    const r = advanceClock(g, t, rng)
    g = r.game
    events.push(...r.events)
  }
  return { game: g, events }
}

describe('advanceClock is a function of the timestamps only (a restart neither loses nor gives time)', () => {
  test('one late call gives the same game and events as many calls along the way', () => {
    fc.assert(
      fc.property(anyGame, callTimes, fc.integer(), (game, times, seed) => {
        const late = advanceClock(game, times.at(-1)!, createRng(seed))
        const many = manyCalls(game, times, seed)
        expect(many.game).toEqual(late.game)
        expect(many.events).toEqual(late.events)
      }),
      { numRuns: 300 },
    )
  })

  test('applying it again at the same time changes nothing, and nothing stays due', () => {
    fc.assert(
      fc.property(anyGame, callTimes, (game, times) => {
        const now = times.at(-1)!
        const once = advanceClock(game, now).game
        const twice = advanceClock(once, now)
        expect(twice.game).toBe(once)
        expect(twice.steps).toBe(0)
        const due = nextDeadline(once)
        expect(due === null || due > now).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  test('banks never grow and never go negative', () => {
    fc.assert(
      fc.property(anyGame, callTimes, (game, times) => {
        const after = advanceClock(game, times.at(-1)!).game
        for (const side of [0, 1] as const) {
          expect(after.players[side].timeleft).toBeGreaterThanOrEqual(0)
          expect(after.players[side].timeleft).toBeLessThanOrEqual(game.players[side].timeleft)
        }
      }),
      { numRuns: 200 },
    )
  })
})
