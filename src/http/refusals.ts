/** The HTTP edge of a service's refusal (src/refusal.ts): its status, in this one table. */
import type { Outcome, RefusalCode } from '../refusal.ts'
import { ApiError } from './envelope.ts'

const STATUS: Record<RefusalCode, number> = {
  BAD_REQUEST: 400,
  WEAK_SECRET: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOTEBOOK_LIMIT: 403,
  PRO_REQUIRED: 403,
  NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  CONFLICT: 409,
  GAME_NOT_OVER: 409,
  GAME_NOT_ACTIVE: 409,
  NO_REVIEW: 409,
  NO_COINS_ENOUGH: 409,
  NO_GAME_SLOTS: 409,
  OWN_ROOM: 409,
  DAILY_OVER: 409,
  RATE_LIMITED: 429,
}

/**
 * A route's value, or its refusal answered as the failure envelope with the code's status (the
 * error envelope, http/errors.ts, writes it and the Retry-After header).
 */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value
  throw new ApiError(STATUS[outcome.code], outcome.code, outcome.message, outcome.retryAfterSec)
}
