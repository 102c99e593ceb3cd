/**
 * What makes two socket messages "the same" for the stored-ack replay (PROTOCOL.md Envelope): the
 * user, the id as sent, the event and the payload. The payload counts by its canonical JSON (keys
 * sorted), so a client that serialises its keys in another order still repeats its message.
 */
import { createHash } from 'node:crypto'
import type { MessageId } from './protocol.ts'

export interface AckKey {
  /** JSON of the client's id, so 1 and "1" stay distinct. */
  messageId: string
  /** SHA-256 (hex) of the event and the payload's canonical JSON. */
  fingerprint: string
}

export function ackKeyOf(id: MessageId, event: string, payload: unknown): AckKey {
  const fingerprint = createHash('sha256')
    .update(event)
    .update('\n')
    .update(canonicalJson(payload))
    .digest('hex')
  return { messageId: JSON.stringify(id), fingerprint }
}

/** JSON with every object's keys in sorted order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key]
    return sorted
  })
}
