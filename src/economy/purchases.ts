import {
  accrueIncome,
  activateSubscription,
  firstPurchaseBonus,
  intercomSlotsCapacity,
  revokePeriod,
} from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Db, Executor } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import type { Logger } from '../observability/log.ts'
import { creditCoins, takeBackCoins } from './coins.ts'
import { type Delivery, type Goods, NOTHING_DELIVERED, type RefundRecord } from './goods.ts'
import {
  claimRefund,
  findOrder,
  findPayment,
  insertOrder,
  insertPayment,
  markOrderPaid,
  type Order,
  setDelivered,
  setRefund,
} from './orders/repo.ts'
import { lockWallet, saveWallet } from './repo.ts'

/** Stars: Telegram's currency code for payments in Telegram Stars. */
export const STARS = 'XTR'

/** Ledger reasons of purchases; a refund's row takes back purchase and bonus together. */
export const PURCHASE_REASONS = {
  purchase: 'purchase',
  firstPurchase: 'firstPurchase',
  refund: 'refund',
} as const
/** The item of a payment whose order is not ours. */
export const UNKNOWN_ITEM = 'unknown'
/** The first-purchase bonus is paid once per user: this is its fixed ledger reference. */
const FIRST_PURCHASE_REFERENCE = 'first'

export interface PaymentUpdate {
  telegramPaymentChargeId: string
  providerPaymentChargeId: string | null
  /** The invoice payload: our order id. */
  invoicePayload: string
  currency: string
  totalAmount: number
  /** Telegram id of the payer. */
  fromTgId: number
  /** Seconds since the epoch; Stars subscriptions only. */
  subscriptionExpirationDate?: number
  raw: Record<string, unknown>
}

export type PreCheckout = { ok: true; order: Order } | { ok: false; reason: PreCheckoutRefusal }
export type PreCheckoutRefusal = 'unknownOrder' | 'wrongUser' | 'wrongPrice' | 'alreadyPaid'

export type Completion =
  | { status: 'credited'; userId: string; delivery: Delivery }
  | { status: 'duplicate' }
  /** Paid, recorded, nothing delivered: support refunds it (docs/economy.md). */
  | { status: 'unknownOrder'; userId: string | null }

export type Refund =
  /** `userId` null: a payment nobody here could be credited for, so nothing was taken back. */
  | { status: 'refunded'; userId: string | null; refund: RefundRecord }
  | { status: 'alreadyRefunded' | 'unknownPayment' }

export interface PurchasesDeps {
  db: Db
  clock: Clock
  log: Logger
  /**
   * Finds our user of a Telegram id (payments name the payer by Telegram id), on the executor
   * given: inside the payment's transaction that is the transaction (src/db/tx-guard.ts).
   */
  userIdOfTgId: (ex: Executor, tgId: number) => Promise<string | null>
}

/** Orders, payment credit and refunds: the database side of Telegram Stars purchases. */
export function createPurchases({ db, clock, log, userIdOfTgId }: PurchasesDeps) {
  return {
    async createOrder(userId: string, itemId: string, goods: Goods, priceXtr: number): Promise<Order> {
      const now = clock()
      const order: Order = {
        id: newId(now),
        userId,
        itemId,
        goods,
        priceXtr,
        status: 'open',
        createdAt: now,
        paidAt: null,
      }
      await insertOrder(db, order)
      return order
    },

    /** Pre-checkout: the order exists, is the payer's, is unpaid and asks for exactly this price. */
    async checkOrder(query: {
      invoicePayload: string
      fromTgId: number
      currency: string
      totalAmount: number
    }): Promise<PreCheckout> {
      const order = await findOrder(db, query.invoicePayload)
      if (!order) return { ok: false, reason: 'unknownOrder' }
      if ((await userIdOfTgId(db, query.fromTgId)) !== order.userId) return { ok: false, reason: 'wrongUser' }
      if (query.currency !== STARS || query.totalAmount !== order.priceXtr)
        return { ok: false, reason: 'wrongPrice' }
      if (order.status !== 'open') return { ok: false, reason: 'alreadyPaid' }
      return { ok: true, order }
    },

    /**
     * Credits a successful payment exactly once per telegram_payment_charge_id: the payment row
     * (unique on it), the goods and their ledger rows commit together or not at all, so a
     * redelivered update, or one racing its twin, finds the row and changes nothing. A payment
     * of no order of ours is recorded all the same (with its payer, delivering nothing), so that
     * Telegram stops delivering it and support finds it to refund.
     */
    complete(payment: PaymentUpdate): Promise<Completion> {
      return db.transaction(async (tx): Promise<Completion> => {
        const now = clock()
        const order = await findOrder(tx, payment.invoicePayload, true)
        const userId = order?.userId ?? (await userIdOfTgId(tx, payment.fromTgId))
        const inserted = await insertPayment(tx, {
          telegramPaymentChargeId: payment.telegramPaymentChargeId,
          providerPaymentChargeId: payment.providerPaymentChargeId,
          userId,
          payerTgId: payment.fromTgId,
          itemId: order?.itemId ?? UNKNOWN_ITEM,
          orderId: order?.id ?? null,
          amount: payment.totalAmount,
          currency: payment.currency,
          payload: payment.raw,
          createdAt: now,
        })
        if (!inserted) return { status: 'duplicate' }
        if (!order || !userId) {
          // An operator's task: refund it (POST /api/shop/refund) or deliver by hand.
          log.error('payment of an unknown order: recorded, nothing delivered, to be refunded', {
            charge: payment.telegramPaymentChargeId,
            payload: payment.invoicePayload,
            payerTgId: payment.fromTgId,
            userId,
            amount: payment.totalAmount,
            currency: payment.currency,
          })
          await setDelivered(tx, payment.telegramPaymentChargeId, NOTHING_DELIVERED)
          return { status: 'unknownOrder', userId }
        }
        const delivery = await deliver(tx, order, payment, now)
        await setDelivered(tx, payment.telegramPaymentChargeId, delivery)
        await markOrderPaid(tx, order.id, now)
        return { status: 'credited', userId, delivery }
      })
    },

    /**
     * Takes back what a payment gave, once (payments.refunded_at is claimed first). Coins already
     * spent cannot be taken: the balance stops at 0 and the shortfall is recorded on the payment.
     */
    refund(chargeId: string, source: RefundRecord['source']): Promise<Refund> {
      return db.transaction(async (tx): Promise<Refund> => {
        const now = clock()
        const payment = await claimRefund(tx, chargeId, now)
        if (!payment)
          return { status: (await findPayment(tx, chargeId)) ? 'alreadyRefunded' : 'unknownPayment' }
        const delivered = payment.delivered ?? NOTHING_DELIVERED
        const refund = payment.userId
          ? await takeBack(tx, payment.userId, chargeId, delivered, source, now)
          : nothingTaken(source)
        await setRefund(tx, chargeId, refund)
        return { status: 'refunded', userId: payment.userId, refund }
      })
    },

    findPayment: (chargeId: string) => findPayment(db, chargeId),
  }
}

