import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import { type AckResult, ackError, type HandlerRegistry } from './handlers.ts'
import type { Connection, Hub } from './hub.ts'
import { type AckPayload, ackMessage, type MessageId, parseClientMessage, serverMessage } from './protocol.ts'
import { findAck, saveAck } from './repo.ts'

/** What a watch-only (token-less) connection may send: watching, never acting. */
const WATCH_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'game/observe',
  'game/leaveObserve',
  'user/presenceSubscribe',
])

export interface DispatchDeps {
  db: Db
  hub: Hub
  registry: HandlerRegistry
  log: Logger
  clock: Clock
}

/**
 * Runs one client frame: parse, find the handler, dedupe by (user, id), run, ack.
 * The returned promise never rejects: a failing handler becomes an INTERNAL_ERROR ack.
 */
export function createDispatcher(deps: DispatchDeps) {
  const { db, hub, registry, log, clock } = deps
  // Same id arriving again while the first run is still going: wait for it, do not start another.
  const inFlight = new Map<string, Promise<AckPayload>>()

  const reply = (conn: Connection, id: MessageId | undefined, payload: AckPayload) => {
    if (id !== undefined) hub.sendTo(conn, ackMessage(id, payload, clock()))
    else if (!payload.success) hub.sendTo(conn, serverMessage('system/error', payload.error, clock()))
  }

  const run = async (
    conn: Connection,
    event: string,
    entryRun: (now: number) => Promise<AckResult>,
  ): Promise<AckPayload> => {
    try {
      return await entryRun(clock())
    } catch (err) {
      log.error('socket handler failed', { event, uid: conn.uid, err })
      return ackError('INTERNAL_ERROR', 'Internal error')
    }
  }

  return async function dispatch(conn: Connection, raw: unknown): Promise<void> {
    try {
      const parsed = parseClientMessage(raw)
      if (!parsed.ok) return reply(conn, parsed.id, ackError('BAD_REQUEST', parsed.error))
      const { key, payload, id } = parsed.message
      if (conn.watchOnly && !WATCH_ONLY_EVENTS.has(key))
        return reply(conn, id, ackError('UNAUTHORIZED', 'Sign in to do that'))
      const entry = registry.get(key)
      if (!entry) return reply(conn, id, ackError('BAD_REQUEST', `${key} is not handled by this server`))

      const dedupe = id !== undefined && !entry.idempotent
      const messageKey = dedupe ? JSON.stringify(id) : null
      // One answer per message: a handler may send it early (ctx.reply), the dispatcher then stays quiet.
      let replied = false
      const replyOnce = (payload: AckPayload) => {
        if (replied) return
        replied = true
        reply(conn, id, payload)
      }
      const ctx = { uid: conn.uid, connection: conn, hub, log, ackKey: messageKey, reply: replyOnce }
      const execute = (now: number) => entry.run({ ...ctx, now }, payload)

      if (messageKey === null) return replyOnce(await run(conn, key, execute))

      const flightKey = `${conn.uid}\u0000${messageKey}`
      let pending = inFlight.get(flightKey)
      if (!pending) {
        pending = (async () => {
          const stored = await findAck(db, conn.uid, messageKey)
          if (stored) return stored
          const result = await run(conn, key, execute)
          // The action already happened: a failed save costs the dedupe of a later resend, not this answer.
          await saveAck(db, conn.uid, messageKey, result, clock()).catch((err) =>
            log.error('saving a socket ack failed', { uid: conn.uid, event: key, err }),
          )
          return result
        })()
        inFlight.set(flightKey, pending)
        pending.finally(() => inFlight.delete(flightKey)).catch(() => {})
      }
      replyOnce(await pending)
    } catch (err) {
      // The ack lookup failed: the sender hears of it, the process keeps going.
      log.error('socket dispatch failed', { uid: conn.uid, err })
      try {
        const id = parseClientMessage(raw)
        reply(conn, id.ok ? id.message.id : id.id, ackError('INTERNAL_ERROR', 'Internal error'))
      } catch {
        // the connection is gone
      }
    }
  }
}

export type Dispatch = ReturnType<typeof createDispatcher>
