/** What `document.cookie` offers: reading gives every cookie, assigning sets one. */
export interface CookieJar {
  cookie: string
}

export interface CookieOptions {
  expires?: Date
  maxAgeSec?: number
  path?: string
  sameSite?: 'Lax' | 'Strict' | 'None'
  secure?: boolean
}

/** Far-future expiry of SPEC.md §3/§9 for the auth and settings cookies. */
export const FOREVER = new Date(Date.UTC(2100, 0, 1))

/** name → decoded value of a Cookie header (or document.cookie); a malformed value is skipped. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>()
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || out.has(name)) continue
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()))
    } catch {
      // A cookie someone else wrote with a stray '%': not ours to read.
    }
  }
  return out
}

export function readCookie(jar: CookieJar, name: string): string | null {
  return parseCookies(jar.cookie).get(name) ?? null
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`]
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`)
  if (options.maxAgeSec !== undefined) parts.push(`Max-Age=${options.maxAgeSec}`)
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

export function writeCookie(jar: CookieJar, name: string, value: string, options?: CookieOptions): void {
  jar.cookie = serializeCookie(name, value, options)
}

export function removeCookie(jar: CookieJar, name: string, path = '/'): void {
  jar.cookie = serializeCookie(name, '', { path, expires: new Date(0) })
}

/** JSON cookie value, or null when absent or not JSON. */
export function readJsonCookie(jar: CookieJar, name: string): unknown {
  const raw = readCookie(jar, name)
  if (raw === null) return null
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

/** A jar over a fixed Cookie header: what server rendering sees. Writes are dropped. */
export function headerJar(header: string | null | undefined): CookieJar {
  return {
    get cookie() {
      return header ?? ''
    },
    set cookie(_value: string) {},
  }
}

/** Secure cookies need https; plain http (local development) would refuse them. */
export function isSecureContext(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:'
}
