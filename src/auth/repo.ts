import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { deviceKeys, sessions } from '../db/schema/index.ts'

export type SessionRow = typeof sessions.$inferSelect

export async function insertSession(ex: Executor, row: SessionRow): Promise<void> {
  await ex.insert(sessions).values(row)
}

export async function findSession(ex: Executor, id: string): Promise<SessionRow | null> {
  const [row] = await ex.select().from(sessions).where(eq(sessions.id, id)).limit(1)
  return row ?? null
}

/** The user's sessions not revoked and begun after `since`, last used first. */
export async function findLiveSessions(ex: Executor, userId: string, since: number): Promise<SessionRow[]> {
  return ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.createdAt, since)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
}

/** Revokes the user's sessions (those ids, or all of them); answers the rows it ended. */
/** The user's newest live session of this kind begun on this device, if any. */
export async function findSessionToReuse(
  ex: Executor,
  userId: string,
  kind: string,
  device: string,
  since: number,
): Promise<SessionRow | null> {
  const [row] = await ex
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.kind, kind),
        eq(sessions.device, device),
        isNull(sessions.revokedAt),
        gt(sessions.createdAt, since),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(1)
  return row ?? null
}

export async function revokeSessions(
  ex: Executor,
  userId: string,
  ids: readonly string[] | 'all',
  now: number,
): Promise<SessionRow[]> {
  const which = ids === 'all' ? undefined : inArray(sessions.id, [...ids])
  return ex
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), which))
    .returning()
}

export async function touchSession(ex: Executor, id: string, now: number): Promise<void> {
  await ex.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id))
}

/** Sessions that ended (revoked or past their end) before `before` only take space. */
export async function deleteEndedSessions(
  ex: Executor,
  before: number,
  beganBefore: number,
): Promise<number> {
  const rows = await ex
    .delete(sessions)
    .where(or(lt(sessions.revokedAt, before), lt(sessions.createdAt, beganBefore)))
    .returning({ id: sessions.id })
  return rows.length
}

export type DeviceKeyRow = typeof deviceKeys.$inferSelect

export async function insertDeviceKey(ex: Executor, row: DeviceKeyRow): Promise<void> {
  await ex.insert(deviceKeys).values(row)
}

/** The first of these key hashes that opens this user's account. */
export async function findDeviceKey(
  ex: Executor,
  userId: string,
  hashes: readonly string[],
): Promise<DeviceKeyRow | null> {
  if (hashes.length === 0) return null
  const rows = await ex
    .select()
    .from(deviceKeys)
    .where(and(eq(deviceKeys.userId, userId), inArray(deviceKeys.keyHash, [...hashes])))
  for (const hash of hashes) {
    const row = rows.find((r) => r.keyHash === hash)
    if (row) return row
  }
  return null
}

export async function touchDeviceKey(ex: Executor, id: string, now: number): Promise<void> {
  await ex.update(deviceKeys).set({ lastUsedAt: now }).where(eq(deviceKeys.id, id))
}

/** Deletes the user's device keys: those ids, or every one but `keep` (null: every one). */
export async function deleteDeviceKeys(
  ex: Executor,
  userId: string,
  which: { ids: readonly string[] } | { allBut: string | null },
): Promise<void> {
  const filter =
    'ids' in which
      ? inArray(deviceKeys.id, [...which.ids])
      : which.allBut === null
        ? undefined
        : ne(deviceKeys.id, which.allBut)
  if ('ids' in which && which.ids.length === 0) return
  await ex.delete(deviceKeys).where(and(eq(deviceKeys.userId, userId), filter))
}
