import { jwt } from '@elysiajs/jwt'
import type { Clock } from '../clock.ts'

export const TOKEN_TTL_SEC = 7 * 24 * 3600
/** A connection whose token has less than this left is sent a fresh one (PROTOCOL.md Auth). */
export const TOKEN_REFRESH_BEFORE_SEC = 24 * 3600

export interface IssuedToken {
  token: string
  uid: string
  /** Seconds since the epoch. */
  exp: number
}

export interface TokenService {
  issue(uid: string): Promise<IssuedToken>
  /** The user and expiry of a valid token, null for anything else (bad signature, expired, junk). */
  verify(token: string | undefined | null): Promise<{ uid: string; exp: number } | null>
  /** Reads `Authorization: Bearer <token>`. */
  fromHeader(header: string | undefined | null): Promise<{ uid: string; exp: number } | null>
}

/**
 * JWTs through @elysiajs/jwt, with issue and expiry measured on the app's clock (not the wall
 * clock) so tests can move time.
 */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const signer = jwt({ name: 'jwt', secret }).decorator.jwt

  const verify: TokenService['verify'] = async (token) => {
    if (!token || token.length > 4096) return null
    const payload = await signer.verify(token, { currentDate: new Date(clock()), algorithms: ['HS256'] })
    if (!payload || typeof payload.sub !== 'string' || !payload.sub || typeof payload.exp !== 'number')
      return null
    return { uid: payload.sub, exp: payload.exp }
  }

  return {
    async issue(uid) {
      const iat = Math.floor(clock() / 1000)
      const exp = iat + TOKEN_TTL_SEC
      // iat: false stops the plugin from stamping the wall clock; ours goes in as a plain claim.
      const token = await signer.sign({ sub: uid, exp, iat: false, issuedAt: iat })
      return { token, uid, exp }
    },
    verify,
    fromHeader(header) {
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
      return verify(match?.[1])
    },
  }
}
