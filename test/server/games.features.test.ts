/**
 * The rest of the games feature over HTTP and the socket: waiting rooms and their refusals, game
 * lists and updates, notebooks, hints, reactions, skipping a lost result, word checks, and the
 * expiry of a game nobody started.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Game, type GameView, type HistoryEvent, NOTEBOOK } from '../../engine/index.ts'
import { creditCoins, ledgerSum, spendCoins } from '../../src/economy/coins.ts'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'
import { storeKnownPve, storeKnownPvp } from './known-board.ts'
import { TestSocket } from './ws-client.ts'

describeServer('games feature', (db) => {
  let server: TestServer
  const sockets: TestSocket[] = []
  beforeAll(async () => {
    server = await startServer({ db, env: { COMPUTER_DELAY_MS: '50' } })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await server.stop()
  })

  const player = async (name: string) => {
    const auth = await signIn(server, `${name} ${db}`)
    const socket = await TestSocket.connect(server.wsUrl, auth.token)
    sockets.push(socket)
    return { ...auth, socket }
  }
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }))
  const send = (method: string, path: string, token: string) =>
    fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } }).then(
      async (r) => ({
        status: r.status,
        body: await r.json(),
      }),
    )
  const view = async (id: string): Promise<GameView> =>
    (await fetch(`${server.url}/api/games/${id}`).then((r) => r.json())).data
  const computerGame = (token: string, type = 'classic') =>
    post('/api/waiting-rooms', token, { type, mode: 'computer', lang: 'en', extraParams: { level: 'easy' } })

  /** A started pvp game on the known board, stored through the service. */
  const storedGame = (a: string, b: string, shape?: (g: Game) => void) =>
    storeKnownPvp(server, [a, b], { options: { hintsOn: true }, shape })

  describe('waiting rooms', () => {
    test('coins and slots are checked and taken in the game transaction; refusals also go to the socket', async () => {
      const p = await player('Slots')
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        const res = await computerGame(p.token)
        expect(res.status).toBe(200)
        ids.push(res.body.data.room.gameId)
      }
      const listed = await send('GET', '/api/games', p.token)
      expect(listed.body.data.games.map((g: GameView) => g.id).sort()).toEqual([...ids].sort())

      const full = await computerGame(p.token)
      expect(full).toMatchObject({ status: 409, body: { success: false, error: { code: 'NO_GAME_SLOTS' } } })
      await p.socket.event('system/no_game_slots')
      expect((await send('GET', '/api/games', p.token)).body.data.games).toHaveLength(3)

      // Giving one up frees its slot; with no coins left the next start is refused.
      expect((await p.socket.request('game/giveup', { gameId: ids[0] })).success).toBe(true)
      const init = await post('/api/init', p.token, {})
      const coins = init.body.data.profile.coins as number
      expect(coins).toBe(7)
      await spendCoins(server.core.db, {
        userId: p.uid,
        amount: coins,
        reason: 'test',
        now: server.clock.now(),
      })
      const poor = await computerGame(p.token)
      expect(poor).toMatchObject({ status: 409, body: { error: { code: 'NO_COINS_ENOUGH' } } })
      await p.socket.event('system/no_coins_enough')
      expect(await ledgerSum(server.core.db, p.uid)).toBe(0)
    })

    test('bad options are refused', async () => {
      const p = await player('Arena')
      const badRequest = { status: 400, body: { error: { code: 'BAD_REQUEST' } } }
      // Options on an arena room, a clock other than the room's type, an unknown level, a size
      // not in BOARD_SIZES.
      const refused: [string, string, Record<string, unknown>, object][] = [
        ['blitz', 'randomPlayer', { options: { timeMode: 'classic' } }, badRequest],
        ['blitz', 'computer', { options: { timeMode: 'classic' } }, badRequest],
        ['blitz', 'computer', { level: 'godlike' }, { status: 400 }],
        ['classic', 'computer', { options: { boardSize: 9 } }, badRequest],
      ]
      for (const [type, mode, extraParams, answer] of refused)
        expect(
          await post('/api/waiting-rooms', p.token, { type, mode, lang: 'en', extraParams }),
        ).toMatchObject(answer)
      expect((await send('GET', '/api/games', p.token)).body.data.games).toEqual([])
      // Any size of BOARD_SIZES is a board of that size.
      const six = await post('/api/waiting-rooms', p.token, {
        type: 'classic',
        mode: 'computer',
        lang: 'en',
        extraParams: { options: { boardSize: 6 } },
      })
      expect(six.status).toBe(200)
      expect((await view(six.body.data.room.gameId)).board.size).toBe(6)
    })

    test('friend rooms: ping, delete, join by code, a taken room, observing a game id', async () => {
      const owner = await player('Host')
      const guest = await player('Guest')
      const made = await post('/api/waiting-rooms', owner.token, {
        type: 'classic',
        mode: 'friend',
        lang: 'en',
      })
      const room = made.body.data.room
      expect(room).toMatchObject({ mode: 'friend', gameId: null, isPrivate: false })
      expect(room.link).toContain(room.code)
      expect((await post('/api/waiting-rooms/ping', owner.token, { roomId: room.roomId })).status).toBe(200)
      expect((await post('/api/waiting-rooms/ping', guest.token, { roomId: room.roomId })).status).toBe(404)
      expect((await post('/api/waiting-rooms/join', owner.token, { roomId: room.code })).status).toBe(409)
      expect((await send('DELETE', `/api/waiting-rooms/${room.roomId}`, owner.token)).status).toBe(200)
      expect((await post('/api/waiting-rooms/join', guest.token, { roomId: room.code })).status).toBe(404)

      const secret = await post('/api/waiting-rooms', owner.token, {
        type: 'classic',
        mode: 'friend',
        lang: 'en',
        secret: 'swordfish',
      })
      expect(secret).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } })

      const again = (
        await post('/api/waiting-rooms', owner.token, { type: 'classic', mode: 'friend', lang: 'en' })
      ).body.data.room
      const joined = await post('/api/waiting-rooms/join', guest.token, { roomId: again.roomId })
      expect(joined.body.data.observe).toBe(false)
      const gameId = joined.body.data.gameId
      for (const s of [owner.socket, guest.socket]) {
        const created = await s.event('game/created')
        expect((created.payload as { game: GameView }).game).toMatchObject({
          id: gameId,
          opponents: [owner.uid, guest.uid],
        })
      }
      expect(
        (await post('/api/waiting-rooms/join', guest.token, { roomId: again.roomId })).body.data,
      ).toEqual({
        gameId,
        observe: false,
      })
      const third = await player('Third')
      expect((await post('/api/waiting-rooms/join', third.token, { roomId: gameId })).body.data).toEqual({
        gameId,
        observe: true,
      })
    })
  })

  test('updates answer whole games that moved past the versions a client has', async () => {
    const p = await player('Updates')
    const gameId = (await computerGame(p.token)).body.data.room.gameId
    const other = (await computerGame(p.token)).body.data.room.gameId
    expect((await p.socket.request('game/ready', { gameId })).success).toBe(true)
    const res = await post('/api/games/updates', p.token, {
      games: [
        { id: gameId, ts: 1 },
        { id: other, ts: 1 },
        { id: 'unknown', ts: 0 },
      ],
      lang: 'en',
    })
    expect(res.body.data.games).toEqual([await view(gameId)])
  })

  test('hints: paid from the score, the cells spell a playable word', async () => {
    const a = await player('Hinter')
    const b = await player('Hinted')
    const gameId = await storedGame(a.uid, b.uid, (g) => {
      g.players[0].score = 25
    })
    const hint = await a.socket.request('game/hint', { gameId, cost: 10 })
    if (!hint.success) throw new Error(hint.error.code)
    const { cellIds } = hint.data as { cellIds: number[] }
    const after = await view(gameId)
    expect(after).toMatchObject({ ts: 2, players: [{ score: 15, hintsUsed: 1 }, {}] })
    expect(await a.socket.request('game/hint', { gameId, cost: 10 })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' }, // the next hint costs 20
    })
    const turn = await a.socket.request('game/turn', { gameId, cellIds })
    expect(turn.success).toBe(true)
    const events = await a.socket.waitFor(
      (m) => m.event === 'events' && (m.payload as { ts: number }).ts === 2,
    )
    expect(events.payload).toMatchObject({ events: [{ type: 'hint', side: 0, cellIds }] })
  })

  test('boosters: checked for their cost alone, applied with the turn', async () => {
    const a = await player('Freezer')
    const b = await player('Frozen')
    const gameId = await storedGame(a.uid, b.uid, (g) => {
      g.players[0].score = 25
    })
    const freeze = { boosterId: 'freeze', cellId: 16 } as const
    expect(await a.socket.request('game/booster', { gameId, ...freeze })).toEqual({
      success: true,
      data: { cost: 20 },
    })
    expect((await view(gameId)).ts).toBe(1) // a check changes nothing
    expect(await a.socket.request('game/turn', { gameId, cellIds: [5, 6, 7], booster: freeze })).toEqual({
      success: true,
      data: { word: 'cat', score: 3 },
    })
    const after = await view(gameId)
    expect(after.players[0].score).toBe(25 - 20 + 3)
    expect(after.players[0].boosters.find((x) => x.id === 'freeze')?.usage).toBe(1)
    expect(after.board.cells[16].specials.freeze).toMatchObject({ side: 0, activeTillTurn: 1 })
    const heard = await b.socket.waitFor(
      (m) => m.event === 'events' && (m.payload as { gameId: string }).gameId === gameId,
    )
    const events = (heard.payload as { events: HistoryEvent[] }).events
    expect(events[0]).toEqual({
      type: 'turn',
      side: 0,
      word: 'cat',
      scoreReached: 8,
      cellIds: [5, 6, 7],
      booster: freeze,
      score: 3,
    })
    expect(events.slice(1).map((e) => e.type)).toEqual(events.slice(1).map(() => 'badge'))
  })

  test('a classic win is claimed once the mover has been silent for the total time', async () => {
    const a = await player('Patient')
    const b = await player('Silent')
    const gameId = await storedGame(a.uid, b.uid, (g) => {
      g.turnAvailable = 1
      g.turnStartedAt = server.clock.now() - 86_400_000 - 1000
    })
    expect(await a.socket.request('game/takeWin', { gameId })).toEqual({ success: true, data: {} })
    expect(await view(gameId)).toMatchObject({ state: 'over', winner: 0, gameoverReason: 'takeWin' })
  })

  test('reactions are one of the sender’s intercom slots', async () => {
    const a = await player('Reacts')
    const b = await player('Reacted')
    const gameId = await storedGame(a.uid, b.uid)
    expect(await a.socket.request('game/intercom', { gameId, message: '👍' })).toEqual({
      success: true,
      data: {},
    })
    const heard = await b.socket.waitFor(
      (m) => m.event === 'events' && (m.payload as { gameId: string }).gameId === gameId,
    )
    expect(heard.payload).toMatchObject({ ts: 2, events: [{ type: 'intercom', from: 0, message: '👍' }] })
    expect(await a.socket.request('game/intercom', { gameId, message: 'buy cheap coins' })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
    })
    expect((await view(gameId)).ts).toBe(2)
  })

  test('a loser skips a result: the rating comes back at 10 coins a point, once', async () => {
    const a = await player('Winner')
    const b = await player('Skipper')
    const gameId = await storedGame(a.uid, b.uid)
    expect((await b.socket.request('game/giveup', { gameId })).success).toBe(true)
    const over = await view(gameId)
    expect(over).toMatchObject({ state: 'over', winner: 0, gameoverReason: 'giveup' })
    const lost = -over.results![1].ratingDelta
    expect(lost).toBeGreaterThan(0)
    expect(over.results![0].ratingDelta).toBe(lost)

    expect(await a.socket.request('game/skipResult', { gameId })).toMatchObject({ success: false })
    expect(await b.socket.request('game/skipResult', { gameId })).toMatchObject({
      success: false,
      error: { code: 'NO_COINS_ENOUGH' },
    })
    await b.socket.event('system/no_coins_enough')
    await creditCoins(server.core.db, {
      userId: b.uid,
      amount: lost * 10,
      reason: 'test',
      now: server.clock.now(),
    })
    const skipped = await b.socket.request('game/skipResult', { gameId })
    expect(skipped).toEqual({
      success: true,
      data: {
        results: [
          { skipped: false, ratingDelta: lost },
          { skipped: true, ratingDelta: -lost },
        ],
        diff: { eloPvp: lost, coins: -lost * 10 },
        update: { eloPvp: 1200, coins: 10 },
      },
    })
    expect((await b.socket.request('game/skipResult', { gameId })).success).toBe(false)
    const profile = (await post('/api/init', b.token, {})).body.data.profile
    expect(profile).toMatchObject({ eloPvp: 1200, coins: 10 })
    expect(profile.stats.losses).toBe(1) // the stats keep the game
    expect((await view(gameId)).results![1].skipped).toBe(true)
  })

  test('notebook: per player, limited without PRO, played words hidden', async () => {
    const a = await player('Writer')
    const b = await player('Reader')
    const c = await player('Stranger')
    const gameId = await storedGame(a.uid, b.uid)
    const path = `/api/games/${gameId}/notebook`
    expect((await send('GET', path, a.token)).body).toEqual({ success: true, data: { words: [] } })
    expect((await post(path, a.token, { word: ' Cat ' })).body.data.words).toEqual(['cat'])
    expect((await post(path, a.token, { word: 'cat' })).body.data.words).toEqual(['cat'])
    for (const word of ['toe', 'note', 'tone', 'stone']) await post(path, a.token, { word })
    const full = await post(path, a.token, { word: 'onset' })
    expect(full).toMatchObject({ status: 403, body: { error: { code: 'NOTEBOOK_LIMIT' } } })
    expect((await send('GET', path, a.token)).body.data.words).toHaveLength(NOTEBOOK.freeLimit)
    expect((await send('GET', path, b.token)).body.data.words).toEqual([])
    expect((await send('GET', path, c.token)).status).toBe(403)
    expect((await send('GET', '/api/games/nope/notebook', a.token)).status).toBe(404)
    expect((await post(path, a.token, { word: 'c4t' })).status).toBe(400)

    // Once played, a word leaves the list shown (and frees its place).
    expect((await a.socket.request('game/turn', { gameId, cellIds: [5, 6, 7] })).success).toBe(true)
    expect((await send('GET', path, a.token)).body.data.words).toEqual(['toe', 'note', 'tone', 'stone'])
    expect((await post(path, a.token, { word: 'onset' })).status).toBe(200)
    expect((await send('DELETE', `${path}/toe`, a.token)).body.data.words).toEqual([
      'note',
      'tone',
      'stone',
      'onset',
    ])
  })

  test('a computer without a playable word resigns (noWord), through the same path as a player', async () => {
    const p = await player('Lucky')
    // The computer's side of the board (rows 3-4) has no vowel: it can spell nothing.
    const gameId = await storeKnownPve(server, { uid: p.uid, name: 'Lucky' }, 'hard')
    expect((await p.socket.request('game/turn', { gameId, cellIds: [5, 6, 7] })).success).toBe(true)
    const finish = await p.socket.event('game/finish')
    expect((finish.payload as { game: GameView }).game).toMatchObject({
      state: 'over',
      winner: 0,
      gameoverReason: 'noWord',
      ts: 3,
    })
    // A resignation counts as one in the stats, whatever its reason.
    const profile = (await post('/api/init', p.token, {})).body.data.profile
    expect(profile.stats).toMatchObject({ gamesPlayed: 1, wins: 1, winsByGiveups: 1 })
    expect(profile.eloPve).toBeGreaterThan(1200)
    // The move list: the player's word with its points; the computer's resignation is not a move.
    const moves = await send('GET', `/api/games/${gameId}/moves`, p.token)
    expect(moves.body.data.moves).toEqual([
      { kind: 'turn', ts: 2, side: 0, word: 'cat', cellIds: [5, 6, 7], score: 3, scoreReached: 3 },
    ])
    expect((await fetch(`${server.url}/api/games/no-such-game/moves`)).status).toBe(404)
  })

  test('user/checkword answers from the dictionary of the language and size', async () => {
    const p = await player('Checker')
    expect(await p.socket.request('user/checkword', { lang: 'en', word: 'Cat' })).toEqual({
      success: true,
      data: { exists: true },
    })
    expect(await p.socket.request('user/checkword', { lang: 'en', word: 'qzxq' })).toEqual({
      success: true,
      data: { exists: false },
    })
  })

  test('a game nobody started before its expiry is expired at start and its coins return', async () => {
    const p = await player('Sleeper')
    const gameId = (await computerGame(p.token)).body.data.room.gameId
    const before = (await post('/api/init', p.token, {})).body.data.profile.coins
    const live = await server.games.live(gameId)
    // The game is still new when the server finds it past expiry (as after a long downtime).
    server.clock.advance(25 * 3600_000)
    try {
      await live!.tick()
      const expired = await view(gameId)
      expect(expired).toMatchObject({ state: 'expired', isFinished: true, winner: null })
      expect((await post('/api/init', p.token, {})).body.data.profile.coins).toBe(before + 1)
      expect(await ledgerSum(server.core.db, p.uid)).toBe(before + 1)
    } finally {
      server.clock.advance(-25 * 3600_000)
    }
  })
})
