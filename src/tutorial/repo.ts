/** The tutorial's columns of a user: whether (and when) it was passed, and the xp it gives. */
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema/index.ts'

export interface TutorialState {
  tutorialPassedAt: number | null
  isTutorialAvailable: boolean
  xp: number
  level: number
}

const columns = {
  tutorialPassedAt: users.tutorialPassedAt,
  isTutorialAvailable: users.isTutorialAvailable,
  xp: users.xp,
  level: users.level,
}

export async function tutorialStateOf(ex: Executor, userId: string): Promise<TutorialState | null> {
  const [row] = await ex.select(columns).from(users).where(eq(users.id, userId)).limit(1)
  return row ?? null
}

/** The same, locked for the rest of the transaction (the reward is decided on it). */
export async function lockTutorialState(ex: Executor, userId: string): Promise<TutorialState | null> {
  const [row] = await ex.select(columns).from(users).where(eq(users.id, userId)).for('update')
  return row ?? null
}

/** Marks the tutorial passed with the xp it gave; coins go through the ledger, not here. */
export async function markTutorialPassed(
  ex: Executor,
  userId: string,
  progress: { xp: number; level: number },
  now: number,
): Promise<void> {
  await ex
    .update(users)
    .set({ ...progress, tutorialPassedAt: now, isTutorialAvailable: false, updatedAt: now })
    .where(eq(users.id, userId))
}
