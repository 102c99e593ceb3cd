/**
 * Idle games (docs/server.md "Idle games"): an unfinished game nobody moved in for a while leaves
 * memory and comes back on demand or when its deadline nears; a start loads only the games due
 * soon; and a game whose side to move has not moved for 14 days ends, that side losing by timeout.
 */
import { expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { type Game, TIMING } from '../../engine/index.ts'
import { games } from '../../src/db/schema/index.ts'
import { WAKE_HORIZON_MS } from '../../src/games/service.ts'
import { describeServer, restartableServer, signIn, type TestServer } from './harness.ts'
import { fetchGame, waitGame } from './http.ts'
import { knownGameOfNewPlayers, storeKnownPve } from './known-board.ts'
import { TestSocket } from './ws-client.ts'

const MINUTE = 60_000
const IDLE = 40

describeServer('idle games', (db) => {
  const fixture = restartableServer(db)
  const { clock } = fixture
  let server: TestServer

  /** A started classic pvp game between two new players, side 0 to move. */
  const classicGame = (name: string, shape?: (g: Game) => void) =>
    knownGameOfNewPlayers(server, `${name} ${db}`, { options: { timeMode: 'classic' }, shape })

  test('an idle game leaves memory, is read from the database, and comes back with the next action', async () => {
    server = await fixture.start()
    const { a, gameId } = await classicGame('Idle')
    expect(server.games.isLoaded(gameId)).toBe(true)
    // Nothing happens in it for a while.
    clock.advance(11 * MINUTE)
    server.games.evictIdle()
    expect(server.games.isLoaded(gameId)).toBe(false)
    expect(await fetchGame(server, gameId)).toMatchObject({ state: 'active', turnAvailable: 0 })

    const socket = await TestSocket.connect(server.wsUrl, a.token)
    expect(await socket.request('game/turn', { gameId, cellIds: [5, 6, 7] })).toMatchObject({ success: true })
    expect(server.games.isLoaded(gameId)).toBe(true)
    expect((await fetchGame(server, gameId)).turnAvailable).toBe(1)
    await socket.close()
  })

  test('14 days without a move: the game ends at that moment, the side to move losing by timeout', async () => {
    const { a, b, gameId } = await classicGame('Abandoned')
    const socket = await TestSocket.connect(server.wsUrl, b.token)
    const before = await fetchGame(server, gameId)
    clock.advance(11 * MINUTE)
    server.games.evictIdle()
    expect(server.games.isLoaded(gameId)).toBe(false)

    // Close to the deadline the wake sweep loads it again; its own timer then ends it on time.
    clock.advance(TIMING.idleExpiryMs - 11 * MINUTE - WAKE_HORIZON_MS / 2)
    await server.games.wakeDue()
    expect(server.games.isLoaded(gameId)).toBe(true)
    expect((await fetchGame(server, gameId)).state).toBe('active')
    clock.advance(WAKE_HORIZON_MS)
    // The timer was armed for real minutes; a tick through the queue is what it would have done.
    await (await server.games.live(gameId))?.tick()
    const over = await waitGame(server, gameId, (g) => g.state === 'over')
    expect(over).toMatchObject({
      winner: 1,
      gameoverReason: 'timeout',
      finishedAt: (before.turnStartedAt as number) + TIMING.idleExpiryMs,
    })
    expect(over.results?.map((r) => Math.sign(r.ratingDelta))).toEqual([-1, 1])
    await socket.waitFor((m) => m.event === 'finish' && (m.payload as { game: Game }).game.id === gameId)
    await socket.close()
    void a
  })

  test('against the computer too: the player who left loses', async () => {
    const p = await signIn(server, `Leaver ${db}`)
    const gameId = await storeKnownPve(server, { uid: p.uid, name: 'Leaver' }, 'easy', {
      options: { timeMode: 'classic' },
    })
    clock.advance(11 * MINUTE)
    server.games.evictIdle()
    expect(server.games.isLoaded(gameId)).toBe(false)
    clock.advance(TIMING.idleExpiryMs)
    await server.games.wakeDue()
    const over = await waitGame(server, gameId, (g) => g.state === 'over')
    expect(over).toMatchObject({ winner: 1, gameoverReason: 'timeout' })
  })

  test('a start loads only the games due soon; idle ones wait on disk and still end on time', async () => {
    const idle: string[] = []
    for (let i = 0; i < IDLE; i++) idle.push((await classicGame(`Sleeper ${i}`)).gameId)
    // Rows from before wake_at existed: the start fills theirs in.
    await server.core.db
      .update(games)
      .set({ wakeAt: null })
      .where(inArray(games.id, idle.slice(0, 10)))
    // One game due within the downtime: a new game whose start wait runs out meanwhile.
    const due = await classicGame('Due', (g) => {
      Object.assign(g, {
        state: 'new',
        ready: [false, false],
        startedAt: null,
        turnStartedAt: null,
        turnAvailable: null,
      })
    })

    server = await fixture.restart(TIMING.startWaitMs + TIMING.countdownMs + 1000)
    expect(server.games.isLoaded(due.gameId)).toBe(true)
    expect((await fetchGame(server, due.gameId)).state).toBe('active')
    expect(idle.filter((id) => server.games.isLoaded(id))).toEqual([])
    const recovered = server.logs.find((r) => r.msg === 'games recovered')
    // The due game (and an earlier test's game, abandoned meanwhile); the sleepers stay on disk.
    expect(recovered).toMatchObject({ count: server.games.loadedGames(), idleOnDisk: IDLE })
    const rows = await server.core.db
      .select({ wakeAt: games.wakeAt })
      .from(games)
      .where(inArray(games.id, idle))
    expect(rows.every((r) => typeof r.wakeAt === 'number' && r.wakeAt > clock.now() + WAKE_HORIZON_MS)).toBe(
      true,
    )

    // Fourteen days on, the wake sweep loads them and each ends at its own deadline.
    clock.advance(TIMING.idleExpiryMs)
    const woken = await server.games.wakeDue()
    expect(idle.every((id) => woken.some((r) => r.id === id))).toBe(true)
    for (const id of idle) await waitGame(server, id, (g) => g.state === 'over')
    const ended = await server.core.db
      .select({ state: games.state, snapshot: games.snapshot })
      .from(games)
      .where(inArray(games.id, idle))
    expect(new Set(ended.map((r) => `${r.state} ${r.snapshot.gameoverReason} ${r.snapshot.winner}`))).toEqual(
      new Set(['over timeout 1']),
    )
    const [first] = await server.core.db
      .select({ wakeAt: games.wakeAt })
      .from(games)
      .where(eq(games.id, idle[0] as string))
    expect(first?.wakeAt).toBeNull()
  })
})
