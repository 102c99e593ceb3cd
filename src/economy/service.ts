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
import { accept, isRefusal, type Outcome, type Refusal, refuse } from '../refusal.ts'
import { creditCoins, spendCoins } from './coins.ts'
import { isSingleEmoji } from './emoji.ts'
import { latestSubscriptionCharge } from './orders/repo.ts'
import { listReferrals, lockWallet, readWallet, saveWallet, type Wallet } from './repo.ts'
import { intercomSlotsCapacity } from './tiers.ts'
import { type EconomyView, economyView } from './view.ts'

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
  /** Thrown inside a transaction to roll it back; the refusal it carries is returned instead. */
  const ROLLBACK = Symbol('refused')
  const noUser = () => refuse('NOT_FOUND', 'User not found')

  /**
   * Runs `fn` on the locked wallet; afterwards pushes and returns the fresh view. A refusal from
   * `fn` rolls back whatever it wrote and is returned.
   */
  async function change<T>(
    uid: string,
    fn: (tx: Executor, wallet: Wallet, now: number) => Promise<T | Refusal>,
  ): Promise<Outcome<{ result: T; view: EconomyView }>> {
    let refused: Refusal = noUser()
    let result: T
    try {
      result = await db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, uid)
        if (!wallet) throw ROLLBACK
        const answer = await fn(tx, wallet, clock())
        if (!isRefusal(answer)) return answer
        refused = answer
        throw ROLLBACK
      })
    } catch (err) {
      if (err === ROLLBACK) return refused
      throw err
    }
    const view = await publish(uid)
    return view ? accept({ result, view }) : noUser()
  }

  /** Pushes the wallet's view to the user's sockets (user/update); null when the user is gone. */
  async function publish(uid: string): Promise<EconomyView | null> {
    const wallet = await readWallet(db, uid)
    if (!wallet) return null
    const view = economyView(wallet, clock())
    hub.sendToUser(uid, 'user/update', { data: view })
    return view
  }

  /** SPEC.md §8: "not enough coins" opens the restriction alert, so the socket hears it too. */
  function noCoins(uid: string): Refusal {
    hub.sendToUser(uid, 'system/no_coins_enough', {})
    return refuse('NO_COINS_ENOUGH', 'Not enough coins')
  }

  async function spend(
    tx: Executor,
    uid: string,
    amount: number,
    reason: string,
    now: number,
  ): Promise<Refusal | null> {
    const spent = await spendCoins(tx, { userId: uid, amount, reason, now })
    if (spent.ok) return null
    return spent.reason === 'insufficient' ? noCoins(uid) : noUser()
  }

  const subscriptionRefusal = (refusal: SubscriptionRefusal) =>
    refuse(refusal, SUBSCRIPTION_MESSAGES[refusal])

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
          return refuse('BAD_REQUEST', 'Unknown avatar: choose one of the catalogue (no pictures or links)')
        if (wallet.gamesPlayed < AVATAR_MIN_GAMES)
          return refuse('AVATAR_NEEDS_GAMES', `An avatar needs ${AVATAR_MIN_GAMES} games played`)
        if (wallet.avatar === avatar) return
        if (avatarRefusal(avatar, wallet.subscription, now) === 'AVATAR_NEEDS_PRO')
          return refuse('AVATAR_NEEDS_PRO', 'This avatar is for PRO players')
        const unpaid = await spend(tx, uid, COINS.perAvatar, 'avatar', now)
        if (unpaid) return unpaid
        await saveWallet(tx, uid, { avatar }, now)
      }),

    /** Puts a reaction into the next free emoji slot; the tier decides how many there are (PRO: more). */
    addIntercom: (uid: string, emoji: string) =>
      change(uid, async (tx, wallet, now) => {
        if (!isSingleEmoji(emoji)) return refuse('BAD_REQUEST', 'slotValue must be one emoji')
        if (wallet.intercomSlots.includes(emoji))
          return refuse('INTERCOM_DUPLICATE', 'This reaction is already in a slot')
        const capacity = intercomSlotsCapacity(wallet.intercomSlotsBought, wallet.subscription, now)
        if (wallet.intercomSlots.length >= capacity)
          return refuse('NO_INTERCOM_SLOTS', 'No free emoji slot: PRO and emoji slot packs give more')
        const unpaid = await spend(tx, uid, COINS.perEmoji, 'emoji', now)
        if (unpaid) return unpaid
        await saveWallet(tx, uid, { intercomSlots: [...wallet.intercomSlots, emoji] }, now)
      }),

    removeIntercom: (uid: string, slotIndex: number) =>
      change(uid, async (tx, wallet, now) => {
        if (slotIndex >= wallet.intercomSlots.length) return refuse('NOT_FOUND', 'No reaction in this slot')
        const intercomSlots = wallet.intercomSlots.filter((_, i) => i !== slotIndex)
        await saveWallet(tx, uid, { intercomSlots }, now)
      }),

    startTrial: (uid: string) =>
      change(uid, async (tx, wallet, now) => {
        const started = startTrial(wallet.subscription, now)
        if (!started.ok) return subscriptionRefusal(started.error)
        // Income earned so far is settled at the old rate before the tier changes.
        const income = accrueIncome(wallet.income, wallet.subscription, now)
        await saveWallet(tx, uid, { subscription: started.value, income }, now)
      }),

    /** Keeps the tier to the end of the paid period; Telegram is told to stop renewing first. */
    async cancel(uid: string) {
      const wallet = await readWallet(db, uid)
      if (!wallet) return noUser()
      const check = cancelSubscription(wallet.subscription, clock())
      if (!check.ok) return subscriptionRefusal(check.error)
      const charge = await latestSubscriptionCharge(db, uid)
      if (charge && stopRenewal && wallet.tgId !== 0) {
        try {
          await stopRenewal(wallet.tgId, charge)
        } catch (err) {
          core.log.warn('stopping a Stars subscription failed', { err, uid, charge })
          return refuse('TELEGRAM_ERROR', 'Telegram did not accept the cancellation')
        }
      }
      return change(uid, async (tx, locked, now) => {
        const cancelled = cancelSubscription(locked.subscription, now)
        if (!cancelled.ok) return subscriptionRefusal(cancelled.error)
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
