/**
 * The daily table on the real server with crafted attempts written through the service layer
 * (the path a finished attempt takes): RULES §9's order, each player's best only, daily/update
 * for a better attempt and silence for a worse one, the dailyChallenger badge, the secret word.
 */
import { beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { BADGE_LEVELS, type GameView, utcDay } from '../../engine/index.ts'
import { listMoves } from '../../engine/server.ts'
import { findDaily } from '../../src/dailies/repo.ts'
import type { CountedAttempt } from '../../src/dailies/results.ts'
import { createDailiesService, type DailiesService } from '../../src/dailies/service.ts'
import type { DailiesAnswer, DailyUpdate } from '../../src/dailies/types.ts'
import { dailies as dailiesTable } from '../../src/db/schema/index.ts'
import { useServer } from './clients.ts'
import { GameMirror } from './game-mirror.ts'
import { describeServer, middayUtc, signIn, type TestServer, testClock, testDictionaries } from './harness.ts'
import { TestSocket } from './ws-client.ts'

async function dailies(server: TestServer, token: string): Promise<DailiesAnswer> {
  const res = await fetch(`${server.url}/api/dailies?lang=en`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { data: DailiesAnswer }).data
}

async function attemptGame(server: TestServer, token: string, dailyId: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dailies/${dailyId}/attempts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { data: { gameId: string } }).data.gameId
}

