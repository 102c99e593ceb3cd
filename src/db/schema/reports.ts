import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ownedBy } from './columns.ts'
import { users } from './users.ts'

/** Words players report as missing from a dictionary (src/reports/), queued for developers. */
export const wordReports = pgTable(
  'word_reports',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** The game where the word was refused (kept as text: the report outlives an expired game). */
    gameId: text('game_id'),
    lang: text('lang').notNull(),
    dictType: text('dict_type').notNull(),
    word: text('word').notNull(),
    /** pending | accepted | rejected */
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    decidedAt: bigint('decided_at', { mode: 'number' }),
    decidedBy: text('decided_by'),
  },
  (table) => [
    // One report of a word per player: a second one changes nothing.
    uniqueIndex('word_reports_user_word_unique').on(table.userId, table.lang, table.word),
    index('word_reports_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
)

/**
 * Words developers accepted: the dictionaries take them on top of the built lists at start and at
 * once when accepted (the built files are rebuilt from packages, this list is not touched by that).
 */
export const dictionaryOverlay = pgTable(
  'dictionary_overlay',
  {
    lang: text('lang').notNull(),
    word: text('word').notNull(),
    /** The smallest size that takes the word; the larger ones take it too (default ⊆ wide ⊆ full). */
    dictType: text('dict_type').notNull(),
    addedAt: bigint('added_at', { mode: 'number' }).notNull(),
    addedBy: text('added_by'),
    reportId: text('report_id'),
  },
  (table) => [primaryKey({ columns: [table.lang, table.word] })],
)
