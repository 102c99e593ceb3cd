/**
 * The economy's rules as pure functions: tiers and their limits, subscription changes, income
 * accrual, shop prices. Time comes in as `now` (ms since the epoch); the server stores the results.
 */
import { COINS, type IncomeRate, NOTEBOOK, SHOP, type SubscriptionId, TIERS, type Tier } from './config.ts'
import { fail, ok, type Result } from './errors.ts'

const DAY_MS = 86_400_000

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
  /** Uncollected coins; fractional while accruing, only whole coins are collected. */
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

/** The tier a subscription gives at `now`: an expired or inactive one counts as none. */
export function tierOf(subscription: Subscription, now: number): Tier {
  if (!subscription.id || !subscription.active) return 'default'
  if (subscription.expiresAt !== null && subscription.expiresAt <= now) return 'default'
  return subscription.id
}

/** PRO level (SPEC.md §4 "Active means PRO level"): trial, pro and proplus all are. */
export function isPro(subscription: Subscription, now: number): boolean {
  return tierOf(subscription, now) !== 'default'
}

/** What a tier allows (SPEC.md §6 PRO features); each feature checks its own line. */
export interface TierLimits {
  tier: Tier
  pro: boolean
  gameSlots: number
  intercomSlots: number
  /** Notebook entries per game; null = unlimited. */
  notebook: number | null
  privateRooms: boolean
  achievements: boolean
  /** Notebook highlighting and sorting, extended statistics. */
  advancedNotebook: boolean
  income: IncomeRate
}

export function limitsOf(subscription: Subscription, now: number): TierLimits {
  const tier = tierOf(subscription, now)
  const pro = tier !== 'default'
  return {
    tier,
    pro,
    gameSlots: TIERS[tier].gameSlots,
    intercomSlots: TIERS[tier].intercomSlots,
    notebook: pro ? null : NOTEBOOK.freeLimit,
    privateRooms: pro,
    achievements: pro,
    advancedNotebook: pro,
    income: TIERS[tier].income,
  }
}

/** SPEC.md §5: capacity = the profile's own (bought) slots plus the tier's. */
export function gameSlotsCapacity(boughtSlots: number, subscription: Subscription, now: number): number {
  return TIERS[tierOf(subscription, now)].gameSlots + boughtSlots
}

export function intercomSlotsCapacity(boughtSlots: number, subscription: Subscription, now: number): number {
  return TIERS[tierOf(subscription, now)].intercomSlots + boughtSlots
}

/** As shown to the client: a stored subscription past its end reads inactive before anything rewrites it. */
export function currentSubscription(subscription: Subscription, now: number): Subscription {
  const expired = subscription.expiresAt !== null && subscription.expiresAt <= now
  return expired && subscription.active ? { ...subscription, active: false } : subscription
}

export type SubscriptionRefusal = 'TRIAL_USED' | 'ALREADY_SUBSCRIBED' | 'NO_SUBSCRIPTION'

/** Three days of PRO, once per user, and not on top of a running subscription. */
export function startTrial(
  subscription: Subscription,
  now: number,
): Result<Subscription, SubscriptionRefusal> {
  if (!subscription.trialAvailable) return fail('TRIAL_USED')
  if (isPro(subscription, now)) return fail('ALREADY_SUBSCRIBED')
  return ok({
    id: 'trial',
    active: true,
    cancelled: false,
    trialAvailable: false,
    expiresAt: now + TIERS.trial.days * DAY_MS,
  })
}

/**
 * A paid (or developer-granted) period of `id`. `paidUntil` is Telegram's expiration date of a
 * Stars subscription when known; otherwise the tier's days are added, on top of a running period
 * of the same tier. Any subscription uses up the trial: it exists for users who never had PRO.
 */
export function activateSubscription(
  subscription: Subscription,
  id: SubscriptionId,
  now: number,
  paidUntil?: number,
): Subscription {
  const running = tierOf(subscription, now) === id && subscription.expiresAt !== null
  const from = running ? (subscription.expiresAt as number) : now
  return {
    id,
    active: true,
    cancelled: false,
    trialAvailable: false,
    expiresAt: paidUntil ?? from + TIERS[id].days * DAY_MS,
  }
}

