/** The REST envelope of PROTOCOL.md: every /api answer is one of these two shapes. */

export const ApiErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** A per-address or per-connection limit of the edge (docs/server.md "Limits"), with Retry-After. */
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode]

export interface ErrorBody {
  /** An ApiErrorCode, a game error code (SPEC.md §8) or a feature's own code. */
  code: string
  message: string
}

export interface Success<T> {
  success: true
  data: T
}
export interface Failure {
  success: false
  error: ErrorBody
}
export type Envelope<T> = Success<T> | Failure

export function ok<T>(data: T): Success<T> {
  return { success: true, data }
}

export function failure(code: string, message: string): Failure {
  return { success: false, error: { code, message } }
}

const STATUS: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
}

/**
 * Thrown by routes and services to answer with the failure envelope. `code` defaults to the
 * status's generic code; features pass their own (e.g. 409 with 'NO_COINS_ENOUGH').
 */
export class ApiError extends Error {
  readonly status: number
  readonly errorCode: string
  /** Sent as Retry-After (seconds) with the answer. */
  readonly retryAfterSec: number | undefined
  constructor(status: number, code: string, message: string, retryAfterSec?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errorCode = code
    this.retryAfterSec = retryAfterSec
  }

  static of(code: ApiErrorCode, message: string): ApiError {
    return new ApiError(STATUS[code], code, message)
  }
}

export const badRequest = (message: string) => ApiError.of('BAD_REQUEST', message)
export const unauthorized = (message = 'Sign-in required') => ApiError.of('UNAUTHORIZED', message)
export const forbidden = (message: string) => ApiError.of('FORBIDDEN', message)
export const notFound = (message: string) => ApiError.of('NOT_FOUND', message)
export const conflict = (message: string, code: string = ApiErrorCode.CONFLICT) =>
  new ApiError(409, code, message)
export const payloadTooLarge = (message: string) => ApiError.of('PAYLOAD_TOO_LARGE', message)
export const tooManyRequests = (message = 'Too many requests') => ApiError.of('TOO_MANY_REQUESTS', message)
export const rateLimited = (
  retryAfterSec: number,
  message = `Too many requests: retry in ${retryAfterSec} s`,
) => new ApiError(429, ApiErrorCode.RATE_LIMITED, message, retryAfterSec)
