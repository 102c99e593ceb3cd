/**
 * The only place game rows are known: each game's version `ts` with a snapshot at version
 * `snapshot_ts` (lean writes: not every commit writes it), and the append-only history with one row
 * per accepted action. A game is read as its snapshot with the later history rows' patches applied.
 */
import { and, arrayContains, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Game, HistoryEvent, Patch } from '../../engine/index.ts'
import { type Executor, rowsOf } from '../db/client.ts'
import { executePrepared } from '../db/prepared.ts'
import { gameHistory, games, socketAcks } from '../db/schema/index.ts'
import { rebuild, type StoredPatch } from './rebuild.ts'
import { wakeAt } from './wake.ts'

const OPEN_STATES = ['new', 'countingDown', 'active'] as const

/** A commit found the stored version other than the one the live game started from. */
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
    snapshotTs: game.ts,
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
  /** The version of the stored snapshot (the game's own version when absent: a fresh game). */
  snapshotTs?: number
}

/** What a game is read from: select these and pass the rows to `gamesOf`. */
const stored = { snapshot: games.snapshot, snapshotTs: games.snapshotTs, ts: games.ts }
type StoredRow = { snapshot: Game; snapshotTs: number; ts: number }

/**
 * The games of these rows at their versions: a snapshot older than its row gets the patches of the
 * history rows after it (one query for all of them).
 */
async function gamesOf(ex: Executor, rows: readonly StoredRow[]): Promise<Game[]> {
  const behind = rows.filter((r) => r.snapshotTs < r.ts)
  if (behind.length === 0) return rows.map((r) => r.snapshot)
  const patches = await ex
    .select({
      gameId: gameHistory.gameId,
      ts: gameHistory.ts,
      changes: gameHistory.changes,
      serverChanges: gameHistory.serverChanges,
    })
    .from(gameHistory)
    .where(
      or(...behind.map((r) => and(eq(gameHistory.gameId, r.snapshot.id), gt(gameHistory.ts, r.snapshotTs)))),
    )
    .orderBy(gameHistory.gameId, gameHistory.ts)
  const byGame = new Map<string, StoredPatch[]>()
  for (const p of patches) {
    const list = byGame.get(p.gameId) ?? []
    list.push(p)
    byGame.set(p.gameId, list)
  }
  return rows.map((r) =>
    r.snapshotTs < r.ts ? rebuild(r.snapshot, byGame.get(r.snapshot.id) ?? [], r.ts) : r.snapshot,
  )
}

async function gameOf(ex: Executor, row: StoredRow): Promise<Game> {
  const [game] = await gamesOf(ex, [row])
  return game
}

export async function findGame(ex: Executor, id: string): Promise<StoredGame | null> {
  const [row] = await ex
    .select({ ...stored, computerLevel: games.computerLevel, dailyId: games.dailyId })
    .from(games)
    .where(eq(games.id, id))
    .limit(1)
  if (!row) return null
  return {
    game: await gameOf(ex, row),
    computerLevel: row.computerLevel,
    dailyId: row.dailyId,
    snapshotTs: row.snapshotTs,
  }
}

export type OpenGameFilter = { dailyId: string } | { opponent: string }

/**
 * The user's game still in play that is an attempt at this daily (`dailyId`) or is against this
 * opponent (`opponent`, e.g. the tutorial's mentor); null when there is none.
 */
export async function findOpenGameOf(
  ex: Executor,
  uid: string,
  filter: OpenGameFilter,
): Promise<Game | null> {
  const which =
    'dailyId' in filter
      ? and(arrayContains(games.opponents, [uid]), eq(games.dailyId, filter.dailyId))
      : arrayContains(games.opponents, [uid, filter.opponent])
  const [row] = await ex
    .select(stored)
    .from(games)
    .where(and(which, inArray(games.state, [...OPEN_STATES])))
    .orderBy(desc(games.createdAt))
    .limit(1)
  return row ? gameOf(ex, row) : null
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
  /** The rest of the game's patch (rebuild.ts serverChanges); absent: none. */
  serverChanges?: Patch | null
  now: number
  /** False: the stored snapshot stays, the history row alone carries the change (commitGame always writes it). */
  withSnapshot?: boolean
}

/**
 * Writes the new snapshot, its history row and the action's ack. Run it inside the action's
 * transaction.
 */
export async function commitGame(
  ex: Executor,
  commit: GameCommit,
  ack: CommitAck | null = null,
): Promise<void> {
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
    serverChanges: commit.serverChanges ?? null,
    createdAt: commit.now,
  })
  if (ack)
    await ex
      .insert(socketAcks)
      .values({
        userId: ack.uid,
        messageId: ack.messageId,
        fingerprint: ack.fingerprint,
        ack: ack.ack,
        createdAt: commit.now,
      })
      .onConflictDoNothing()
}

