import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { unauthorized } from '../http/envelope.ts'
import { createDispatcher } from './dispatch.ts'
import { type Connection, watchOnlyUid } from './hub.ts'
import { createSessionSockets } from './session-sockets.ts'

/** Frames above this are refused by Bun before they reach us. */
const MAX_FRAME_BYTES = 64 * 1024

interface Open {
  conn: Connection
  cancelRefresh: () => void
}

/**
 * The socket at /ws?token=…: authenticates the upgrade, adapts Bun's socket to the hub's
 * Connection, and hands every frame to the dispatcher. Kept thin on purpose. Without a `token`
 * parameter at all the socket is watch-only (spectating is open to visitors); a bad token is 401.
 */
export function realtimePlugin(core: Core) {
  const { hub, handlers, tokens, log, clock, db } = core
  const dispatch = createDispatcher({
    db,
    hub,
    registry: handlers,
    log: log.child({ component: 'ws' }),
    clock,
  })
  const open = new Map<string, Open>()
  const sessionSockets = createSessionSockets(core)

  return new Elysia()
    .resolve(async ({ query }) => ({
      auth: await tokens.verify(query.token),
      watchOnly: query.token === undefined,
    }))
    .ws('/ws', {
      maxPayloadLength: MAX_FRAME_BYTES,
      idleTimeout: 120,
      beforeHandle({ auth, watchOnly }) {
        if (!auth && !watchOnly) throw unauthorized('Invalid or expired token')
      },
      open(ws) {
        const auth = ws.data.auth
        if (!auth && !ws.data.watchOnly) return ws.close(4401, 'unauthorized')
        const raw = ws.raw
        // A visitor (no token) watches only: nobody's presence, no user messages (the hub keeps it apart).
        const conn: Connection = {
          id: ws.id,
          uid: auth ? auth.uid : watchOnlyUid(ws.id),
          ...(auth ? {} : { watchOnly: true }),
          send: (text) => {
            raw.send(text)
          },
          close: (code, reason) => raw.close(code, reason),
        }
        const cancelRefresh = auth ? sessionSockets.attach(conn, auth) : () => {}
        open.set(ws.id, { conn, cancelRefresh })
        hub.add(conn)
      },
      message(ws, message) {
        const entry = open.get(ws.id)
        if (!entry) return
        // Elysia would catch a throw, but dispatch is async: its promise needs its own catch.
        dispatch(entry.conn, message).catch((err) => log.error('dispatch escaped', { err }))
      },
      close(ws) {
        const entry = open.get(ws.id)
        if (!entry) return
        open.delete(ws.id)
        entry.cancelRefresh()
        hub.remove(entry.conn)
      },
    })
}