export type Purchases = ReturnType<typeof createPurchases>

async function deliver(tx: Executor, order: Order, payment: PaymentUpdate, now: number): Promise<Delivery> {
  const delivery: Delivery = { ...NOTHING_DELIVERED }
  const userId = order.userId
  const goods = order.goods
  if (goods.kind === 'coins') {
    const credit = (amount: number, reason: string, reference: string) =>
      creditCoins(tx, { userId, amount, reason, reference, now })
    await credit(goods.coins, PURCHASE_REASONS.purchase, payment.telegramPaymentChargeId)
    delivery.coins = goods.coins
    const bonus = firstPurchaseBonus(goods.coins)
    if (bonus > 0) {
      const paid = await credit(bonus, PURCHASE_REASONS.firstPurchase, FIRST_PURCHASE_REFERENCE)
      if (paid.ok) delivery.bonus = bonus
    }
    return delivery
  }
  const wallet = await lockWallet(tx, userId)
  if (!wallet) throw new Error(`order ${order.id} belongs to a missing user`)
  if (goods.kind === 'gameSlots') {
    await saveWallet(tx, userId, { gameSlots: wallet.gameSlots + goods.slots }, now)
    delivery.gameSlots = goods.slots
  } else if (goods.kind === 'emojiSlots') {
    await saveWallet(tx, userId, { intercomSlotsBought: wallet.intercomSlotsBought + goods.slots }, now)
    delivery.emojiSlots = goods.slots
  } else {
    const paidUntil = payment.subscriptionExpirationDate
      ? payment.subscriptionExpirationDate * 1000
      : undefined
    const subscription = activateSubscription(wallet.subscription, goods.id, now, paidUntil)
    // Income earned so far is settled at the old rate before the tier changes.
    const income = accrueIncome(wallet.income, wallet.subscription, now)
    await saveWallet(tx, userId, { subscription, income }, now)
    delivery.subscription = { id: goods.id, expiresAt: subscription.expiresAt as number }
  }
  return delivery
}

const nothingTaken = (source: RefundRecord['source']): RefundRecord => ({
  coinsTaken: 0,
  coinsShort: 0,
  gameSlots: 0,
  emojiSlots: 0,
  subscriptionRevoked: false,
  source,
})

async function takeBack(
  tx: Executor,
  userId: string,
  chargeId: string,
  delivered: Delivery,
  source: RefundRecord['source'],
  now: number,
): Promise<RefundRecord> {
  const refund = nothingTaken(source)
  const coins = delivered.coins + delivered.bonus
  if (coins > 0) {
    const taken = await takeBackCoins(tx, {
      userId,
      amount: coins,
      reason: PURCHASE_REASONS.refund,
      reference: chargeId,
      now,
    })
    if (taken.ok) {
      refund.coinsTaken = taken.taken
      refund.coinsShort = coins - taken.taken
    }
  }
  if (delivered.gameSlots === 0 && delivered.emojiSlots === 0 && !delivered.subscription) return refund
  const wallet = await lockWallet(tx, userId)
  if (!wallet) return refund
  if (delivered.gameSlots > 0) {
    refund.gameSlots = Math.min(wallet.gameSlots, delivered.gameSlots)
    await saveWallet(tx, userId, { gameSlots: wallet.gameSlots - refund.gameSlots }, now)
  }
  let subscription = wallet.subscription
  if (delivered.subscription) {
    const { id, expiresAt } = delivered.subscription
    subscription = revokePeriod(wallet.subscription, id, expiresAt, now)
    if (subscription !== wallet.subscription) {
      const income = accrueIncome(wallet.income, wallet.subscription, now)
      await saveWallet(tx, userId, { subscription, income }, now)
      refund.subscriptionRevoked = true
    }
  }
  if (delivered.emojiSlots > 0) {
    refund.emojiSlots = Math.min(wallet.intercomSlotsBought, delivered.emojiSlots)
    const bought = wallet.intercomSlotsBought - refund.emojiSlots
    // Reactions beyond the smaller capacity go; the first ones stay.
    const intercomSlots = wallet.intercomSlots.slice(0, intercomSlotsCapacity(bought, subscription, now))
    await saveWallet(tx, userId, { intercomSlotsBought: bought, intercomSlots }, now)
  }
  return refund
}
