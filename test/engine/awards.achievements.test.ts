import { describe, expect, test } from 'bun:test'
import {
  ACHIEVEMENT_IDS,
  achievementLevels,
  achievementsGained,
  emptyPlayerStats,
} from '../../engine/index.ts'

describe('achievements: levels from profile stats', () => {
  test('a new player has every achievement at level 0, with its first threshold next', () => {
    const levels = achievementLevels(emptyPlayerStats())
    expect(Object.keys(levels).sort()).toEqual([...ACHIEVEMENT_IDS].sort())
    expect(levels.gamesPlayed).toEqual({ level: 0, next: 1, value: 0 })
    expect(levels.winsByGiveups).toEqual({ level: 0, next: 1, value: 0 })
    expect(levels.lettersPlayed).toEqual({ level: 0, next: 100, value: 0 })
  })

  test.each([
    ['gamesPlayed', { gamesPlayed: 9 }, 1, 10],
    ['gamesPlayed', { gamesPlayed: 10 }, 2, 50],
    ['gamesPlayed', { gamesPlayed: 1000 }, 6, null],
    ['winsByGiveups', { winsByGiveups: 5 }, 2, 10],
    ['lettersPlayed', { lettersPlayed: 499 }, 1, 500],
    ['scoreReached', { scoreReached: 1000 }, 3, 5000],
    ['enemyCellsCaptured', { enemyCellsCaptured: 50 }, 2, 100],
    // Series read the best series ever, so a lost game never takes a level away.
    ['consecutiveWins', { consecutiveWins: 0, maxConsecutiveWins: 5 }, 2, 10],
    ['consecutiveLosses', { consecutiveLosses: 3, maxConsecutiveLosses: 3 }, 1, 5],
  ] as const)('%s with %o → level %d, next %p', (id, stats, level, next) => {
    expect(achievementLevels({ ...emptyPlayerStats(), ...stats })[id]).toMatchObject({ level, next })
  })

  test('achievementsGained lists only the levels that rose', () => {
    const before = { ...emptyPlayerStats(), gamesPlayed: 9, lettersPlayed: 120 }
    const after = { ...before, gamesPlayed: 10, lettersPlayed: 140 }
    expect(achievementsGained(before, after)).toEqual([{ id: 'gamesPlayed', level: 2 }])
  })
})
