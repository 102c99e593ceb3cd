import type { PlayerStats } from '../../engine/index.ts'

/** The profile's stat groups (SPEC.md §2 profile: statistics, records, series; extended for PRO). */
export const BASIC = ['gamesPlayed', 'wins', 'losses', 'giveups', 'wordsPlayed'] as const
export const RECORDS = [
  'longestWord',
  'scoreReached',
  'richestCell',
  'richestEnemyCellCaptured',
  'longestGame',
  'maxRatingGot',
] as const
export const SERIES = [
  'consecutiveWins',
  'maxConsecutiveWins',
  'consecutiveLosses',
  'maxConsecutiveLosses',
] as const

/** Extended statistics: counters and figures derived from them. */
export function extendedStats(s: PlayerStats) {
  const decided = s.wins + s.losses
  return {
    winRate: decided ? `${Math.round((s.wins / decided) * 100)}%` : '—',
    wordsPerGame: s.gamesPlayed ? (s.wordsPlayed / s.gamesPlayed).toFixed(1) : '—',
    averageWord: s.wordsPlayed ? (s.lettersPlayed / s.wordsPlayed).toFixed(1) : '—',
    lettersPlayed: s.lettersPlayed,
    enemyCellsCaptured: s.enemyCellsCaptured,
    winsByGiveups: s.winsByGiveups,
    privateGamesPlayed: s.privateGamesPlayed,
    turns: s.turns,
    totalRatingGot: s.totalRatingGot,
    totalRatingLost: s.totalRatingLost,
    maxRatingLost: s.maxRatingLost,
  }
}
export type ExtendedKey = keyof ReturnType<typeof extendedStats>
