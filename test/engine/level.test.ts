import { describe, expect, test } from 'bun:test'
import { levelForXp, xpForGame, xpForLevel, xpForTutorial, xpToNextLevel } from '../../engine/index.ts'

describe('levels (RULES §9): 1, 10, 25, 50, 100, 200 xp, then doubling', () => {
  test.each([
    [0, 0],
    [1, 1],
    [9, 1],
    [10, 2],
    [24, 2],
    [25, 3],
    [49, 3],
    [50, 4],
    [99, 4],
    [100, 5],
    [199, 5],
    [200, 6],
    [399, 6],
    [400, 7],
    [799, 7],
    [800, 8],
    [1600, 9],
  ])('%d xp → level %d', (xp, level) => {
    expect(levelForXp(xp)).toBe(level)
  })

  test('thresholds and the xp still missing', () => {
    expect([1, 2, 3, 6, 7, 8].map(xpForLevel)).toEqual([1, 10, 25, 200, 400, 800])
    expect(xpForLevel(0)).toBe(0)
    expect(xpToNextLevel(0)).toBe(1)
    expect(xpToNextLevel(10)).toBe(15)
    expect(xpToNextLevel(399)).toBe(1)
  })

  test('xp: +3 a finished game, +2 more for a win, +5 for the tutorial', () => {
    expect(xpForGame(false)).toBe(3)
    expect(xpForGame(true)).toBe(5)
    expect(xpForTutorial()).toBe(5)
  })
})
