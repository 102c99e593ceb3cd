import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { oneOf } from '../http/models.ts'
import type { Level } from './log.ts'

/** The body cap of POST /api/logs, enforced by the edge's parser (app.ts hands it over). */
export const CLIENT_LOG_MAX_BYTES = 8 * 1024

const CLIENT_LEVELS = ['debug', 'info', 'warn', 'error', 'log'] as const

/** SPEC.md §3 "Client log entry". The context is kept loose: browsers differ in what they know. */
const ClientLogEntry = t.Object({
  level: oneOf(CLIENT_LEVELS),
  message: t.String({ maxLength: 4000 }),
  data: t.Optional(t.Unknown()),
  context: t.Optional(t.Record(t.String(), t.Unknown())),
  timestamp: t.Optional(t.Union([t.Number(), t.String({ maxLength: 64 })])),
})

/** POST /api/logs. How often one address may call it is the edge's per-address `logs` limit. */
export function observabilityFeature(core: Core) {
  const clientLog = core.log.child({ source: 'client' })
  const routes = new Elysia().post(
    '/api/logs',
    ({ body }) => {
      const level: Level = body.level === 'log' ? 'info' : body.level
      clientLog[level](body.message, { data: body.data, context: body.context, clientTime: body.timestamp })
      return ok({})
    },
    { body: ClientLogEntry },
  )
  return { routes }
}
