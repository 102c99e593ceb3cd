import type { SubscriptionId } from '../../engine/index.ts'

/** What an order delivers, fixed when its invoice is made. */
export type Goods =
  | { kind: 'coins'; coins: number }
  | { kind: 'gameSlots'; slots: number }
  | { kind: 'emojiSlots'; slots: number }
  | { kind: 'subscription'; id: Exclude<SubscriptionId, 'trial'>; days: number }

/** What one payment actually gave (a refund takes exactly this back). */
export interface Delivery {
  coins: number
  /** First-purchase bonus coins. */
  bonus: number
  gameSlots: number
  emojiSlots: number
  subscription: { id: SubscriptionId; expiresAt: number } | null
}

export interface RefundRecord {
  /** Coins taken back (purchase + bonus), at most the balance. */
  coinsTaken: number
  /** Coins that were already spent and could not be taken back. */
  coinsShort: number
  gameSlots: number
  emojiSlots: number
  /** A paid period was taken back (the subscription ended or moved its end back). */
  subscriptionRevoked: boolean
  /** 'telegram' (a refunded_payment update) or 'bot' (our refundStarPayment call). */
  source: 'telegram' | 'bot'
}

export const NOTHING_DELIVERED: Delivery = {
  coins: 0,
  bonus: 0,
  gameSlots: 0,
  emojiSlots: 0,
  subscription: null,
}
