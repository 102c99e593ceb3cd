/**
 * Every game error code of SPEC.md §8 produced over a real socket, and bad input of every kind
 * answered with an error that changes nothing. The position is built by hand (a board whose words
 * are known) and stored through the games service, then played by two real sockets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { ErrorCode, type GameView, TIME_MODE_CONFIG } from '../../engine/index.ts'
import { historyOf } from '../../src/games/repo.ts'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'
import { type KnownGame, storeKnownGame } from './known-board.ts'
import { TestSocket } from './ws-client.ts'

const CAT_ROW1 = [5, 6, 7]
const CAT_AGAIN = [5, 6, 12]

describeServer('game errors over the socket', (db) => {
  let server: TestServer
  let a: TestSocket
  let b: TestSocket
  let c: TestSocket
  let ids: { a: string; b: string; c: string }
  beforeAll(async () => {
    server = await startServer({ db })
    const [pa, pb, pc] = await Promise.all(['Ann', 'Bob', 'Cid'].map((n) => signIn(server, `${n} ${db}`)))
    ids = { a: pa.uid, b: pb.uid, c: pc.uid }
    ;[a, b, c] = await Promise.all([pa, pb, pc].map((p) => TestSocket.connect(server.wsUrl, p.token)))
  }, 60_000)
  afterAll(async () => {
    await Promise.all([a, b, c].map((s) => s.close()))
    await server.stop()
  })

  /** A game between Ann (side 0) and Bob (side 1) on the known board (side 1 has no word). */
  const storeGame = (known: Pick<KnownGame, 'started' | 'shape'>) =>
    storeKnownGame(server, {
      users: [
        { id: ids.a, name: 'Ann', avatar: null },
        { id: ids.b, name: 'Bob', avatar: null },
      ],
      options: { timeMode: 'fastBlitz', hintsOn: true, boostersOn: true },
      ...known,
    })

  const view = async (id: string): Promise<GameView> =>
    (await fetch(`${server.url}/api/games/${id}`).then((r) => r.json())).data
  const code = (ack: { success: boolean; error?: { code: string } }) => (ack.success ? 'OK' : ack.error?.code)

  describe('every code once', () => {
    let gameId: string
    const seen = new Set<string>()
    const expectCode = async (socket: TestSocket, key: string, payload: unknown, expected: string) => {
      const ack = await socket.request(key, payload)
      expect(code(ack as never)).toBe(expected)
      seen.add(expected)
      return ack
    }

    test('before the start: GAME_NOT_FOUND, BAD_REQUEST, GAME_NOT_ACTIVE', async () => {
      const fresh = await storeGame({ started: false })
      await expectCode(
        a,
        'game/turn',
        { gameId: 'no-such-game', cellIds: CAT_ROW1 },
        ErrorCode.GAME_NOT_FOUND,
      )
      await expectCode(a, 'game/turn', { gameId: fresh, cellIds: 'all' }, ErrorCode.BAD_REQUEST)
      await expectCode(a, 'game/turn', { gameId: fresh, cellIds: CAT_ROW1 }, ErrorCode.GAME_NOT_ACTIVE)
      expect((await view(fresh)).ts).toBe(1)
    })

    test('in play: each refusal in rule order, then the codes that need a position', async () => {
      gameId = await storeGame({
        started: true,
        shape: (g) => {
          g.players[1].score = 30 // enough for a hint, which has nothing to show
        },
      })
      await expectCode(b, 'game/turn', { gameId, cellIds: [15, 16, 17] }, ErrorCode.NOT_YOUR_TURN)
      await expectCode(a, 'game/turn', { gameId, cellIds: [5, 7] }, ErrorCode.BAD_CELLS)
      await expectCode(a, 'game/turn', { gameId, cellIds: [15, 16, 17] }, ErrorCode.NOT_AVAILABLE_CELLS_USED)
      const unknown = await expectCode(
        a,
        'game/turn',
        { gameId, cellIds: [5, 6] },
        ErrorCode.WORD_DOES_NOT_EXIST,
      )
      // An English game takes every form: the refusal says the word is not in the dictionary.
      expect((unknown as { error: { message: string } }).error.message).toBe('Not in the dictionary')
      await expectCode(
        a,
        'game/booster',
        { gameId, boosterId: 'freeze', cellId: 12 },
        ErrorCode.NO_SCORE_ENOUGH,
      )
      await expectCode(a, 'game/hint', { gameId, cost: 99 }, ErrorCode.BAD_REQUEST)
      expect((await view(gameId)).ts).toBe(1)

      expect(await a.request('game/turn', { gameId, cellIds: CAT_ROW1 })).toEqual({
        success: true,
        data: { word: 'cat', score: 3 },
      })
      await expectCode(a, 'game/takeWin', { gameId }, ErrorCode.TAKE_WIN_TOO_EARLY)
      await expectCode(b, 'game/hint', { gameId, cost: 10 }, ErrorCode.HINT_ERROR)

      // Bob's time runs out (the clock moves, the timer has not fired yet): his late turn is refused,
      // and the server applies the forfeit at the deadline.
      const deadline = (await view(gameId)).turnStartedAt! + TIME_MODE_CONFIG.fastBlitz.turnLimit * 1000
      server.clock.advance(TIME_MODE_CONFIG.fastBlitz.turnLimit * 1000 + 1000)
      await expectCode(b, 'game/turn', { gameId, cellIds: [15, 16, 17] }, ErrorCode.TIME_IS_UP)
      const skip = await a.waitFor(
        (m) =>
          m.event === 'events' && (m.payload as { events: { type: string }[] }).events[0]?.type === 'skip',
      )
      expect(skip.payload).toMatchObject({ gameId, ts: 3, events: [{ type: 'skip', side: 1 }] })
      const afterSkip = await view(gameId)
      expect(afterSkip).toMatchObject({ turnAvailable: 0, turnStartedAt: deadline, ts: 3 })

      await expectCode(a, 'game/turn', { gameId, cellIds: CAT_AGAIN }, ErrorCode.WORD_IS_ALREADY_USED)
      expect([...seen].sort()).toEqual(Object.values(ErrorCode).sort())
      expect((await view(gameId)).ts).toBe(3)
    })

    test('a resend of an acted message after a reconnect gets the first ack and acts once', async () => {
      const before = await view(gameId)
      const [word] = ['toe']
      expect(before.turnAvailable).toBe(0)
      // "toe" along t(7) o(8) e(3): 8 is neutral, so the turn captures.
      const first = await a.request('game/turn', { gameId, cellIds: [7, 8, 3] }, 'resend-me')
      expect(first).toEqual({ success: true, data: { word, score: 1 } })
      await a.close()
      a = await TestSocket.connect(server.wsUrl, (await signIn(server, `Ann ${db}`)).token)
      expect(await a.request('game/turn', { gameId, cellIds: [7, 8, 3] }, 'resend-me')).toEqual(first)
      // The same id with another event or payload is another message: it runs (and is refused here).
      expect(await a.request('game/turn', { gameId, cellIds: [7, 8] }, 'resend-me')).toMatchObject({
        success: false,
        error: { code: 'NOT_YOUR_TURN' },
      })
      const after = await view(gameId)
      expect(after.ts).toBe(before.ts + 1)
      expect(after.wordsUsed.filter((w) => w === word)).toHaveLength(1)
      expect(after.state).toBe('active')
    })
  })

  describe('bad input changes nothing', () => {
    test('bad JSON, unknown events, wrong types, foreign ids, observers acting', async () => {
      const gameId = await storeGame({ started: true })
      const before = await view(gameId)
      const historyBefore = await historyOf(server.core.db, gameId)

      const systemError = () => c.waitForNext((m) => m.type === 'system' && m.event === 'error')
      for (const frame of ['{"type":"game","event":"turn",', 'null', '{"type":"game"}']) {
        const error = systemError()
        c.sendRaw(frame)
        expect((await error).payload).toMatchObject({ code: 'BAD_REQUEST' })
      }
      expect(code(await c.request('game/teleport', { gameId }))).toBe('BAD_REQUEST')
      expect(code(await c.request('game/turn', { gameId, cellIds: [1.5] }))).toBe('BAD_REQUEST')
      expect(code(await c.request('game/turn', { gameId: 7, cellIds: [5] }))).toBe('BAD_REQUEST')
      for (const foreign of ['__proto__', 'constructor', 'hasOwnProperty', 'x'.repeat(64)])
        expect(code(await c.request('game/giveup', { gameId: foreign }))).toBe('GAME_NOT_FOUND')

      // Cid watches: he may observe, but every action of a player is refused to him.
      const observed = await c.request('game/observe', { gameId })
      expect(observed).toEqual({ success: true, data: { game: before, watchers: 1 } })
      for (const [key, payload] of [
        ['game/turn', { gameId, cellIds: CAT_ROW1 }],
        ['game/ready', { gameId }],
        ['game/giveup', { gameId }],
        ['game/takeWin', { gameId }],
        ['game/hint', { gameId, cost: 10 }],
        ['game/booster', { gameId, boosterId: 'freeze', cellId: 12 }],
        ['game/finish', { gameId }],
        ['game/skipResult', { gameId }],
      ] as const) {
        const ack = await c.request(key, payload)
        expect(ack).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
      }
      expect(await view(gameId)).toEqual(before)
      expect(await historyOf(server.core.db, gameId)).toEqual(historyBefore)

      // The observer hears the next real move, like the players.
      expect((await a.request('game/turn', { gameId, cellIds: CAT_ROW1 })).success).toBe(true)
      const heard = await c.waitFor(
        (m) => m.event === 'events' && (m.payload as { gameId: string }).gameId === gameId,
      )
      expect(heard.payload).toMatchObject({ ts: 2, events: [{ type: 'turn', side: 0, word: 'cat' }] })
      expect(await c.request('game/leaveObserve', { gameId })).toEqual({ success: true, data: {} })
      expect((await b.request('game/giveup', { gameId })).success).toBe(true)
      await a.waitFor((m) => m.event === 'finish' && (m.payload as { game: GameView }).game.id === gameId)
      await Bun.sleep(30)
      const finishes = c.received.filter(
        (m) => m.event === 'finish' && (m.payload as { game: GameView }).game.id === gameId,
      )
      expect(finishes).toHaveLength(0)
    })
  })

  test('a failing commit is an INTERNAL_ERROR that changes nothing; a failing timer retries; the server goes on', async () => {
    const gameId = await storeGame({
      started: true,
      shape: (g) => {
        g.turnAvailable = 1
      },
    })
    const before = await view(gameId)
    // The database refuses every history row from now on.
    await server.core.db.execute(sql`alter table game_history rename to game_history_away`)
    try {
      expect(await b.request('game/giveup', { gameId })).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'Internal error' },
      })
      expect(await view(gameId)).toEqual(before)
      // Bob's time runs out while the database is away: the forfeit cannot be stored yet.
      server.clock.advance(TIME_MODE_CONFIG.fastBlitz.turnLimit * 1000 + 1000)
      expect(code(await b.request('game/turn', { gameId, cellIds: [15, 16, 17] }))).toBe(ErrorCode.TIME_IS_UP)
      const deadline = Date.now() + 3000
      while (!server.logs.some((r) => r.msg === 'game timer failed' && r.gameId === gameId)) {
        if (Date.now() > deadline) throw new Error('the failing timer was not logged')
        await Bun.sleep(20)
      }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      expect((await view(gameId)).ts).toBe(1)
    } finally {
      await server.core.db.execute(sql`alter table game_history_away rename to game_history`)
    }
    // Back: the retried timer stores the forfeit at its due time.
    const skip = await a.waitFor(
      (m) => m.event === 'events' && (m.payload as { gameId: string }).gameId === gameId,
      5000,
    )
    expect(skip.payload).toMatchObject({ ts: 2, events: [{ type: 'skip', side: 1 }] })
    expect((await view(gameId)).turnStartedAt).toBe(
      before.turnStartedAt! + TIME_MODE_CONFIG.fastBlitz.turnLimit * 1000,
    )
  })
})
