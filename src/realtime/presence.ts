import { ackOk, type HandlerRegistry } from './handlers.ts'
import { topics } from './hub.ts'

/** Presence messages of PROTOCOL.md, handled by the hub itself. */
export function registerPresenceHandlers(registry: HandlerRegistry): void {
  registry.registerHandler(
    'user/presenceSubscribe',
    async ({ connection, hub }, { uids }) => {
      const unique = [...new Set(uids)]
      for (const uid of unique) hub.subscribe(connection, topics.presence(uid))
      // The current states at once, so the client need not wait for the next change.
      if (unique.length > 0) hub.sendTo(connection, hub.message('presence/update', hub.presenceOf(unique)))
      return ackOk()
    },
    { idempotent: true },
  )
  registry.registerHandler(
    'user/presenceOffline',
    async ({ connection, hub }) => {
      hub.setAway(connection, true)
      return ackOk()
    },
    { idempotent: true },
  )
  registry.registerHandler(
    'user/presenceResume',
    async ({ connection, hub }) => {
      hub.setAway(connection, false)
      return ackOk()
    },
    { idempotent: true },
  )
}
