import type { MessageKey } from '../../shared/i18n.ts'
import type { SessionView } from '../../src/auth/account.ts'
import { type Api, call } from '../api/client.ts'

export type { SessionView }

/** The account calls of Settings (PROTOCOL.md Auth and its extensions in docs/server.md). */
export function setPassword(api: Api, password: string) {
  return call(() => api.api.user.password.post({ password }))
}

export function listSessions(api: Api) {
  return call(() => api.api.auth.sessions.get())
}

export function endSession(api: Api, id: string) {
  return call(() => api.api.auth.sessions({ id }).delete())
}

/** Ends this session (or every session of the account) on the server. */
export function signOut(api: Api, everywhere: boolean) {
  return call(() => api.api.auth.signout.post({ everywhere }))
}

export function linkTelegram(api: Api, fields: Record<string, string | number | boolean>) {
  return call(() => api.api.auth['tg-link-widget'].post(fields))
}

const LINK_FAILURES: Record<string, MessageKey> = {
  TELEGRAM_TAKEN: 'account.telegramTaken',
  TELEGRAM_LINKED_OTHER: 'account.telegramLinkedOther',
  TELEGRAM_ACCOUNT: 'account.telegramLinkedOther',
  NETWORK: 'errors.network',
}

export const linkFailureKey = (code: string): MessageKey => LINK_FAILURES[code] ?? 'account.telegramFailed'
