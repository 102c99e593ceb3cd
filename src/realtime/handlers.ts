import type { Logger } from '../observability/log.ts'
import type { Connection, Hub } from './hub.ts'
import type { AckPayload, ClientEvent, ClientPayload } from './protocol.ts'

/** What a handler learns of the message's sender; no Elysia types on purpose. */
export interface HandlerContext {
  uid: string
  connection: Connection
  hub: Hub
  log: Logger
  /** The app clock at receipt. */
  now: number
}

export type AckResult = AckPayload

export type Handler<E extends ClientEvent> = (
  ctx: HandlerContext,
  payload: ClientPayload<E>,
) => Promise<AckResult>

export interface HandlerOptions {
  /**
   * Handlers whose effect is harmless to repeat (presence) skip the stored-ack dedupe and its
   * database round trip. Everything that changes state must leave this false.
   */
  idempotent?: boolean
}

export interface HandlerEntry {
  run: (ctx: HandlerContext, payload: unknown) => Promise<AckResult>
  idempotent: boolean
}

export const ackOk = (data?: unknown): AckResult =>
  data === undefined ? { success: true } : { success: true, data }
export const ackError = (code: string, message: string): AckResult => ({
  success: false,
  error: { code, message },
})

/**
 * The seam for features: games, rooms and dictionaries register their client messages here.
 * Payloads reach a handler already checked against protocol.ts's schema for that event.
 */
export class HandlerRegistry {
  private readonly entries = new Map<ClientEvent, HandlerEntry>()

  registerHandler<E extends ClientEvent>(event: E, handler: Handler<E>, options: HandlerOptions = {}): void {
    if (this.entries.has(event)) throw new Error(`socket handler for ${event} registered twice`)
    this.entries.set(event, {
      run: (ctx, payload) => handler(ctx, payload as ClientPayload<E>),
      idempotent: options.idempotent ?? false,
    })
  }

  get(event: ClientEvent): HandlerEntry | undefined {
    return this.entries.get(event)
  }
}
