import { and, eq, lt } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { socketAcks } from '../db/schema/index.ts'
import type { AckPayload } from './protocol.ts'

export async function findAck(ex: Executor, uid: string, messageKey: string): Promise<AckPayload | null> {
  const [row] = await ex
    .select({ ack: socketAcks.ack })
    .from(socketAcks)
    .where(and(eq(socketAcks.userId, uid), eq(socketAcks.messageId, messageKey)))
    .limit(1)
  return row ? (row.ack as AckPayload) : null
}

/** Keeps the first ack stored for a message: a later one for the same id never replaces it. */
export async function saveAck(
  ex: Executor,
  uid: string,
  messageKey: string,
  ack: AckPayload,
  now: number,
): Promise<void> {
  await ex
    .insert(socketAcks)
    .values({ userId: uid, messageId: messageKey, ack, createdAt: now })
    .onConflictDoNothing()
}

export async function pruneAcks(ex: Executor, before: number): Promise<number> {
  const rows = await ex
    .delete(socketAcks)
    .where(lt(socketAcks.createdAt, before))
    .returning({ uid: socketAcks.userId })
  return rows.length
}
