import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import {
  ANALYTICS_LIMITS,
  type AnalyticsBatch,
  type AnalyticsSummary,
  type DayFigures,
  type LogEvent,
  type PageViewEvent,
} from './model.ts'
import * as repo from './repo.ts'
import { routeName } from './route-name.ts'

const DAY_MS = 24 * 3600_000

/** docs/analytics.md: page views and sessions are kept 90 days, client log entries 14. */
export const ANALYTICS_RETENTION = { viewsDays: 90, logsDays: 14 } as const
/**
 * Events one process stores per UTC day, whatever the clients send within their rate limits: the
 * tables cannot grow past retention × this. Beyond it batches are still answered 2xx (a client must
 * not retry them) but dropped, with one warning a day.
 */
export const DAILY_EVENT_QUOTA = 500_000
export const SUMMARY_MAX_DAYS = ANALYTICS_RETENTION.viewsDays

export interface AnalyticsDeps {
  db: Db
  clock: Clock
  log: Logger
  quota?: number
}

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** JSON of `value` when it is short enough, else its first characters as a string. */
function capped(value: unknown, max: number): unknown {
  if (value === undefined) return null
  let text: string
  try {
    text = JSON.stringify(value) ?? 'null'
  } catch {
    return null
  }
  return text.length <= max ? value : `${text.slice(0, max)}…`
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db, clock } = deps
  const log = deps.log.child({ source: 'client' })
  const quota = deps.quota ?? DAILY_EVENT_QUOTA
  let quotaDay = ''
  let storedToday = 0

  /** Takes `n` events from today's quota; false when the day's quota is spent. */
  function takeQuota(now: number, n: number): boolean {
    const day = utcDay(now)
    if (day !== quotaDay) {
      quotaDay = day
      storedToday = 0
    }
    if (storedToday + n > quota) {
      if (storedToday <= quota) deps.log.warn('analytics: daily event quota reached, dropping', { quota })
      storedToday = quota + 1
      return false
    }
    storedToday += n
    return true
  }

  function pageViewRow(sessionId: string, at: number, e: PageViewEvent): repo.PageViewRow {
    const utm = e.utm ?? {}
    return {
      sessionId,
      seq: e.seq,
      at,
      day: utcDay(at),
      path: e.path,
      route: routeName(e.path),
      title: e.title,
      utmSource: utm.source || null,
      utmMedium: utm.medium || null,
      utmCampaign: utm.campaign || null,
      utmTerm: utm.term || null,
      utmContent: utm.content || null,
    }
  }

  function logRow(sessionId: string, at: number, e: LogEvent): repo.ClientLogRow {
    const context = capped(e.context, ANALYTICS_LIMITS.logContextChars)
    return {
      sessionId,
      seq: e.seq,
      at,
      day: utcDay(at),
      level: e.level,
      message: e.message,
      data: capped(e.data, ANALYTICS_LIMITS.logDataChars),
      context: typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : null,
    }
  }

  return {
    /** Stores a batch (answers how many events were kept: 0 when the day's quota is spent). */
    async ingest(batch: AnalyticsBatch, userId: string | null): Promise<number> {
      const now = clock()
      if (!takeQuota(now, batch.events.length)) return 0
      const s = batch.session
      const views: repo.PageViewRow[] = []
      const logs: repo.ClientLogRow[] = []
      for (const event of batch.events) {
        if (event.type === 'page_view') views.push(pageViewRow(s.session_id, now, event))
        else logs.push(logRow(s.session_id, now, event))
      }
      await db.transaction(async (tx) => {
        await repo.touchSession(
          tx,
          {
            id: s.session_id,
            userId,
            appName: s.app_name,
            platform: s.platform,
            locale: s.locale,
            isPremium: s.is_premium ?? false,
            startParam: s.start_param || null,
          },
          now,
        )
        await repo.insertPageViews(tx, views)
        await repo.insertClientLogs(tx, logs)
      })
      // The operator's log keeps showing what broke in browsers, as POST /api/logs always did.
      for (const row of logs)
        log[row.level as LogEvent['level']](row.message, {
          data: row.data,
          context: row.context,
          sessionId: row.sessionId,
        })
      return batch.events.length
    },

    /** The figures of the last `days` UTC days, today included. */
    async summary(days: number): Promise<AnalyticsSummary> {
      const now = clock()
      const today = Date.parse(`${utcDay(now)}T00:00:00Z`)
      const from = today - (days - 1) * DAY_MS
      const [perDay, errors, byRoute, totals, platforms, users] = await Promise.all([
        repo.viewsByDay(db, from),
        repo.errorsByDay(db, from),
        repo.viewsByRoute(db, from),
        repo.viewTotals(db, from),
        repo.sessionsByPlatform(db, from),
        repo.distinctUsers(db, from),
      ])
      const byDay: DayFigures[] = []
      for (let i = 0; i < days; i++) {
        const start = from + i * DAY_MS
        const day = utcDay(start)
        const row = perDay.find((r) => r.day === day)
        const errorRow = errors.find((r) => r.day === day)
        byDay.push({
          day: start,
          views: row?.views ?? 0,
          sessions: row?.sessions ?? 0,
          errors: errorRow?.errors ?? 0,
        })
      }
      return {
        days,
        from,
        to: today,
        totals: {
          views: totals.views,
          sessions: totals.sessions,
          users,
          errors: byDay.reduce((sum, d) => sum + d.errors, 0),
        },
        byDay,
        byRoute,
        platforms,
      }
    },

    /** Deletes what is past the retention (run hourly). */
    async prune(): Promise<void> {
      const now = clock()
      await repo.pruneBefore(db, {
        views: now - ANALYTICS_RETENTION.viewsDays * DAY_MS,
        sessions: now - ANALYTICS_RETENTION.viewsDays * DAY_MS,
        logs: now - ANALYTICS_RETENTION.logsDays * DAY_MS,
      })
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
