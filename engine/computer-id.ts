import { AI_LEVELS, type AiLevel } from './types.ts'

/**
 * The computer opponent is not a user: it plays under a pseudo-user id made of this prefix and its
 * level, which no real id can take (real ids are 24 hex digits), so the level travels with the
 * game's opponents. The tutorial's mentor takes an id of the same kind, so presence, settlement and
 * announcements treat it as a computer. The only spelling of the prefix in the code base.
 */
const PREFIX = 'ai:'

/** The computer's user id at a level. */
export const computerId = (level: AiLevel): string => `${PREFIX}${level}`

/** The tutorial's mentor's user id (a computer id, but of no level). */
export const MENTOR_ID = `${PREFIX}mentor`

/** Whether a user id is the computer's or the mentor's (they never connect, pay or get notified). */
export const isComputer = (uid: string): boolean => uid.startsWith(PREFIX)

/** The computer's level from its id; null for a player's id and for the mentor's. */
export function computerLevelOf(uid: string): AiLevel | null {
  if (!isComputer(uid)) return null
  const level = uid.slice(PREFIX.length)
  return (AI_LEVELS as readonly string[]).includes(level) ? (level as AiLevel) : null
}
