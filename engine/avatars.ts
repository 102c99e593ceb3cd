/** The avatar catalogue as choices, and the rule for choosing one (PRO avatars for PRO). */
import { AVATARS } from './config.ts'
import { isPro, type Subscription } from './economy.ts'

export interface AvatarChoice {
  /** What a profile stores and sends: `emoji:<emoji>`. */
  id: string
  emoji: string
  pro: boolean
}

const EMOJI_PREFIX = 'emoji:'

export const AVATAR_CATALOGUE: readonly AvatarChoice[] = [
  ...AVATARS.free.map((emoji) => ({ id: `${EMOJI_PREFIX}${emoji}`, emoji, pro: false })),
  ...AVATARS.pro.map((emoji) => ({ id: `${EMOJI_PREFIX}${emoji}`, emoji, pro: true })),
]

const BY_ID = new Map(AVATAR_CATALOGUE.map((a) => [a.id, a]))

/** The catalogue entry of an avatar id, or undefined for anything else (a URL, an old value). */
export function findAvatar(id: string | null | undefined): AvatarChoice | undefined {
  return id ? BY_ID.get(id) : undefined
}

/** An avatar as shown to others: a catalogue id, never anything else. */
export function shownAvatar(id: string | null | undefined): string | null {
  return findAvatar(id)?.id ?? null
}

export type AvatarRefusal = 'UNKNOWN_AVATAR' | 'AVATAR_NEEDS_PRO'

/** Whether this user may choose this avatar at `now`. */
export function avatarRefusal(id: string, subscription: Subscription, now: number): AvatarRefusal | null {
  const avatar = findAvatar(id)
  if (!avatar) return 'UNKNOWN_AVATAR'
  if (avatar.pro && !isPro(subscription, now)) return 'AVATAR_NEEDS_PRO'
  return null
}
