/** The only place waiting-room rows are known. */
import { and, asc, count, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm'
import type { GameOptions, GameType, Lang, TimeMode } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { users, waitingRooms } from '../db/schema/index.ts'

export type RoomMode = 'computer' | 'randomPlayer' | 'friend'

export interface WaitingRoom {
  id: string
  code: string
  secret: string | null
  ownerId: string
  mode: RoomMode
  type: GameType
  lang: Lang
  options: Partial<GameOptions>
  createdAt: number
  pingedAt: number
}

type Row = typeof waitingRooms.$inferSelect

const toRoom = (row: Row): WaitingRoom => ({
  ...row,
  mode: row.mode as RoomMode,
  type: row.type as GameType,
  lang: row.lang as Lang,
})

/** Inserts unless the code is taken (null then: draw another code). */
export async function insertRoom(ex: Executor, room: WaitingRoom): Promise<WaitingRoom | null> {
  const [row] = await ex.insert(waitingRooms).values(room).onConflictDoNothing().returning()
  return row ? toRoom(row) : null
}

/** A room pinged since `alive` by its id, its code or its secret word. */
export async function findRoom(ex: Executor, ref: string, alive: number): Promise<WaitingRoom | null> {
  const [row] = await ex
    .select()
    .from(waitingRooms)
    .where(
      and(
        or(eq(waitingRooms.id, ref), eq(waitingRooms.code, ref.toUpperCase()), eq(waitingRooms.secret, ref)),
        gte(waitingRooms.pingedAt, alive),
      ),
    )
    .orderBy(asc(waitingRooms.createdAt))
    .limit(1)
  return row ? toRoom(row) : null
}

/** A waiting arena player with what pairing needs of their profile. */
export interface ArenaEntry {
  room: WaitingRoom
  rating: number
  level: number
}

/** The arena queue: rooms of mode randomPlayer pinged since `alive`, longest waiting first. */
export async function listArena(ex: Executor, alive: number): Promise<ArenaEntry[]> {
  const rows = await ex
    .select({ room: waitingRooms, rating: users.eloPvp, level: users.level })
    .from(waitingRooms)
    .innerJoin(users, eq(users.id, waitingRooms.ownerId))
    .where(and(eq(waitingRooms.mode, 'randomPlayer'), gte(waitingRooms.pingedAt, alive)))
    .orderBy(asc(waitingRooms.createdAt))
  return rows.map((r) => ({ room: toRoom(r.room), rating: r.rating, level: r.level }))
}

/** Waiting arena rooms per language and time mode. */
export async function countArena(
  ex: Executor,
  alive: number,
): Promise<{ lang: Lang; timeMode: TimeMode; count: number }[]> {
  const timeMode = sql<string>`${waitingRooms.options}->>'timeMode'`
  const rows = await ex
    .select({ lang: waitingRooms.lang, timeMode, count: count() })
    .from(waitingRooms)
    .where(and(eq(waitingRooms.mode, 'randomPlayer'), gte(waitingRooms.pingedAt, alive)))
    .groupBy(waitingRooms.lang, timeMode)
  return rows.map((r) => ({ lang: r.lang as Lang, timeMode: r.timeMode as TimeMode, count: Number(r.count) }))
}

/** Removes the rooms `where` picks; answers the modes removed. */
async function deleteRoomsWhere(ex: Executor, where: SQL): Promise<RoomMode[]> {
  const rows = await ex.delete(waitingRooms).where(where).returning({ mode: waitingRooms.mode })
  return rows.map((r) => r.mode as RoomMode)
}

/** Removes every room of an owner; answers the modes removed. */
export const deleteRoomsOf = (ex: Executor, ownerId: string): Promise<RoomMode[]> =>
  deleteRoomsWhere(ex, eq(waitingRooms.ownerId, ownerId))

/** Removes a room; with `ownerId` only if it is theirs. True when a row went. */
export async function deleteRoom(ex: Executor, id: string, ownerId?: string): Promise<boolean> {
  const where = ownerId
    ? and(eq(waitingRooms.id, id), eq(waitingRooms.ownerId, ownerId))
    : eq(waitingRooms.id, id)
  const rows = await ex.delete(waitingRooms).where(where).returning({ id: waitingRooms.id })
  return rows.length > 0
}

/** Keeps a room alive; a room already past `alive` stays gone. */
export async function pingRoom(
  ex: Executor,
  id: string,
  ownerId: string,
  now: number,
  alive: number,
): Promise<boolean> {
  const rows = await ex
    .update(waitingRooms)
    .set({ pingedAt: now })
    .where(and(eq(waitingRooms.id, id), eq(waitingRooms.ownerId, ownerId), gte(waitingRooms.pingedAt, alive)))
    .returning({ id: waitingRooms.id })
  return rows.length > 0
}

/** Drops rooms nobody pinged since `before`; answers their modes (the arena's count for the lobby). */
export const deleteStaleRooms = (ex: Executor, before: number): Promise<RoomMode[]> =>
  deleteRoomsWhere(ex, lt(waitingRooms.pingedAt, before))
