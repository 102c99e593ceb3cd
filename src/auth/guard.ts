import { Elysia } from 'elysia'
import { unauthorized } from '../http/envelope.ts'
import type { TokenService } from './tokens.ts'

/**
 * `{ auth: true }` on a route requires `Authorization: Bearer <token>` of a live session and gives the
 * handler `uid` and `sid` (the session); without one the route answers 401 with the error envelope.
 */
export function authGuard(tokens: TokenService) {
  return new Elysia().macro({
    auth: {
      async resolve({ headers }) {
        const verified = await tokens.fromHeader(headers.authorization)
        if (!verified) throw unauthorized()
        return { uid: verified.uid, sid: verified.sid }
      },
    },
  })
}
