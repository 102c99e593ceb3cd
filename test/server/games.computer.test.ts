/**
 * The whole path of a game against the computer on the real server: sign in over HTTP, a real
 * websocket, the game created by POST /api/waiting-rooms, played to the end with words found by
 * the move generator; every ack and every version checked, and the settlement read back.
 */
import { expect, test } from 'bun:test'
import { wordPicker } from '../../bench/lib/client-move.ts'
import {
  type AiLevel,
  computerId,
  type GameView,
  type HistoryEvent,
  type PlayedMove,
  RATING,
  XP,
} from '../../engine/index.ts'
import { historyOf } from '../../src/games/repo.ts'
import { useServer } from './clients.ts'
import { playTurns } from './computer-play.ts'
import { GameMirror, passCountdown } from './game-mirror.ts'
import { bearer, describeServer, testDictionaries } from './harness.ts'
import { call, fetchGame } from './http.ts'

describeServer('a game against the computer, end to end', (db) => {
  const { server, player } = useServer(db, { env: { COMPUTER_DELAY_MS: '10-30' } })

  const words = wordPicker(testDictionaries().get('en', 'default')!)

  /** A signed-in player with a socket starts a game against the computer; answers its room. */
  async function computerGame(name: string, type: 'classic' | 'blitz', level: AiLevel) {
    const { token, uid, socket } = await player(name)
    const created = await server().api.api['waiting-rooms'].post(
      { type, mode: 'computer', lang: 'en', extraParams: { level } },
      bearer(token),
    )
    expect(created.status).toBe(200)
    return { token, uid, socket, room: created.data!.data.room }
  }

  test('created, readied, played to the end with generated words; every ack and version checked', async () => {
    const { token, uid, socket, room } = await computerGame('Player', 'classic', 'veryEasy')
    expect(room).toMatchObject({ mode: 'computer', lang: 'en', type: 'classic' })
    const gameId = room.gameId as string

    // game/created carries the same view GET /api/games/{id} answers, to anyone.
    const createdMsg = await socket.event('game/created')
    const { game: start, presence } = createdMsg.payload as {
      game: GameView
      presence: Record<string, 0 | 1>
    }
    expect(start).toMatchObject({
      id: gameId,
      state: 'new',
      mode: 'pve',
      lang: 'en',
      ts: 1,
      opponents: [uid, computerId('veryEasy')],
      ready: [false, true],
    })
    expect(presence).toEqual({ [uid]: 1, [computerId('veryEasy')]: 1 })
    expect(await fetchGame(server(), gameId)).toEqual(start)

    const mirror = new GameMirror(socket, start)
    expect(await socket.request('game/ready', { gameId })).toEqual({ success: true, data: {} })
    expect((await mirror.waitTs(2)).state).toBe('countingDown')
    // The countdown runs on the server's timer: 3 s later (on its clock) the game starts by itself.
    const active = await passCountdown(server().clock, mirror)
    expect(active.ts).toBe(3)
    expect(mirror.eventsOf('start')).toHaveLength(1)

    let myTurns = 0
    while (mirror.view.state === 'active') {
      const view = await mirror.waitUntil(
        (v) => v.state !== 'active' || v.turnAvailable === 0,
        10_000,
        'my turn',
      )
      if (view.state !== 'active') break
      const before = view.ts
      const decision = words.best(view, 0)
      if (!decision) {
        expect(await socket.request('game/giveup', { gameId })).toEqual({ success: true, data: {} })
        break
      }
      const expectedScore = decision.cellIds
        .filter((id) => view.board.cells[id].owner !== 0)
        .reduce((sum, id) => sum + view.board.cells[id].score, 0)
      const ack = await socket.request('game/turn', { gameId, cellIds: decision.cellIds })
      expect(ack).toEqual({ success: true, data: { word: decision.word, score: expectedScore } })
      myTurns++
      // The turn was committed before the ack: its version is the very next one, already sent.
      const after = await mirror.waitTs(before + 1)
      const turn = mirror.events.find((e) => e.ts === before + 1 && e.event.type === 'turn')?.event
      expect(turn).toMatchObject({ type: 'turn', side: 0, word: decision.word, cellIds: decision.cellIds })
      expect(after.wordsUsed).toContain(decision.word)
      expect(myTurns).toBeLessThan(100)
    }

    const final = await mirror.waitUntil((v) => v.state === 'over', 10_000, 'the end')
    const gameover = mirror.eventsOf('gameover').map((e) => e.event)
    expect(gameover).toEqual([
      { type: 'gameover', winner: final.winner, gameoverReason: final.gameoverReason } as HistoryEvent,
    ])
    expect(final.results?.[0].ratingDelta).not.toBe(0)

    // Every version arrived once, in order, and the patches rebuild exactly what the server holds.
    const rest = await fetchGame(server(), gameId)
    expect(mirror.view).toEqual(rest)
    const history = await historyOf(server().core.db, gameId)
    expect(history.map((h) => h.ts)).toEqual(Array.from({ length: final.ts - 1 }, (_, i) => i + 2))
    const turns = history.flatMap((h) => h.events).filter((e) => e.type === 'turn')
    expect(turns.length).toBe(final.wordsUsed.length)
    // The move list (open to anyone) is those turns in order, each with its side and points.
    const moves = await call<{ moves: PlayedMove[] }>(server(), `/api/games/${gameId}/moves`)
    const listed = moves.body.data.moves
    const played = turns.flatMap((e) => (e.type === 'turn' ? [e.word] : []))
    expect(listed.map((m) => (m.kind === 'turn' ? m.word : m.kind))).toEqual(played)
    for (const m of listed) expect(m).toMatchObject({ kind: 'turn', score: expect.any(Number) })
    expect(listed.filter((m) => m.side === 0).length).toBe(myTurns)
    expect(
      mirror.eventsOf('turn').filter((e) => (e.event as { side: number }).side === 1).length,
    ).toBeGreaterThan(0)

    // game/finish with the final view came to the player.
    const finish = await socket.event('game/finish')
    expect((finish.payload as { game: GameView }).game).toEqual(rest)

    // Settlement, in the transaction of the last turn: rating, stats, xp, coins.
    const won = final.winner === 0
    const init = await server().api.api.init.post(undefined, bearer(token))
    const profile = init.data!.data.profile
    expect(profile.eloPve).toBe(RATING.initial + (final.results?.[0].ratingDelta ?? 0))
    expect(profile.eloPvp).toBe(RATING.initial)
    expect(profile.stats.gamesPlayed).toBe(1)
    expect(profile.stats.wins).toBe(won ? 1 : 0)
    expect(profile.stats.wordsPlayed).toBe(myTurns)
    expect(profile.xp).toBe(XP.perGame + (won ? XP.perWin : 0))
    expect(profile.coins).toBe(9) // 10 to start, 1 for the game
    const update = socket.received.find((m) => m.type === 'user' && m.event === 'update')
    expect(update?.payload).toMatchObject({ data: { eloPve: profile.eloPve, xp: profile.xp, coins: 9 } })
    expect(init.data!.data.games.map((g) => g.id)).toContain(gameId)

    // The finish signal is one more version; a repeat changes nothing.
    expect(await socket.request('game/finish', { gameId })).toEqual({ success: true, data: {} })
    const signalled = await mirror.waitTs(final.ts + 1)
    expect(signalled.fsignals).toEqual([true, false])
    expect(await socket.request('game/finish', { gameId })).toEqual({ success: true, data: {} })
    await Bun.sleep(50)
    mirror.sync()
    expect(mirror.view.ts).toBe(final.ts + 1)
    await socket.close()
  }, 60_000)

  test('very hard plays real turns on the stored game: several moves over the socket, no error', async () => {
    const { room, ...client } = await computerGame('Challenger', 'blitz', 'veryHard')
    const { socket } = client
    const gameId = room.gameId as string
    const start = (await socket.event('game/created')).payload as { game: GameView }
    expect(start.game.opponents[1]).toBe(computerId('veryHard'))
    const mirror = new GameMirror(socket, start.game)
    expect(await socket.request('game/ready', { gameId })).toEqual({ success: true, data: {} })
    await passCountdown(server().clock, mirror)

    const computerTurns = () =>
      mirror.eventsOf('turn').filter((e) => (e.event as { side: number }).side === 1)
    // One word of ours at a time (each acked, its version awaited) until it has answered three
    // times, or the game ends, or we have no word.
    while (computerTurns().length < 3) if ((await playTurns(client, { gameId, mirror }, 1)) === 0) break
    // Three answers of its own (or an end that was not its resignation), each a legal turn.
    const end = mirror.view
    if (computerTurns().length < 3) expect(end).toMatchObject({ state: 'over', winner: expect.any(Number) })
    expect(['giveup', 'noWord']).not.toContain(end.gameoverReason ?? '')
    expect(computerTurns().length).toBeGreaterThan(0)
    for (const t of computerTurns()) expect(end.wordsUsed).toContain((t.event as { word: string }).word)
    expect(server().logs.filter((r) => r.level === 'error' && r.gameId === gameId)).toEqual([])
    await socket.close()
  }, 60_000)
})
