import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * The accepted answer of every socket message that carried an id, so the same message resent
 * (after a reconnect, even to another process start) gets that answer instead of running twice.
 * "The same" is the same user, id, event and payload (PROTOCOL.md Envelope): the same id with
 * another event or payload is another message. Refusals are not kept.
 */
export const socketAcks = pgTable(
  'socket_acks',
  {
    userId: text('user_id').notNull(),
    /** JSON of the client's id, so 1 and "1" stay distinct. */
    messageId: text('message_id').notNull(),
    /** SHA-256 (hex) of the event and the canonical JSON of its payload (realtime/ack-key.ts). */
    fingerprint: text('fingerprint').notNull().default(''),
    ack: jsonb('ack').$type<unknown>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.messageId, table.fingerprint] }),
    index('socket_acks_created_idx').on(table.createdAt),
  ],
)
