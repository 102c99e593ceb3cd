import { isLang, type Lang } from '../../shared/i18n.ts'
import { localePath, signInPath } from '../../shared/paths.ts'
import { TMA_HINT_COOKIE } from '../../shared/telegram.ts'
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

/**
 * SPEC.md §2: a signed-out visitor goes to /signin in their language, except on open routes. The
 * page they asked for (unprefixed path and query, e.g. a friend's `/?room=CODE`) rides along as
 * `?next=`, so that sign-in brings them back to it; plain home needs no `next`.
 */
export function signInRedirect(
  route: RouteDef,
  lang: Lang,
  requested: { path: string; search: string },
  signedIn: boolean,
  telegram: boolean,
): string | null {
  if (route.access === 'open' || signedIn) return null
  if (telegram && route.layout === 'mini-app') return null
  return signInPath(lang, requested.path + requested.search)
}

/**
 * The unprefixed root follows the remembered language (like Nuxt i18n's root redirect): a visitor
 * who chose English and opens '/' lands on '/en'. Only the root, so Russian links keep working.
 */
export function rootLanguageRedirect(url: URL, cookieLang: Lang | null): string | null {
  if (url.pathname !== '/' || cookieLang === null || cookieLang === 'ru') return null
  return localePath(cookieLang, '/') + url.search
}

/**
 * The first of our languages an Accept-Language header asks for, by weight (ties keep the
 * header's order); `en-GB` counts as `en`; null when it names none of them.
 */
export function acceptedLanguage(header: string | null): Lang | null {
  if (!header) return null
  const asked = header
    .split(',')
    .slice(0, 32)
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return {
        lang: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        order,
      }
    })
    .filter((a) => a.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
  return (asked.find((a) => isLang(a.lang))?.lang as Lang | undefined) ?? null
}

/**
 * A first visit (no remembered language) to an unprefixed page, from a browser that prefers
 * English or Spanish to Russian, goes to that language's page, query kept (Nuxt i18n's
 * detectBrowserLanguage, whose cookie SPEC.md §9 names). The remembered language always wins,
 * and a prefixed address is a choice already made. Null: stay.
 */
export function browserLanguageRedirect(
  requested: { path: string; search: string; prefixed: boolean },
  cookieLang: Lang | null,
  acceptLanguage: string | null,
): { lang: Lang; location: string } | null {
  if (cookieLang !== null || requested.prefixed) return null
  const lang = acceptedLanguage(acceptLanguage)
  if (lang === null || lang === 'ru') return null
  return { lang, location: localePath(lang, requested.path) + requested.search }
}
