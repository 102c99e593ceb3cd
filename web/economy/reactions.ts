import type { Profile } from '../../src/users/profile.ts'

/**
 * The reactions offered for a slot: one emoji each (the server accepts any single emoji; a short
 * list is what fits a phone's picker).
 */
export const REACTION_CHOICES = [
  '👍',
  '👎',
  '🔥',
  '😮',
  '😂',
  '😎',
  '🤔',
  '😅',
  '😱',
  '🥳',
  '😢',
  '😡',
  '🤝',
  '👏',
  '🙏',
  '💪',
  '🧠',
  '🎯',
  '⚡',
  '❄️',
  '💥',
  '🏆',
  '👀',
  '❤️',
] as const

/** The reactions a game offers: the first `intercomSlotsCapacity` (after a downgrade the list may be longer). */
export function usableReactions(profile: Pick<Profile, 'intercomSlots' | 'intercomSlotsCapacity'> | null) {
  if (!profile) return []
  return profile.intercomSlots.slice(0, profile.intercomSlotsCapacity)
}
