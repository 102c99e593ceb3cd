import type { Referral } from '../../src/economy/repo.ts'
import type { Api } from '../api/client.ts'
import { call } from '../api/client.ts'

/** How long the fetched list is reused (SPEC.md §7: referrals are cached after the first fetch). */
export const REFERRALS_TTL_MS = 10 * 60_000
const key = (uid: string) => `referrals:${uid}`

type Store = Pick<Storage, 'getItem' | 'setItem'> | null

/**
 * The invited friends: from the cache when fetched before (pages are whole loads, so the cache is
 * in storage, per user), else `GET /api/user/referrals`, then cached. null when the call failed.
 */
export async function loadReferrals(
  api: Api,
  storage: Store,
  uid: string,
  now: number,
): Promise<Referral[] | null> {
  try {
    const cached = JSON.parse(storage?.getItem(key(uid)) ?? 'null') as {
      at: number
      items: Referral[]
    } | null
    if (cached && Array.isArray(cached.items) && now - cached.at < REFERRALS_TTL_MS) return cached.items
  } catch {
    // A damaged entry is fetched again.
  }
  const got = await call(() => api.api.user.referrals.get())
  if (!got.ok) return null
  storage?.setItem(key(uid), JSON.stringify({ at: now, items: got.data.items }))
  return got.data.items
}
