import type { TokenService } from '../auth/tokens.ts'
import { TOKEN_REFRESH_BEFORE_SEC } from '../auth/tokens.ts'
import type { Clock } from '../clock.ts'
import type { Logger } from '../observability/log.ts'
import type { Connection, Hub } from './hub.ts'

// setTimeout takes at most 2^31-1 ms; a longer wait is re-armed in steps.
const MAX_DELAY_MS = 2 ** 31 - 1

export interface RefreshDeps {
  tokens: TokenService
  hub: Hub
  clock: Clock
  log: Logger
}

/**
 * Pushes `system/token_refresh {token}` to a connection once its token has less than a day left:
 * at once when it connects with such a token, else when that moment comes. Returns a cancel.
 */
export function keepTokenFresh(conn: Connection, exp: number, deps: RefreshDeps): () => void {
  const { tokens, hub, clock, log } = deps
  let timer: ReturnType<typeof setTimeout> | undefined
  let cancelled = false
  let currentExp = exp

  const check = async () => {
    if (cancelled) return
    const dueAt = (currentExp - TOKEN_REFRESH_BEFORE_SEC) * 1000
    if (clock() >= dueAt) {
      const fresh = await tokens.issue(conn.uid)
      if (cancelled) return
      currentExp = fresh.exp
      hub.sendTo(conn, hub.message('system/token_refresh', { token: fresh.token }))
    }
    arm()
  }

  const arm = () => {
    if (cancelled) return
    const dueAt = (currentExp - TOKEN_REFRESH_BEFORE_SEC) * 1000
    const delay = Math.min(Math.max(dueAt - clock(), 0), MAX_DELAY_MS)
    // A throw inside a timer ends a Bun process (PITFALLS.md): the check carries its own catch.
    timer = setTimeout(() => {
      check().catch((err) => log.error('token refresh failed', { uid: conn.uid, err }))
    }, delay)
    timer.unref?.()
  }

  check().catch((err) => log.error('token refresh failed', { uid: conn.uid, err }))
  return () => {
    cancelled = true
    if (timer) clearTimeout(timer)
  }
}
