import { ackOk, type SocketHandlers } from './handlers.ts'
import { topics } from './hub.ts'

/** Presence messages of PROTOCOL.md, handled by the hub itself; harmless to repeat. */
export const presenceHandlers: SocketHandlers = {
  'user/presenceSubscribe': {
    idempotent: true,
    run: async ({ connection, hub }, { uids }) => {
      const unique = [...new Set(uids)]
      for (const uid of unique) hub.subscribe(connection, topics.presence(uid))
      // The current states at once, so the client need not wait for the next change.
      if (unique.length > 0) hub.sendTo(connection, hub.message('presence/update', hub.presenceOf(unique)))
      return ackOk()
    },
  },
  'user/presenceOffline': {
    idempotent: true,
    run: async ({ connection, hub }) => {
      hub.setAway(connection, true)
      return ackOk()
    },
  },
  'user/presenceResume': {
    idempotent: true,
    run: async ({ connection, hub }) => {
      hub.setAway(connection, false)
      return ackOk()
    },
  },
}
