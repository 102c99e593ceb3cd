import type { TokenService, VerifiedToken } from '../auth/tokens.ts'
import { TOKEN_REFRESH_BEFORE_SEC } from '../auth/tokens.ts'
import type { Clock, Schedule } from '../clock.ts'
import type { Logger } from '../observability/log.ts'
import type { Connection, Hub } from './hub.ts'

// setTimeout takes at most 2^31-1 ms; a longer wait is re-armed in steps.
const MAX_DELAY_MS = 2 ** 31 - 1

export interface RefreshDeps {
  tokens: TokenService
  hub: Hub
  clock: Clock
  schedule: Schedule
  log: Logger
}

/**
 * Pushes `system/token_refresh {token}` (a token of the same session) to a connection once its
 * token has less than a day left: at once when it connects with such a token, else when that
 * moment comes. A session cannot outlive its 90 days: when no fresher token can be had, the
 * connection waits for its token to expire and then `onEnded` runs. Returns a cancel.
 */
export function keepTokenFresh(
  conn: Connection,
  token: VerifiedToken,
  deps: RefreshDeps,
  onEnded: () => void,
): () => void {
  const { tokens, hub, clock, schedule, log } = deps
  let cancelTimer: (() => void) | undefined
  let cancelled = false
  let currentExp = token.exp

  const check = async () => {
    if (cancelled) return
    const now = clock()
    if (now >= currentExp * 1000) return onEnded()
    if (now >= (currentExp - TOKEN_REFRESH_BEFORE_SEC) * 1000) {
      const fresh = await tokens.refresh(token)
      if (cancelled) return
      if (!fresh) return onEnded()
      if (fresh.exp > currentExp) {
        currentExp = fresh.exp
        hub.sendTo(conn, hub.message('system/token_refresh', { token: fresh.token }))
      } else return arm(currentExp * 1000)
    }
    arm((currentExp - TOKEN_REFRESH_BEFORE_SEC) * 1000)
  }

  const arm = (dueAt: number) => {
    if (cancelled) return
    const delay = Math.min(Math.max(dueAt - clock(), 0), MAX_DELAY_MS)
    // A throw inside a timer ends a Bun process (PITFALLS.md): the check carries its own catch.
    cancelTimer = schedule(delay, () => {
      check().catch((err) => log.error('token refresh failed', { uid: conn.uid, err }))
    })
  }

  check().catch((err) => log.error('token refresh failed', { uid: conn.uid, err }))
  return () => {
    cancelled = true
    cancelTimer?.()
  }
}
