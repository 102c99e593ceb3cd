import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Which process plays a game (ARCHITECTURE.md "More than one process"; used only with REDIS_URL):
 * the owner renews its leases every few seconds; a lease past `expires_at` (Postgres' clock, ms)
 * may be taken by any process. A row exists only while some process has the game loaded.
 */
export const gameLeases = pgTable(
  'game_leases',
  {
    gameId: text('game_id').primaryKey(),
    /** The owning process's id (src/cluster/process-id.ts), also its Redis channel. */
    owner: text('owner').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('game_leases_owner_idx').on(table.owner),
    index('game_leases_expires_idx').on(table.expiresAt),
  ],
)
