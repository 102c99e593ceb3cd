/** The only place analytics rows are known: sessions, page views and client log entries. */
import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { analyticsClientLogs, analyticsPageViews, analyticsSessions } from '../db/schema/index.ts'

export interface SessionRow {
  id: string
  userId: string | null
  appName: string
  platform: string
  locale: string
  isPremium: boolean
  startParam: string | null
}

export interface PageViewRow {
  sessionId: string
  seq: number
  at: number
  day: string
  path: string
  route: string
  title: string
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  utmTerm: string | null
  utmContent: string | null
}

export interface ClientLogRow {
  sessionId: string
  seq: number
  at: number
  day: string
  level: string
  message: string
  data: unknown
  context: Record<string, unknown> | null
}

/**
 * Creates the session or marks it seen. Where it runs stays as first reported; a user id, once
 * known, is kept (a later signed-out batch of the same tab does not erase it).
 */
export async function touchSession(ex: Executor, session: SessionRow, now: number): Promise<void> {
  await ex
    .insert(analyticsSessions)
    .values({ ...session, firstSeen: now, lastSeen: now })
    .onConflictDoUpdate({
      target: analyticsSessions.id,
      set: {
        lastSeen: now,
        userId: sql`coalesce(excluded.user_id, ${analyticsSessions.userId})`,
      },
    })
}

/** A resent batch (same session and seq) changes nothing. */
export async function insertPageViews(ex: Executor, rows: PageViewRow[]): Promise<void> {
  if (rows.length > 0) await ex.insert(analyticsPageViews).values(rows).onConflictDoNothing()
}

export async function insertClientLogs(ex: Executor, rows: ClientLogRow[]): Promise<void> {
  if (rows.length > 0) await ex.insert(analyticsClientLogs).values(rows).onConflictDoNothing()
}

export async function viewsByDay(ex: Executor, from: number) {
  return ex
    .select({
      day: analyticsPageViews.day,
      views: count(),
      sessions: countDistinct(analyticsPageViews.sessionId),
    })
    .from(analyticsPageViews)
    .where(gte(analyticsPageViews.at, from))
    .groupBy(analyticsPageViews.day)
}

export async function errorsByDay(ex: Executor, from: number) {
  return ex
    .select({ day: analyticsClientLogs.day, errors: count() })
    .from(analyticsClientLogs)
    .where(and(gte(analyticsClientLogs.at, from), eq(analyticsClientLogs.level, 'error')))
    .groupBy(analyticsClientLogs.day)
}

export async function viewsByRoute(ex: Executor, from: number) {
  return ex
    .select({
      route: analyticsPageViews.route,
      views: count(),
      sessions: countDistinct(analyticsPageViews.sessionId),
    })
    .from(analyticsPageViews)
    .where(gte(analyticsPageViews.at, from))
    .groupBy(analyticsPageViews.route)
    .orderBy(desc(count()), analyticsPageViews.route)
}

/** Distinct sessions and page views since `from` (a session counts once however many days it spans). */
export async function viewTotals(ex: Executor, from: number) {
  const [row] = await ex
    .select({ views: count(), sessions: countDistinct(analyticsPageViews.sessionId) })
    .from(analyticsPageViews)
    .where(gte(analyticsPageViews.at, from))
  return row ?? { views: 0, sessions: 0 }
}

/** Sessions seen since `from` per platform, and the signed-in users among them. */
export async function sessionsByPlatform(ex: Executor, from: number) {
  return ex
    .select({ platform: analyticsSessions.platform, sessions: count() })
    .from(analyticsSessions)
    .where(gte(analyticsSessions.lastSeen, from))
    .groupBy(analyticsSessions.platform)
    .orderBy(desc(count()), analyticsSessions.platform)
}

export async function distinctUsers(ex: Executor, from: number): Promise<number> {
  const [row] = await ex
    .select({ users: countDistinct(analyticsSessions.userId) })
    .from(analyticsSessions)
    .where(and(gte(analyticsSessions.lastSeen, from), isNotNull(analyticsSessions.userId)))
  return row?.users ?? 0
}

/** Deletes what is older than each retention cutoff. */
export async function pruneBefore(
  ex: Executor,
  cutoffs: { views: number; logs: number; sessions: number },
): Promise<void> {
  await ex.delete(analyticsPageViews).where(lt(analyticsPageViews.at, cutoffs.views))
  await ex.delete(analyticsClientLogs).where(lt(analyticsClientLogs.at, cutoffs.logs))
  await ex.delete(analyticsSessions).where(lt(analyticsSessions.lastSeen, cutoffs.sessions))
}
