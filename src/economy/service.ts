import {
  AVATAR_MIN_GAMES,
  accrueIncome,
  activateSubscription,
  avatarRefusal,
  COINS,
  cancelSubscription,
  collectIncome,
  endSubscription,
  findAvatar,
  type SubscriptionId,
  type SubscriptionRefusal,
  startTrial,
} from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Executor } from '../db/client.ts'
import { ApiError, conflict, notFound } from '../http/envelope.ts'
import { creditCoins, spendCoins } from './coins.ts'
import { isSingleEmoji } from './emoji.ts'
import { latestSubscriptionCharge } from './orders/repo.ts'
import { listReferrals, lockWallet, readWallet, saveWallet, type Wallet } from './repo.ts'
import { intercomSlotsCapacity } from './tiers.ts'
import { type EconomyView, economyView } from './view.ts'

export const ECONOMY_ERRORS = {
  NO_COINS_ENOUGH: 'NO_COINS_ENOUGH',
  AVATAR_NEEDS_GAMES: 'AVATAR_NEEDS_GAMES',
  AVATAR_NEEDS_PRO: 'AVATAR_NEEDS_PRO',
  NO_INTERCOM_SLOTS: 'NO_INTERCOM_SLOTS',
  INTERCOM_DUPLICATE: 'INTERCOM_DUPLICATE',
  TRIAL_USED: 'TRIAL_USED',
  ALREADY_SUBSCRIBED: 'ALREADY_SUBSCRIBED',
  NO_SUBSCRIPTION: 'NO_SUBSCRIPTION',
  TELEGRAM_ERROR: 'TELEGRAM_ERROR',
} as const

const SUBSCRIPTION_MESSAGES: Record<SubscriptionRefusal, string> = {
  TRIAL_USED: 'The trial was already used',
  ALREADY_SUBSCRIBED: 'A subscription is already running',
  NO_SUBSCRIPTION: 'No running subscription',
}

export interface EconomyDeps {
  core: Core
  /** Stops Telegram from renewing a Stars subscription; absent while Telegram is off. */
  stopRenewal?: (tgId: number, chargeId: string) => Promise<void>
}

