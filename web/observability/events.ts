import type {
  AnalyticsEvent,
  AnalyticsSession,
  LogEvent,
  PageViewEvent,
  UtmKey,
} from '../../src/analytics/model.ts'
import type { ClientLogEntry } from './client-log.ts'

/** The server's caps (src/analytics/model.ts): an event over them would cost its whole batch a 400. */
const LIMITS = { path: 512, title: 200, utm: 100, message: 2000, locale: 35, startParam: 512 } as const
const UTM_KEYS: readonly UtmKey[] = ['source', 'medium', 'campaign', 'term', 'content']

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)

export type Unnumbered<E> = E extends AnalyticsEvent ? Omit<E, 'seq'> : never

/**
 * SPEC.md §2 page_view: the full path (path and query; never the hash, where Telegram's launch
 * data lives), the document title and the utm parameters present.
 */
export function pageViewEvent(location: Pick<Location, 'pathname' | 'search'>, title: string, now: number) {
  const query = new URLSearchParams(location.search)
  const utm: Partial<Record<UtmKey, string>> = {}
  for (const key of UTM_KEYS) {
    const value = query.get(`utm_${key}`)
    if (value) utm[key] = clip(value, LIMITS.utm)
  }
  const event: Unnumbered<PageViewEvent> = {
    type: 'page_view',
    path: clip(location.pathname + location.search, LIMITS.path),
    title: clip(title, LIMITS.title),
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
    client_timestamp: now,
  }
  return event
}

/** A client log entry (SPEC.md §3) as a batch event. */
export function logEvent(entry: ClientLogEntry): Unnumbered<LogEvent> {
  return {
    type: 'log',
    level: entry.level,
    message: clip(entry.message, LIMITS.message),
    ...(entry.data === undefined ? {} : { data: entry.data }),
    context: entry.context,
    client_timestamp: entry.timestamp,
  }
}

export interface SessionSource {
  id: string
  platform: string | null
  locale: string
  isPremium: boolean
  startParam: string | null
}

/** SPEC.md §3 "Analytics session" (the user is the bearer token's, never a field). */
export function analyticsSession(source: SessionSource, now: number): AnalyticsSession {
  const platform = source.platform
    ?.toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, 24)
  return {
    session_id: source.id,
    app_name: 'word-territory',
    platform: platform || 'web',
    locale: clip(source.locale || 'und', LIMITS.locale),
    is_premium: source.isPremium,
    ...(source.startParam ? { start_param: clip(source.startParam, LIMITS.startParam) } : {}),
    client_timestamp: now,
  }
}

/** Whether Telegram's init data says the user has Premium. */
export function isPremiumUser(initData: string | null): boolean {
  if (!initData) return false
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { is_premium?: unknown }
    return user.is_premium === true
  } catch {
    return false
  }
}
