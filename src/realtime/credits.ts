/**
 * Message credits of one connection (PROTOCOL.md Envelope "Limits"): a burst of 30 frames, refilled
 * at 3 a second. A frame beyond them is answered RATE_LIMITED and not applied. Every refusal also
 * costs patience (30, regained at 1 a second): a client that runs out of it keeps sending far past
 * its credits and is closed with 4429. A client a little too fast (under 4 frames a second) is
 * slowed, never closed; a flood is closed within a second.
 */
import type { Clock } from '../clock.ts'
import { type BucketRule, TokenBucket } from '../http/rate-limit.ts'

export const MESSAGE_CREDITS: BucketRule = { burst: 30, perSecond: 3 }
export const PATIENCE: BucketRule = { burst: 30, perSecond: 1 }
export const CLOSE_RATE_LIMITED = 4429

export type Admission = 'ok' | 'limited' | 'close'

export interface MessageCredits {
  /** Counts one frame. */
  admit(): Admission
}

export function messageCredits(clock: Clock): MessageCredits {
  const credits = new TokenBucket(MESSAGE_CREDITS, clock())
  const patience = new TokenBucket(PATIENCE, clock())
  return {
    admit() {
      const now = clock()
      if (credits.take(now)) return 'ok'
      return patience.take(now) ? 'limited' : 'close'
    },
  }
}

/** RATE_LIMITS=off: every frame is admitted. */
export const unlimitedCredits: MessageCredits = { admit: () => 'ok' }
