import { and, eq, lt } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { socketAcks } from '../db/schema/index.ts'
import type { AckKey } from './ack-key.ts'
import type { AckPayload } from './protocol.ts'

export async function findAck(ex: Executor, uid: string, key: AckKey): Promise<AckPayload | null> {
  const [row] = await ex
    .select({ ack: socketAcks.ack })
    .from(socketAcks)
    .where(
      and(
        eq(socketAcks.userId, uid),
        eq(socketAcks.messageId, key.messageId),
        eq(socketAcks.fingerprint, key.fingerprint),
      ),
    )
    .limit(1)
  return row ? (row.ack as AckPayload) : null
}

/**
 * Keeps the accepted answer of a message; a refusal is never kept (a resend runs again, as it
 * changed nothing). The first answer stored for a message stays: a later one never replaces it.
 */
export async function saveAck(
  ex: Executor,
  uid: string,
  key: AckKey,
  ack: AckPayload,
  now: number,
): Promise<void> {
  if (!ack.success) return
  await ex
    .insert(socketAcks)
    .values({ userId: uid, messageId: key.messageId, fingerprint: key.fingerprint, ack, createdAt: now })
    .onConflictDoNothing()
}

export async function pruneAcks(ex: Executor, before: number): Promise<number> {
  const rows = await ex
    .delete(socketAcks)
    .where(lt(socketAcks.createdAt, before))
    .returning({ uid: socketAcks.userId })
  return rows.length
}
