import { Elysia, ValidationError } from 'elysia'
import type { Logger } from '../observability/log.ts'
import { ApiError, failure } from './envelope.ts'

/**
 * Maps every thrown error to the failure envelope. Registered globally at the root so that
 * validation errors of any feature's `t` models come out as 400 BAD_REQUEST, not Elysia's own shape.
 */
export function errorEnvelope(log: Logger) {
  return new Elysia().onError({ as: 'global' }, ({ code, error, set, request }) => {
    // Elysia wraps whatever a body parser throws in a ParseError; ours may be a deliberate ApiError (413).
    const apiError = error instanceof ApiError ? error : code === 'PARSE' ? asApiError(error.cause) : null
    if (apiError) {
      set.status = apiError.status
      if (apiError.retryAfterSec !== undefined) set.headers['retry-after'] = String(apiError.retryAfterSec)
      return failure(apiError.errorCode, apiError.message)
    }
    if (error instanceof ValidationError) {
      set.status = 400
      return failure('BAD_REQUEST', describeValidation(error))
    }
    if (code === 'PARSE') {
      set.status = 400
      return failure('BAD_REQUEST', 'Malformed request body')
    }
    if (code === 'NOT_FOUND') {
      set.status = 404
      return failure('NOT_FOUND', `Not found: ${new URL(request.url).pathname}`)
    }
    set.status = 500
    log.error('request failed', { err: error, method: request.method, path: new URL(request.url).pathname })
    return failure('INTERNAL_ERROR', 'Internal error')
  })
}

const asApiError = (value: unknown) => (value instanceof ApiError ? value : null)

function describeValidation(error: ValidationError): string {
  if (typeof error.customError === 'string') return error.customError
  const first = error.valueError
  if (!first) return `Invalid ${error.type}`
  const where = first.path ? ` at ${first.path}` : ''
  return `Invalid ${error.type}${where}: ${first.message}`
}
