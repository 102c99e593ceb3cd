import { lt, sql } from 'drizzle-orm'
import { type Executor, rowsOf } from '../db/client.ts'
import { executePrepared } from '../db/prepared.ts'
import { socketAcks } from '../db/schema/index.ts'
import type { AckKey } from './ack-key.ts'
import type { AckPayload } from './protocol.ts'

/** One lookup of a stored answer, waiting for its batch. */
interface AckLookup {
  uid: string
  key: AckKey
  resolve(ack: AckPayload | null): void
  reject(err: unknown): void
}

/**
 * Lookups of the same executor made in the same turn of the event loop go to the database as one
 * query (every message with an id asks before it runs: under load, one query per frame was a round
 * trip per turn). Only database handles are batched; a transaction's lookups run on their own.
 */
const pendingLookups = new WeakMap<Executor, AckLookup[]>()

async function lookUp(ex: Executor, batch: AckLookup[]): Promise<void> {
  try {
    // One text whatever the batch's size (the keys travel as one JSON parameter): Postgres prepares it once.
    const keys = JSON.stringify(batch.map((l) => ({ u: l.uid, m: l.key.messageId, f: l.key.fingerprint })))
    const result = await executePrepared(
      ex,
      'find_acks',
      sql`
      select a.user_id as u, a.message_id as m, a.fingerprint as f, a.ack
      from jsonb_to_recordset(${keys}::jsonb) as k(u text, m text, f text)
      join socket_acks a on a.user_id = k.u and a.message_id = k.m and a.fingerprint = k.f`,
    )
    const found = new Map(
      rowsOf<{ u: string; m: string; f: string; ack: unknown }>(result).map((r) => [
        `${r.u}\u0000${r.m}\u0000${r.f}`,
        r.ack,
      ]),
    )
    for (const l of batch)
      l.resolve(
        (found.get(`${l.uid}\u0000${l.key.messageId}\u0000${l.key.fingerprint}`) as AckPayload) ?? null,
      )
  } catch (err) {
    for (const l of batch) l.reject(err)
  }
}

export function findAck(ex: Executor, uid: string, key: AckKey): Promise<AckPayload | null> {
  return new Promise((resolve, reject) => {
    let batch = pendingLookups.get(ex)
    if (!batch) {
      const fresh: AckLookup[] = []
      batch = fresh
      pendingLookups.set(ex, fresh)
      setImmediate(() => {
        pendingLookups.delete(ex)
        void lookUp(ex, fresh)
      })
    }
    batch.push({ uid, key, resolve, reject })
  })
}

/** Answers a commit already stored with its data (games/room.ts): the dispatcher need not store them again. */
const storedAcks = new WeakSet<object>()

export function markAckStored(ack: AckPayload): void {
  storedAcks.add(ack)
}

export function ackStored(ack: AckPayload): boolean {
  return storedAcks.has(ack)
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
