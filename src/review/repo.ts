/** The only place review rows are known: one stored review (or the reason there is none) per game. */
import { eq } from 'drizzle-orm'
import type { GameReview } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { gameReviews } from '../db/schema/index.ts'

export type StoredReview =
  | { status: 'ready'; version: number; review: GameReview; createdAt: number }
  | { status: 'unavailable'; version: number; reason: string; createdAt: number }

export async function findReview(ex: Executor, gameId: string): Promise<StoredReview | null> {
  const [row] = await ex.select().from(gameReviews).where(eq(gameReviews.gameId, gameId)).limit(1)
  if (!row) return null
  if (row.status === 'ready' && row.review)
    return { status: 'ready', version: row.version, review: row.review, createdAt: row.createdAt }
  return { status: 'unavailable', version: row.version, reason: row.reason ?? '', createdAt: row.createdAt }
}

export async function saveReview(ex: Executor, gameId: string, stored: StoredReview): Promise<void> {
  const values = {
    version: stored.version,
    status: stored.status,
    review: stored.status === 'ready' ? stored.review : null,
    reason: stored.status === 'unavailable' ? stored.reason : null,
    createdAt: stored.createdAt,
  }
  await ex
    .insert(gameReviews)
    .values({ gameId, ...values })
    .onConflictDoUpdate({ target: gameReviews.gameId, set: values })
}
