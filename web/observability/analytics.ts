import type { AnalyticsEvent } from '../../src/analytics/model.ts'
import type { LaunchParams } from '../telegram/launch.ts'
import { createBatcher } from './batcher.ts'
import type { ClientLogEntry } from './client-log.ts'
import { analyticsSession, isPremiumUser, logEvent, pageViewEvent, type Unnumbered } from './events.ts'

const SESSION_KEY = 'analytics/session'
const PENDING_KEY = 'analytics/pending'

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface AnalyticsDeps {
  origin: string
  launch: LaunchParams | null
  /** The bearer token at send time ('' signed out): the server links the session to its user. */
  token(): string
  /** Session storage: one analytics session per tab, its event numbers and what waited offline. */
  storage: Store | null
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & {
    navigator: Pick<Navigator, 'onLine' | 'language'>
    location: Pick<Location, 'pathname' | 'search'>
    document: Pick<Document, 'title' | 'visibilityState' | 'addEventListener'>
  }
  fetch?: typeof fetch
  now?: () => number
  randomId?: () => string
}

export interface Analytics {
  /** SPEC.md §2: every page opened (each page load of this multi-page app) is a page_view. */
  pageView(): void
  /** The client log's sink (web/observability/client-log.ts). */
  log(entry: ClientLogEntry): void
}

interface Stored {
  id: string
  seq: number
}

function readJson<T>(storage: Store | null, key: string): T | null {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

function writeJson(storage: Store | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or refused: numbering restarts with the next tab; nothing else depends on it.
  }
}

const defaultId = () => crypto.randomUUID().replaceAll('-', '')

/** The operator's analytics (docs/analytics.md): page views and the client log, batched to /api/analytics/batch. */
export function startAnalytics(deps: AnalyticsDeps): Analytics {
  const { storage, window: win } = deps
  const now = deps.now ?? Date.now
  const doFetch = deps.fetch ?? fetch
  const stored = readJson<Stored>(storage, SESSION_KEY)
  const state: Stored =
    stored && typeof stored.id === 'string' && Number.isInteger(stored.seq)
      ? stored
      : { id: (deps.randomId ?? defaultId)(), seq: 0 }
  const session = analyticsSession(
    {
      id: state.id,
      platform: deps.launch?.platform ?? null,
      locale: win.navigator.language,
      isPremium: isPremiumUser(deps.launch?.initData ?? null),
      startParam: deps.launch?.startParam ?? null,
    },
    now(),
  )

  const batcher = createBatcher<AnalyticsEvent>({
    async post(events, { keepalive }) {
      const token = deps.token()
      const res = await doFetch(`${deps.origin}/api/analytics/batch`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ session: { ...session, client_timestamp: now() }, events }),
        keepalive,
      })
      return res.status
    },
    online: () => win.navigator.onLine !== false,
    whenOnline(fn) {
      win.addEventListener('online', fn)
      return () => win.removeEventListener('online', fn)
    },
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    clearTimer: (handle) => win.clearTimeout(handle as number),
  })

  // Events that waited offline when the last page of this tab closed.
  const waiting = readJson<AnalyticsEvent[]>(storage, PENDING_KEY)
  if (Array.isArray(waiting)) for (const event of waiting) batcher.push(event)
  try {
    storage?.removeItem(PENDING_KEY)
  } catch {}

  const exit = () => {
    const unsent = batcher.flushOnExit()
    if (unsent.length > 0) writeJson(storage, PENDING_KEY, unsent)
  }
  win.addEventListener('pagehide', exit)
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') exit()
  })

  const push = (event: Unnumbered<AnalyticsEvent>) => {
    state.seq++
    writeJson(storage, SESSION_KEY, state)
    batcher.push({ ...event, seq: state.seq } as AnalyticsEvent)
  }

  return {
    pageView: () => push(pageViewEvent(win.location, win.document.title, now())),
    log: (entry) => push(logEvent(entry)),
  }
}
