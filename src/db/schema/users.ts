import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Awards, PlayerStats } from '../../../engine/index.ts'
import type { Income, Subscription } from '../../economy/types.ts'

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    nickname: text('nickname').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** 0 for web-only users. */
    tgId: bigint('tg_id', { mode: 'number' }).notNull().default(0),
    tgUsername: text('tg_username'),
    tgAllowsPm: boolean('tg_allows_pm').notNull().default(false),
    eloPvp: integer('elo_pvp').notNull().default(1200),
    eloPve: integer('elo_pve').notNull().default(1200),
    lang: text('lang').notNull(),
    avatar: text('avatar'),
    stats: jsonb('stats').$type<PlayerStats>().notNull(),
    awards: jsonb('awards').$type<Awards>().notNull(),
    level: integer('level').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    coins: integer('coins').notNull().default(0),
    intercomSlots: jsonb('intercom_slots').$type<string[]>().notNull(),
    /** Bought emoji (intercom) slots; the tier's come on top. */
    intercomSlotsBought: integer('intercom_slots_bought').notNull().default(0),
    /** Slots of the profile itself (default + bought packs); the subscription's come on top. */
    gameSlots: integer('game_slots').notNull(),
    isTutorialAvailable: boolean('is_tutorial_available').notNull().default(true),
    tutorialPassedAt: bigint('tutorial_passed_at', { mode: 'number' }),
    subscription: jsonb('subscription').$type<Subscription>().notNull(),
    income: jsonb('income').$type<Income>().notNull(),
    referrer: text('referrer'),
    /**
     * The sign-in name of a web account: the nickname NFKC-normalised, lower-cased and mapped to
     * look-alike skeletons (users/nickname.ts). Null for Telegram-only accounts, which are never
     * reachable by a nickname.
     */
    nicknameKey: text('nickname_key'),
    /** argon2id (Bun.password); null until the player sets one. */
    passwordHash: text('password_hash'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('users_tg_id_unique').on(table.tgId).where(sql`${table.tgId} <> 0`),
    // A web sign-in finds the account by this key, so it names one account.
    uniqueIndex('users_nickname_key_unique').on(table.nicknameKey),
    index('users_elo_pvp_idx').on(table.eloPvp),
    index('users_elo_pve_idx').on(table.eloPve),
    index('users_referrer_idx').on(table.referrer),
    // The coins service never overdraws; this is the database's word on it too.
    check('users_coins_nonnegative', sql`${table.coins} >= 0`),
  ],
)
