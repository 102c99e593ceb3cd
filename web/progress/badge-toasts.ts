import { signal } from '@preact/signals-react'
import { BADGE_IDS, type BadgeId } from '../../engine/index.ts'

export interface EarnedBadge {
  key: number
  id: BadgeId
  level: number
}

/** How long a badge stays announced. */
export const BADGE_TOAST_MS = 6000

const isBadge = (id: string): id is BadgeId => (BADGE_IDS as readonly string[]).includes(id)

/**
 * The badges earned in this game, announced as they come (a `badge` event of the player's own
 * side); newest first, each for BADGE_TOAST_MS. An unknown id (a newer server) is not shown.
 */
export function createBadgeToasts(onEarned?: () => void) {
  const list = signal<EarnedBadge[]>([])
  let next = 0
  const dismiss = (key: number) => {
    list.value = list.value.filter((b) => b.key !== key)
  }
  return {
    list,
    dismiss,
    announce(id: string, level: number) {
      if (!isBadge(id)) return
      const key = ++next
      list.value = [{ key, id, level }, ...list.value].slice(0, 3)
      onEarned?.()
      setTimeout(() => dismiss(key), BADGE_TOAST_MS)
    },
  }
}

export type BadgeToasts = ReturnType<typeof createBadgeToasts>
