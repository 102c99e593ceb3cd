import type { Lang, MessageKey } from '../../shared/i18n.ts'
import { type Api, call } from '../api/client.ts'

/** PROTOCOL.md: 2-24 letters, digits, '_', '-', space, after NFKC and trimming. The server checks again. */
const NICKNAME = /^[\p{L}\p{N}_\- ]{2,24}$/u

export function normalizeNickname(raw: string): string | null {
  const nickname = raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ')
  return NICKNAME.test(nickname) ? nickname : null
}

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** The server's sign-in refusals, as the player reads them (PROTOCOL.md Auth, docs/server.md). */
const FAILURES: Record<string, MessageKey> = {
  NETWORK: 'errors.network',
  BAD_REQUEST: 'signin.invalidNickname',
  NICKNAME_INVALID: 'signin.invalidNickname',
  NICKNAME_INVISIBLE: 'signin.invisibleNickname',
  NICKNAME_MIXED_SCRIPTS: 'signin.mixedScripts',
  NICKNAME_TAKEN: 'signin.nicknameTaken',
  BAD_CREDENTIALS: 'signin.badCredentials',
  RATE_LIMITED: 'signin.tooMany',
  TOO_MANY_REQUESTS: 'signin.tooMany',
  PASSWORD_INVALID: 'account.passwordLength',
}

export function failureKey(code: string): MessageKey {
  return FAILURES[code] ?? 'signin.failed'
}

/** A free nickname makes an account; a taken one needs its password (or this browser's device key cookie). */
export function signInWithNickname(api: Api, input: { nickname: string; password?: string }, lang: Lang) {
  return call(() => api.api.auth.signin.post({ ...input, lang }))
}

export function signInWithTelegram(api: Api, initData: string) {
  return call(() => api.api.auth['tg-signin'].post({ data: initData }))
}

/** The Login Widget's fields, checked by the server with the bot token (PROTOCOL.md). */
export function signInWithWidget(api: Api, user: Record<string, string | number | boolean>) {
  return call(() => api.api.auth['tg-widget'].post(user))
}
