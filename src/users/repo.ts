import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import type { User } from './types.ts'

type UserRow = typeof users.$inferSelect

function toUser(row: UserRow): User {
  const { passwordHash, ...rest } = row
  return { ...rest, lang: row.lang as Lang, hasPassword: passwordHash !== null }
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

/** The web account whose nickname has this key (users/nickname.ts), with its password hash. */
export async function findUserByNicknameKey(
  ex: Executor,
  key: string,
): Promise<{ user: User; passwordHash: string | null } | null> {
  const [row] = await ex.select().from(users).where(eq(users.nicknameKey, key)).limit(1)
  return row ? { user: toUser(row), passwordHash: row.passwordHash } : null
}

/** Writes `changes` to the user `id` (only when `condition` holds too, if given); true when it did. */
export async function updateUser(
  ex: Executor,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
  condition?: SQL,
): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set(changes)
    .where(condition ? and(eq(users.id, id), condition) : eq(users.id, id))
    .returning({ id: users.id })
  return rows.length > 0
}

export const setPasswordHash = (ex: Executor, id: string, hash: string, now: number): Promise<boolean> =>
  updateUser(ex, id, { passwordHash: hash, updatedAt: now })

/** Gives a web account (no Telegram id yet) this Telegram id; null if it has one or is gone. */
export async function setTelegramId(ex: Executor, id: string, fields: TelegramFields): Promise<User | null> {
  const [row] = await ex
    .update(users)
    .set({
      tgId: fields.tgId,
      tgUsername: fields.tgUsername,
      tgAllowsPm: fields.tgAllowsPm ?? false,
      updatedAt: fields.updatedAt,
    })
    .where(and(eq(users.id, id), eq(users.tgId, 0)))
    .returning()
  return row ? toUser(row) : null
}

/** Web accounts from before nickname keys (they signed in by the exact nickname), oldest first. */
export async function findWebUsersWithoutKey(
  ex: Executor,
  limit: number,
): Promise<{ id: string; nickname: string }[]> {
  return ex
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.tgId, 0), isNull(users.nicknameKey)))
    .orderBy(users.createdAt, users.id)
    .limit(limit)
}

/** Sets the key (and the nickname it came from); false when another account holds the key. */
export const setNicknameKey = (ex: Executor, id: string, nickname: string, key: string): Promise<boolean> =>
  updateUser(
    ex,
    id,
    { nickname, nicknameKey: key },
    sql`not exists (select 1 from ${users} u where u.nickname_key = ${key})`,
  )

export async function findUserByTgId(ex: Executor, tgId: number): Promise<User | null> {
  const [row] = await ex.select().from(users).where(eq(users.tgId, tgId)).limit(1)
  return row ? toUser(row) : null
}

/** Inserts unless the nickname key or tg id is taken; null then (the caller re-reads). */
export async function insertUser(
  ex: Executor,
  user: User,
  passwordHash: string | null = null,
): Promise<User | null> {
  const { hasPassword: _derived, ...columns } = user
  const [row] = await ex
    .insert(users)
    .values({ ...columns, passwordHash })
    .onConflictDoNothing()
    .returning()
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

export const setUserLang = (ex: Executor, id: string, lang: Lang, now: number): Promise<boolean> =>
  updateUser(ex, id, { lang, updatedAt: now })

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