/** A socket ack stored with a commit: the accepted answer a resend of the message gets. */
export interface CommitAck {
  uid: string
  messageId: string
  fingerprint: string
  ack: unknown
}

/**
 * Many games' commits in ONE statement (group commit, games/commit-batch.ts): every game's row is
 * moved to its new version when it is still at `prevTs`, and only for the rows that moved the
 * history row and the ack are inserted; the snapshot only for the commits that carry one (lean
 * writes: every other column is a few bytes, the snapshot is kilobytes). A single statement is atomic on its own (no BEGIN/COMMIT
 * round trips) and costs one WAL flush for the whole batch. The rows travel as one JSON parameter
 * (jsonb_to_recordset), the same text for both drivers. Only what a commit without settlement can
 * change is written (type, mode, lang, opponents, privacy and creation never change after the
 * insert). Answers the ids of the games written: one missing was stale (StaleGameError for it).
 */
export async function commitGames(
  ex: Executor,
  commits: readonly { commit: GameCommit; ack: CommitAck | null }[],
): Promise<Set<string>> {
  const rows = commits.map(
    ({ commit: { game, prevTs, events, changes, serverChanges, now, withSnapshot }, ack }) => ({
      id: game.id,
      prev_ts: prevTs,
      // Left out (NULL) when this commit keeps the stored snapshot.
      ...(withSnapshot === false ? {} : { snapshot: game }),
      ts: game.ts,
      state: game.state,
      updated_at: game.updatedAt,
      finished_at: game.finishedAt ?? null,
      expired_at: game.expiredAt ?? null,
      wake_at: wakeAt(game),
      events,
      changes,
      server_changes: serverChanges ?? null,
      created_at: now,
      ack_uid: ack?.uid ?? null,
      ack_message_id: ack?.messageId ?? null,
      ack_fingerprint: ack?.fingerprint ?? null,
      ack: ack?.ack ?? null,
    }),
  )
  const result = await executePrepared(
    ex,
    'commit_games',
    sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        id text, prev_ts integer, snapshot jsonb, ts integer, state text, updated_at bigint,
        finished_at bigint, expired_at bigint, wake_at bigint, events jsonb, changes jsonb,
        server_changes jsonb, created_at bigint, ack_uid text, ack_message_id text, ack_fingerprint text, ack jsonb)
    ),
    moved as (
      update games g set snapshot = coalesce(v.snapshot, g.snapshot),
        snapshot_ts = case when v.snapshot is null then g.snapshot_ts else v.ts end, ts = v.ts, state = v.state,
        updated_at = v.updated_at, finished_at = v.finished_at, expired_at = v.expired_at,
        wake_at = v.wake_at
      from v where g.id = v.id and g.ts = v.prev_ts
      returning g.id
    ),
    history as (
      insert into game_history (game_id, ts, events, changes, server_changes, created_at)
      select v.id, v.ts, v.events, v.changes, v.server_changes, v.created_at from v join moved using (id)
    ),
    acks as (
      insert into socket_acks (user_id, message_id, fingerprint, ack, created_at)
      select v.ack_uid, v.ack_message_id, v.ack_fingerprint, v.ack, v.created_at
      from v join moved using (id) where v.ack_uid is not null
      on conflict do nothing
    )
    select id from moved`,
  )
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id))
}

/** Unfinished games first, then the most recent finished ones. */
export async function listGamesOf(ex: Executor, uid: string, finishedLimit: number): Promise<Game[]> {
  const mine = arrayContains(games.opponents, [uid])
  const open = await ex
    .select(stored)
    .from(games)
    .where(and(mine, inArray(games.state, [...OPEN_STATES])))
    .orderBy(desc(games.updatedAt))
  const closed = await ex
    .select(stored)
    .from(games)
    .where(and(mine, sql`${games.state} not in ('new', 'countingDown', 'active')`))
    .orderBy(desc(games.updatedAt))
    .limit(finishedLimit)
  return gamesOf(ex, [...open, ...closed])
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
    .select(stored)
    .from(games)
    .where(inArray(games.id, [...ids]))
  return gamesOf(ex, rows)
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
  const rows = await gamesOf(
    ex,
    await ex
      .select(stored)
      .from(games)
      .where(and(inArray(games.state, [...OPEN_STATES]), isNull(games.wakeAt)))
      .limit(batch),
  )
  for (const game of rows) {
    // A game that has nothing due (cannot happen for an open one) is due now: recovery looks at it.
    await ex
      .update(games)
      .set({ wakeAt: wakeAt(game) ?? 0 })
      .where(eq(games.id, game.id))
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
