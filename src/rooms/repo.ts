/** The only place waiting-room rows are known. */
import { and, eq, lt, or } from 'drizzle-orm'
import type { GameOptions, GameType, Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { waitingRooms } from '../db/schema/index.ts'

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

/** A room by its id, its code or its secret word. */
export async function findRoom(ex: Executor, ref: string): Promise<WaitingRoom | null> {
  const [row] = await ex
    .select()
    .from(waitingRooms)
    .where(
      or(eq(waitingRooms.id, ref), eq(waitingRooms.code, ref.toUpperCase()), eq(waitingRooms.secret, ref)),
    )
    .limit(1)
  return row ? toRoom(row) : null
}

export async function findRoomsOf(ex: Executor, ownerId: string): Promise<WaitingRoom[]> {
  const rows = await ex.select().from(waitingRooms).where(eq(waitingRooms.ownerId, ownerId))
  return rows.map(toRoom)
}

/** Removes a room; with `ownerId` only if it is theirs. True when a row went. */
export async function deleteRoom(ex: Executor, id: string, ownerId?: string): Promise<boolean> {
  const where = ownerId
    ? and(eq(waitingRooms.id, id), eq(waitingRooms.ownerId, ownerId))
    : eq(waitingRooms.id, id)
  const rows = await ex.delete(waitingRooms).where(where).returning({ id: waitingRooms.id })
  return rows.length > 0
}

export async function pingRoom(ex: Executor, id: string, ownerId: string, now: number): Promise<boolean> {
  const rows = await ex
    .update(waitingRooms)
    .set({ pingedAt: now })
    .where(and(eq(waitingRooms.id, id), eq(waitingRooms.ownerId, ownerId)))
    .returning({ id: waitingRooms.id })
  return rows.length > 0
}

/** Drops rooms nobody pinged since `before`. */
export async function deleteStaleRooms(ex: Executor, before: number): Promise<number> {
  const rows = await ex
    .delete(waitingRooms)
    .where(lt(waitingRooms.pingedAt, before))
    .returning({ id: waitingRooms.id })
  return rows.length
}
