/**
 * The one shape of a feature (docs/server.md "A feature"): what createApp needs of each folder.
 * Every field is optional; createApp composes a list of these in src/app.ts.
 */
import type { AnyElysia } from 'elysia'
import type { SocketHandlers } from './realtime/handlers.ts'

export interface Feature<Routes extends AnyElysia = AnyElysia> {
  /** Its HTTP routes: one Elysia plugin, used once at the composition root. */
  routes?: Routes
  /** Its client messages (protocol.ts), registered by createApp and nowhere else. */
  socketHandlers?: SocketHandlers
  /** Work before the server listens (recovery, loading); runs in the list's order. */
  onStart?: () => void | Promise<void>
  /** Cleanup when the app stops (timers, queues); runs in the reverse of the list's order. */
  onStop?: () => void | Promise<void>
}
