import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * The ack of every socket message that carried an id, so a message resent with the same id
 * (after a reconnect, even to another process start) gets the original answer instead of running twice.
 */
export const socketAcks = pgTable(
  'socket_acks',
  {
    userId: text('user_id').notNull(),
    /** JSON of the client's id, so 1 and "1" stay distinct. */
    messageId: text('message_id').notNull(),
    ack: jsonb('ack').$type<unknown>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.messageId] }),
    index('socket_acks_created_idx').on(table.createdAt),
  ],
)
