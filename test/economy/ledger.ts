/** Ledger checks shared by the economy and Telegram suites (read straight from the database). */
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../src/db/client.ts'
import { coinLedger, users } from '../../src/db/schema/index.ts'

/** Users whose balance differs from the sum of their ledger: always none. */
export async function ledgerMismatches(db: Db): Promise<{ id: string; coins: number; sum: number }[]> {
  const rows = await db
    .select({
      id: users.id,
      coins: users.coins,
      sum: sql<string | number>`coalesce(sum(${coinLedger.delta}), 0)`,
    })
    .from(users)
    .leftJoin(coinLedger, eq(coinLedger.userId, users.id))
    .groupBy(users.id, users.coins)
  return rows.map((row) => ({ ...row, sum: Number(row.sum) })).filter((row) => row.coins !== row.sum)
}

export async function ledgerOf(db: Db, userId: string) {
  return db
    .select({ delta: coinLedger.delta, reason: coinLedger.reason, reference: coinLedger.reference })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId))
    .orderBy(asc(coinLedger.id))
}

export async function coinsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId))
  if (!row) throw new Error(`no user ${userId}`)
  return row.coins
}
