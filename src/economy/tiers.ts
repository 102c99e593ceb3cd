import { TIERS, type Tier } from '../../engine/index.ts'
import type { Subscription } from './types.ts'

/** The tier a subscription gives at `now`: an expired one counts as none. */
export function tierOf(subscription: Subscription, now: number): Tier {
  if (!subscription.id || !subscription.active) return 'default'
  if (subscription.expiresAt !== null && subscription.expiresAt <= now) return 'default'
  return subscription.id
}

/** SPEC.md §5: capacity = the profile's own (bought) slots plus the tier's. */
export function gameSlotsCapacity(boughtSlots: number, subscription: Subscription, now: number): number {
  return TIERS[tierOf(subscription, now)].gameSlots + boughtSlots
}
