import type { ServerWebSocket } from 'bun'
import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { clientAddress } from '../http/client-address.ts'
import { rateLimited, unauthorized } from '../http/envelope.ts'
import { BUN_BACKPRESSURE_LIMIT, sendOrShed } from './backpressure.ts'
import { CLOSE_RATE_LIMITED, type MessageCredits } from './credits.ts'
import { createDispatcher } from './dispatch.ts'
import { type Connection, watchOnlyUid } from './hub.ts'
import { presenceHandlers } from './presence.ts'
import { createSessionSockets } from './session-sockets.ts'
import { createSocketLimits } from './socket-limits.ts'

/**
 * Bun's websocket settings. Bun takes them once for the whole server (Elysia ignores them on a
 * route), so app.ts passes them to the root app.
 */
export const SOCKET_SERVER_OPTIONS = {
  /** Frames above this are refused by Bun before they reach us. */
  maxPayloadLength: 64 * 1024,
  idleTimeout: 120,
  backpressureLimit: BUN_BACKPRESSURE_LIMIT,
  closeOnBackpressureLimit: true,
} as const

interface Open {
  conn: Connection
  address: string
  credits: MessageCredits
  cancelRefresh: () => void
}

/**
 * The socket at /ws?token=…: authenticates the upgrade, adapts Bun's socket to the hub's
 * Connection, and hands every frame to the dispatcher. Kept thin on purpose. Without a `token`
 * parameter at all the socket is watch-only (spectating is open to visitors); a bad token is 401.
 */
export function realtimeFeature(core: Core) {
  const { hub, handlers, tokens, log, clock, db, config } = core
  const wsLog = log.child({ component: 'ws' })
  const dispatch = createDispatcher({ db, hub, registry: handlers, log: wsLog, clock })
  const open = new Map<string, Open>()
  const limits = createSocketLimits({ enabled: config.rateLimits, hub })
  const sessionSockets = createSessionSockets(core)

  const routes = new Elysia()
    .resolve(async ({ query, request, server }) => ({
      auth: await tokens.verify(query.token),
      watchOnly: query.token === undefined,
      address: clientAddress(request, server, config.trustProxy),
    }))
    .ws('/ws', {
      beforeHandle({ auth, watchOnly, address }) {
        if (!auth && !watchOnly) throw unauthorized('Invalid or expired token')
        if (!limits.fits(address, auth?.uid ?? null)) throw rateLimited(10, 'Too many open connections')
      },
      open(ws) {
        const { auth, address } = ws.data
        if (!auth && !ws.data.watchOnly) return ws.close(4401, 'unauthorized')
        // Bun's own type: Elysia's copy of it leaves out getBufferedAmount.
        const raw = ws.raw as unknown as ServerWebSocket<unknown>
        if (!limits.open(address, auth?.uid ?? null))
          return raw.close(CLOSE_RATE_LIMITED, 'too many connections')
        // A visitor (no token) watches only: nobody's presence, no user messages (the hub keeps it apart).
        const conn: Connection = {
          id: ws.id,
          uid: auth ? auth.uid : watchOnlyUid(ws.id),
          ...(auth ? {} : { watchOnly: true }),
          send: sendOrShed(raw, (unsent) =>
            wsLog.warn('closing a socket that does not read', { uid: conn.uid, unsent }),
          ),
          close: (code, reason) => raw.close(code, reason),
        }
        const cancelRefresh = auth ? sessionSockets.attach(conn, auth) : () => {}
        open.set(ws.id, { conn, address, credits: limits.credits(), cancelRefresh })
        hub.add(conn)
      },
      message(ws, message) {
        const entry = open.get(ws.id)
        if (!entry) return
        const admission = entry.credits.admit()
        if (admission === 'close') return ws.raw.close(CLOSE_RATE_LIMITED, 'too many messages')
        // Elysia would catch a throw, but dispatch is async: its promise needs its own catch.
        dispatch(entry.conn, message, admission).catch((err) => log.error('dispatch escaped', { err }))
      },
      close(ws) {
        const entry = open.get(ws.id)
        if (!entry) return
        open.delete(ws.id)
        limits.close(entry.address)
        entry.cancelRefresh()
        hub.remove(entry.conn)
      },
    })
  return { routes, socketHandlers: presenceHandlers }
}
