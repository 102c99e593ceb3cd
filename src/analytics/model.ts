import { type Static, t } from 'elysia'
import { oneOf } from '../http/models.ts'

/**
 * The wire shape of POST /api/analytics/batch (docs/analytics.md). Every string is capped here, the
 * body as a whole by ANALYTICS_LIMITS.bodyBytes, so one batch can store only so much.
 */
export const ANALYTICS_LIMITS = {
  /** SPEC.md §9: a batch holds at most 20 events. */
  events: 20,
  bodyBytes: 32 * 1024,
  /** A log entry's `data` and `context`, as JSON, beyond which they are cut to a string. */
  logDataChars: 4000,
  logContextChars: 2000,
} as const

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const
export type UtmKey = (typeof UTM_KEYS)[number]

const seq = t.Integer({ minimum: 0, maximum: 2_000_000_000 })
const clientTime = t.Optional(t.Number({ minimum: 0, maximum: 1e14 }))

export const PageViewEvent = t.Object({
  type: t.Literal('page_view'),
  seq,
  /** The full path (path and query, never the hash: Telegram's launch data lives there). */
  path: t.String({ minLength: 1, maxLength: 512, pattern: '^/' }),
  title: t.String({ maxLength: 200 }),
  utm: t.Optional(
    t.Partial(t.Object(Object.fromEntries(UTM_KEYS.map((k) => [k, t.String({ maxLength: 100 })])))),
  ),
  client_timestamp: clientTime,
})

export const CLIENT_LOG_LEVELS = ['info', 'warn', 'error'] as const

export const LogEvent = t.Object({
  type: t.Literal('log'),
  seq,
  level: oneOf(CLIENT_LOG_LEVELS),
  message: t.String({ maxLength: 2000 }),
  data: t.Optional(t.Unknown()),
  context: t.Optional(t.Record(t.String({ maxLength: 64 }), t.Unknown())),
  client_timestamp: clientTime,
})

/** SPEC.md §3 "Analytics session", less user_id: the server takes that from the bearer token. */
export const AnalyticsSession = t.Object({
  session_id: t.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  app_name: t.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  platform: t.String({ pattern: '^[a-z0-9_]{1,24}$' }),
  locale: t.String({ maxLength: 35 }),
  is_premium: t.Optional(t.Boolean()),
  start_param: t.Optional(t.String({ maxLength: 512 })),
  client_timestamp: clientTime,
})

export const AnalyticsBatch = t.Object({
  session: AnalyticsSession,
  events: t.Array(t.Union([PageViewEvent, LogEvent]), { minItems: 1, maxItems: ANALYTICS_LIMITS.events }),
})

export type PageViewEvent = Static<typeof PageViewEvent>
export type LogEvent = Static<typeof LogEvent>
export type AnalyticsEvent = PageViewEvent | LogEvent
export type AnalyticsSession = Static<typeof AnalyticsSession>
export type AnalyticsBatch = Static<typeof AnalyticsBatch>

export interface DayFigures {
  /** 00:00 UTC of the day, ms (a number: Eden's client would turn a date string into a Date). */
  day: number
  views: number
  sessions: number
  /** Client log entries of level error. */
  errors: number
}

/** What /dev shows: GET /api/analytics/summary. */
export interface AnalyticsSummary {
  days: number
  /** 00:00 UTC of the first and the last day, ms. */
  from: number
  to: number
  totals: { views: number; sessions: number; users: number; errors: number }
  byDay: DayFigures[]
  byRoute: { route: string; views: number; sessions: number }[]
  platforms: { platform: string; sessions: number }[]
}
