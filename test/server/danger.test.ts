/**
 * The danger map over the API: the analysis of the position as it stands, for the players of a
 * live game only; free against the computer, PRO between people, never for observers.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import { dangerMap, dictionaryMoveSource, type MoveSource } from '../../engine/server.ts'
import { useServer } from './clients.ts'
import { finishComputerGame, startComputerGame } from './computer-play.ts'
import { SERVER_TEST_TIMEOUT_MS, testDictionaries } from './harness.ts'
import { storeKnownPvp } from './known-board.ts'

setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

describe('danger map', () => {
  const s = useServer('pglite', { env: { COMPUTER_DELAY_MS: '10-30' } })
  const danger = (gameId: string, token: string | null) => s.get(`/api/games/${gameId}/danger`, token)

  test('against the computer: free for the player, the map of the position as it stands', async () => {
    const p = await s.player('Wary')
    const game = await startComputerGame(s.server(), p)
    // Our turn: the position holds still until we move (the computer may move first).
    await game.mirror.waitUntil((v) => v.turnAvailable === 0, 10_000, 'our turn')
    const res = await danger(game.gameId, p.token)
    expect(res.status).toBe(200)
    const view: GameView = (await s.get(`/api/games/${game.gameId}`)).body.data
    const source = dictionaryMoveSource(testDictionaries().get('en', 'default')!) as MoveSource
    expect(res.body.data).toEqual({ ...dangerMap(view, 0, source), ts: view.ts })
    expect(res.body.data.side).toBe(0)

    // Observers (any other user) and visitors never get it.
    const other = await s.player('Onlooker')
    const watched = await danger(game.gameId, other.token)
    expect(watched.status).toBe(403)
    expect(watched.body.success).toBe(false)
    expect((await danger(game.gameId, null)).status).toBe(401)

    // Once the game is over there is nothing to warn about.
    await finishComputerGame(p, game, 1)
    const after = await danger(game.gameId, p.token)
    expect(after.status).toBe(409)
    expect(after.body.error.code).toBe('GAME_NOT_ACTIVE')
  })

  test('between players: PRO only', async () => {
    const a = await s.player('Free')
    const b = await s.player('Other')
    const gameId = await storeKnownPvp(s.server(), [a.uid, b.uid])
    const refused = await danger(gameId, a.token)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('PRO_REQUIRED')
    expect((await s.post('/api/subscription/trial', a.token, {})).status).toBe(200)
    const allowed = await danger(gameId, a.token)
    expect(allowed.status).toBe(200)
    expect(allowed.body.data.side).toBe(0)
    // Side 1 of the known board can spell nothing: no threat to side 0.
    expect(allowed.body.data).toMatchObject({ cells: [], targets: [], winning: false })
    expect((await danger(gameId, b.token)).body.error.code).toBe('PRO_REQUIRED')
    expect((await danger('no-such-game', a.token)).status).toBe(404)
  })
})
