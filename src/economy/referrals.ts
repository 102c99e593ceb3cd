import { COINS } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { creditCoins } from './coins.ts'
import { INVITER_REASON } from './repo.ts'

export const REFERRAL_REASONS = { inviter: INVITER_REASON, invitee: 'invited' } as const

/**
 * Pays both sides of a referral (SPEC.md §9: the inviter COINS.inviter, the new user
 * COINS.invitee). Called in the transaction that creates the invited user; the ledger's unique
 * (user, reason, reference) makes a second call a no-op, so it pays exactly once.
 */
export async function payReferral(
  ex: Executor,
  invitee: { id: string; referrer: string | null },
  now: number,
): Promise<boolean> {
  const referrer = invitee.referrer
  if (!referrer || referrer === invitee.id) return false
  const paid = await creditCoins(ex, {
    userId: referrer,
    amount: COINS.inviter,
    reason: REFERRAL_REASONS.inviter,
    reference: invitee.id,
    now,
  })
  if (!paid.ok) return false
  await creditCoins(ex, {
    userId: invitee.id,
    amount: COINS.invitee,
    reason: REFERRAL_REASONS.invitee,
    reference: referrer,
    now,
  })
  return true
}
