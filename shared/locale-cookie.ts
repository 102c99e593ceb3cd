import { type CookieJar, serializeCookie } from './cookies.ts'
import type { Lang } from './i18n.ts'

/** SPEC.md §9: the chosen language, 365 days, path /, SameSite Lax. */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_SEC = 365 * 24 * 3600

export function localeCookie(lang: Lang): string {
  return serializeCookie(LOCALE_COOKIE, lang, { maxAgeSec: LOCALE_COOKIE_MAX_AGE_SEC, sameSite: 'Lax' })
}

export function writeLocaleCookie(jar: CookieJar, lang: Lang): void {
  jar.cookie = localeCookie(lang)
}
