import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { computerRating, eloDelta, expectedScore, pveDelta, pvpDeltas } from '../../engine/index.ts'

describe('Elo, K = 32 (RULES §4)', () => {
  test('equal ratings expect half a point each', () => {
    expect(expectedScore(1200, 1200)).toBe(0.5)
    // 400 points apart: 1 / (1 + 10) for the weaker side.
    expect(expectedScore(1200, 1600)).toBeCloseTo(1 / 11, 12)
  })

  test.each([
    ['1200 beats 1200: 32 · (1 − 0.5)', 1200, 1200, 1, 16],
    ['1200 loses to 1200', 1200, 1200, 0, -16],
    ['1200 draws 1200', 1200, 1200, 0.5, 0],
    ['1200 beats 1600: 32 · (1 − 1/11) = 29.09', 1200, 1600, 1, 29],
    ['1200 loses to 1600: 32 · (0 − 1/11) = −2.9', 1200, 1600, 0, -3],
    ['1600 beats 1200: 32 · (1 − 10/11) = 2.9', 1600, 1200, 1, 3],
  ])('%s → %d', (_name, a, b, score, delta) => {
    expect(eloDelta(a, b, score)).toBe(delta)
  })

  test('pvp: the winner gains what the loser loses', () => {
    expect(pvpDeltas([1200, 1200], 0)).toEqual([16, -16])
    expect(pvpDeltas([1200, 1600], 0)).toEqual([29, -29])
    expect(pvpDeltas([1200, 1600], 1)).toEqual([-3, 3])
    expect(pvpDeltas([1300, 1300], null)).toEqual([0, 0])
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 100, max: 3000 }),
        fc.constantFrom(0, 1, null),
        (a, b, w) => {
          const [d0, d1] = pvpDeltas([a, b], w as 0 | 1 | null)
          expect(d0 + d1).toBe(0)
          expect(Math.abs(d0)).toBeLessThanOrEqual(32)
          if (w === 0) expect(d0).toBeGreaterThanOrEqual(0)
          if (w === 1) expect(d0).toBeLessThanOrEqual(0)
        },
      ),
    )
  })

  test('computer levels have fixed ratings 800/1000/1200/1500/1800', () => {
    expect((['veryEasy', 'easy', 'medium', 'hard', 'veryHard'] as const).map(computerRating)).toEqual([
      800, 1000, 1200, 1500, 1800,
    ])
  })

  test.each([
    ['1200 beats medium (1200)', 1200, 'medium', true, 16],
    ['1200 beats veryHard (1800): E = 1/(1+10^1.5) = 0.031', 1200, 'veryHard', true, 31],
    ['1200 beats veryEasy (800): E = 10/11', 1200, 'veryEasy', true, 3],
    ['1200 loses to veryEasy', 1200, 'veryEasy', false, -29],
  ] as const)('pve: %s → %d', (_name, rating, level, won, delta) => {
    expect(pveDelta(rating, level, won)).toBe(delta)
  })
})
