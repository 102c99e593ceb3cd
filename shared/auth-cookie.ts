import {
  type CookieJar,
  FOREVER,
  parseCookies,
  readJsonCookie,
  removeCookie,
  writeCookie,
} from './cookies.ts'

/** SPEC.md §3: the auth cookie holds {token, uid} as JSON and expires 2100-01-01. */
export const AUTH_COOKIE = 'auth'

export interface AuthPair {
  token: string
  uid: string
}

function asAuthPair(value: unknown): AuthPair | null {
  if (typeof value !== 'object' || value === null) return null
  const { token, uid } = value as Record<string, unknown>
  if (typeof token !== 'string' || token === '') return null
  return { token, uid: typeof uid === 'string' ? uid : '' }
}

export function readAuthCookie(jar: CookieJar): AuthPair | null {
  return asAuthPair(readJsonCookie(jar, AUTH_COOKIE))
}

/** The server's reading of the same cookie, from a request's Cookie header. */
export function authFromCookieHeader(header: string | null | undefined): AuthPair | null {
  const raw = parseCookies(header).get(AUTH_COOKIE)
  if (raw === undefined) return null
  try {
    return asAuthPair(JSON.parse(raw))
  } catch {
    return null
  }
}

export function writeAuthCookie(jar: CookieJar, auth: AuthPair, secure: boolean): void {
  writeCookie(jar, AUTH_COOKIE, JSON.stringify({ token: auth.token, uid: auth.uid }), {
    expires: FOREVER,
    sameSite: 'Lax',
    secure,
  })
}

export function clearAuthCookie(jar: CookieJar): void {
  removeCookie(jar, AUTH_COOKIE)
}
