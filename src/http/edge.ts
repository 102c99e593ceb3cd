/**
 * The edge every HTTP request passes first (pages, API, the socket upgrade), once, before any
 * route: security headers on every answer; the URL's path and query checked for NUL and invalid
 * UTF-8 (400); the per-address limits (429 + Retry-After); and the one body parser (body.ts).
 */
import { Elysia } from 'elysia'
import { type AddressLimit, checkAddress, createAddressLimiters, limitOf } from './address-limits.ts'
import { parseBody } from './body.ts'
import { decodeUrlPart } from './clean-text.ts'
import { clientAddress } from './client-address.ts'
import { failure } from './envelope.ts'

export interface EdgeDeps {
  config: { rateLimits: boolean; trustProxy: number }
  /** Whether a token is valid (signature and expiry): a call with one is not anonymous. */
  verifyToken(token: string): Promise<unknown>
  /** The headers every answer carries (pages/security-headers.ts), for the request's URL. */
  headers(url: URL): Record<string, string>
  /** Route pattern → largest body in bytes, where smaller than the server's 1 MiB. */
  bodyLimits?: ReadonlyMap<string, number>
}

/** Where in the URL a part does not decode to clean text; null when all do. */
export function uncleanUrlPart(url: URL): string | null {
  for (const segment of url.pathname.split('/')) if (decodeUrlPart(segment) === null) return 'path'
  for (const pair of url.search.slice(1).split('&')) {
    const eq = pair.indexOf('=')
    const key = eq < 0 ? pair : pair.slice(0, eq)
    if (decodeUrlPart(key) === null) return 'query'
    if (eq >= 0 && decodeUrlPart(pair.slice(eq + 1)) === null) return `query parameter ${key}`
  }
  return null
}

/** The token of a call: its bearer header, or for the socket upgrade the `token` parameter. */
const tokenOf = (request: Request, url: URL): string | null =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ??
  (url.pathname === '/ws' ? url.searchParams.get('token') : null)

export function edgePlugin(deps: EdgeDeps) {
  const limiters = createAddressLimiters(deps.config.rateLimits)

  /** The limit this call counts against, or null (an anonymous-class call with a valid token). */
  const limitFor = async (request: Request, url: URL): Promise<AddressLimit | null> => {
    const limit = limitOf({
      method: request.method,
      path: url.pathname,
      initData: request.headers.has('x-telegram-init-data'),
    })
    if (limit !== 'anonymous') return limit
    const token = tokenOf(request, url)
    return token && (await deps.verifyToken(token)) ? null : limit
  }

  return new Elysia({ name: 'edge' })
    .onRequest(async ({ request, server, set }) => {
      const url = new URL(request.url)
      Object.assign(set.headers, deps.headers(url))
      const unclean = uncleanUrlPart(url)
      if (unclean !== null) {
        set.status = 400
        return failure('BAD_REQUEST', `The ${unclean} holds a NUL or invalid UTF-8`)
      }
      if (!deps.config.rateLimits) return
      const limit = await limitFor(request, url)
      if (limit === null) return
      const verdict = checkAddress(limiters, limit, clientAddress(request, server, deps.config.trustProxy))
      if (verdict.ok) return
      set.status = 429
      set.headers['retry-after'] = String(verdict.retryAfterSec)
      return failure(
        'RATE_LIMITED',
        `Too many requests from your address: retry in ${verdict.retryAfterSec} s`,
      )
    })
    .onParse({ as: 'global' }, parseBody({ limits: deps.bodyLimits }))
}
