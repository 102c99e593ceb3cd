/** SPEC.md §8: the refusals that open the restriction alert (coins, game slots) instead of an error text. */
import type { Restriction } from '../session/store.ts'

export function restrictionOf(code: string | null | undefined): Restriction | null {
  if (code === 'NO_COINS_ENOUGH' || code === 'coins') return 'coins'
  if (code === 'NO_GAME_SLOTS' || code === 'gameSlots') return 'gameSlots'
  return null
}
