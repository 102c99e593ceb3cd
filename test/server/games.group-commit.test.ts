/**
 * Group commit (src/games/commit-batch.ts) on both databases: commits submitted together are
 * written together, each with its history row and ack; a game at another version fails alone; a
 * batch that fails as a whole is retried game by game, so one bad game does not fail the others.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { boardFromLetters, createGame, type Game } from '../../engine/index.ts'
import type { Database } from '../../src/db/client.ts'
import { gameHistory } from '../../src/db/schema/index.ts'
import { createCommitBatcher } from '../../src/games/commit-batch.ts'
import { findGame, historyOf, insertGame, StaleGameError } from '../../src/games/repo.ts'
import { createLogger } from '../../src/observability/log.ts'
import { findAck } from '../../src/realtime/repo.ts'
import { describeBoth, openTestDatabase } from './harness.ts'

const T0 = 1_800_000_000_000
const LETTERS = 'catercatonoetisqxzjvxqjzk'.split('')

function game(id: string): Game {
  return createGame({
    id,
    mode: 'pvp',
    lang: 'en',
    users: [
      { id: `${id}-a`, name: 'A', avatar: null },
      { id: `${id}-b`, name: 'B', avatar: null },
    ],
    board: boardFromLetters(LETTERS, 5),
    now: T0,
  })
}

/** Version 2 of a stored game: what a room would commit after one accepted action. */
const commitOf = (g: Game, prevTs = g.ts) => ({
  prevTs,
  game: { ...structuredClone(g), ts: g.ts + 1, state: 'countingDown' as const, countdownAt: T0 + 5 },
  events: [{ type: 'start' as const, startedAt: T0 + 5 }],
  changes: { ts: g.ts + 1, state: 'countingDown' },
  now: T0 + 5,
})

const ackOf = (g: Game, n: number) => ({
  uid: g.opponents[0],
  messageId: JSON.stringify(`m${n}`),
  fingerprint: `f${n}`,
  ack: { success: true, data: { n } },
})

describeBoth('group commit', (kind) => {
  let database: Database
  let dispose: () => Promise<void>
  const log = createLogger({ level: 'error' })
  beforeAll(async () => {
    ;({ database, dispose } = await openTestDatabase(kind))
  }, 60_000)
  afterAll(() => dispose())

  test('commits submitted together are written together, each with its history row and ack', async () => {
    const games = ['gc-1', 'gc-2', 'gc-3'].map(game)
    for (const g of games) await insertGame(database.db, g)
    const batcher = createCommitBatcher(database.db, log)
    await Promise.all(games.map((g, i) => batcher.submit(commitOf(g), ackOf(g, i))))
    for (const [i, g] of games.entries()) {
      expect((await findGame(database.db, g.id))?.game).toMatchObject({ ts: 2, state: 'countingDown' })
      expect(await historyOf(database.db, g.id)).toEqual([
        {
          ts: 2,
          events: [{ type: 'start', startedAt: T0 + 5 }],
          changes: { ts: 2, state: 'countingDown' },
          createdAt: T0 + 5,
        },
      ])
      const { uid, messageId, fingerprint, ack } = ackOf(g, i)
      expect(await findAck(database.db, uid, { messageId, fingerprint })).toEqual(ack as never)
    }
  })

  test('a game at another version fails alone; the others of its batch are written', async () => {
    const [fresh, moved] = ['gc-stale-1', 'gc-stale-2'].map(game)
    for (const g of [fresh, moved]) await insertGame(database.db, g)
    const batcher = createCommitBatcher(database.db, log)
    const results = await Promise.allSettled([
      batcher.submit(commitOf(fresh), ackOf(fresh, 10)),
      // Computed from version 0, but the stored row is at 1: stale, and nothing of it is written.
      batcher.submit(commitOf(moved, 0), ackOf(moved, 11)),
    ])
    expect(results[0].status).toBe('fulfilled')
    expect(results[1].status === 'rejected' && results[1].reason).toBeInstanceOf(StaleGameError)
    expect((await findGame(database.db, fresh.id))?.game.ts).toBe(2)
    expect((await findGame(database.db, moved.id))?.game.ts).toBe(1)
    expect(await historyOf(database.db, moved.id)).toEqual([])
    const { uid, messageId, fingerprint } = ackOf(moved, 11)
    expect(await findAck(database.db, uid, { messageId, fingerprint })).toBeNull()
  })

  test('a batch that fails as a whole is retried game by game: only the bad game fails', async () => {
    const games = ['gc-bad-1', 'gc-bad-2', 'gc-bad-3'].map(game)
    for (const g of games) await insertGame(database.db, g)
    // Version 2 of the middle game is already in its history: its row makes the whole statement fail.
    await database.db
      .insert(gameHistory)
      .values({ gameId: games[1].id, ts: 2, events: [], changes: { ts: 2 }, createdAt: T0 })
    const batcher = createCommitBatcher(database.db, log)
    const results = await Promise.allSettled(
      games.map((g, i) => batcher.submit(commitOf(g), ackOf(g, 20 + i))),
    )
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((await findGame(database.db, games[0].id))?.game.ts).toBe(2)
    expect((await findGame(database.db, games[1].id))?.game.ts).toBe(1)
    expect((await findGame(database.db, games[2].id))?.game.ts).toBe(2)
    expect((await historyOf(database.db, games[2].id)).map((h) => h.ts)).toEqual([2])
  })
})
