/**
 * Game leases in Postgres (schema/cluster.ts). Expiry is measured on Postgres' clock, the one
 * clock every process of a deployment shares.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { gameLeases, games } from '../db/schema/index.ts'

const DB_NOW = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`

/**
 * Takes the game's lease for `owner` when it is free, expired or already theirs (renewing it);
 * answers the owner after the attempt (`owner` itself when taken).
 */
export async function claimLease(
  db: Db,
  gameId: string,
  owner: string,
  ttlMs: number,
): Promise<string | null> {
  const taken = await db
    .insert(gameLeases)
    .values({ gameId, owner, expiresAt: sql`${DB_NOW} + ${ttlMs}` })
    .onConflictDoUpdate({
      target: gameLeases.gameId,
      set: { owner, expiresAt: sql`${DB_NOW} + ${ttlMs}` },
      where: sql`${gameLeases.owner} = ${owner} or ${gameLeases.expiresAt} < ${DB_NOW}`,
    })
    .returning({ owner: gameLeases.owner })
  if (taken.length > 0) return owner
  const [row] = await db
    .select({ owner: gameLeases.owner })
    .from(gameLeases)
    .where(eq(gameLeases.gameId, gameId))
    .limit(1)
  return row?.owner ?? null
}

/** Extends every lease of `owner`; answers the game ids it still holds. */
export async function renewLeases(db: Db, owner: string, ttlMs: number): Promise<string[]> {
  const rows = await db
    .update(gameLeases)
    .set({ expiresAt: sql`${DB_NOW} + ${ttlMs}` })
    .where(eq(gameLeases.owner, owner))
    .returning({ gameId: gameLeases.gameId })
  return rows.map((r) => r.gameId)
}

export async function releaseLeases(db: Db, owner: string, gameIds: string[]): Promise<void> {
  if (gameIds.length === 0) return
  await db.delete(gameLeases).where(and(eq(gameLeases.owner, owner), inArray(gameLeases.gameId, gameIds)))
}

/**
 * Unfinished games whose owner stopped renewing (died): another process takes them over. Leases
 * of finished games that expired are dropped on the way (nothing is due in them).
 */
export async function expiredLeases(db: Db, limit: number): Promise<string[]> {
  await db.execute(
    sql`delete from ${gameLeases} l using ${games} g where g.id = l.game_id and l.expires_at < ${DB_NOW} and g.state not in ('new', 'countingDown', 'active')`,
  )
  const rows = await db
    .select({ gameId: gameLeases.gameId })
    .from(gameLeases)
    .where(sql`${gameLeases.expiresAt} < ${DB_NOW}`)
    .limit(limit)
  return rows.map((r) => r.gameId)
}
