import { type Api, call, type Outcome } from '../api/client.ts'
import type { Lang } from '../i18n.ts'
import type { AuthPair } from './cookie.ts'

/** PROTOCOL.md: 2-24 letters, digits, '_', '-', space, after trimming. The server checks again. */
const NICKNAME = /^[\p{L}\p{N}_\- ]{2,24}$/u

export function normalizeNickname(raw: string): string | null {
  const nickname = raw.trim()
  return NICKNAME.test(nickname) ? nickname : null
}

export function signInWithNickname(
  api: Api,
  nickname: string,
  lang: Lang,
): Promise<Outcome<{ auth: AuthPair }>> {
  return call(() => api.api.auth.signin.post({ nickname, lang }))
}

export function signInWithTelegram(api: Api, initData: string): Promise<Outcome<{ auth: AuthPair }>> {
  return call(() => api.api.auth['tg-signin'].post({ data: initData }))
}

/** The Login Widget's fields, checked by the server with the bot token (PROTOCOL.md). */
export function signInWithWidget(
  api: Api,
  user: Record<string, string | number | boolean>,
): Promise<Outcome<{ auth: AuthPair }>> {
  return call(() => api.api.auth['tg-widget'].post(user))
}