/** Cancel keeps the tier to the end of the paid period; it only stops renewals. */
export function cancelSubscription(
  subscription: Subscription,
  now: number,
): Result<Subscription, SubscriptionRefusal> {
  if (!isPro(subscription, now)) return fail('NO_SUBSCRIPTION')
  return ok({ ...subscription, cancelled: true })
}

/** Ends a subscription at once (refund, developer removal). The trial stays used. */
export function endSubscription(subscription: Subscription, now: number): Subscription {
  if (subscription.id === null) return subscription
  const expiresAt = subscription.expiresAt === null ? now : Math.min(subscription.expiresAt, now)
  return { ...subscription, active: false, cancelled: true, expiresAt }
}

/**
 * Takes back one refunded period of `id` that ran until `periodEnd`. When it is the current
 * period the subscription ends now; when later periods were paid since, the stored end moves back
 * by one period (never before now). Another tier bought since is left alone.
 */
export function revokePeriod(
  subscription: Subscription,
  id: SubscriptionId,
  periodEnd: number,
  now: number,
): Subscription {
  if (subscription.id !== id || !isPro(subscription, now)) return subscription
  const end = subscription.expiresAt ?? now
  if (end <= periodEnd) return endSubscription(subscription, now)
  const shortened = end - TIERS[id].days * DAY_MS
  return shortened <= now ? endSubscription(subscription, now) : { ...subscription, expiresAt: shortened }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * Linear accrual (SPEC.md §3 Income): rate.amount per rate.interval seconds, up to rate.max. The
 * subscription's rate applies until it expires, the free rate after. An amount already above the
 * maximum (after a downgrade) is kept, not cut. Callers settle income before changing a
 * subscription, so `lastUpdated` is never earlier than the subscription now stored.
 */
export function accrueIncome(income: Income, subscription: Subscription, now: number): Income {
  if (now <= income.lastUpdated) return income
  const tier = tierOf(subscription, income.lastUpdated)
  let amount = income.amount
  let from = income.lastUpdated
  if (tier !== 'default') {
    const until = Math.min(now, subscription.expiresAt ?? now)
    amount = grow(amount, TIERS[tier].income, until - from)
    from = until
  }
  amount = grow(amount, TIERS.default.income, now - from)
  return { amount: round6(amount), lastUpdated: now }
}

function grow(amount: number, rate: IncomeRate, ms: number): number {
  if (ms <= 0 || amount >= rate.max) return amount
  return Math.min(rate.max, amount + ((ms / 1000) * rate.amount) / rate.interval)
}

/** The maximum shown next to the amount: raised to the amount when that is above it. */
export function incomeMaxShown(income: Income, subscription: Subscription, now: number): number {
  return Math.max(TIERS[tierOf(subscription, now)].income.max, income.amount)
}

/** Whole coins move to the balance; the fraction keeps accruing. */
export function collectIncome(income: Income): { coins: number; income: Income } {
  const coins = Math.floor(income.amount)
  return { coins, income: { amount: round6(income.amount - coins), lastUpdated: income.lastUpdated } }
}

/** Bonus coins of the first coin purchase. */
export function firstPurchaseBonus(coins: number): number {
  return Math.floor(coins * COINS.firstPurchaseBonus)
}

/** Price of a custom coin amount, or null outside the allowed range (whole coins only). */
export function customCoinsPrice(coins: number): { priceXtr: number; priceUsd: number } | null {
  const custom = SHOP.customCoins
  if (!Number.isInteger(coins) || coins < custom.minCoins || coins > custom.maxCoins) return null
  return {
    priceXtr: Math.max(1, Math.ceil(coins * custom.xtrPerCoin)),
    priceUsd: Math.ceil(coins * custom.usdCentsPerCoin) / 100,
  }
}
