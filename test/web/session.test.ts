/**
 * The session store against scripted server answers (the test host) and a stand-in browser
 * WebSocket: patches applied in version order, a gap answered by the whole game, catch-up through
 * /api/games/updates after a reconnect, created games navigated to, system messages handled.
 */
import { describe, expect, test } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import { translator } from '../../shared/i18n.ts'
import { createGameStore } from '../../web/game/store.ts'
import { createNotices } from '../../web/notices/store.ts'
import { createSoundPlayer } from '../../web/sound/sounds.ts'
import { drawnGame } from './board-fixture.ts'
import { FakeSocket } from './fake-socket.ts'
import { type Call, initOk, settle, testHost } from './host.ts'
import { sessionOn } from './session-fixture.ts'

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`

function game(ts: number): GameView {
  const g = drawnGame(['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n'])
  const { stats: _s, awards: _a, ...view } = g
  return { ...view, ts }
}

async function start(
  path = '/',
  replies: (call: Call) => { status: number; body: unknown } | null = () => null,
) {
  FakeSocket.all = []
  const t = testHost(
    (call) => {
      const custom = replies(call)
      if (custom) return custom
      if (call.path === '/api/init') {
        const answer = initOk()
        ;(answer.body.data as { games: GameView[] }).games = [game(5)]
        return answer
      }
      return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }
    },
    { cookies: AUTH },
  )
  const { session, api } = sessionOn(t.host, path)
  expect(await session.start()).toBe(true)
  const ws = () => FakeSocket.all[FakeSocket.all.length - 1]
  ws().open()
  const push = (key: string, payload: unknown) => {
    const [type, event] = key.split('/')
    ws().receive({ type, event, payload, timestamp: Date.now() })
  }
  return { session, t, ws, push, api }
}

describe('the session', () => {
  test('applies the next version as a patch and ignores old ones', async () => {
    const { session, push } = await start()
    push('game/events', {
      gameId: 'g1',
      ts: 6,
      changes: { ts: 6, turn: 1, board: { cells: { 7: { owner: 0 } } } },
      events: [],
    })
    expect(session.games.value.get('g1')).toMatchObject({ ts: 6, turn: 1 })
    expect(session.games.value.get('g1')?.board.cells[7].owner).toBe(0)
    push('game/events', { gameId: 'g1', ts: 6, changes: { ts: 6, turn: 99 }, events: [] })
    expect(session.games.value.get('g1')?.turn).toBe(1)
  })

  test('a gap in versions fetches the whole game', async () => {
    const { session, push, t } = await start('/', (call) =>
      call.path === '/api/games/g1' ? { status: 200, body: { success: true, data: game(9) } } : null,
    )
    push('game/events', { gameId: 'g1', ts: 8, changes: { ts: 8 }, events: [] })
    await settle()
    expect(t.calls.map((c) => c.path)).toContain('/api/games/g1')
    expect(session.games.value.get('g1')?.ts).toBe(9)
  })

  test('after a reconnect it asks /api/games/updates for the versions it holds', async () => {
    const { session, ws, t } = await start('/', (call) =>
      call.path === '/api/games/updates'
        ? { status: 200, body: { success: true, data: { games: [game(7)] } } }
        : null,
    )
    ws().close()
    await new Promise((r) => setTimeout(r, 1050))
    ws().open()
    await settle()
    expect(t.calls.find((c) => c.path === '/api/games/updates')?.body).toEqual({
      games: [{ id: 'g1', ts: 5 }],
      lang: 'en',
    })
    expect(session.games.value.get('g1')?.ts).toBe(7)
    session.stop()
  })

  test('a created game is navigated to: a new entry from home, a replaced one from a game page', async () => {
    const home = await start('/')
    home.push('game/created', { game: { ...game(1), id: 'g2' }, presence: {} })
    expect(home.t.navigations).toEqual(['/en/game/g2'])
    const fromGame = await start('/game/g1')
    fromGame.push('game/created', { game: { ...game(1), id: 'g3' }, presence: {} })
    expect(fromGame.t.navigations).toEqual(['replace:/en/game/g3'])
  })

  test('system messages: restriction alerts, token refresh, sign-out; profile updates in another language are ignored', async () => {
    const { session, push, t } = await start()
    push('system/no_game_slots', {})
    expect(session.restriction.value).toBe('gameSlots')
    push('system/no_coins_enough', {})
    expect(session.restriction.value).toBe('coins')
    push('user/update', { data: { coins: 99 } })
    expect(session.profile.value?.coins).toBe(99)
    push('user/update', { data: { coins: 1, lang: 'ru' } })
    expect(session.profile.value?.coins).toBe(99)
    push('system/token_refresh', { token: 'fresh' })
    expect(t.cookies.cookie).toContain('fresh')
    push('system/signout', {})
    expect(t.navigations).toEqual(['/en/signin'])
  })

  test("a game page subscribes to its opponent's presence, again after a reconnect; the dots follow", async () => {
    const { session, ws, push, api } = await start('/game/g1')
    const store = createGameStore({
      gameId: 'g1',
      session,
      api,
      uid: () => 'u1',
      lang: 'en',
      t: translator('en'),
      notices: createNotices(),
      sounds: createSoundPlayer(() => false),
    })
    const stop = store.start()
    await settle()
    const sent = () =>
      ws()
        .sent.map((text) => JSON.parse(text))
        .filter((m) => m.type === 'user' && m.event === 'presenceSubscribe')
    // The server answers each request (an unanswered one would be sent again after a reconnect).
    const subscriptions = () => {
      for (const m of sent()) ws().receive({ type: 'ack', id: m.id, payload: { success: true, data: {} } })
      return sent().map((m) => m.payload)
    }
    // The opponent only: never oneself (and never the computer).
    expect(subscriptions()).toEqual([{ uids: ['u2'] }])
    push('presence/update', { u2: 1 })
    expect(session.presence.value.u2).toBe(1)
    // New versions of the game do not subscribe again.
    push('game/events', { gameId: 'g1', ts: 6, changes: {}, events: [] })
    expect(subscriptions()).toHaveLength(1)
    // A new connection has no subscriptions: the page asks again.
    ws().close()
    await new Promise((r) => setTimeout(r, 1050))
    ws().open()
    await settle()
    expect(subscriptions()).toEqual([{ uids: ['u2'] }])
    push('presence/update', { u2: 0 })
    expect(session.presence.value.u2).toBe(0)
    stop()
    session.stop()
  })
})
