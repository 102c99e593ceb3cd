import { accrueIncome, type Income, type Subscription, TIERS, tierOf } from '../../engine/index.ts'

export interface IncomeNow {
  /** Accrued coins, fractional (the engine's linear accrual). */
  amount: number
  /** The maximum to show: the tier's, or the amount when a downgrade left more than that. */
  max: number
  /** Whole coins a collection would move to the balance. */
  collectable: number
  /** Seconds until the next whole coin; null when full. */
  nextCoinSec: number | null
}

/**
 * The income as of `now` (the server's clock): the engine's accrual, the one the server stores, so
 * the counter fills on screen as it does there and a collection moves what the counter shows.
 */
export function incomeAt(income: Income, subscription: Subscription, now: number): IncomeNow {
  const accrued = accrueIncome(income, subscription, now)
  const rate = TIERS[tierOf(subscription, now)].income
  const full = accrued.amount >= rate.max
  const perSec = rate.amount / rate.interval
  const toNext = Math.floor(accrued.amount) + 1 - accrued.amount
  return {
    amount: accrued.amount,
    max: Math.max(rate.max, accrued.amount),
    collectable: Math.floor(accrued.amount),
    nextCoinSec: full ? null : Math.ceil(toNext / perSec),
  }
}

/** The tier's rate, for "+N a day / an hour". */
export function incomeRate(subscription: Subscription, now: number) {
  return TIERS[tierOf(subscription, now)].income
}
