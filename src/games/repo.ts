/**
 * The only place game rows are known: the snapshot of each game at its version `ts`, and the
 * append-only history with one row per accepted action.
 */
import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Game, HistoryEvent, Patch } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { gameHistory, games } from '../db/schema/index.ts'
import { wakeAt } from './wake.ts'

const OPEN_STATES = ['new', 'countingDown', 'active'] as const

/** A commit found the stored version other than the one the room started from. */
export class StaleGameError extends Error {
  constructor(
    readonly gameId: string,
    readonly expectedTs: number,
  ) {
    super(`game ${gameId} is no longer at version ${expectedTs}`)
    this.name = 'StaleGameError'
  }
}

export interface GameMeta {
  computerLevel?: string | null
  dailyId?: string | null
}

function columnsOf(game: Game) {
  return {
    snapshot: game,
    ts: game.ts,
    state: game.state,
    type: game.type,
    mode: game.mode,
    lang: game.lang,
    opponents: [...game.opponents],
    isPrivate: game.isPrivate,
    createdAt: game.createdAt,
    updatedAt: game.updatedAt,
    finishedAt: game.finishedAt,
    expiredAt: game.expiredAt,
    wakeAt: wakeAt(game),
  }
}

export async function insertGame(ex: Executor, game: Game, meta: GameMeta = {}): Promise<void> {
  await ex.insert(games).values({
    id: game.id,
    ...columnsOf(game),
    computerLevel: meta.computerLevel ?? null,
    dailyId: meta.dailyId ?? null,
  })
}

export interface StoredGame {
  game: Game
  computerLevel: string | null
  dailyId: string | null
}

export async function findGame(ex: Executor, id: string): Promise<StoredGame | null> {
  const [row] = await ex
    .select({ snapshot: games.snapshot, computerLevel: games.computerLevel, dailyId: games.dailyId })
    .from(games)
    .where(eq(games.id, id))
    .limit(1)
  return row ? { game: row.snapshot, computerLevel: row.computerLevel, dailyId: row.dailyId } : null
}

/**
 * The user's game still in play that is an attempt at this daily (`dailyId`) or is against this
 * opponent (`opponent`, e.g. the tutorial's mentor); null when there is none.
 */
export async function findOpenGameOf(
  ex: Executor,
  uid: string,
  filter: { dailyId: string } | { opponent: string },
): Promise<Game | null> {
  const which =
    'dailyId' in filter
      ? and(arrayContains(games.opponents, [uid]), eq(games.dailyId, filter.dailyId))
      : arrayContains(games.opponents, [uid, filter.opponent])
  const [row] = await ex
    .select({ snapshot: games.snapshot })
    .from(games)
    .where(and(which, inArray(games.state, [...OPEN_STATES])))
    .orderBy(desc(games.createdAt))
    .limit(1)
  return row?.snapshot ?? null
}

/** Whether any version of the game carried an event of this type (e.g. `dailySecret`). */
export async function hadEvent(ex: Executor, gameId: string, type: HistoryEvent['type']): Promise<boolean> {
  const [row] = await ex
    .select({ ts: gameHistory.ts })
    .from(gameHistory)
    .where(
      and(eq(gameHistory.gameId, gameId), sql`${gameHistory.events} @> ${JSON.stringify([{ type }])}::jsonb`),
    )
    .limit(1)
  return row !== undefined
}

export interface GameCommit {
  /** The version the change was computed from; the write fails if the row moved on. */
  prevTs: number
  game: Game
  events: HistoryEvent[]
  changes: Patch
  now: number
}

/** Writes the new snapshot and its history row. Run it inside the action's transaction. */
export async function commitGame(ex: Executor, commit: GameCommit): Promise<void> {
  const { game } = commit
  const updated = await ex
    .update(games)
    .set(columnsOf(game))
    .where(and(eq(games.id, game.id), eq(games.ts, commit.prevTs)))
    .returning({ id: games.id })
  if (updated.length === 0) throw new StaleGameError(game.id, commit.prevTs)
  await ex.insert(gameHistory).values({
    gameId: game.id,
    ts: game.ts,
    events: commit.events,
    changes: commit.changes,
    createdAt: commit.now,
  })
}

