/**
 * The process dies (SIGKILL, no shutdown at all) in the middle of a blitz game against the
 * computer and starts again on the same database: every acknowledged turn is there, versions go
 * on without a gap, and the clock of the side to move kept running through the downtime.
 */
import { expect, test } from 'bun:test'
import { wordPicker } from '../../bench/lib/client-move.ts'
import { createRng, type GameView } from '../../engine/index.ts'
import { GameMirror } from './game-mirror.ts'
import { describeBoth, testDictionaries } from './harness.ts'
import { postData, waitGame } from './http.ts'
import { processesOn } from './process-suite.ts'
import { TestSocket } from './ws-client.ts'

const SECRET = 'crash-test-secret-value-0123456789'

describeBoth('a blitz game survives SIGKILL', (db) => {
  const processes = processesOn(db)

  /** `computerDelay`: the first run's is long, so the kill surely comes before the computer's answer. */
  const start = async (computerDelay: string) => {
    const proc = await processes.start({
      JWT_SECRET: SECRET,
      COMPUTER_DELAY_MS: computerDelay,
    })
    return { proc, url: `http://127.0.0.1:${proc.port}`, ws: `ws://127.0.0.1:${proc.port}/ws` }
  }

  test('acknowledged turns survive, the clocks continue', async () => {
    const words = wordPicker(testDictionaries().get('en', 'default')!)
    const rng = createRng(11)

    const first = await start('2500')
    const signin = await postData<{ auth: { token: string } }>(first, '/api/auth/signin', null, {
      nickname: `Crash ${db}`,
    })
    const { token } = signin.auth
    let socket = await TestSocket.connect(first.ws, token)
    const created = await postData<{ room: { gameId: string } }>(first, '/api/waiting-rooms', token, {
      type: 'blitz',
      mode: 'computer',
      lang: 'en',
      extraParams: { level: 'easy' },
    })
    const gameId = created.room.gameId
    const mirror = new GameMirror(
      socket,
      ((await socket.event('game/created')).payload as { game: GameView }).game,
    )
    expect(mirror.view.options.timeMode).toBe('blitz')
    expect((await socket.request('game/ready', { gameId })).success).toBe(true)
    await mirror.waitUntil((v) => v.state === 'active', 6000, 'start')

    // Three acknowledged turns of ours; the kill comes right after the third ack, on the computer's turn.
    const acked: string[] = []
    while (acked.length < 3) {
      const view = await mirror.waitUntil(
        (v) => v.turnAvailable === 0 || v.state !== 'active',
        10_000,
        'my turn',
      )
      expect(view.state).toBe('active')
      const move = words.good(view, 0, rng)!
      const ack = await socket.request('game/turn', { gameId, cellIds: move.cellIds })
      expect(ack).toMatchObject({ success: true, data: { word: move.word } })
      acked.push(move.word)
      await mirror.waitTs(view.ts + 1)
    }
    first.proc.child.kill('SIGKILL')
    const killedAt = Date.now()
    expect(await first.proc.child.exited).not.toBe(0)
    const atKill = structuredClone(mirror.view)
    expect(atKill.turnAvailable).toBe(1)
    await socket.close()

    await Bun.sleep(1500)
    // Before the spawn: the new process may play the computer's move before the test reads its start.
    const restartedAt = Date.now()
    const second = await start('300')
    socket = await TestSocket.connect(second.ws, token)

    // Wait for the computer's move: the only version after the kill.
    const after = await waitGame(second, gameId, (g) => g.turnAvailable === 0, 20_000)
    expect(after.ts).toBe(atKill.ts + 1)
    for (const word of acked) expect(after.wordsUsed).toContain(word)
    expect(after.wordsUsed.slice(0, atKill.wordsUsed.length)).toEqual(atKill.wordsUsed)
    expect(after.board.cells.filter((c) => c.owner === 0).length).toBeGreaterThan(0)

    // The computer's turn began before the kill and its bank paid for the whole downtime:
    // neither restarted at the restart nor paused while the server was away.
    const elapsedMs = (after.turnStartedAt as number) - (atKill.turnStartedAt as number)
    expect(elapsedMs).toBeGreaterThanOrEqual(restartedAt - killedAt)
    expect(atKill.players[1].timeleft - after.players[1].timeleft).toBeCloseTo(elapsedMs / 1000, 3)
    // Ours did not move: it was not our turn.
    expect(after.players[0].timeleft).toBe(atKill.players[0].timeleft)

    // Play goes on from there, version by version.
    const resumed = new GameMirror(socket, after)
    const move = words.good(after, 0, rng)!
    const ack = await socket.request('game/turn', { gameId, cellIds: move.cellIds })
    expect(ack).toMatchObject({ success: true, data: { word: move.word } })
    expect((await resumed.waitTs(after.ts + 1)).wordsUsed).toContain(move.word)
    await socket.close()

    second.proc.child.kill('SIGTERM')
    expect(await second.proc.child.exited).toBe(0)
  }, 90_000)
})
