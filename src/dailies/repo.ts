/** The only place daily rows are known: the dailies, each player's best attempt, and the badge count. */
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm'
import type { AttemptFigures, Awards, Board, DailyKey, Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { dailies, dailyBest, users } from '../db/schema/index.ts'

export interface Daily {
  id: string
  key: DailyKey
  day: string
  lang: Lang
  seed: number
  board: Board
  secret: string | null
  level: string
  timeMode: string
  isPublic: boolean
  active: boolean
  endsAt: number
  createdAt: number
}

type DailyRow = typeof dailies.$inferSelect
const toDaily = (row: DailyRow): Daily => ({ ...row, key: row.key as DailyKey, lang: row.lang as Lang })

/** Inserts the daily unless the day already has it (a race draws the same board: the first one stays). */
export async function insertDaily(ex: Executor, daily: Daily): Promise<void> {
  await ex.insert(dailies).values(daily).onConflictDoNothing()
}

export async function findDaily(ex: Executor, id: string): Promise<Daily | null> {
  const [row] = await ex.select().from(dailies).where(eq(dailies.id, id)).limit(1)
  return row ? toDaily(row) : null
}

/** The public dailies of a day in a language, daily-0 first. */
export async function dailiesOfDay(ex: Executor, day: string, lang: Lang): Promise<Daily[]> {
  const rows = await ex
    .select()
    .from(dailies)
    .where(and(eq(dailies.day, day), eq(dailies.lang, lang), eq(dailies.isPublic, true)))
    .orderBy(dailies.key)
  return rows.map(toDaily)
}

/** How many dailies a day has in a language (all its keys once made). */
export async function countDailies(ex: Executor, day: string, lang: Lang): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(dailies)
    .where(and(eq(dailies.day, day), eq(dailies.lang, lang)))
  return row?.n ?? 0
}

/** Dailies of days before `day` stop being active (their results are final). */
export async function deactivateBefore(ex: Executor, day: string): Promise<void> {
  await ex
    .update(dailies)
    .set({ active: false })
    .where(and(lt(dailies.day, day), eq(dailies.active, true)))
}

export interface BestRow extends AttemptFigures {
  dailyId: string
  userId: string
  gameId: string
  attempts: number
  secretFound: boolean
}

export interface RankedSource extends BestRow {
  name: string
  avatar: string | null
}

/** Every player's best attempt at these dailies, with their names (ranking is the engine's). */
export async function bestRowsOf(ex: Executor, dailyIds: readonly string[]): Promise<RankedSource[]> {
  if (dailyIds.length === 0) return []
  return ex
    .select({
      dailyId: dailyBest.dailyId,
      userId: dailyBest.userId,
      gameId: dailyBest.gameId,
      won: dailyBest.won,
      turns: dailyBest.turns,
      timeMs: dailyBest.timeMs,
      score: dailyBest.score,
      finishedAt: dailyBest.finishedAt,
      attempts: dailyBest.attempts,
      secretFound: dailyBest.secretFound,
      name: users.nickname,
      avatar: users.avatar,
    })
    .from(dailyBest)
    .innerJoin(users, eq(users.id, dailyBest.userId))
    .where(inArray(dailyBest.dailyId, [...dailyIds]))
}

/**
 * Stores one counted attempt of a player and answers whether it became their best (and the best
 * before it). The row is created or locked first, so concurrent attempts of one player queue here.
 */
export async function recordAttempt(
  ex: Executor,
  row: Omit<BestRow, 'attempts'>,
  isBetter: (next: AttemptFigures, best: AttemptFigures) => boolean,
): Promise<{ improved: boolean; previous: BestRow | null }> {
  const inserted = await ex
    .insert(dailyBest)
    .values({ ...row, attempts: 1 })
    .onConflictDoNothing()
    .returning({ userId: dailyBest.userId })
  if (inserted.length > 0) return { improved: true, previous: null }
  const [previous] = await ex
    .select()
    .from(dailyBest)
    .where(and(eq(dailyBest.dailyId, row.dailyId), eq(dailyBest.userId, row.userId)))
    .for('update')
  const improved = isBetter(row, previous)
  const figures = improved
    ? {
        gameId: row.gameId,
        won: row.won,
        turns: row.turns,
        timeMs: row.timeMs,
        score: row.score,
        finishedAt: row.finishedAt,
      }
    : {}
  await ex
    .update(dailyBest)
    .set({
      ...figures,
      attempts: sql`${dailyBest.attempts} + 1`,
      secretFound: previous.secretFound || row.secretFound,
    })
    .where(and(eq(dailyBest.dailyId, row.dailyId), eq(dailyBest.userId, row.userId)))
  return { improved, previous }
}

/** Dailies the player has won (a winning best attempt): the dailyChallenger badge counts these. */
export async function dailiesWonBy(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(dailyBest)
    .where(and(eq(dailyBest.userId, userId), eq(dailyBest.won, true)))
  return row?.n ?? 0
}

/** The player's awards, locked for the rest of the transaction. */
export async function lockAwards(ex: Executor, userId: string): Promise<Awards | null> {
  const [row] = await ex
    .select({ awards: users.awards })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row?.awards ?? null
}

export async function saveAwards(ex: Executor, userId: string, awards: Awards, now: number): Promise<void> {
  await ex.update(users).set({ awards, updatedAt: now }).where(eq(users.id, userId))
}
