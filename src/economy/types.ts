import type { SubscriptionId } from '../../engine/index.ts'

/** The profile's subscription (SPEC.md §3): `id` null while the user never had one. */
export interface Subscription {
  id: SubscriptionId | null
  active: boolean
  cancelled: boolean
  trialAvailable: boolean
  /** ms since the epoch; null without a subscription. */
  expiresAt: number | null
}

/** Coins accrued by time (SPEC.md §3 Income), collected with /api/user/charge-income. */
export interface Income {
  amount: number
  lastUpdated: number
}

export const NO_SUBSCRIPTION: Subscription = {
  id: null,
  active: false,
  cancelled: false,
  trialAvailable: true,
  expiresAt: null,
}
