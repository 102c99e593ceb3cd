import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { coinLedger, users } from '../../db/schema/index.ts'

/**
 * The only way a balance changes. Each call updates `users.coins` and writes its ledger row in one
 * transaction (a savepoint when `ex` is already a transaction, so a refusal undoes only this call
 * and the caller's transaction carries on). Features pass their own transaction to make a spend
 * part of their change: e.g. the game start takes its coin in the transaction that creates the game.
 */
export interface CoinChange {
  userId: string
  /** Whole coins, > 0: the direction comes from the function. */
  amount: number
  /** What for: game, customGame, avatar, emoji, skipResult, income, purchase, refund, invite, … */
  reason: string
  /**
   * What exactly (game id, payment charge id, …). With a reference, the same (user, reason,
   * reference) moves the balance at most once: a repeat answers `duplicate` and changes nothing.
   */
  reference?: string | null
  now: number
}

export type CoinRefusal = 'insufficient' | 'duplicate' | 'noUser'
export type CoinResult = { ok: true; balance: number } | { ok: false; reason: CoinRefusal }

class Refused extends Error {
  constructor(readonly reason: CoinRefusal) {
    super(reason)
  }
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`coin amount must be a positive integer, got ${amount}`)
}

async function inSavepoint<T>(ex: Executor, fn: (tx: Executor) => Promise<T>): Promise<T | CoinRefusal> {
  try {
    return await ex.transaction(fn)
  } catch (err) {
    if (err instanceof Refused) return err.reason
    throw err
  }
}

async function ledger(tx: Executor, change: CoinChange, delta: number): Promise<void> {
  const rows = await tx
    .insert(coinLedger)
    .values({
      userId: change.userId,
      delta,
      reason: change.reason,
      reference: change.reference ?? null,
      createdAt: change.now,
    })
    .onConflictDoNothing()
    .returning({ id: coinLedger.id })
  if (rows.length === 0) throw new Refused('duplicate')
}

/**
 * Takes `amount` coins if the balance covers them. The conditional UPDATE (`coins >= amount`)
 * holds the row lock, so concurrent spends queue on it and re-check the balance: they can never
 * overdraw, whatever the interleaving.
 */
export async function spendCoins(ex: Executor, change: CoinChange): Promise<CoinResult> {
  checkAmount(change.amount)
  const result = await inSavepoint(ex, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ coins: sql`${users.coins} - ${change.amount}`, updatedAt: change.now })
      .where(and(eq(users.id, change.userId), sql`${users.coins} >= ${change.amount}`))
      .returning({ coins: users.coins })
    if (!row) throw new Refused((await exists(tx, change.userId)) ? 'insufficient' : 'noUser')
    await ledger(tx, change, -change.amount)
    return row.coins
  })
  return typeof result === 'number' ? { ok: true, balance: result } : { ok: false, reason: result }
}

/** Adds `amount` coins; with a reference, at most once. */
export async function creditCoins(ex: Executor, change: CoinChange): Promise<CoinResult> {
  checkAmount(change.amount)
  const result = await inSavepoint(ex, async (tx) => {
    // The row lock orders concurrent credits of one reference: the second finds the first's
    // ledger row, and its savepoint takes its balance change back.
    const [row] = await tx
      .update(users)
      .set({ coins: sql`${users.coins} + ${change.amount}`, updatedAt: change.now })
      .where(eq(users.id, change.userId))
      .returning({ coins: users.coins })
    if (!row) throw new Refused('noUser')
    await ledger(tx, change, change.amount)
    return row.coins
  })
  return typeof result === 'number' ? { ok: true, balance: result } : { ok: false, reason: result }
}

/**
 * Takes back up to `amount` coins (refunds): what was already spent cannot be taken, so the
 * balance stops at 0 and the answer says how much was taken. Never `insufficient`.
 */
export async function takeBackCoins(
  ex: Executor,
  change: CoinChange,
): Promise<{ ok: true; taken: number; balance: number } | { ok: false; reason: CoinRefusal }> {
  checkAmount(change.amount)
  const result = await inSavepoint(ex, async (tx) => {
    const [user] = await tx
      .select({ coins: users.coins })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update')
    if (!user) throw new Refused('noUser')
    const taken = Math.min(user.coins, change.amount)
    if (taken > 0) {
      await tx
        .update(users)
        .set({ coins: user.coins - taken, updatedAt: change.now })
        .where(eq(users.id, change.userId))
    }
    // A zero row still records that the refund happened (and blocks a repeat of the reference).
    await ledger(tx, change, -taken)
    return { taken, balance: user.coins - taken }
  })
  return typeof result === 'string' ? { ok: false, reason: result } : { ok: true, ...result }
}

async function exists(ex: Executor, userId: string): Promise<boolean> {
  const rows = await ex.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
  return rows.length > 0
}

/** Sum of a user's ledger: equals `users.coins` at every commit (tests check it). */
export async function ledgerSum(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string | number | null>`coalesce(sum(${coinLedger.delta}), 0)` })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId))
  return Number(row?.sum ?? 0)
}
