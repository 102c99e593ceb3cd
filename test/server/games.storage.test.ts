/** The games repository on both databases: guarded commits, history, the lists the server reads. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { boardFromLetters, createGame, diff, type Game, toView } from '../../engine/index.ts'
import type { Database } from '../../src/db/client.ts'
import { serverChanges } from '../../src/games/rebuild.ts'
import {
  commitGame,
  commitGames,
  countOpenGamesOf,
  dueGames,
  findGame,
  findGamesByIds,
  historyOf,
  insertGame,
  listGamesOf,
  StaleGameError,
} from '../../src/games/repo.ts'
import { describeBoth, openTestDatabase } from './harness.ts'

const T0 = 1_800_000_000_000
const LETTERS = 'catercatonoetisqxzjvxqjzk'.split('')

function game(id: string, opponents: [string, string], createdAt: number): Game {
  return createGame({
    id,
    mode: 'pvp',
    lang: 'en',
    users: [
      { id: opponents[0], name: 'A', avatar: null },
      { id: opponents[1], name: 'B', avatar: null },
    ],
    board: boardFromLetters(LETTERS, 5),
    now: createdAt,
  })
}

describeBoth('games storage', (kind) => {
  let database: Database
  let dispose: () => Promise<void>
  beforeAll(async () => {
    ;({ database, dispose } = await openTestDatabase(kind))
  }, 60_000)
  afterAll(() => dispose())

  test('a snapshot reads back field for field; commits append history and are guarded by ts', async () => {
    const g = game('g-commit', ['u1', 'u2'], T0)
    await insertGame(database.db, g, { computerLevel: null })
    expect((await findGame(database.db, g.id))?.game).toEqual(g)

    const next = { ...structuredClone(g), ts: 2, state: 'countingDown' as const, countdownAt: T0 + 5 }
    await database.db.transaction((tx) =>
      commitGame(tx, { prevTs: 1, game: next, events: [], changes: { ts: 2 }, now: T0 + 5 }),
    )
    // A second writer that started from version 1 is refused, and its history row goes with it.
    const stale = { ...structuredClone(g), ts: 2, state: 'active' as const }
    const write = database.db.transaction((tx) =>
      commitGame(tx, {
        prevTs: 1,
        game: stale,
        events: [],
        changes: { ts: 2, state: 'active' },
        now: T0 + 6,
      }),
    )
    await expect(write).rejects.toBeInstanceOf(StaleGameError)
    expect((await findGame(database.db, g.id))?.game).toEqual(next)
    expect(await historyOf(database.db, g.id)).toEqual([
      { ts: 2, events: [], changes: { ts: 2 }, createdAt: T0 + 5 },
    ])
  })

  test('lists: open games first, finished ones limited; counts and recovery see only open games', async () => {
    const open = game('g-open', ['lister', 'x'], T0 + 10)
    const finished = Array.from({ length: 3 }, (_, i) => {
      const f = game(`g-done-${i}`, ['x', 'lister'], T0 + i)
      return {
        ...f,
        state: 'over' as const,
        isFinished: true,
        finishedAt: T0 + 100 + i,
        updatedAt: T0 + 100 + i,
      }
    })
    for (const g of [open, ...finished]) await insertGame(database.db, g)
    const listed = await listGamesOf(database.db, 'lister', 2)
    expect(listed.map((g) => g.id)).toEqual(['g-open', 'g-done-2', 'g-done-1'])
    expect(await countOpenGamesOf(database.db, 'lister')).toBe(1)
    expect(await listGamesOf(database.db, 'nobody', 5)).toEqual([])
    // Only unfinished games are ever due: finished ones have no wake time.
    const ids = (await dueGames(database.db, Number.MAX_SAFE_INTEGER, 100)).map((g) => g.id)
    expect(ids).toContain('g-open')
    expect(ids.some((id) => id.startsWith('g-done'))).toBe(false)
    expect((await findGamesByIds(database.db, ['g-open', 'missing'])).map((g) => g.id)).toEqual(['g-open'])
  })

  test('lean writes: a game whose snapshot is behind reads back whole from its history patches', async () => {
    const g = game('g-lean', ['lean-a', 'lean-b'], T0)
    await insertGame(database.db, g)
    let prev = g
    // 20 versions, the snapshot written with the 8th only: what every reader gets is the last one,
    // the parts the view leaves out (stats, awards, hints) included.
    for (let v = 1; v <= 20; v++) {
      const next = structuredClone(prev)
      const side = v % 2
      next.ts = prev.ts + 1
      next.updatedAt = T0 + v
      next.turn = v
      next.players[side].score += v
      next.board.cells[v].owner = side as 0 | 1
      next.wordsUsed.push(`word${v}`)
      next.stats[side].turns++
      next.stats[side].longestWord = `word${v}`
      next.awards[side].a[`counter${v % 3}`] = v
      if (v % 4 === 0) delete next.hints
      else next.hints = [null, { turn: v, base: 10, grade: 'word', cellIds: [v, v + 1] }]
      const commit = {
        prevTs: prev.ts,
        game: next,
        events: [],
        changes: diff(toView(prev), toView(next)),
        serverChanges: serverChanges(prev, next),
        now: T0 + v,
        withSnapshot: v === 8,
      }
      expect(await commitGames(database.db, [{ commit, ack: null }])).toEqual(new Set([g.id]))
      prev = next
    }
    const stored = await findGame(database.db, g.id)
    expect(stored?.snapshotTs).toBe(9)
    expect(stored?.game).toEqual(prev)
    expect(await findGamesByIds(database.db, [g.id])).toEqual([prev])
    expect(await listGamesOf(database.db, 'lean-a', 5)).toEqual([prev])
    // A closing commit writes the whole game again.
    const closed = { ...structuredClone(prev), ts: prev.ts + 1, state: 'over' as const, isFinished: true }
    await database.db.transaction((tx) =>
      commitGame(tx, { prevTs: prev.ts, game: closed, events: [], changes: { ts: closed.ts }, now: T0 + 30 }),
    )
    expect(await findGame(database.db, g.id)).toMatchObject({ snapshotTs: closed.ts, game: closed })
  })
})
