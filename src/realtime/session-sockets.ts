import type { Sessions } from '../auth/sessions.ts'
import type { VerifiedToken } from '../auth/tokens.ts'
import { setIn } from '../util/sets.ts'
import type { Connection } from './hub.ts'
import { keepTokenFresh, type RefreshDeps } from './token-refresh.ts'

/** The close code of a socket whose session ended (signed out, revoked, 90 days). */
export const SIGNED_OUT_CLOSE = 4401

/**
 * The sockets of each session: a revoked session's sockets get `system/signout` and are closed at
 * once (PROTOCOL.md Auth); a live one's token is kept fresh until the session ends.
 */
export function createSessionSockets(deps: RefreshDeps & { sessions: Sessions }) {
  const { hub, sessions } = deps
  const bySession = new Map<string, Set<Connection>>()

  const signOut = (conn: Connection) => {
    hub.sendTo(conn, hub.message('system/signout', {}))
    conn.close(SIGNED_OUT_CLOSE, 'signed out')
  }

  sessions.onEnd((ids) => {
    for (const id of ids) for (const conn of [...(bySession.get(id) ?? [])]) signOut(conn)
  })

  return {
    /** Follows an authenticated connection's session; the returned function lets it go (on close). */
    attach(conn: Connection, token: VerifiedToken): () => void {
      const set = setIn(bySession, token.sid)
      set.add(conn)
      const cancelRefresh = keepTokenFresh(conn, token, deps, () => signOut(conn))
      // A revocation between the upgrade's check and now would otherwise be missed.
      sessions
        .live(token.sid, token.uid)
        .then((live) => {
          if (!live && set.has(conn)) signOut(conn)
        })
        .catch((err) => deps.log.error('session check failed', { err }))
      return () => {
        cancelRefresh()
        set.delete(conn)
        if (set.size === 0 && bySession.get(token.sid) === set) bySession.delete(token.sid)
      }
    },
  }
}
