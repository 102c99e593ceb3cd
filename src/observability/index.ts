import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { oneOf } from '../http/models.ts'
import { createRateLimiter } from '../http/rate-limit.ts'
import { limitedJson } from './json-body.ts'
import type { Level } from './log.ts'

export const CLIENT_LOG_MAX_BYTES = 8 * 1024
/** Lines per client address per minute; the rest are dropped (still answered success). */
const CLIENT_LOG_PER_MINUTE = 120

const CLIENT_LEVELS = ['debug', 'info', 'warn', 'error', 'log'] as const

/** SPEC.md §3 "Client log entry". The context is kept loose: browsers differ in what they know. */
const ClientLogEntry = t.Object({
  level: oneOf(CLIENT_LEVELS),
  message: t.String({ maxLength: 4000 }),
  data: t.Optional(t.Unknown()),
  context: t.Optional(t.Record(t.String(), t.Unknown())),
  timestamp: t.Optional(t.Union([t.Number(), t.String({ maxLength: 64 })])),
})

export function observabilityPlugin(core: Core) {
  const clientLog = core.log.child({ source: 'client' })
  const limiter = createRateLimiter({ limit: CLIENT_LOG_PER_MINUTE, windowMs: 60_000, clock: core.clock })

  return new Elysia().post(
    '/api/logs',
    ({ body, server, request }) => {
      const address = server?.requestIP(request)?.address ?? 'unknown'
      if (limiter.take(address)) {
        const level: Level = body.level === 'log' ? 'info' : body.level
        clientLog[level](body.message, { data: body.data, context: body.context, clientTime: body.timestamp })
      }
      return ok({})
    },
    {
      body: ClientLogEntry,
      // Our own parser so the size is checked before anything is parsed.
      parse: limitedJson(CLIENT_LOG_MAX_BYTES, 'A log entry is limited to 8 KB'),
    },
  )
}
