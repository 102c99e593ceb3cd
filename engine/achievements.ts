/**
 * Achievements (SPEC.md §3): levels computed from the profile's stats, never stored, so they can
 * not drift from the counters they describe. Series use the best series ever, not the current one.
 */
import { levelOf } from './awards.ts'
import type { PlayerStats } from './types.ts'

export const ACHIEVEMENT_IDS = [
  'winsByGiveups',
  'consecutiveWins',
  'lettersPlayed',
  'scoreReached',
  'enemyCellsCaptured',
  'gamesPlayed',
  'consecutiveLosses',
] as const
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number]

/** Thresholds of each achievement's levels, and the stat it reads. */
export const ACHIEVEMENTS: Record<
  AchievementId,
  { stat: (s: PlayerStats) => number; levels: readonly number[] }
> = {
  winsByGiveups: { stat: (s) => s.winsByGiveups, levels: [1, 5, 10, 25, 50, 100] },
  consecutiveWins: { stat: (s) => s.maxConsecutiveWins, levels: [3, 5, 10, 15, 20, 30] },
  lettersPlayed: { stat: (s) => s.lettersPlayed, levels: [100, 500, 1000, 5000, 10000, 50000] },
  scoreReached: { stat: (s) => s.scoreReached, levels: [100, 500, 1000, 5000, 10000, 50000] },
  enemyCellsCaptured: { stat: (s) => s.enemyCellsCaptured, levels: [10, 50, 100, 500, 1000, 5000] },
  gamesPlayed: { stat: (s) => s.gamesPlayed, levels: [1, 10, 50, 100, 500, 1000] },
  consecutiveLosses: { stat: (s) => s.maxConsecutiveLosses, levels: [3, 5, 10, 15, 20, 30] },
}

export interface AchievementLevel {
  level: number
  /** The value the next level needs; null at the top level. */
  next: number | null
  value: number
}

export function achievementLevels(stats: PlayerStats): Record<AchievementId, AchievementLevel> {
  const out = {} as Record<AchievementId, AchievementLevel>
  for (const id of ACHIEVEMENT_IDS) {
    const { stat, levels } = ACHIEVEMENTS[id]
    const value = stat(stats)
    const level = levelOf(value, levels)
    out[id] = { level, next: levels[level] ?? null, value }
  }
  return out
}

/** Achievements whose level rose between two versions of the stats, with their new level. */
export function achievementsGained(
  before: PlayerStats,
  after: PlayerStats,
): { id: AchievementId; level: number }[] {
  const a = achievementLevels(before)
  const b = achievementLevels(after)
  return ACHIEVEMENT_IDS.filter((id) => b[id].level > a[id].level).map((id) => ({ id, level: b[id].level }))
}
