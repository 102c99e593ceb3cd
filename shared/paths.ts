import type { Lang } from './i18n.ts'

/** Russian is the default language and has no URL prefix; the others live under /en and /es. */
export const DEFAULT_LANG: Lang = 'ru'
const PREFIXED = ['en', 'es'] as const satisfies readonly Lang[]

/** Splits '/en/daily' into { lang: 'en', path: '/daily' }; an unprefixed path is Russian. */
export function splitLocale(pathname: string): { lang: Lang; path: string; prefixed: boolean } {
  for (const lang of PREFIXED) {
    if (pathname === `/${lang}` || pathname === `/${lang}/`) return { lang, path: '/', prefixed: true }
    if (pathname.startsWith(`/${lang}/`))
      return { lang, path: pathname.slice(lang.length + 1), prefixed: true }
  }
  return { lang: DEFAULT_LANG, path: pathname, prefixed: false }
}

/** The address of `path` (unprefixed, starting with '/', a query allowed) in `lang`. */
export function localePath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path
  const q = path.indexOf('?')
  const [pathname, query] = q < 0 ? [path, ''] : [path.slice(0, q), path.slice(q)]
  return `${pathname === '/' ? `/${lang}` : `/${lang}${pathname}`}${query}`
}

const NEXT_MAX = 512

/**
 * Where the sign-in page may send a visitor afterwards: a page of this site, as an unprefixed path
 * with its query (so it opens in the language the visitor signs in with). Anything that could
 * leave the site ('//host', 'https:', backslashes), the sign-in page itself, or an overlong value
 * is null: the caller goes home instead.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || raw.length > NEXT_MAX || !raw.startsWith('/') || raw.includes('\\')) return null
  let url: URL
  try {
    url = new URL(raw, 'http://site.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://site.invalid') return null
  const { path } = splitLocale(url.pathname)
  if (path === '/signin') return null
  return path + url.search
}

/** The sign-in page of `lang`, carrying `next` when there is somewhere to come back to. */
export function signInPath(lang: Lang, next: string | null): string {
  const signin = localePath(lang, '/signin')
  return next && next !== '/' ? `${signin}?next=${encodeURIComponent(next)}` : signin
}

/** Where clients ask for the build being served (SPEC.md §7 "builds/latest.json"). */
export const LATEST_BUILD_PATH = '/builds/latest.json'
