import { jwt } from '@elysiajs/jwt'
import type { Clock } from '../clock.ts'
import type { Session, Sessions } from './sessions.ts'

export const TOKEN_TTL_SEC = 7 * 24 * 3600
/** A connection whose token has less than this left is sent a fresh one (PROTOCOL.md Auth). */
export const TOKEN_REFRESH_BEFORE_SEC = 24 * 3600

export interface IssuedToken {
  token: string
  uid: string
  /** Seconds since the epoch: a week on, but never past the session's end. */
  exp: number
}

/** A token that is good now: its signature, expiry and session (live, the same user) checked. */
export interface VerifiedToken {
  uid: string
  /** The session id. */
  sid: string
  exp: number
}

export interface TokenService {
  issue(session: Pick<Session, 'id' | 'uid' | 'endsAt'>): Promise<IssuedToken>
  /** The user, session and expiry of a good token; null for anything else (also a revoked session). */
  verify(token: string | undefined | null): Promise<VerifiedToken | null>
  /** Reads `Authorization: Bearer <token>`. */
  fromHeader(header: string | undefined | null): Promise<VerifiedToken | null>
  /** A fresh token of the same session, or null once the session has ended. */
  refresh(token: Pick<VerifiedToken, 'uid' | 'sid'>): Promise<IssuedToken | null>
  /**
   * The user of a validly signed, unexpired token from before sessions (no session id), which
   * /api/init exchanges once for a session of its own; null for anything else.
   */
  legacy(token: string | undefined | null): Promise<{ uid: string } | null>
}

export const bearerToken = (header: string | undefined | null): string | undefined =>
  (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1]

/**
 * JWTs through @elysiajs/jwt carrying the session id (`sid`), with issue and expiry measured on
 * the app's clock (not the wall clock) so tests can move time.
 */
export function createTokenService(secret: string, clock: Clock, sessions: Sessions): TokenService {
  const signer = jwt({ name: 'jwt', secret }).decorator.jwt

  const decode = async (token: string | undefined | null) => {
    if (!token || token.length > 4096) return null
    const payload = await signer.verify(token, { currentDate: new Date(clock()), algorithms: ['HS256'] })
    if (!payload || typeof payload.sub !== 'string' || !payload.sub || typeof payload.exp !== 'number')
      return null
    return { uid: payload.sub, exp: payload.exp, sid: typeof payload.sid === 'string' ? payload.sid : null }
  }

  const issue: TokenService['issue'] = async (session) => {
    const iat = Math.floor(clock() / 1000)
    const exp = Math.min(iat + TOKEN_TTL_SEC, Math.floor(session.endsAt / 1000))
    // iat: false stops the plugin from stamping the wall clock; ours goes in as a plain claim.
    const token = await signer.sign({ sub: session.uid, sid: session.id, exp, iat: false, issuedAt: iat })
    return { token, uid: session.uid, exp }
  }

  const verify: TokenService['verify'] = async (token) => {
    const decoded = await decode(token)
    if (!decoded?.sid) return null
    const session = await sessions.live(decoded.sid, decoded.uid)
    return session ? { uid: decoded.uid, sid: decoded.sid, exp: decoded.exp } : null
  }

  return {
    issue,
    verify,
    fromHeader: (header) => verify(bearerToken(header)),
    async refresh({ uid, sid }) {
      const session = await sessions.live(sid, uid)
      return session ? issue(session) : null
    },
    async legacy(token) {
      const decoded = await decode(token)
      return decoded && decoded.sid === null ? { uid: decoded.uid } : null
    },
  }
}
