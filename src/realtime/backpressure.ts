/**
 * A client that does not read its socket must not pile up server memory, and no message to it may
 * vanish in silence (PROTOCOL.md Envelope "Limits"). Bun keeps what the client has not taken yet;
 * past 1 MiB waiting (or when Bun had to drop a message) the connection is closed with 1013, which
 * frees that memory at once. The client reconnects, resends what was not acknowledged (same ids:
 * an action done gets its stored ack) and fetches the games that moved on.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024
export const CLOSE_TRY_AGAIN_LATER = 1013
/** Bun's own limit stays above ours, so ours decides; its close is the safety net. */
export const BUN_BACKPRESSURE_LIMIT = 4 * MAX_UNSENT_BYTES

/** What of Bun's ServerWebSocket this needs. */
export interface RawSocket {
  /** Bytes sent; -1 queued under backpressure; 0 dropped (or sent on a closed socket). */
  send(text: string): number
  getBufferedAmount(): number
  close(code?: number, reason?: string): void
  /** 1 while open. */
  readonly readyState: number
}

const OPEN = 1

/** The connection's send: closes it with 1013 once it falls too far behind. */
export function sendOrShed(raw: RawSocket, onShed: (unsent: number) => void): (text: string) => void {
  let shed = false
  return (text) => {
    // A socket closing under us is no client falling behind.
    if (shed || raw.readyState !== OPEN) return
    const status = raw.send(text)
    const unsent = raw.getBufferedAmount()
    if (status !== 0 && unsent <= MAX_UNSENT_BYTES) return
    shed = true
    onShed(unsent)
    raw.close(CLOSE_TRY_AGAIN_LATER, 'too much unsent: read your socket')
  }
}
