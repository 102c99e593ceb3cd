/** Experience and levels (RULES §9): xp per game and the level thresholds. */
import { XP } from './config.ts'

/** Total xp needed to reach `level` (≥ 1): XP.levels, then each level doubles the last. */
export function xpForLevel(level: number): number {
  if (level <= 0) return 0
  const list = XP.levels
  if (level <= list.length) return list[level - 1]
  return list[list.length - 1] * 2 ** (level - list.length)
}

/** The level of a total xp: the highest whose threshold it reaches (0 below the first). */
export function levelForXp(xp: number): number {
  let level = 0
  while (xpForLevel(level + 1) <= xp) level++
  return level
}

/** Xp still missing for the next level. */
export function xpToNextLevel(xp: number): number {
  return xpForLevel(levelForXp(xp) + 1) - xp
}

/** Xp for a finished game: every finished game counts, a win counts more. */
export function xpForGame(won: boolean): number {
  return XP.perGame + (won ? XP.perWin : 0)
}

export function xpForTutorial(): number {
  return XP.tutorial
}
