import { bigint, customType, pgTable, text } from 'drizzle-orm/pg-core'
import { ownedBy } from './columns.ts'
import { users } from './users.ts'

/** Raw bytes; PGlite answers a Uint8Array, postgres.js a Buffer (one too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
})

/**
 * A Telegram user's profile photo, copied from Telegram once (src/photos/): pages may load images
 * from our own origin only, and Telegram's photo links do not last.
 */
export const telegramPhotos = pgTable('telegram_photos', {
  userId: ownedBy('user_id', () => users.id).primaryKey(),
  /** The photo_url Telegram gave; a new one is fetched again. */
  sourceUrl: text('source_url').notNull(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  /** Of the body: the avatar URL carries it, so a new photo is a new URL. */
  hash: text('hash').notNull(),
  fetchedAt: bigint('fetched_at', { mode: 'number' }).notNull(),
})
