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
 * Lookups of the same executor go to the database together, as one query (every message with an id
 * asks before it runs: under load, one query per frame was a round trip and a socket write per
 * turn). A batch starts at the next turn of the event loop; while LOOKUPS_IN_FLIGHT batches are out,
 * the next one gathers (as the group commit does), so the busier the server the fewer queries per
 * message.
 */
const LOOKUPS_IN_FLIGHT = 2

interface Lookups {
  waiting: AckLookup[]
  active: number
  scheduled: boolean
}

const lookupsOf = new WeakMap<Executor, Lookups>()

function drainLookups(ex: Executor, state: Lookups): void {
  state.scheduled = false
  while (state.waiting.length > 0 && state.active < LOOKUPS_IN_FLIGHT) {
    const batch = state.waiting
    state.waiting = []
    state.active++
    void lookUp(ex, batch).finally(() => {
      state.active--
      drainLookups(ex, state)
    })
  }
}

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
    let state = lookupsOf.get(ex)
    if (!state) {
      state = { waiting: [], active: 0, scheduled: false }
      lookupsOf.set(ex, state)
    }
    state.waiting.push({ uid, key, resolve, reject })
    if (state.active < LOOKUPS_IN_FLIGHT && !state.scheduled) {
      state.scheduled = true
      const ready = state
      setImmediate(() => drainLookups(ex, ready))
    }
  })
}

/** Answers a commit already stored with its data (games/live-game.ts): the dispatcher need not store them again. */
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
