import { DEVICE_KEY_PATTERN } from './device-keys.ts'

/**
 * The HttpOnly cookie `device` (PROTOCOL.md Auth): the device keys this browser holds, newest
 * first, one per web account it signed in to, so signing in to a second account on a shared
 * browser does not lock the first one out.
 */
export const DEVICE_COOKIE = 'device'
const MAX_KEYS = 5
const SEPARATOR = '.'
/** Browsers keep a cookie at most 400 days; every sign-in sets it again. */
const MAX_AGE_SEC = 400 * 24 * 3600
/** Only the sign-in routes read it. */
const PATH = '/api/auth'

export function readDeviceKeys(cookieHeader: string | null | undefined): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === DEVICE_COOKIE && value)
      return value
        .split(SEPARATOR)
        .filter((key) => DEVICE_KEY_PATTERN.test(key))
        .slice(0, MAX_KEYS)
  }
  return []
}

/** The list with `key` first (added or moved), `drop` left out. */
export function updateDeviceKeys(keys: readonly string[], change: { add?: string; drop?: string }): string[] {
  const rest = keys.filter((key) => key !== change.add && key !== change.drop)
  return (change.add ? [change.add, ...rest] : rest).slice(0, MAX_KEYS)
}

/** The Set-Cookie value for these keys (none: the cookie is removed); Secure when the site is https. */
export function deviceCookieHeader(keys: readonly string[], publicUrl: string | null): string {
  const secure = publicUrl?.startsWith('https:') ?? false
  const attributes = [`Path=${PATH}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])]
  const value = keys.join(SEPARATOR)
  return [`${DEVICE_COOKIE}=${value}`, `Max-Age=${value ? MAX_AGE_SEC : 0}`, ...attributes].join('; ')
}
