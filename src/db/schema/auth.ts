import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * One sign-in: its id is in every token issued for it. A session is live until revoked and for at
 * most 90 days from `createdAt` (auth/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** How it began: web (nickname), telegram (Mini App or Login Widget), dev. */
    kind: text('kind').notNull(),
    /** A short label from the User-Agent ("Chrome on Android"); '' when unknown. */
    device: text('device').notNull(),
    /** The device key this browser holds for the account (web sessions), if any. */
    deviceKeyId: text('device_key_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
)

/**
 * A browser's key to a web account (the HttpOnly `device` cookie): only its SHA-256 is kept. It lets
 * that browser sign in again by nickname after its session ended.
 */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastUsedAt: bigint('last_used_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('device_keys_user_idx').on(table.userId)],
)

/** Secrets the server generated for itself (Postgres deployments without JWT_SECRET). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
})
