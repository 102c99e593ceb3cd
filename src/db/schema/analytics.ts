import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * One browser session of the app (SPEC.md §3 "Analytics session"): a tab's id chosen by the client,
 * the user the server saw on its batches, and where it runs. Pruned with its page views.
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: text('id').primaryKey(),
    /** From the batch's bearer token, never from the body; null while signed out. */
    userId: text('user_id'),
    appName: text('app_name').notNull(),
    /** Telegram's platform (android, ios, tdesktop, …) or 'web'. */
    platform: text('platform').notNull(),
    locale: text('locale').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    startParam: text('start_param'),
    firstSeen: bigint('first_seen', { mode: 'number' }).notNull(),
    lastSeen: bigint('last_seen', { mode: 'number' }).notNull(),
  },
  (table) => [index('analytics_sessions_last_seen_idx').on(table.lastSeen)],
)

/**
 * What every entry of a session's batches carries first: (session, seq) is its key, which makes a
 * resent batch harmless; `at` is indexed (`<table>_at_idx`) for the figures of a period and pruning.
 */
const sessionEntry = {
  sessionId: text('session_id').notNull(),
  seq: integer('seq').notNull(),
  /** Server time of arrival: a client cannot date its events. */
  at: bigint('at', { mode: 'number' }).notNull(),
  /** The UTC day of `at`, `YYYY-MM-DD`, for the per-day figures. */
  day: text('day').notNull(),
}

const sessionEntryKeys =
  (name: string) => (table: { sessionId: AnyPgColumn; seq: AnyPgColumn; at: AnyPgColumn }) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    index(`${name}_at_idx`).on(table.at),
  ]

/** SPEC.md §2 page_view: one per page a session opened. */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    ...sessionEntry,
    path: text('path').notNull(),
    /** The route pattern the path matched (`/game/:id`), or `(unknown)`: a bounded set for grouping. */
    route: text('route').notNull(),
    title: text('title').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
  },
  sessionEntryKeys('analytics_page_views'),
)

/** SPEC.md §3 "Client log entry", as the browsers reported them (also written to the server log). */
export const analyticsClientLogs = pgTable(
  'analytics_client_logs',
  {
    ...sessionEntry,
    level: text('level').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<unknown>(),
    context: jsonb('context').$type<Record<string, unknown>>(),
  },
  sessionEntryKeys('analytics_client_logs'),
)
