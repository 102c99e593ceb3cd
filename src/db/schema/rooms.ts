import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { GameOptions } from '../../../engine/index.ts'
import { ownedBy } from './columns.ts'
import { users } from './users.ts'

export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    id: text('id').primaryKey(),
    /** Short code to type or share. */
    code: text('code').notNull(),
    /** The friend-room password word, if any. */
    secret: text('secret'),
    ownerId: ownedBy('owner_id', () => users.id),
    /** computer | randomPlayer | friend */
    mode: text('mode').notNull(),
    type: text('type').notNull(),
    lang: text('lang').notNull(),
    options: jsonb('options').$type<Partial<GameOptions> & Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    pingedAt: bigint('pinged_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('waiting_rooms_code_unique').on(table.code),
    index('waiting_rooms_secret_idx').on(table.secret),
    index('waiting_rooms_owner_idx').on(table.ownerId),
    index('waiting_rooms_queue_idx').on(table.mode, table.lang, table.type),
  ],
)
