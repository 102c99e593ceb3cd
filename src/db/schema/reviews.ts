import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { GameReview } from '../../../engine/index.ts'
import { ownedBy } from './columns.ts'
import { games } from './games.ts'

/** One post-game review per finished game, computed once (src/review/) and served from here. */
export const gameReviews = pgTable('game_reviews', {
  gameId: ownedBy('game_id', () => games.id).primaryKey(),
  /** REVIEW.version of the engine that computed it; another version is computed again. */
  version: integer('version').notNull(),
  /** ready | unavailable (the history cannot be replayed, e.g. a scripted board). */
  status: text('status').notNull(),
  review: jsonb('review').$type<GameReview>(),
  reason: text('reason'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
})
