/**
 * Daily attempts and tutorial games are variants found again when a game is loaded: after a
 * restart the mentor still plays its script and teaches, and a daily attempt still lands in the
 * table when it ends.
 */
import { expect, test } from 'bun:test'
import { type HistoryEvent, MENTOR_SCRIPT } from '../../engine/index.ts'
import { listMoves } from '../../engine/server.ts'
import type { DailiesAnswer } from '../../src/dailies/types.ts'
import { historyOf } from '../../src/games/repo.ts'
import { describeBoth, middayUtc, restartableServer, signIn, testClock, testDictionaries } from './harness.ts'
import { call, postData, waitGame } from './http.ts'
import { TestSocket } from './ws-client.ts'

describeBoth('daily and tutorial games after a restart', (db) => {
  const fixture = restartableServer(db, testClock(middayUtc()))

  test('the mentor plays its script and teaches, and the attempt lands in the table', async () => {
    // First run: the computer thinks for a minute, so the mentor's move is still due at the restart.
    let server = await fixture.start({ COMPUTER_DELAY_MS: '60000-60000' })
    const { token, uid } = await signIn(server, `Restarted ${db}`)
    let socket = await TestSocket.connect(server.wsUrl, token)
    const tutorial = await postData<{ gameId: string }>(server, '/api/tutorial/start', token, { lang: 'en' })
    await socket.request('game/ready', { gameId: tutorial.gameId })
    let view = await waitGame(server, tutorial.gameId, (g) => g.state === 'active')
    if (view.turnAvailable === 0) {
      // The player opens with a word of their base row's neighbourhood; then it is the mentor's turn.
      const move = listMoves(view.board, 0, testDictionaries().get('en', 'default')!)[0]
      expect(
        await socket.request('game/turn', { gameId: tutorial.gameId, cellIds: move.cellIds }),
      ).toMatchObject({
        success: true,
      })
      view = await waitGame(server, tutorial.gameId, (g) => g.turnAvailable === 1)
    }
    const daily = (await call<DailiesAnswer>(server, '/api/dailies?lang=en')).body.data.dailies[0]
    const attempt = await postData<{ gameId: string }>(server, `/api/dailies/${daily._id}/attempts`, token)
    await socket.request('game/ready', { gameId: attempt.gameId })
    await waitGame(server, attempt.gameId, (g) => g.state === 'active')
    await socket.close()
    server = await fixture.start({ COMPUTER_DELAY_MS: '5-15' })
    socket = await TestSocket.connect(server.wsUrl, token)
    const moved = await waitGame(server, tutorial.gameId, (g) => g.turnAvailable === 0 && g.ts > view.ts)
    const history = await historyOf(server.core.db, tutorial.gameId, view.ts)
    const mentorTurn = history.find((h) => h.events.some((e) => e.type === 'turn' && e.side === 1))
    expect(mentorTurn?.events).toEqual([
      expect.objectContaining({ type: 'turn', side: 1, word: MENTOR_SCRIPT.en[0].word }),
      { type: 'intercom', from: 1, message: 'tutorial.mentor.availability' } satisfies HistoryEvent,
    ])
    expect(moved.wordsUsed).toContain(MENTOR_SCRIPT.en[0].word)

    expect(await socket.request('game/giveup', { gameId: attempt.gameId })).toMatchObject({ success: true })
    await waitGame(server, attempt.gameId, (g) => g.state === 'over')
    const deadline = Date.now() + 5_000
    let list: DailiesAnswer
    do {
      await Bun.sleep(20)
      list = (await call<DailiesAnswer>(server, '/api/dailies?lang=en', { token })).body.data
    } while (list.bestAttempts.length === 0 && Date.now() < deadline)
    expect(list.bestAttempts).toEqual([
      expect.objectContaining({
        dailyId: daily._id,
        gameId: attempt.gameId,
        won: false,
        user: expect.any(Object),
      }),
    ])
    expect(list.bestAttempts[0].user.id).toBe(uid)
    await socket.close()
  }, 60_000)
})
