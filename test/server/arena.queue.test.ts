/**
 * The arena queue on the real server: nearest rating first, one queue per language and time mode,
 * the rating window widening while players wait (and ping), and a player who cannot pay when
 * paired leaving the queue with the `system` message while the other waits on.
 */
import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { GameView } from '../../engine/index.ts'
import { users } from '../../src/db/schema/index.ts'
import { spendCoins } from '../../src/economy/coins.ts'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'
import type { Received } from './ws-client.ts'

interface Lobby {
  counts: Record<'classic' | 'blitz', Record<'en', number>>
  timeModes: Record<string, Record<'en', number>>
}

describeServer('the arena queue', (db) => {
  const fixture = useServer(db)
  const { post } = fixture
  const player = async (name: string, eloPvp = 1200) => {
    const client = await fixture.player(name)
    await fixture.server().core.db.update(users).set({ eloPvp }).where(eq(users.id, client.uid))
    return client
  }
  const queue = async (p: { token: string }, timeMode = 'classic') => {
    const type = timeMode.toLowerCase().includes('blitz') ? 'blitz' : 'classic'
    const res = await post('/api/waiting-rooms', p.token, {
      type,
      mode: 'randomPlayer',
      lang: 'en',
      extraParams: { options: { timeMode } },
    })
    expect(res.status).toBe(200)
    return res.body.data.room.roomId as string
  }
  const lobby = async (token: string): Promise<Lobby> => (await post('/api/init', token, {})).body.data.lobby
  const created = (m: Received) => m.type === 'game' && m.event === 'created'
  const opponentsOf = (m: Received) => (m.payload as { game: GameView }).game.opponents
  /**
   * A timed arena pass runs every second: after this, whoever could be paired has been. The test
   * holds the server's clock (see the test), so the wait moves it on by as much.
   */
  const aPassLater = async () => {
    await Bun.sleep(1300)
    fixture.server().clock.advance(1300)
  }

  test('nearest rating first, queues apart, windows widen with the wait, a player who cannot pay leaves', async () => {
    const server = fixture.server()
    // Waiting times are what the test advances, not how long a loaded machine takes between steps.
    server.clock.pause()
    const p1 = await player('Q1', 1200)
    const p2 = await player('Q2', 1900)
    const p3 = await player('Q3', 1250)
    const p4 = await player('Q4', 1400)

    const r2 = await queue(p2)
    await queue(p1)
    await aPassLater()
    expect(p1.socket.received.filter(created)).toEqual([])
    expect((await lobby(p1.token)).counts.classic.en).toBe(2)

    // Q3 is 50 from Q1 and 650 from Q2: Q1 and Q3 play, Q2 waits on.
    await queue(p3)
    const [m1, m3] = await Promise.all([p1.socket.event('game/created'), p3.socket.event('game/created')])
    expect(opponentsOf(m1)).toEqual([p1.uid, p3.uid])
    expect(opponentsOf(m3)).toEqual([p1.uid, p3.uid])
    expect(p2.socket.received.filter(created)).toEqual([])

    // Other time modes are other queues; the lobby counts them apart and by game type.
    const p5 = await player('Q5')
    const p6 = await player('Q6')
    const r5 = await queue(p5, 'fastBlitz')
    const r6 = await queue(p6, 'blitz')
    await aPassLater()
    expect(p5.socket.received.filter(created)).toEqual([])
    const counts = await lobby(p5.token)
    expect(counts.counts).toMatchObject({ classic: { en: 1 }, blitz: { en: 2 } })
    expect(counts.timeModes).toMatchObject({ classic: { en: 1 }, fastBlitz: { en: 1 }, blitz: { en: 1 } })
    expect((await fixture.request('DELETE', `/api/waiting-rooms/${r5}`, p5.token)).status).toBe(200)
    await p6.socket.waitFor(
      (m) => m.event === 'pvpMonitor' && (m.payload as Lobby).timeModes.fastBlitz.en === 0,
    )

    // Q4 is 500 from Q2: beyond the fresh window. The wait widens Q2's window until it covers them.
    const r4 = await queue(p4)
    await aPassLater()
    expect(p4.socket.received.filter(created)).toEqual([])
    const keepAlive = async () => {
      for (const [p, roomId] of [
        [p2, r2],
        [p4, r4],
        [p6, r6],
      ] as const)
        expect((await post('/api/waiting-rooms/ping', p.token, { roomId })).status).toBe(200)
    }
    server.clock.advance(10_000) // Q2 has waited 15.2 s at the next pass: window 100 + 15.2 × 20 < 500
    await keepAlive()
    await aPassLater()
    expect(p4.socket.received.filter(created)).toEqual([])
    // Pinged first: once the clock moves on, a timed pass may pair Q2 and Q4 at any moment, and a
    // ping of a room that just became a game is a 404.
    await keepAlive()
    server.clock.advance(20_000) // 35.2 s: window 100 + 35.2 × 20 ≥ 500
    const m4 = await p4.socket.event('game/created', 3000)
    expect(opponentsOf(m4)).toEqual([p2.uid, p4.uid])

    // Q7 spent its coins while waiting: at the pairing it is refused and told, Q8 waits on.
    const p7 = await player('Q7')
    const p8 = await player('Q8')
    const r7 = await queue(p7)
    await spendCoins(server.core.db, { userId: p7.uid, amount: 10, reason: 'test', now: server.clock.now() })
    await queue(p8)
    await p7.socket.event('system/no_coins_enough', 3000)
    expect((await post('/api/waiting-rooms/ping', p7.token, { roomId: r7 })).status).toBe(404)
    await aPassLater()
    expect(p8.socket.received.filter(created)).toEqual([])
    expect((await lobby(p8.token)).counts.classic.en).toBe(1)
    // …and cannot queue again without a coin: 409 plus the system message.
    const refused = await post('/api/waiting-rooms', p7.token, {
      type: 'classic',
      mode: 'randomPlayer',
      lang: 'en',
    })
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'NO_COINS_ENOUGH' } } })

    // A waiting room nobody pings is gone after 30 s, and the lobby says so.
    server.clock.advance(31_000)
    expect((await post('/api/waiting-rooms/ping', p6.token, { roomId: r6 })).status).toBe(404)
    expect((await lobby(p8.token)).counts).toMatchObject({ classic: { en: 0 }, blitz: { en: 0 } })
  }, 60_000)
})
