import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { Game, HistoryEvent, Patch } from '../../../engine/index.ts'
import { ownedBy } from './columns.ts'
import { users } from './users.ts'

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    /**
     * The whole engine Game at version `snapshotTs`: written when the game is created, every
     * SNAPSHOT_EVERY versions and when it closes, not every turn (docs/perf.md "Lean writes"). The
     * versions after it are its history rows' patches (games/rebuild.ts).
     */
    snapshot: jsonb('snapshot').$type<Game>().notNull(),
    snapshotTs: integer('snapshot_ts').notNull().default(0),
    /** The game's version: the guard of every commit (a commit is computed from one version). */
    ts: integer('ts').notNull(),
    state: text('state').notNull(),
    type: text('type').notNull(),
    /** pvp | pve */
    mode: text('mode').notNull(),
    lang: text('lang').notNull(),
    /** User ids by side. */
    opponents: text('opponents').array().notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    expiredAt: bigint('expired_at', { mode: 'number' }),
    /** The computer's level when one side is the computer (its uid is `computerId(level)`, engine/computer-id.ts). */
    computerLevel: text('computer_level'),
    /** The daily challenge a game is an attempt at (dailies feature). */
    dailyId: text('daily_id'),
    /**
     * When the server must next act on an unfinished game by itself (a clock step, the idle
     * expiry, the computer's move); null for finished games and rows not yet computed. Rooms of
     * idle games leave memory: this is how their timers are found again (games/wakeups.ts).
     */
    wakeAt: bigint('wake_at', { mode: 'number' }),
  },
  (table) => [
    // "Games of a user": opponents @> ARRAY[uid].
    index('games_opponents_idx').using('gin', table.opponents),
    // Recovery at start re-arms the timers of every unfinished game.
    index('games_unfinished_idx')
      .on(table.state)
      .where(sql`${table.state} in ('new', 'countingDown', 'active')`),
    index('games_wake_idx').on(table.wakeAt).where(sql`${table.state} in ('new', 'countingDown', 'active')`),
    index('games_daily_idx').on(table.dailyId).where(sql`${table.dailyId} is not null`),
  ],
)

/** Append-only: one row per accepted action, version `ts` of the game. */
export const gameHistory = pgTable(
  'game_history',
  {
    gameId: ownedBy('game_id', () => games.id),
    ts: integer('ts').notNull(),
    events: jsonb('events').$type<HistoryEvent[]>().notNull(),
    /** The view's patch from the version before (PROTOCOL.md). */
    changes: jsonb('changes').$type<Patch>().notNull(),
    /**
     * The patch of what the view leaves out (stats, awards, hints, opening values): with `changes`,
     * the whole game's patch, so a game is rebuilt from its snapshot. Null: nothing changed there.
     */
    serverChanges: jsonb('server_changes').$type<Patch>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.ts] })],
)

export const notebooks = pgTable(
  'notebooks',
  {
    gameId: ownedBy('game_id', () => games.id),
    userId: ownedBy('user_id', () => users.id),
    words: jsonb('words').$type<string[]>().notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] })],
)
