/**
 * The computer opponent is not a user: it plays under a pseudo-user id `ai:<level>` that no real
 * id can take (real ids are 24 hex digits), so the level travels with the game's opponents.
 */
import { AI_LEVELS, type AiLevel } from '../../engine/index.ts'

const PREFIX = 'ai:'

export const computerId = (level: AiLevel): string => `${PREFIX}${level}`

export const isComputer = (uid: string): boolean => uid.startsWith(PREFIX)

export function computerLevelOf(uid: string): AiLevel | null {
  if (!isComputer(uid)) return null
  const level = uid.slice(PREFIX.length)
  return (AI_LEVELS as readonly string[]).includes(level) ? (level as AiLevel) : null
}
