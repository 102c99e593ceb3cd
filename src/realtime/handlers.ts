import type { Logger } from '../observability/log.ts'
import type { Outcome } from '../refusal.ts'
import type { AckKey } from './ack-key.ts'
import type { Connection, Hub } from './hub.ts'
import {
  type AckAccepted,
  type AckOf,
  type AckPayload,
  type AckRefused,
  CLIENT_EVENTS,
  type ClientEvent,
  type ClientPayload,
} from './protocol.ts'

/** What a handler learns of the message's sender; no Elysia types on purpose. */
export interface HandlerContext {
  uid: string
  connection: Connection
  hub: Hub
  log: Logger
  /** The app clock at receipt. */
  now: number
  /**
   * The message's (id, event, payload) key when its accepted answer is kept for resends, else null.
   * A handler that commits state stores its ack under this key in the same transaction
   * (realtime/repo.ts saveAck), so a resend after a crash between commit and ack still gets the
   * original answer.
   */
  ackKey: AckKey | null
  /**
   * Sends the ack (or, without an id, a refusal as system/error) now rather than when the handler
   * returns, so it can go out before the broadcast the handler makes next. Only the first call counts;
   * the handler still returns the same payload.
   */
  reply(payload: AckResult): void
}

export type AckResult = AckPayload

/** The handler of client event E: its checked payload in, its typed ack (protocol.ts ClientAcks) out. */
export type Handler<E extends ClientEvent> = (
  ctx: HandlerContext,
  payload: ClientPayload<E>,
) => Promise<AckOf<E>>

export interface HandlerOptions {
  /**
   * Handlers whose effect is harmless to repeat (presence) skip the stored-ack dedupe and its
   * database round trip. Everything that changes state must leave this false.
   */
  idempotent?: boolean
  /** Takes the place of a handler already registered for the event (tests' stand-ins). */
  replace?: boolean
}

/** A feature's handler of E: the function, or with `idempotent` (HandlerOptions) for harmless repeats. */
export type SocketHandler<E extends ClientEvent> = Handler<E> | { run: Handler<E>; idempotent: true }

/** A feature's client messages (Feature.socketHandlers), keyed by event. */
export type SocketHandlers = { [E in ClientEvent]?: SocketHandler<E> }

export interface HandlerEntry {
  run: (ctx: HandlerContext, payload: unknown) => Promise<AckResult>
  idempotent: boolean
}

export function ackOk(): AckAccepted<undefined>
export function ackOk<T>(data: T): AckAccepted<T>
export function ackOk(data?: unknown): AckPayload {
  return data === undefined ? { success: true } : { success: true, data }
}
/** The socket edge of a service's outcome (src/refusal.ts): its value, or its refusal as the ack. */
export function ackOf<T>(outcome: Outcome<T>): AckAccepted<T> | AckRefused {
  return outcome.ok ? ackOk(outcome.value) : ackError(outcome.code, outcome.message)
}

export const ackError = (code: string, message: string): AckRefused => ({
  success: false,
  error: { code, message },
})

/**
 * The seam for features: games, rooms and dictionaries register their client messages here.
 * Payloads reach a handler already checked against protocol.ts's schema for that event.
 */
export class HandlerRegistry {
  private readonly entries = new Map<ClientEvent, HandlerEntry>()

  registerHandler<E extends ClientEvent>(event: E, handler: Handler<E>, options?: HandlerOptions): void
  /** Tests' stand-ins take the place of a feature's handler and may answer any data. */
  registerHandler<E extends ClientEvent>(
    event: E,
    handler: (ctx: HandlerContext, payload: ClientPayload<E>) => Promise<AckPayload>,
    options: HandlerOptions & { replace: true },
  ): void
  registerHandler<E extends ClientEvent>(
    event: E,
    handler: (ctx: HandlerContext, payload: ClientPayload<E>) => Promise<AckPayload>,
    options: HandlerOptions = {},
  ): void {
    if (this.entries.has(event) && !options.replace)
      throw new Error(`socket handler for ${event} registered twice`)
    this.entries.set(event, {
      run: (ctx, payload) => handler(ctx, payload as ClientPayload<E>),
      idempotent: options.idempotent ?? false,
    })
  }

  /** Registers a feature's handlers (createApp, once per feature). */
  registerAll(handlers: SocketHandlers): void {
    for (const event of CLIENT_EVENTS) {
      // Keyed by event, so each value is that event's handler; the map's type cannot say so per key.
      const spec = handlers[event] as SocketHandler<ClientEvent> | undefined
      if (!spec) continue
      if (typeof spec === 'function') this.registerHandler(event, spec)
      else this.registerHandler(event, spec.run, { idempotent: spec.idempotent })
    }
  }

  get(event: ClientEvent): HandlerEntry | undefined {
    return this.entries.get(event)
  }
}
