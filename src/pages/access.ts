import { type Lang, localePath, TMA_HINT_COOKIE } from '../../web/islands/index.ts'
import type { RouteDef } from './routes.ts'

/**
 * A Telegram Mini App visitor carries the launch data in the URL hash, which never reaches the
 * server. Hints that do: the start parameter in the query (Telegram adds it when there is one),
 * a `tma` query flag (for a bot's Mini App URL), the session cookie the client sets once it saw
 * the launch data, or a page loaded into an iframe (Telegram Web embeds Mini Apps so, and there
 * third-party cookies, ours included, may be blocked). Such visitors are left to the client, which
 * signs them in with the init data or sends them to /signin itself.
 */
export function isTelegramVisit(url: URL, cookies: Map<string, string>, headers: Headers): boolean {
  return (
    url.searchParams.has('tgWebAppStartParam') ||
    url.searchParams.has('tma') ||
    cookies.get(TMA_HINT_COOKIE) === '1' ||
    headers.get('sec-fetch-dest') === 'iframe'
  )
}

/** SPEC.md §2: a signed-out visitor goes to /signin in their language, except on open routes. */
export function signInRedirect(
  route: RouteDef,
  lang: Lang,
  signedIn: boolean,
  telegram: boolean,
): string | null {
  if (route.access === 'open' || signedIn) return null
  if (telegram && route.layout === 'mini-app') return null
  return localePath(lang, '/signin')
}

/**
 * The unprefixed root follows the remembered language (like Nuxt i18n's root redirect): a visitor
 * who chose English and opens '/' lands on '/en'. Only the root, so Russian links keep working.
 */
export function rootLanguageRedirect(url: URL, cookieLang: Lang | null): string | null {
  if (url.pathname !== '/' || cookieLang === null || cookieLang === 'ru') return null
  return localePath(cookieLang, '/') + url.search
}
