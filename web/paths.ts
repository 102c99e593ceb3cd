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

/** The address of `path` (unprefixed, starting with '/') in `lang`. */
export function localePath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path
  return path === '/' ? `/${lang}` : `/${lang}${path}`
}
