import { accept, type Outcome, refuse } from '../refusal.ts'
import type { UsersService } from '../users/service.ts'
import type { TelegramIdentity } from '../users/types.ts'
import type { DeviceKeys } from './device-keys.ts'
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, passwordLengthOk } from './passwords.ts'
import type { Session, SessionKind, Sessions } from './sessions.ts'
import type { VerifiedToken } from './tokens.ts'

/** Who asks: the user and session of a checked token. */
type SessionOf = Pick<VerifiedToken, 'uid' | 'sid'>

/** One row of the settings' sessions list (`GET /api/auth/sessions`). */
export interface SessionView {
  id: string
  kind: SessionKind
  device: string
  createdAt: number
  lastSeenAt: number
  endsAt: number
  /** The session of the token that asked. */
  current: boolean
}

/** What a sign-out did; `dropKey` is a key of this browser's cookie that no longer opens anything. */
export interface SignedOut {
  ended: number
  dropKey: string | null
}

export interface AccountDeps {
  users: UsersService
  sessions: Sessions
  deviceKeys: DeviceKeys
}

/**
 * What a signed-in player does with the account itself: sign out (here or everywhere), list and end
 * sessions, set a password, link Telegram.
 *
 * Device keys go with their sessions, except where that would lock the player out: an account
 * without a password keeps the key of the browser it signs out on (its only way back in); with a
 * password, signing out forgets this browser too (a shared computer keeps no way in).
 */
export function createAccountService(deps: AccountDeps) {
  const { users, sessions, deviceKeys } = deps

  const hasPassword = async (uid: string) => (await users.get(uid))?.hasPassword ?? false

  async function signOut(
    token: SessionOf,
    everywhere: boolean,
    cookieKeys: readonly string[],
  ): Promise<SignedOut> {
    const current = await sessions.live(token.sid, token.uid)
    const ownKey = current?.deviceKeyId ?? null
    const forget = await hasPassword(token.uid)
    // The browser's own key for this account, found before it goes.
    const held = forget ? await deviceKeys.find(token.uid, cookieKeys) : null
    const ended = await sessions.end(token.uid, everywhere ? 'all' : [token.sid])
    if (everywhere) await deviceKeys.revokeAllBut(token.uid, forget ? null : ownKey)
    else if (forget && ownKey) await deviceKeys.revoke(token.uid, [ownKey])
    const dropped = held && (everywhere || held.id === ownKey)
    return { ended: ended.length, dropKey: dropped ? held.key : null }
  }

  return {
    signOut,

    async list(token: SessionOf): Promise<SessionView[]> {
      return (await sessions.list(token.uid)).map((s: Session) => ({
        id: s.id,
        kind: s.kind,
        device: s.device,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        endsAt: s.endsAt,
        current: s.id === token.sid,
      }))
    },

    /** Ends one of the user's sessions (the device it began on loses its key, unless it is this one). */
    async end(token: SessionOf, id: string, cookieKeys: readonly string[]): Promise<Outcome<SignedOut>> {
      if (id === token.sid) return accept(await signOut(token, false, cookieKeys))
      const current = await sessions.live(token.sid, token.uid)
      const [ended] = await sessions.end(token.uid, [id])
      if (!ended) return refuse('NOT_FOUND', 'No such session')
      if (ended.deviceKeyId && ended.deviceKeyId !== current?.deviceKeyId)
        await deviceKeys.revoke(token.uid, [ended.deviceKeyId])
      return accept({ ended: 1, dropKey: null })
    },

    /** Whoever holds a good token may set or change the password (PROTOCOL.md). */
    async setPassword(uid: string, password: string): Promise<Outcome<{ hasPassword: true }>> {
      if (!passwordLengthOk(password))
        return refuse('PASSWORD_INVALID', `A password is ${PASSWORD_MIN}-${PASSWORD_MAX} characters`)
      const user = await users.get(uid)
      if (!user) return refuse('NOT_FOUND', 'User not found')
      if (user.nicknameKey === null)
        return refuse(
          'TELEGRAM_ACCOUNT',
          'This account signs in with Telegram; it has no nickname to protect with a password',
        )
      await users.setPasswordHash(uid, await hashPassword(password))
      return accept({ hasPassword: true })
    },

    /** A web account takes on a Telegram identity, so that both sign in to it. */
    async linkTelegram(uid: string, identity: TelegramIdentity): Promise<Outcome<{ tgId: number }>> {
      const user = await users.get(uid)
      if (!user) return refuse('NOT_FOUND', 'User not found')
      if (user.nicknameKey === null)
        return refuse('TELEGRAM_ACCOUNT', 'This account already signs in with Telegram')
      const outcome = await users.linkTelegram(uid, identity)
      if (outcome === 'taken')
        return refuse(
          'TELEGRAM_TAKEN',
          'This Telegram account already has its own game account; two accounts cannot be joined',
        )
      if (outcome === 'hasOther')
        return refuse('TELEGRAM_LINKED_OTHER', 'This account is already linked to another Telegram account')
      return accept({ tgId: identity.id })
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
