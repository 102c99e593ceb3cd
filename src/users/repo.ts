import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import type { User } from './types.ts'

type UserRow = typeof users.$inferSelect

function toUser(row: UserRow): User {
  return { ...row, lang: row.lang as Lang }
}

export async function findUserById(ex: Executor, id: string): Promise<User | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1)
  return row ? toUser(row) : null
}

export async function findUsersByIds(ex: Executor, ids: readonly string[]): Promise<User[]> {
  if (ids.length === 0) return []
  const rows = await ex
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
  return rows.map(toUser)
}

export async function findWebUserByNickname(ex: Executor, nickname: string): Promise<User | null> {
  const [row] = await ex
    .select()
    .from(users)
    .where(and(eq(users.tgId, 0), eq(users.nickname, nickname)))
    .limit(1)
  return row ? toUser(row) : null
}

export async function findUserByTgId(ex: Executor, tgId: number): Promise<User | null> {
  const [row] = await ex.select().from(users).where(eq(users.tgId, tgId)).limit(1)
  return row ? toUser(row) : null
}

/** Inserts unless the unique web nickname or tg id is taken; null then (the caller re-reads). */
export async function insertUser(ex: Executor, user: User): Promise<User | null> {
  const [row] = await ex.insert(users).values(user).onConflictDoNothing().returning()
  return row ? toUser(row) : null
}

export interface TelegramFields {
  tgId: number
  firstName: string
  lastName: string
  tgUsername: string | null
  /** null keeps the stored value (only the Mini App reports it). */
  tgAllowsPm: boolean | null
  updatedAt: number
}

/** Refreshes what Telegram tells us about an existing Telegram user. */
export async function updateTelegramFields(ex: Executor, fields: TelegramFields): Promise<User | null> {
  const [row] = await ex
    .update(users)
    .set({
      firstName: fields.firstName,
      lastName: fields.lastName,
      tgUsername: fields.tgUsername,
      tgAllowsPm: fields.tgAllowsPm === null ? sql`${users.tgAllowsPm}` : fields.tgAllowsPm,
      updatedAt: fields.updatedAt,
    })
    .where(eq(users.tgId, fields.tgId))
    .returning()
  return row ? toUser(row) : null
}

export async function setUserLang(ex: Executor, id: string, lang: Lang, now: number): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ lang, updatedAt: now })
    .where(eq(users.id, id))
    .returning({ id: users.id })
  return rows.length > 0
}

/** What a finished game may change on a profile (engine ProfileProgress). */
export interface ProgressRow {
  eloPvp: number
  eloPve: number
  stats: User['stats']
  xp: number
  level: number
  coins: number
  awards: User['awards']
}

const progressColumns = {
  id: users.id,
  eloPvp: users.eloPvp,
  eloPve: users.eloPve,
  stats: users.stats,
  xp: users.xp,
  level: users.level,
  coins: users.coins,
  awards: users.awards,
}

/** Reads and locks the progress of these users for the rest of the transaction. */
export async function lockProgress(ex: Executor, ids: readonly string[]): Promise<Map<string, ProgressRow>> {
  if (ids.length === 0) return new Map()
  const rows = await ex
    .select(progressColumns)
    .from(users)
    .where(inArray(users.id, [...ids]))
    .for('update')
  return new Map(rows.map(({ id, ...progress }) => [id, progress]))
}

/** Writes what a game changed, except coins: those move only through economy/coins.ts (with a ledger row). */
export async function saveProgress(
  ex: Executor,
  id: string,
  progress: ProgressRow,
  now: number,
): Promise<void> {
  const { coins: _coins, ...rest } = progress
  await ex
    .update(users)
    .set({ ...rest, updatedAt: now })
    .where(eq(users.id, id))
}
