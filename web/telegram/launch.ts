import { type CookieJar, readCookie, writeCookie } from '../../shared/cookies.ts'
import { TMA_HINT_COOKIE } from '../../shared/telegram.ts'

/**
 * Telegram Mini App launch parameters. Telegram puts them in the URL hash (#tgWebAppData=…), which
 * the server never sees, so the client reads them first thing, before any routing can drop the hash.
 */
export interface LaunchParams {
  /** The raw init-data string: what POST /api/auth/tg-signin and X-Telegram-Init-Data carry. */
  initData: string
  version: string | null
  platform: string | null
  startParam: string | null
  themeParams: Record<string, string>
}

export interface LaunchSources {
  hash: string
  search: string
  /** The URL of the page's navigation entry: it keeps the hash after in-page navigation. */
  navigationUrl: string | null
  session: Pick<Storage, 'getItem' | 'setItem'> | null
  cookies: CookieJar | null
}

const SESSION_KEY = 'tma/launch-params'

function themeParams(raw: string | null): Record<string, string> {
  if (!raw) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string'))
  } catch {
    return {}
  }
}

/** Parses a hash or query string ('#…', '?…' or bare); null when it has no init data. */
export function parseLaunchParams(source: string, search = ''): LaunchParams | null {
  const params = new URLSearchParams(source.replace(/^[#?]/, ''))
  const initData = params.get('tgWebAppData')
  if (!initData) return null
  const query = new URLSearchParams(search.replace(/^\?/, ''))
  return {
    initData,
    version: params.get('tgWebAppVersion'),
    platform: params.get('tgWebAppPlatform'),
    startParam:
      params.get('tgWebAppStartParam') ??
      query.get('tgWebAppStartParam') ??
      new URLSearchParams(initData).get('start_param'),
    themeParams: themeParams(params.get('tgWebAppThemeParams')),
  }
}

function fromSession(session: LaunchSources['session']): LaunchParams | null {
  try {
    const raw = session?.getItem(SESSION_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as LaunchParams
    return typeof value?.initData === 'string' && value.initData ? value : null
  } catch {
    return null
  }
}

/**
 * URL hash, then the navigation entry, then session storage (a reload inside Telegram keeps the
 * session but may lose the hash). Found parameters are saved back and the server hint is set.
 */
export function captureLaunchParams(sources: LaunchSources): LaunchParams | null {
  const navHash = sources.navigationUrl ? new URL(sources.navigationUrl, 'http://x').hash : ''
  const found =
    parseLaunchParams(sources.hash, sources.search) ??
    parseLaunchParams(navHash, sources.search) ??
    fromSession(sources.session)
  if (!found) return null
  try {
    sources.session?.setItem(SESSION_KEY, JSON.stringify(found))
  } catch {
    // Storage refused: the hash still works for this page.
  }
  if (sources.cookies) writeCookie(sources.cookies, TMA_HINT_COOKIE, '1', { sameSite: 'Lax' })
  return found
}

/**
 * Whether this page was opened as the Mini App, so that launch data should be there (SPEC.md §5):
 * the Mini App's own URL flags (`tma`, Telegram's `tgWebAppStartParam`) or the hint cookie set
 * when launch data was seen. Without launch data such a page was opened outside the messenger.
 */
export function expectsLaunchData(search: string, cookies: CookieJar | null): boolean {
  const query = new URLSearchParams(search.replace(/^\?/, ''))
  if (query.has('tma') || query.has('tgWebAppStartParam')) return true
  return cookies !== null && readCookie(cookies, TMA_HINT_COOKIE) === '1'
}

/** The browser's sources, for boot. */
export function browserLaunchSources(): LaunchSources {
  const nav = performance.getEntriesByType?.('navigation')[0]
  let session: Storage | null = null
  try {
    session = sessionStorage
  } catch {
    session = null
  }
  return {
    hash: location.hash,
    search: location.search,
    navigationUrl: nav?.name ?? null,
    session,
    cookies: document,
  }
}
