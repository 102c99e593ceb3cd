/**
 * The one limiter of the server, for HTTP and sockets alike: token buckets. A bucket holds up to
 * `burst` tokens and regains `perSecond` of them; every request or message takes one. In memory,
 * per process.
 */
import type { Clock } from '../clock.ts'

/**
 * The clock of the edge's limits: real, monotonic time, not the app clock. Limits pace real
 * clients; the app clock is the game's, which tests hold still or move by days.
 */
export const limitClock: Clock = () => performance.now()

export interface BucketRule {
  burst: number
  perSecond: number
}

/** One bucket (a socket connection's message credits, one address's sign-ins). */
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(
    private readonly rule: BucketRule,
    now: number,
  ) {
    this.tokens = rule.burst
    this.at = now
  }

  /** Takes `cost` tokens when there are that many; false (and nothing taken) otherwise. */
  take(now: number, cost = 1): boolean {
    this.refill(now)
    if (this.tokens < cost) return false
    this.tokens -= cost
    return true
  }

  /** Milliseconds until `cost` tokens are there again (0: now). */
  waitMs(now: number, cost = 1): number {
    this.refill(now)
    const missing = cost - this.tokens
    return missing <= 0 ? 0 : Math.ceil((missing / this.rule.perSecond) * 1000)
  }

  /** A full bucket is the same as no bucket: it may be forgotten. */
  isFull(now: number): boolean {
    this.refill(now)
    return this.tokens >= this.rule.burst
  }

  private refill(now: number): void {
    const elapsed = now - this.at
    if (elapsed <= 0) return
    this.tokens = Math.min(this.rule.burst, this.tokens + (elapsed * this.rule.perSecond) / 1000)
    this.at = now
  }
}

export type Verdict = { ok: true } | { ok: false; retryAfterSec: number }

export interface KeyedLimiter {
  /** Takes one token of `key`'s bucket; when it is empty, how long to wait. */
  check(key: string): Verdict
  /** The same, as a yes/no. */
  take(key: string): boolean
  /** Keys held now (tests and the abuse bench watch that it stays bounded). */
  readonly size: number
}

/** Keys are swept (full buckets forgotten) whenever the map doubles past this. */
const SWEEP_FROM = 1024

/**
 * A bucket per key (a client address, a user). Memory stays bounded: a bucket that has filled up
 * again is dropped at the next sweep, so the map holds only keys that were busy lately.
 */
export function createKeyedLimiter(rule: BucketRule, clock: Clock): KeyedLimiter {
  const buckets = new Map<string, TokenBucket>()
  let sweepAt = SWEEP_FROM
  const sweep = (now: number) => {
    for (const [key, bucket] of buckets) if (bucket.isFull(now)) buckets.delete(key)
    sweepAt = Math.max(SWEEP_FROM, buckets.size * 2)
  }
  const check = (key: string): Verdict => {
    const now = clock()
    let bucket = buckets.get(key)
    if (!bucket) {
      if (buckets.size >= sweepAt) sweep(now)
      bucket = new TokenBucket(rule, now)
      buckets.set(key, bucket)
    }
    if (bucket.take(now)) return { ok: true }
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil(bucket.waitMs(now) / 1000)) }
  }
  return {
    check,
    take: (key) => check(key).ok,
    get size() {
      return buckets.size
    },
  }
}

/** A limiter that never refuses (RATE_LIMITS=off). */
export const unlimited: KeyedLimiter = { check: () => ({ ok: true }), take: () => true, size: 0 }

/**
 * `limit` per `windowMs` for each key, as a bucket: the whole limit at once, then evenly refilled
 * (feature limits such as invoices per user).
 */
export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): KeyedLimiter {
  return createKeyedLimiter(
    { burst: options.limit, perSecond: (options.limit * 1000) / options.windowMs },
    options.clock,
  )
}