/** The user-facing economy: income, avatar, emoji slots, subscriptions, referrals. */
export function createEconomyService({ core, stopRenewal }: EconomyDeps) {
  const { db, clock, hub } = core

  /** Runs `fn` on the locked wallet; afterwards pushes and returns the fresh view. */
  async function change<T>(uid: string, fn: (tx: Executor, wallet: Wallet, now: number) => Promise<T>) {
    const result = await db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, uid)
      if (!wallet) throw notFound('User not found')
      return fn(tx, wallet, clock())
    })
    return { result, view: await publish(uid) }
  }

  async function publish(uid: string): Promise<EconomyView> {
    const wallet = await readWallet(db, uid)
    if (!wallet) throw notFound('User not found')
    const view = economyView(wallet, clock())
    hub.sendToUser(uid, 'user/update', { data: view })
    return view
  }

  /** SPEC.md §8: "not enough coins" opens the restriction alert, so the socket hears it too. */
  function noCoins(uid: string): never {
    hub.sendToUser(uid, 'system/no_coins_enough', {})
    throw conflict('Not enough coins', ECONOMY_ERRORS.NO_COINS_ENOUGH)
  }

  async function spend(tx: Executor, uid: string, amount: number, reason: string, now: number) {
    const spent = await spendCoins(tx, { userId: uid, amount, reason, now })
    if (!spent.ok) {
      if (spent.reason === 'insufficient') noCoins(uid)
      throw notFound('User not found')
    }
  }

  const refuse = (refusal: SubscriptionRefusal) =>
    conflict(SUBSCRIPTION_MESSAGES[refusal], ECONOMY_ERRORS[refusal])

  return {
    publish,

    /** Accrues income up to now and stores it (GET /api/user/refresh-income). */
    refreshIncome: (uid: string) =>
      change(uid, async (tx, wallet, now) => {
        await saveWallet(tx, uid, { income: accrueIncome(wallet.income, wallet.subscription, now) }, now)
      }),

    /** Moves the whole accrued coins into the balance (GET /api/user/charge-income). */
    chargeIncome: (uid: string) =>
      change(uid, async (tx, wallet, now) => {
        const collected = collectIncome(accrueIncome(wallet.income, wallet.subscription, now))
        await saveWallet(tx, uid, { income: collected.income }, now)
        if (collected.coins > 0)
          await creditCoins(tx, { userId: uid, amount: collected.coins, reason: 'income', now })
        return collected.coins
      }),

    /** Only an avatar of the catalogue (engine AVATARS); the PRO ones for PRO only. */
    setAvatar: (uid: string, avatar: string) =>
      change(uid, async (tx, wallet, now) => {
        if (!findAvatar(avatar))
          throw ApiError.of(
            'BAD_REQUEST',
            'Unknown avatar: choose one of the catalogue (no pictures or links)',
          )
        if (wallet.gamesPlayed < AVATAR_MIN_GAMES)
          throw new ApiError(
            403,
            ECONOMY_ERRORS.AVATAR_NEEDS_GAMES,
            `An avatar needs ${AVATAR_MIN_GAMES} games played`,
          )
        if (wallet.avatar === avatar) return
        if (avatarRefusal(avatar, wallet.subscription, now) === 'AVATAR_NEEDS_PRO')
          throw new ApiError(403, ECONOMY_ERRORS.AVATAR_NEEDS_PRO, 'This avatar is for PRO players')
        await spend(tx, uid, COINS.perAvatar, 'avatar', now)
        await saveWallet(tx, uid, { avatar }, now)
      }),

    /** Puts a reaction into the next free emoji slot; the tier decides how many there are (PRO: more). */
    addIntercom: (uid: string, emoji: string) =>
      change(uid, async (tx, wallet, now) => {
        if (!isSingleEmoji(emoji)) throw ApiError.of('BAD_REQUEST', 'slotValue must be one emoji')
        if (wallet.intercomSlots.includes(emoji))
          throw conflict('This reaction is already in a slot', ECONOMY_ERRORS.INTERCOM_DUPLICATE)
        const capacity = intercomSlotsCapacity(wallet.intercomSlotsBought, wallet.subscription, now)
        if (wallet.intercomSlots.length >= capacity)
          throw conflict(
            'No free emoji slot: PRO and emoji slot packs give more',
            ECONOMY_ERRORS.NO_INTERCOM_SLOTS,
          )
        await spend(tx, uid, COINS.perEmoji, 'emoji', now)
        await saveWallet(tx, uid, { intercomSlots: [...wallet.intercomSlots, emoji] }, now)
      }),

    removeIntercom: (uid: string, slotIndex: number) =>
      change(uid, async (tx, wallet, now) => {
        if (slotIndex >= wallet.intercomSlots.length) throw notFound('No reaction in this slot')
        const intercomSlots = wallet.intercomSlots.filter((_, i) => i !== slotIndex)
        await saveWallet(tx, uid, { intercomSlots }, now)
      }),

    startTrial: (uid: string) =>
      change(uid, async (tx, wallet, now) => {
        const started = startTrial(wallet.subscription, now)
        if (!started.ok) throw refuse(started.error)
        // Income earned so far is settled at the old rate before the tier changes.
        const income = accrueIncome(wallet.income, wallet.subscription, now)
        await saveWallet(tx, uid, { subscription: started.value, income }, now)
      }),

    /** Keeps the tier to the end of the paid period; Telegram is told to stop renewing first. */
    async cancel(uid: string) {
      const wallet = await readWallet(db, uid)
      if (!wallet) throw notFound('User not found')
      const check = cancelSubscription(wallet.subscription, clock())
      if (!check.ok) throw refuse(check.error)
      const charge = await latestSubscriptionCharge(db, uid)
      if (charge && stopRenewal && wallet.tgId !== 0) {
        try {
          await stopRenewal(wallet.tgId, charge)
        } catch (err) {
          core.log.warn('stopping a Stars subscription failed', { err, uid, charge })
          throw new ApiError(502, ECONOMY_ERRORS.TELEGRAM_ERROR, 'Telegram did not accept the cancellation')
        }
      }
      return change(uid, async (tx, locked, now) => {
        const cancelled = cancelSubscription(locked.subscription, now)
        if (!cancelled.ok) throw refuse(cancelled.error)
        await saveWallet(tx, uid, { subscription: cancelled.value }, now)
      })
    },

    /** Developers only (the route checks): a subscription without paying. */
    devSubscribe: (uid: string, id: SubscriptionId, days?: number) =>
      change(uid, async (tx, wallet, now) => {
        const income = accrueIncome(wallet.income, wallet.subscription, now)
        const until = days === undefined ? undefined : now + days * 86_400_000
        const subscription = activateSubscription(wallet.subscription, id, now, until)
        await saveWallet(tx, uid, { subscription: { ...subscription, id }, income }, now)
      }),

    devUnsubscribe: (uid: string) =>
      change(uid, async (tx, wallet, now) => {
        const income = accrueIncome(wallet.income, wallet.subscription, now)
        await saveWallet(tx, uid, { subscription: endSubscription(wallet.subscription, now), income }, now)
      }),

    referrals: (uid: string) => listReferrals(db, uid),
  }
}

export type EconomyService = ReturnType<typeof createEconomyService>
