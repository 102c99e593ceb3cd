/** The HTTP edge of a service's refusal (src/refusal.ts): its status, in this one table. */
import type { Outcome, RefusalCode } from '../refusal.ts'
import { ApiError } from './envelope.ts'

const STATUS: Record<RefusalCode, number> = {
  BAD_REQUEST: 400,
  WEAK_SECRET: 400,
  PASSWORD_INVALID: 400,
  NICKNAME_INVALID: 400,
  NICKNAME_INVISIBLE: 400,
  NICKNAME_MIXED_SCRIPTS: 400,
  UNAUTHORIZED: 401,
  BAD_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOTEBOOK_LIMIT: 403,
  PRO_REQUIRED: 403,
  AVATAR_NEEDS_GAMES: 403,
  AVATAR_NEEDS_PRO: 403,
  NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  CONFLICT: 409,
  GAME_NOT_OVER: 409,
  GAME_NOT_ACTIVE: 409,
  NO_REVIEW: 409,
  NO_INTERCOM_SLOTS: 409,
  INTERCOM_DUPLICATE: 409,
  TRIAL_USED: 409,
  ALREADY_SUBSCRIBED: 409,
  NO_SUBSCRIPTION: 409,
  WORD_EXISTS: 409,
  REPORT_DECIDED: 409,
  TELEGRAM_ACCOUNT: 409,
  TELEGRAM_TAKEN: 409,
  TELEGRAM_LINKED_OTHER: 409,
  NICKNAME_TAKEN: 409,
  NO_COINS_ENOUGH: 409,
  NO_GAME_SLOTS: 409,
  OWN_ROOM: 409,
  DAILY_OVER: 409,
  RATE_LIMITED: 429,
  TOO_MANY_REQUESTS: 429,
  TELEGRAM_ERROR: 502,
}

/**
 * A route's value, or its refusal answered as the failure envelope with the code's status (the
 * error envelope, http/errors.ts, writes it and the Retry-After header).
 */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value
  throw new ApiError(STATUS[outcome.code], outcome.code, outcome.message, outcome.retryAfterSec)
}
