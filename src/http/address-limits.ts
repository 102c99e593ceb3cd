/**
 * Per client address limits of the REST API and the socket upgrade (PROTOCOL.md Envelope
 * "Limits", docs/server.md "Limits"). Beyond them: 429 RATE_LIMITED with Retry-After.
 */
import { limitKey } from './client-address.ts'
import {
  type BucketRule,
  createKeyedLimiter,
  type KeyedLimiter,
  limitClock,
  unlimited,
  type Verdict,
} from './rate-limit.ts'

export const ADDRESS_LIMITS = {
  /**
   * Every sign-in route (POST /api/auth/* but sign-out, and /api/init with Telegram init data).
   * A Mini App signs in on every open, and a carrier's NAT puts many players behind one address.
   */
  signIn: { burst: 100, perSecond: 1 },
  /** POST /api/waiting-rooms/join: codes and secrets are not to be guessed from one address. */
  join: { burst: 30, perSecond: 0.5 },
  /** POST /api/logs: a page reports at most 20 lines a minute. */
  logs: { burst: 60, perSecond: 1 },
  /** POST /api/analytics/batch: a tab sends one batch per 2 s at most (docs/analytics.md). */
  analytics: { burst: 120, perSecond: 2 },
  /** Every other /api call and socket upgrade without a valid token (visitors, spectators, probes). */
  anonymous: { burst: 120, perSecond: 4 },
} as const satisfies Record<string, BucketRule>

export type AddressLimit = keyof typeof ADDRESS_LIMITS

/** Calls no address limit applies to: the Bot API webhook checks its own secret. */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/api/telegram/webhook'])

export interface CallShape {
  method: string
  path: string
  /** Whether the call carries a Telegram init-data header (a sign-in through /api/init). */
  initData: boolean
}

/**
 * Which limit a call counts against; 'anonymous' only matters when the call has no valid token
 * (the caller checks that lazily: it costs a signature check).
 */
export function limitOf({ method, path, initData }: CallShape): AddressLimit | null {
  if (method === 'POST') {
    if (path.startsWith('/api/auth/') && path !== '/api/auth/signout') return 'signIn'
    if (path === '/api/init' && initData) return 'signIn'
    if (path === '/api/waiting-rooms/join') return 'join'
    if (path === '/api/logs') return 'logs'
    if (path === '/api/analytics/batch') return 'analytics'
  }
  if (UNLIMITED_PATHS.has(path)) return null
  return path === '/ws' || path === '/api' || path.startsWith('/api/') ? 'anonymous' : null
}

export type AddressLimiters = Record<AddressLimit, KeyedLimiter>

export function createAddressLimiters(enabled: boolean): AddressLimiters {
  const make = (rule: BucketRule) => (enabled ? createKeyedLimiter(rule, limitClock) : unlimited)
  return {
    signIn: make(ADDRESS_LIMITS.signIn),
    join: make(ADDRESS_LIMITS.join),
    logs: make(ADDRESS_LIMITS.logs),
    analytics: make(ADDRESS_LIMITS.analytics),
    anonymous: make(ADDRESS_LIMITS.anonymous),
  }
}

export const checkAddress = (limiters: AddressLimiters, limit: AddressLimit, address: string): Verdict =>
  limiters[limit].check(limitKey(address))
