import { type Subscription, type Tier, tierOf } from '../../engine/index.ts'
import type { Translate } from '../../shared/i18n.ts'

/** The tier a player sees (basic / PRO (trial) / PRO / PRO+), never the raw subscription id. */
export function tierName(t: Translate, subscription: Subscription, now: number): string {
  return t(`tiers.${tierOf(subscription, now)}`)
}

export function tierLabel(t: Translate, tier: Tier): string {
  return t(`tiers.${tier}`)
}
