import { accrueIncome, currentSubscription, incomeMaxShown } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Profile } from '../users/profile.ts'
import { readWallet, type Wallet } from './repo.ts'
import { gameSlotsCapacity, intercomSlotsCapacity } from './tiers.ts'

/** The profile fields the economy changes: the body of `user/update` after a balance or tier change. */
export type EconomyView = Pick<
  Profile,
  | 'coins'
  | 'avatar'
  | 'gameSlots'
  | 'gameSlotsCapacity'
  | 'intercomSlots'
  | 'intercomSlotsCapacity'
  | 'subscription'
  | 'income'
  | 'incomeMax'
>

export function economyView(wallet: Wallet, now: number): EconomyView {
  const income = accrueIncome(wallet.income, wallet.subscription, now)
  return {
    coins: wallet.coins,
    avatar: wallet.avatar,
    gameSlots: wallet.gameSlots,
    gameSlotsCapacity: gameSlotsCapacity(wallet.gameSlots, wallet.subscription, now),
    intercomSlots: wallet.intercomSlots,
    intercomSlotsCapacity: intercomSlotsCapacity(wallet.intercomSlotsBought, wallet.subscription, now),
    subscription: currentSubscription(wallet.subscription, now),
    income,
    incomeMax: incomeMaxShown(income, wallet.subscription, now),
  }
}

/**
 * Reads the wallets after a commit and pushes `user/update {data}` to the users' sockets. Features
 * that spend or credit coins inside their own transaction call this once it has committed.
 */
export async function pushEconomy(
  core: Pick<Core, 'db' | 'hub' | 'clock' | 'log'>,
  userIds: Iterable<string>,
) {
  for (const uid of new Set(userIds)) {
    if (core.hub.connectionsOf(uid) === 0) continue
    try {
      const wallet = await readWallet(core.db, uid)
      if (wallet) core.hub.sendToUser(uid, 'user/update', { data: economyView(wallet, core.clock()) })
    } catch (err) {
      core.log.error('user/update push failed', { err, uid })
    }
  }
}
