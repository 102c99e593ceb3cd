/**
 * Limits that hold when requests race (Postgres runs them side by side; PGlite one at a time):
 * the game-slot capacity when many starts arrive at once, and the notebook when many words do.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { and, arrayContains, inArray } from 'drizzle-orm'
import { NOTEBOOK, TIERS } from '../../engine/index.ts'
import { games } from '../../src/db/schema/index.ts'
import { coinsOf, ledgerMismatches } from '../economy/ledger.ts'
import { describeBoth, signIn, startServer, type TestServer } from './harness.ts'
import { call } from './http.ts'
import { knownGameOfNewPlayers } from './known-board.ts'

const RACERS = 12

describeBoth('under concurrency', (db) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ db })
  })
  afterAll(() => server.stop())

  const openGamesOf = async (uid: string) =>
    (
      await server.core.db
        .select({ id: games.id })
        .from(games)
        .where(
          and(arrayContains(games.opponents, [uid]), inArray(games.state, ['new', 'countingDown', 'active'])),
        )
    ).length

  test('game starts fired at once never exceed the slot capacity', async () => {
    const { token, uid } = await signIn(server, `Racer ${db}`)
    const capacity = TIERS.default.gameSlots
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        call(server, '/api/waiting-rooms', {
          token,
          body: { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'easy' } },
        }),
      ),
    )
    const started = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 409)
    expect(started).toHaveLength(capacity)
    expect(refused).toHaveLength(RACERS - capacity)
    for (const r of refused) expect(r.body.error?.code).toBe('NO_GAME_SLOTS')
    expect(await openGamesOf(uid)).toBe(capacity)
    // Only the games that started were paid for.
    expect(await coinsOf(server.core.db, uid)).toBe(10 - capacity)
    expect(await ledgerMismatches(server.core.db)).toEqual([])
  })

  test('joining many friends at once stops at the joiner’s capacity, each game paid by both', async () => {
    const capacity = TIERS.default.gameSlots
    const owners = await Promise.all(
      Array.from({ length: capacity + 3 }, (_, i) => signIn(server, `Host ${i} ${db}`)),
    )
    const roomIds = await Promise.all(
      owners.map(async (o) => {
        const res = await call<{ room: { roomId: string } }>(server, '/api/waiting-rooms', {
          token: o.token,
          body: { type: 'classic', mode: 'friend', lang: 'en' },
        })
        return res.body.data.room.roomId
      }),
    )
    const guest = await signIn(server, `Guest ${db}`)
    const answers = await Promise.all(
      roomIds.map((roomId) =>
        call(server, '/api/waiting-rooms/join', { token: guest.token, body: { roomId } }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(capacity)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error?.code)).toEqual(
      Array(owners.length - capacity).fill('NO_GAME_SLOTS'),
    )
    expect(await openGamesOf(guest.uid)).toBe(capacity)
    expect(await coinsOf(server.core.db, guest.uid)).toBe(10 - capacity)
    expect(await ledgerMismatches(server.core.db)).toEqual([])
  })

  /** A game between two fresh players and the notebook path of its first player. */
  const notebookOf = async (name: string) => {
    const { a, gameId } = await knownGameOfNewPlayers(server, `${name} ${db}`)
    return { token: a.token, path: `/api/games/${gameId}/notebook` }
  }
  /** Distinct words of the English alphabet: "ab", "abb", "abbb", … */
  const words = (n: number) => Array.from({ length: n }, (_, i) => `a${'b'.repeat(i + 1)}`)
  const addAll = (path: string, token: string, list: string[]) =>
    Promise.all(list.map((word) => call<{ words: string[] }>(server, path, { token, body: { word } })))

  test('notebook words added at once are all kept', async () => {
    const { token, path } = await notebookOf('Scribe')
    expect((await call(server, '/api/subscription/trial', { token, body: {} })).status).toBe(200)
    const list = words(RACERS)
    const answers = await addAll(path, token, list)
    expect(answers.map((a) => a.status)).toEqual(list.map(() => 200))
    const kept = (await call<{ words: string[] }>(server, path, { token })).body.data.words
    expect([...kept].sort()).toEqual([...list].sort())
  })

  test('without PRO, words added at once stop exactly at the limit', async () => {
    const { token, path } = await notebookOf('Jotter')
    const answers = await addAll(path, token, words(RACERS))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(NOTEBOOK.freeLimit)
    const refused = answers.filter((a) => a.status === 403)
    expect(refused).toHaveLength(RACERS - NOTEBOOK.freeLimit)
    for (const r of refused) expect(r.body.error?.code).toBe('NOTEBOOK_LIMIT')
    const kept = (await call<{ words: string[] }>(server, path, { token })).body.data.words
    expect(kept).toHaveLength(NOTEBOOK.freeLimit)
  })
})
