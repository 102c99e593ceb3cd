/**
 * Two people play each other and others watch, on the real server with real sockets: the arena
 * pairs two waiting players, they play a whole game to a win while a signed-in observer and a
 * token-less visitor follow every version; the end is settled by the rules (ratings, stats,
 * badges, xp, coins), the rating list shows it, the loser may skip the result, and both may ask
 * for a rematch.
 */
import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { type GameView, type HistoryEvent, levelForXp, RATING, XP } from '../../engine/index.ts'
import { users } from '../../src/db/schema/index.ts'
import { creditCoins, ledgerSum } from '../../src/economy/coins.ts'
import { useServer } from './clients.ts'
import { GameMirror, passCountdown } from './game-mirror.ts'
import { describeServer } from './harness.ts'
import { playPvp } from './pvp-play.ts'
import { type Received, TestSocket } from './ws-client.ts'

type Badges = Record<string, number>

describeServer('the arena, end to end', (db) => {
  const fixture = useServer(db)
  const { player, post } = fixture
  const get = async (path: string, token: string | null = null) => (await fixture.get(path, token)).body
  const arena = (token: string) =>
    post('/api/waiting-rooms', token, { type: 'classic', mode: 'randomPlayer', lang: 'en' })
  const payload = <T>(m: Received) => m.payload as T
  const isEvent = (key: string) => (m: Received) => `${m.type}/${m.event}` === key

  test('paired, played to a win, watched, settled by the rules, ranked, skipped and replayed', async () => {
    const server = fixture.server()
    const watcher = await player('Watcher')
    const a = await player('Arena A')
    const b = await player('Arena B')

    // A waits; every home screen hears the lobby count move.
    const queued = await arena(a.token)
    expect(queued.status).toBe(200)
    expect(queued.body.data.room).toMatchObject({
      mode: 'randomPlayer',
      type: 'classic',
      lang: 'en',
      code: null,
      link: null,
      gameId: null,
    })
    const waiting = await watcher.socket.waitFor(
      (m) =>
        isEvent('lobby/pvpMonitor')(m) &&
        payload<{ counts: { classic: { en: number } } }>(m).counts.classic.en === 1,
    )
    expect(payload<{ timeModes: { classic: { en: number } } }>(waiting).timeModes.classic.en).toBe(1)
    expect((await post('/api/init', b.token, {})).body.data.lobby.counts.classic.en).toBe(1)

    // B comes: the two are paired at once, A (the longer waiter) is side 0.
    expect((await arena(b.token)).status).toBe(200)
    const created = await Promise.all([a.socket.event('game/created'), b.socket.event('game/created')])
    const start = payload<{ game: GameView; presence: Record<string, number> }>(created[0])
    expect(payload<{ game: GameView }>(created[1]).game).toEqual(start.game)
    expect(start.game).toMatchObject({
      mode: 'pvp',
      type: 'classic',
      state: 'new',
      isPrivate: false,
      opponents: [a.uid, b.uid],
      options: { timeMode: 'classic', hintsOn: false },
    })
    expect(start.presence).toEqual({ [a.uid]: 1, [b.uid]: 1 })
    const gameId = start.game.id
    await watcher.socket.waitFor(
      (m) =>
        isEvent('lobby/pvpMonitor')(m) &&
        payload<{ counts: { classic: { en: number } } }>(m).counts.classic.en === 0,
    )
    // The room became the game: its pings now fail, so the client stops.
    expect(
      (await post('/api/waiting-rooms/ping', a.token, { roomId: queued.body.data.room.roomId })).status,
    ).toBe(404)

    // A signed-in observer and a visitor without a token watch; the players see how many.
    const watched = await watcher.socket.request('game/observe', { gameId })
    expect(watched).toEqual({ success: true, data: { game: start.game, watchers: 1 } })
    const visitor = fixture.keep(await TestSocket.connectWatchOnly(server.wsUrl))
    const seen = await visitor.request('game/observe', { gameId })
    expect(seen).toMatchObject({ success: true, data: { watchers: 2 } })
    for (const s of [a.socket, b.socket])
      await s.waitFor((m) => isEvent('game/watchers')(m) && payload<{ count: number }>(m).count === 2)
    expect(await visitor.request('game/ready', { gameId })).toMatchObject({
      success: false,
      error: { code: 'UNAUTHORIZED' },
    })
    expect(await watcher.socket.request('game/ready', { gameId })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
    })

    const mirrors = {
      a: new GameMirror(a.socket, start.game),
      b: new GameMirror(b.socket, start.game),
      watcher: new GameMirror(watcher.socket, start.game),
      visitor: new GameMirror(visitor, start.game),
    }
    expect(await a.socket.request('game/ready', { gameId })).toEqual({ success: true, data: {} })
    expect(await b.socket.request('game/ready', { gameId })).toEqual({ success: true, data: {} })
    await passCountdown(server.clock, mirrors.a)

    // Reactions: only the sender's slots within the capacity, three per ten seconds.
    await server.core.db
      .update(users)
      .set({ intercomSlots: ['👍', '🔥', '😮', '🎉'] })
      .where(eq(users.id, a.uid))
    const react = (message: string) => a.socket.request('game/intercom', { gameId, message })
    const { words, turns } = await playPvp(
      gameId,
      [
        { socket: a.socket, mirror: mirrors.a },
        { socket: b.socket, mirror: mirrors.b },
      ],
      {
        afterTurn: async (turn) => {
          if (turn !== 2) return
          expect(await react('🎉')).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
          for (const message of ['👍', '🔥', '😮'])
            expect(await react(message)).toEqual({ success: true, data: {} })
          expect(await react('👍')).toMatchObject({ success: false, error: { code: 'TOO_MANY_REQUESTS' } })
        },
      },
    )
    const final = await mirrors.a.waitUntil((v) => v.state === 'over', 10_000, 'the end')
    expect(turns).toBeGreaterThan(2)
    const winner = final.winner as 0 | 1
    expect([0, 1]).toContain(winner)
    const loser = winner === 0 ? 1 : 0

    // Everyone who watched holds exactly the server's game and heard every event of it.
    const rest = (await get(`/api/games/${gameId}`)).data as GameView
    for (const m of Object.values(mirrors)) expect(await m.waitTs(final.ts)).toEqual(rest)
    const all = (m: GameMirror) => m.events.map((e) => ({ ts: e.ts, event: e.event }))
    expect(all(mirrors.watcher)).toEqual(all(mirrors.a))
    expect(all(mirrors.visitor)).toEqual(all(mirrors.b))
    expect(mirrors.watcher.eventsOf('intercom').map((e) => e.event)).toEqual(
      ['👍', '🔥', '😮'].map((message) => ({ type: 'intercom', from: 0, message })),
    )
    expect(mirrors.watcher.eventsOf('gameover')).toHaveLength(1)
    for (const s of [watcher.socket, visitor]) await s.event('game/finish')
    await visitor.close()
    await a.socket.waitFor((m) => isEvent('game/watchers')(m) && payload<{ count: number }>(m).count === 1)

    // Ratings: equal ratings, K = 32 → ±16 (RULES §4), in the results and on the profiles.
    const delta = 16
    const resultOf = (s: number) => ({ skipped: false, ratingDelta: s === winner ? delta : -delta })
    expect(final.results).toEqual([resultOf(0), resultOf(1)])
    const uids = [a.uid, b.uid]
    const profileOf = async (side: 0 | 1) => (await get(`/api/user/${uids[side]}`)).data.profile
    const badgeEvents = mirrors.a
      .eventsOf('badge')
      .map((e) => e.event as Extract<HistoryEvent, { type: 'badge' }>)
    for (const side of [0, 1] as const) {
      const won = side === winner
      const p = await profileOf(side)
      expect(p).toMatchObject({ eloPvp: RATING.initial + (won ? delta : -delta), eloPve: RATING.initial })
      const mine = words[side]
      const longest = mine.reduce((best, w) => (w.length > best.length ? w : best), '')
      expect(p.stats).toMatchObject({
        gamesPlayed: 1,
        wins: won ? 1 : 0,
        losses: won ? 0 : 1,
        consecutiveWins: won ? 1 : 0,
        consecutiveLosses: won ? 0 : 1,
        turns: mine.length,
        wordsPlayed: mine.length,
        lettersPlayed: mine.reduce((sum, w) => sum + w.length, 0),
        longestWord: longest,
        scoreReached: final.players[side].score,
        totalRatingGot: won ? delta : 0,
        maxRatingGot: won ? delta : 0,
        totalRatingLost: won ? 0 : delta,
        maxRatingLost: won ? 0 : delta,
        privateGamesPlayed: 0,
        giveups: !won && final.gameoverReason === 'giveup' ? 1 : 0,
        winsByGiveups: won && final.gameoverReason === 'giveup' ? 1 : 0,
      })
      // Badges: each announced one at its highest level, counted once for this game.
      const expected: Badges = {}
      for (const e of badgeEvents.filter((e) => e.side === side))
        expected[e.badgeId] = Math.max(expected[e.badgeId] ?? 0, e.level)
      expect(p.awards.b).toEqual(expected)
      expect(p.awards.a).toEqual(Object.fromEntries(Object.keys(expected).map((id) => [id, 1])))
      const xp = XP.perGame + (won ? XP.perWin : 0)
      expect(p).toMatchObject({ xp, level: levelForXp(xp) })
      // Non-PRO: no achievements shown.
      expect(p.achievements).toBeNull()
      // One coin for the start, through the ledger.
      expect(await ledgerSum(server.core.db, uids[side])).toBe(9)
      const socket = side === 0 ? a.socket : b.socket
      const update = await socket.waitFor(
        (m) => isEvent('user/update')(m) && 'eloPvp' in payload<{ data: object }>(m).data,
      )
      expect(payload<{ data: object }>(update).data).toMatchObject({ eloPvp: p.eloPvp, xp, coins: 9 })
    }

    // The rating list: the arena tab ranks them, with the asker's own place; computer is empty.
    const tokens = [a.token, b.token]
    const list = (await get('/api/rating?tab=arena&page=1', tokens[loser])).data
    expect(list).toMatchObject({ tab: 'arena', page: 1, pageSize: 20, total: 2 })
    expect(
      list.items.map((i: { place: number; user: { id: string }; rating: number }) => [
        i.place,
        i.user.id,
        i.rating,
      ]),
    ).toEqual([
      [1, uids[winner], RATING.initial + delta],
      [2, uids[loser], RATING.initial - delta],
    ])
    expect(list.me).toEqual({ place: 2, rating: RATING.initial - delta })
    expect((await get('/api/rating?tab=arena')).data.me).toBeNull()
    expect((await get('/api/rating?tab=computer', tokens[winner])).data).toMatchObject({
      total: 0,
      items: [],
      me: null,
    })
    expect((await fetch(`${server.url}/api/rating?tab=chess`)).status).toBe(400)

    // The loser forgets the result at 10 coins a point (RULES §4); the list follows.
    const loserSocket = loser === 0 ? a.socket : b.socket
    await creditCoins(server.core.db, {
      userId: uids[loser],
      amount: delta * 10,
      reason: 'test',
      now: server.clock.now(),
    })
    expect(await loserSocket.request('game/skipResult', { gameId })).toMatchObject({
      success: true,
      data: { diff: { eloPvp: delta, coins: -delta * 10 }, update: { eloPvp: RATING.initial, coins: 9 } },
    })
    expect((await get('/api/rating?tab=arena', tokens[loser])).data.me).toEqual({
      place: 2,
      rating: RATING.initial,
    })

    // Rematch: A offers, B hears it and accepts; a new game with the same options starts.
    expect(await a.socket.request('game/rematch', { gameId })).toEqual({
      success: true,
      data: { gameId: null },
    })
    const offer = await b.socket.waitFor(isEvent('game/rematch'))
    expect(offer.payload).toEqual({ gameId, offers: [true, false], declined: false })
    expect(await watcher.socket.request('game/rematch', { gameId })).toMatchObject({ success: false })
    const accepted = await b.socket.request('game/rematch', { gameId })
    expect(accepted.success).toBe(true)
    const nextId = (accepted as { data: { gameId: string } }).data.gameId
    expect(nextId).not.toBe(gameId)
    for (const s of [a.socket, b.socket]) {
      const again = await s.waitFor(
        (m) => isEvent('game/created')(m) && payload<{ game: GameView }>(m).game.id === nextId,
      )
      expect(payload<{ game: GameView }>(again).game).toMatchObject({
        opponents: [a.uid, b.uid],
        options: final.options,
        type: final.type,
        lang: final.lang,
        state: 'new',
      })
    }
    // A second accept starts nothing more; a decline now comes too late.
    expect(await a.socket.request('game/rematch', { gameId })).toEqual({
      success: true,
      data: { gameId: nextId },
    })
    expect(await a.socket.request('game/rematchDecline', { gameId })).toMatchObject({ success: false })
    expect(await ledgerSum(server.core.db, a.uid)).toBe(8)
    expect(
      (await get('/api/games', a.token)).data.games.filter((g: GameView) => g.id === nextId),
    ).toHaveLength(1)
  }, 90_000)
})
