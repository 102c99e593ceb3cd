/**
 * Telegram's profile photo links (init data's and the Login Widget's `photo_url`), and fetching
 * one safely: only https on Telegram's own hosts (so the server never fetches an address a client
 * made up), redirects checked the same way, a time limit, a size limit, image types only.
 */
import { readCapped } from '../http/body.ts'

/** Telegram's hosts for profile photos: t.me/i/userpic/…, telegram.org and its CDN (telesco.pe). */
const HOSTS = [/^t\.me$/, /^(?:[a-z0-9-]+\.)*telegram\.org$/, /^(?:[a-z0-9-]+\.)*telesco\.pe$/]
const MAX_URL = 512
export const PHOTO_LIMITS = { maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3 } as const
/** What a photo may be; Telegram gives JPEG or SVG (SPEC.md §3 launch data's photo url). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'] as const

/** The link when it is a Telegram https photo address; null for anything else. */
export function telegramPhotoUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_URL) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null
  return HOSTS.some((host) => host.test(url.hostname)) ? url.toString() : null
}

function resolveUrl(location: string, base: string): string | null {
  try {
    return new URL(location, base).toString()
  } catch {
    return null
  }
}

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>

export interface FetchedPhoto {
  contentType: string
  body: Uint8Array
}

/** Downloads a Telegram photo; null when the address, an answer or the content is not acceptable. */
export async function fetchPhoto(
  source: string,
  fetcher: Fetcher,
  limits: typeof PHOTO_LIMITS = PHOTO_LIMITS,
): Promise<FetchedPhoto | null> {
  let url = telegramPhotoUrl(source)
  const signal = AbortSignal.timeout(limits.timeoutMs)
  for (let hop = 0; url !== null && hop <= limits.maxRedirects; hop++) {
    const res = await fetcher(url, {
      redirect: 'manual',
      signal,
      headers: { accept: PHOTO_TYPES.join(', ') },
    })
    if (res.status >= 300 && res.status < 400) {
      const next = res.headers.get('location')
      await res.body?.cancel()
      url = next ? telegramPhotoUrl(resolveUrl(next, url)) : null
      continue
    }
    if (!res.ok) {
      await res.body?.cancel()
      return null
    }
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (!(PHOTO_TYPES as readonly string[]).includes(contentType)) {
      await res.body?.cancel()
      return null
    }
    const body = await readCapped(res.body, res.headers.get('content-length'), limits.maxBytes)
    return body && body.byteLength > 0 ? { contentType, body } : null
  }
  return null
}
