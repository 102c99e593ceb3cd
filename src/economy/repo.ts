import type { Executor } from '../db/client.ts'
import { coinLedger } from '../db/schema/index.ts'

export interface LedgerEntry {
  userId: string
  delta: number
  reason: string
  reference?: string | null
  createdAt: number
}

/**
 * Records a coin change. With a reference, a second entry for the same (user, reason, reference)
 * is refused: returns false and the caller must not move the balance.
 */
export async function recordLedger(ex: Executor, entry: LedgerEntry): Promise<boolean> {
  const rows = await ex
    .insert(coinLedger)
    .values({ ...entry, reference: entry.reference ?? null })
    .onConflictDoNothing()
    .returning({ id: coinLedger.id })
  return rows.length > 0
}