/** Unfinished games first, then the most recent finished ones. */
export async function listGamesOf(ex: Executor, uid: string, finishedLimit: number): Promise<Game[]> {
  const mine = arrayContains(games.opponents, [uid])
  const open = await ex
    .select({ snapshot: games.snapshot })
    .from(games)
    .where(and(mine, inArray(games.state, [...OPEN_STATES])))
    .orderBy(desc(games.updatedAt))
  const closed = await ex
    .select({ snapshot: games.snapshot })
    .from(games)
    .where(and(mine, sql`${games.state} not in ('new', 'countingDown', 'active')`))
    .orderBy(desc(games.updatedAt))
    .limit(finishedLimit)
  return [...open, ...closed].map((r) => r.snapshot)
}

export async function countOpenGamesOf(ex: Executor, uid: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(and(arrayContains(games.opponents, [uid]), inArray(games.state, [...OPEN_STATES])))
  return row?.n ?? 0
}

/** The stored versions of these games (unknown ids are left out). */
export async function findGamesByIds(ex: Executor, ids: readonly string[]): Promise<Game[]> {
  if (ids.length === 0) return []
  const rows = await ex
    .select({ snapshot: games.snapshot })
    .from(games)
    .where(inArray(games.id, [...ids]))
  return rows.map((r) => r.snapshot)
}

export interface DueGame {
  id: string
  wakeAt: number
}

/**
 * Unfinished games the server must act on by `before` (their wake_at), soonest first, `limit` at a
 * time: pass the last one of a page as `after` for the next.
 */
export async function dueGames(
  ex: Executor,
  before: number,
  limit: number,
  after?: DueGame,
): Promise<DueGame[]> {
  const rows = await ex
    .select({ id: games.id, wakeAt: games.wakeAt })
    .from(games)
    .where(
      and(
        inArray(games.state, [...OPEN_STATES]),
        lte(games.wakeAt, before),
        after ? sql`(${games.wakeAt}, ${games.id}) > (${after.wakeAt}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(games.wakeAt), asc(games.id))
    .limit(limit)
  return rows.map((r) => ({ id: r.id, wakeAt: r.wakeAt as number }))
}

/** How many games are unfinished (the start log tells how many stayed on disk). */
export async function countOpenGames(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(inArray(games.state, [...OPEN_STATES]))
  return row?.n ?? 0
}

/**
 * Computes wake_at for unfinished games stored before it existed, `batch` at a time; answers how
 * many it filled (0 once every row has one).
 */
export async function fillMissingWakeAt(ex: Executor, batch: number): Promise<number> {
  const rows = await ex
    .select({ id: games.id, snapshot: games.snapshot })
    .from(games)
    .where(and(inArray(games.state, [...OPEN_STATES]), isNull(games.wakeAt)))
    .limit(batch)
  for (const row of rows) {
    // A game that has nothing due (cannot happen for an open one) is due now: recovery looks at it.
    await ex
      .update(games)
      .set({ wakeAt: wakeAt(row.snapshot) ?? 0 })
      .where(eq(games.id, row.id))
  }
  return rows.length
}

export interface HistoryRow {
  ts: number
  events: HistoryEvent[]
  changes: Patch
  createdAt: number
}

/** The history of a game after version `afterTs`, oldest first. */
export async function historyOf(ex: Executor, gameId: string, afterTs = 0): Promise<HistoryRow[]> {
  return ex
    .select({
      ts: gameHistory.ts,
      events: gameHistory.events,
      changes: gameHistory.changes,
      createdAt: gameHistory.createdAt,
    })
    .from(gameHistory)
    .where(and(eq(gameHistory.gameId, gameId), sql`${gameHistory.ts} > ${afterTs}`))
    .orderBy(gameHistory.ts)
}

/** Only the events of a game's history, oldest first (the move list needs no patches). */
export async function historyEventsOf(
  ex: Executor,
  gameId: string,
): Promise<{ ts: number; events: HistoryEvent[] }[]> {
  return ex
    .select({ ts: gameHistory.ts, events: gameHistory.events })
    .from(gameHistory)
    .where(eq(gameHistory.gameId, gameId))
    .orderBy(gameHistory.ts)
}