describeServer('daily table', (db) => {
  const { server } = useServer(db, { clock: testClock(middayUtc()) })
  let service: DailiesService
  beforeAll(() => {
    service = createDailiesService(server().core, server().games, testDictionaries())
  })

  test('ranks by RULES §9 exactly: a win, then fewer turns, less time, more points; each player’s best', async () => {
    const names = ['fast win', 'quick', 'rich', 'poor', 'short loss', 'comeback'] as const
    const players = await Promise.all(names.map((n) => signIn(server(), `${n} ${db}`)))
    const [fast, quick, rich, poor, shortLoss, comeback] = players
    const list = await dailies(server(), fast.token)
    const dailyId = list.dailies[1]._id
    const games = await Promise.all(players.map((p) => attemptGame(server(), p.token, dailyId)))
    const now = server().clock.now()
    let at = now - 100_000
    const attempt = (
      i: number,
      won: boolean,
      turns: number,
      timeMs: number,
      score: number,
      secretFound = false,
    ) => ({
      dailyId,
      userId: players[i].uid,
      gameId: games[i],
      won,
      turns,
      timeMs,
      score,
      finishedAt: at++,
      secretFound,
    })
    const record = async (a: CountedAttempt) => {
      const after = await server().core.db.transaction((tx) => service.results.record(tx, a, now))
      after()
    }

    const watcher = await TestSocket.connect(server().wsUrl, fast.token)
    expect(await watcher.request('user/dailyUpdatesSubscribe', { dailyIds: [dailyId] })).toMatchObject({
      success: true,
    })
    const comebackSocket = await TestSocket.connect(server().wsUrl, comeback.token)

    await record(attempt(0, true, 6, 500_000, 10))
    await record(attempt(1, true, 8, 200_000, 1))
    await record(attempt(2, true, 8, 300_000, 41, true))
    await record(attempt(3, true, 8, 300_000, 40))
    await record(attempt(4, false, 2, 10_000, 5))
    await record(attempt(5, false, 9, 9, 9))
    await watcher.collect((m) => m.event === 'update' && m.type === 'daily', 6)

    // A worse attempt changes nothing but the count, and nobody hears of it.
    const heard = watcher.received.length
    await record(attempt(4, false, 4, 5_000, 90))
    await Bun.sleep(300)
    expect(watcher.received.slice(heard).filter((m) => m.type === 'daily')).toEqual([])

    // A better one moves the player up, and subscribers hear of it.
    await record(attempt(5, true, 7, 900_000, 3))
    const update = (await watcher.waitFor((m) => m.type === 'daily' && watcher.received.indexOf(m) >= heard))
      .payload as DailyUpdate
    expect(update.bestAttempt).toMatchObject({ rank: 2, user: { id: comeback.uid }, won: true, turns: 7 })

    const table = await dailies(server(), poor.token)
    const rating = table.ratings.find((r) => r.dailyId === dailyId)
    if (!rating) throw new Error('no rating for the daily')
    expect(rating.total).toBe(6)
    expect(rating.items.map((r) => [r.rank, r.user.id, r.won, r.turns, r.timeMs, r.score])).toEqual([
      [1, fast.uid, true, 6, 500_000, 10],
      [2, comeback.uid, true, 7, 900_000, 3],
      [3, quick.uid, true, 8, 200_000, 1],
      [4, rich.uid, true, 8, 300_000, 41],
      [5, poor.uid, true, 8, 300_000, 40],
      [6, shortLoss.uid, false, 2, 10_000, 5],
    ])
    expect(update.rating).toEqual(rating)
    expect(rating.items.find((r) => r.user.id === shortLoss.uid)?.attempts).toBe(2)
    expect(table.bestAttempts).toEqual([{ ...rating.items[4], secret: null }])

    // The secret word: only its finder sees it, in their own best attempt.
    const daily = await findDaily(server().core.db, dailyId)
    expect(daily?.secret).toBeTruthy()
    const own = await dailies(server(), rich.token)
    expect(own.bestAttempts.find((b) => b.dailyId === dailyId)).toMatchObject({
      secretFound: true,
      secret: daily?.secret,
    })
    expect(JSON.stringify(table)).not.toContain(`"${daily?.secret}"`)

    // dailyChallenger: the dailies a player has won (first level at one).
    expect(BADGE_LEVELS.dailyChallenger[0]).toBe(1)
    expect((await server().core.users.get(fast.uid))?.awards.b.dailyChallenger).toBe(1)
    expect((await server().core.users.get(comeback.uid))?.awards.b.dailyChallenger).toBe(1)
    expect((await server().core.users.get(shortLoss.uid))?.awards.b.dailyChallenger).toBeUndefined()
    const badge = await comebackSocket.waitFor((m) => m.type === 'user' && m.event === 'update')
    expect(
      (badge.payload as { data: { awards: { b: Record<string, number> } } }).data.awards.b.dailyChallenger,
    ).toBe(1)
    await watcher.close()
    await comebackSocket.close()
  })

  test('playing the secret word sends dailySecret in that turn’s version, and the finder sees the word', async () => {
    const day = utcDay(server().clock.now())
    const id = `${day}-es-daily-0`
    const player = await signIn(server(), `secret seeker ${db}`)
    const socket = await TestSocket.connect(server().wsUrl, player.token)
    await fetch(`${server().url}/api/dailies?lang=es`)
    const daily = await findDaily(server().core.db, id)
    if (!daily) throw new Error('no daily')
    // Hide a word the player can reach on the first turn (the real secret may need a long game).
    const dict = testDictionaries().get('es', 'default')
    if (!dict) throw new Error('no es dictionary')
    const word = listMoves(daily.board, 0, dict)
      .map((m) => m.word)
      .sort()[0]
    await server().core.db.update(dailiesTable).set({ secret: word }).where(eq(dailiesTable.id, id))

    const gameId = await attemptGame(server(), player.token, id)
    const created = await socket.waitFor((m) => m.event === 'created')
    const mirror = new GameMirror(socket, (created.payload as { game: GameView }).game)
    await socket.request('game/ready', { gameId })
    const mine = await mirror.waitUntil(
      (v) => v.state === 'active' && v.turnAvailable === 0,
      10_000,
      'my first turn',
    )
    const move = listMoves(mine.board, 0, dict).find((m) => m.word === word)
    if (!move) throw new Error(`${word} is no longer playable`)
    expect(await socket.request('game/turn', { gameId, cellIds: move.cellIds })).toMatchObject({
      success: true,
      data: { word },
    })
    const after = await mirror.waitTs(mine.ts + 1)
    const events = mirror.events.filter((e) => e.ts === after.ts).map((e) => e.event)
    expect(events).toEqual([
      expect.objectContaining({ type: 'turn', side: 0, word }),
      { type: 'dailySecret', word },
    ])
    expect(await socket.request('game/giveup', { gameId })).toMatchObject({ success: true })
    await mirror.waitUntil((v) => v.state === 'over', 5_000, 'the end')
    const list = await fetch(`${server().url}/api/dailies?lang=es`, {
      headers: { authorization: `Bearer ${player.token}` },
    }).then((r) => r.json() as Promise<{ data: DailiesAnswer }>)
    expect(list.data.bestAttempts).toEqual([
      expect.objectContaining({ dailyId: id, secretFound: true, secret: word, turns: 1, won: false }),
    ])
    await socket.close()
  }, 30_000)
})
