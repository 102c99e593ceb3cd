/** The only place notebook rows are known: one word list per (game, player). */
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { notebooks } from '../db/schema/index.ts'

export async function findNotebook(ex: Executor, gameId: string, uid: string): Promise<string[]> {
  const [row] = await ex
    .select({ words: notebooks.words })
    .from(notebooks)
    .where(and(eq(notebooks.gameId, gameId), eq(notebooks.userId, uid)))
    .limit(1)
  return row?.words ?? []
}

/**
 * The list with its row locked for the rest of the transaction (the row is made empty first when
 * missing), so that adds and removes racing on Postgres each see the others' words.
 */
export async function lockNotebook(
  ex: Executor,
  gameId: string,
  uid: string,
  now: number,
): Promise<string[]> {
  await ex.insert(notebooks).values({ gameId, userId: uid, words: [], updatedAt: now }).onConflictDoNothing()
  const [row] = await ex
    .select({ words: notebooks.words })
    .from(notebooks)
    .where(and(eq(notebooks.gameId, gameId), eq(notebooks.userId, uid)))
    .for('update')
  return row?.words ?? []
}

export async function saveNotebook(
  ex: Executor,
  gameId: string,
  uid: string,
  words: string[],
  now: number,
): Promise<void> {
  await ex
    .insert(notebooks)
    .values({ gameId, userId: uid, words, updatedAt: now })
    .onConflictDoUpdate({ target: [notebooks.gameId, notebooks.userId], set: { words, updatedAt: now } })
}
