import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { coinLedger, users } from '../db/schema/index.ts'
import type { Income, Subscription } from './types.ts'

export interface LedgerEntry {
  userId: string
  delta: number
  reason: string
  reference?: string | null
  createdAt: number
}

/**
 * Records a coin change whose balance the caller writes itself in the same transaction (only the
 * starting coins of a new user, inserted with the row). Every other change goes through coins.ts.
 * With a reference, a second entry for the same (user, reason, reference) is refused: false.
 */
export async function recordLedger(ex: Executor, entry: LedgerEntry): Promise<boolean> {
  const rows = await ex
    .insert(coinLedger)
    .values({ ...entry, reference: entry.reference ?? null })
    .onConflictDoNothing()
    .returning({ id: coinLedger.id })
  return rows.length > 0
}

/** The economy's columns of a user, read with a row lock for the rest of the transaction. */
export interface Wallet {
  id: string
  tgId: number
  lang: string
  coins: number
  avatar: string | null
  gamesPlayed: number
  gameSlots: number
  intercomSlots: string[]
  intercomSlotsBought: number
  subscription: Subscription
  income: Income
}

export const lockWallet = (ex: Executor, userId: string) => selectWallet(ex, userId, true)
export const readWallet = (ex: Executor, userId: string) => selectWallet(ex, userId, false)

async function selectWallet(ex: Executor, userId: string, lock: boolean): Promise<Wallet | null> {
  const query = ex
    .select({
      id: users.id,
      tgId: users.tgId,
      lang: users.lang,
      coins: users.coins,
      avatar: users.avatar,
      stats: users.stats,
      gameSlots: users.gameSlots,
      intercomSlots: users.intercomSlots,
      intercomSlotsBought: users.intercomSlotsBought,
      subscription: users.subscription,
      income: users.income,
    })
    .from(users)
    .where(eq(users.id, userId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return null
  const { stats, ...wallet } = row
  return { ...wallet, gamesPlayed: stats.gamesPlayed }
}

/** Writes wallet fields other than coins (coins move only through coins.ts, with the ledger). */
export type WalletPatch = Partial<
  Pick<Wallet, 'avatar' | 'gameSlots' | 'intercomSlots' | 'intercomSlotsBought' | 'subscription' | 'income'>
>

export async function saveWallet(
  ex: Executor,
  userId: string,
  patch: WalletPatch,
  now: number,
): Promise<void> {
  await ex
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId))
}

/** Ledger reason of the inviter's referral reward (referrals.ts pays it). */
export const INVITER_REASON = 'invite'

export interface Referral {
  _id: string
  nickname: string
  firstName: string
  avatar: string | null
  createdAt: number
  /** Coins this referral paid the inviter. */
  coins: number
}

/** The users this user invited, newest first (GET /api/user/referrals). */
export async function listReferrals(ex: Executor, userId: string, limit = 200): Promise<Referral[]> {
  const rows = await ex
    .select({
      _id: users.id,
      nickname: users.nickname,
      firstName: users.firstName,
      avatar: users.avatar,
      createdAt: users.createdAt,
      coins: sql<number | null>`${coinLedger.delta}`,
    })
    .from(users)
    .leftJoin(
      coinLedger,
      and(
        eq(coinLedger.userId, userId),
        eq(coinLedger.reason, INVITER_REASON),
        eq(coinLedger.reference, users.id),
      ),
    )
    .where(eq(users.referrer, userId))
    .orderBy(desc(users.createdAt))
    .limit(limit)
  return rows.map((row) => ({ ...row, coins: Number(row.coins ?? 0) }))
}
