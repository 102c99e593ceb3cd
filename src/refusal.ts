/**
 * A service's "no" (docs/server.md "Refusals"): a code of SPEC.md §8 (or a feature's own) and a
 * text, returned, never thrown. Only the edges turn it into an answer: the HTTP status and
 * envelope in http/refusals.ts, the socket ack in realtime/handlers.ts (ackOf).
 */

/** Every code a service refuses with; http/refusals.ts gives each its status. */
export type RefusalCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'NO_COINS_ENOUGH'
  | 'NO_GAME_SLOTS'
  | 'OWN_ROOM'
  | 'WEAK_SECRET'
  | 'DAILY_OVER'
  | 'CONFLICT'
  | 'GAME_NOT_FOUND'
  | 'GAME_NOT_OVER'
  | 'GAME_NOT_ACTIVE'
  | 'NO_REVIEW'
  | 'NOTEBOOK_LIMIT'
  | 'PRO_REQUIRED'
  | 'AVATAR_NEEDS_GAMES'
  | 'AVATAR_NEEDS_PRO'
  | 'NO_INTERCOM_SLOTS'
  | 'INTERCOM_DUPLICATE'
  | 'TRIAL_USED'
  | 'ALREADY_SUBSCRIBED'
  | 'NO_SUBSCRIPTION'
  | 'TELEGRAM_ERROR'
  | 'TOO_MANY_REQUESTS'
  | 'WORD_EXISTS'
  | 'REPORT_DECIDED'
  | 'PASSWORD_INVALID'
  | 'TELEGRAM_ACCOUNT'
  | 'TELEGRAM_TAKEN'
  | 'TELEGRAM_LINKED_OTHER'
  | 'NICKNAME_INVALID'
  | 'NICKNAME_INVISIBLE'
  | 'NICKNAME_MIXED_SCRIPTS'
  | 'NICKNAME_TAKEN'
  | 'BAD_CREDENTIALS'

export interface Refusal {
  ok: false
  code: RefusalCode
  message: string
  /** How long to wait before trying again (sent as Retry-After over HTTP). */
  retryAfterSec?: number
}

export type Outcome<T> = { ok: true; value: T } | Refusal

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false

export const accept = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

export const refuse = (code: RefusalCode, message: string, retryAfterSec?: number): Refusal =>
  retryAfterSec === undefined ? { ok: false, code, message } : { ok: false, code, message, retryAfterSec }
