/** The only place the rating list's queries are known: users ranked by one of their Elo ratings. */
import { and, asc, desc, gt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { games, users } from '../db/schema/index.ts'

export type RatingMode = 'pvp' | 'pve'

export interface RatingRow {
  id: string
  nickname: string
  avatar: string | null
  level: number
  rating: number
  /** 1 + the number of listed players rated higher: equal ratings share a place. */
  place: number
}

const ratingOf = (mode: RatingMode) => (mode === 'pvp' ? users.eloPvp : users.eloPve)

/** Listed are the players with at least one finished game of the mode, not everyone who signed in. */
const playedOne = (mode: RatingMode) =>
  sql`exists (select 1 from ${games} where ${games.opponents} @> array[${users.id}]::text[] and ${games.mode} = ${mode} and ${games.state} = 'over')`

export async function ratingPage(
  ex: Executor,
  mode: RatingMode,
  limit: number,
  offset: number,
): Promise<RatingRow[]> {
  const rating = ratingOf(mode)
  return ex
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      level: users.level,
      rating,
      place: sql<number>`(rank() over (order by ${rating} desc))::int`,
    })
    .from(users)
    .where(playedOne(mode))
    .orderBy(desc(rating), asc(users.id))
    .limit(limit)
    .offset(offset)
}

export async function countRated(ex: Executor, mode: RatingMode): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(users).where(playedOne(mode))
  return row?.n ?? 0
}

/** A user's rating and place, or null when they are not listed (no finished game of the mode). */
export async function placeOf(
  ex: Executor,
  mode: RatingMode,
  uid: string,
): Promise<{ place: number; rating: number } | null> {
  const rating = ratingOf(mode)
  const [me] = await ex
    .select({ rating })
    .from(users)
    .where(and(sql`${users.id} = ${uid}`, playedOne(mode)))
  if (!me) return null
  const [above] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gt(rating, me.rating), playedOne(mode)))
  return { place: (above?.n ?? 0) + 1, rating: me.rating }
}
