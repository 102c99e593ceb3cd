import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Board } from '../../../engine/index.ts'
import { ownedBy } from './columns.ts'
import { games } from './games.ts'
import { users } from './users.ts'

/** One daily challenge: a key (daily-0, daily-1) of a UTC day in one language, with its board and secret. */
export const dailies = pgTable(
  'dailies',
  {
    /** `YYYY-MM-DD-<lang>-<key>` (engine dailyId). */
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    /** The UTC day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    lang: text('lang').notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** The board every attempt starts from, as drawn on the day (later code changes cannot move it). */
    board: jsonb('board').$type<Board>().notNull(),
    /** Never sent to clients until a player plays it. */
    secret: text('secret'),
    level: text('level').notNull(),
    timeMode: text('time_mode').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    active: boolean('active').notNull().default(true),
    /** 00:00 UTC after the day: attempts finished later do not count. */
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  // Also the index of "the dailies of a day" (day comes first).
  (table) => [uniqueIndex('dailies_day_lang_key_unique').on(table.day, table.lang, table.key)],
)

/** Each player's best attempt at a daily (RULES §9 ranks these), and how many attempts counted. */
export const dailyBest = pgTable(
  'daily_best',
  {
    dailyId: ownedBy('daily_id', () => dailies.id),
    userId: ownedBy('user_id', () => users.id),
    gameId: ownedBy('game_id', () => games.id),
    won: boolean('won').notNull(),
    turns: integer('turns').notNull(),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
    score: integer('score').notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull(),
    /** The player played the secret word in any attempt at this daily. */
    secretFound: boolean('secret_found').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.dailyId, table.userId] }),
    index('daily_best_user_idx').on(table.userId),
  ],
)
