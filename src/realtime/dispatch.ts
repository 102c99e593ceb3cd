import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import { type AckKey, ackKeyOf } from './ack-key.ts'
import { type AckResult, ackError, type HandlerRegistry } from './handlers.ts'
import type { Connection, Hub } from './hub.ts'
import {
  type AckPayload,
  ackMessage,
  idOf,
  type MessageId,
  parseClientMessage,
  serverMessage,
} from './protocol.ts'
import { ackStored, findAck, saveAck } from './repo.ts'

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

/** Whether the connection's message credits let this frame run (realtime/credits.ts). */
export type FrameAdmission = 'ok' | 'limited'

/**
 * Runs one client frame: parse, find the handler, replay a stored answer or run, ack. Every frame
 * with an id is answered exactly once, on the connection it came on. The returned promise never
 * rejects: a failing handler becomes an INTERNAL_ERROR ack.
 */
export function createDispatcher(deps: DispatchDeps) {
  const { db, hub, registry, log, clock } = deps
  // The same message arriving again while its first run is still going: wait for that run, do not
  // start another. Keyed like the stored acks, so another message that reuses the id runs on its own.
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

  /** The stored answer of this very message, else its first run (shared with duplicates in flight). */
  const once = (
    conn: Connection,
    event: string,
    key: AckKey,
    execute: (now: number) => Promise<AckResult>,
  ) => {
    const flightKey = `${conn.uid}\u0000${key.messageId}\u0000${key.fingerprint}`
    let pending = inFlight.get(flightKey)
    if (!pending) {
      pending = (async () => {
        const stored = await findAck(db, conn.uid, key)
        if (stored) return stored
        const result = await run(conn, event, execute)
        // A live game's commit already stored an accepted answer in its transaction; for the other
        // handlers it is stored now. A failed save costs the replay of a later resend, not this answer.
        if (!ackStored(result))
          await saveAck(db, conn.uid, key, result, clock()).catch((err) =>
            log.error('saving a socket ack failed', { uid: conn.uid, event, err }),
          )
        return result
      })()
      inFlight.set(flightKey, pending)
      pending.finally(() => inFlight.delete(flightKey)).catch(() => {})
    }
    return pending
  }

  return async function dispatch(
    conn: Connection,
    raw: unknown,
    admission: FrameAdmission = 'ok',
  ): Promise<void> {
    let id: MessageId | undefined
    try {
      // Past its credits a frame is only answered: its id is all that is read of it.
      if (admission === 'limited')
        return reply(conn, idOf(raw), ackError('RATE_LIMITED', 'Too many messages: slow down (3 a second)'))
      const parsed = parseClientMessage(raw)
      id = parsed.ok ? parsed.message.id : parsed.id
      if (!parsed.ok) return reply(conn, id, ackError('BAD_REQUEST', parsed.error))
      const { key: event, payload } = parsed.message
      if (conn.watchOnly && !WATCH_ONLY_EVENTS.has(event))
        return reply(conn, id, ackError('UNAUTHORIZED', 'Sign in to do that'))
      const entry = registry.get(event)
      if (!entry) return reply(conn, id, ackError('BAD_REQUEST', `${event} is not handled by this server`))

      const key = id !== undefined && !entry.idempotent ? ackKeyOf(id, event, payload) : null
      // One answer per message: a handler may send it early (ctx.reply), the dispatcher then stays quiet.
      let replied = false
      const replyOnce = (payload: AckPayload) => {
        if (replied) return
        replied = true
        reply(conn, id, payload)
      }
      const ctx = { uid: conn.uid, connection: conn, hub, log, ackKey: key, reply: replyOnce }
      const execute = (now: number) => entry.run({ ...ctx, now }, payload)
      replyOnce(key === null ? await run(conn, event, execute) : await once(conn, event, key, execute))
    } catch (err) {
      // The ack lookup failed: the sender hears of it, the process keeps going.
      log.error('socket dispatch failed', { uid: conn.uid, err })
      try {
        reply(conn, id, ackError('INTERNAL_ERROR', 'Internal error'))
      } catch {
        // the connection is gone
      }
    }
  }
}

export type Dispatch = ReturnType<typeof createDispatcher>
