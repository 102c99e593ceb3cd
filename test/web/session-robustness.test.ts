/**
 * The session when things go wrong, against scripted answers and a stand-in WebSocket: a 401
 * reloads only a session that was there (a visitor's 401 would loop); a games list that cannot be
 * read says so and can be retried; presence follows whether the app is shown (SPEC.md §4).
 */
import { describe, expect, test } from 'bun:test'
import type { PageVisibility } from '../../web/shell/host.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { FakeSocket } from './fake-socket.ts'
import { type Call, initOk, settle, testHost } from './host.ts'
import { sessionOn } from './session-fixture.ts'

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const LAUNCH: LaunchParams = {
  initData: 'expired',
  version: '8.0',
  platform: 'ios',
  startParam: null,
  themeParams: {},
}
const refused = (status: number, code: string) => ({
  status,
  body: { success: false, error: { code, message: code } },
})

/** A page whose visibility the test flips. */
function visibility() {
  let hidden = false
  const listeners = new Set<(hidden: boolean) => void>()
  const api: PageVisibility = {
    hidden: () => hidden,
    onChange(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
  }
  return {
    api,
    set(value: boolean) {
      hidden = value
      for (const fn of listeners) fn(value)
    },
  }
}

function setup(
  reply: (call: Call) => { status: number; body: unknown },
  options: { cookies?: string; launch?: LaunchParams } = {},
) {
  const t = testHost(reply, options)
  const page = visibility()
  t.host.visibility = page.api
  const { auth, session } = sessionOn(t.host, '/profile/u9')
  const frames = () =>
    FakeSocket.all.flatMap((ws) => ws.sent.map((f) => JSON.parse(f) as { type: string; event: string }))
  return { t, auth, session, page, frames }
}

describe('a 401 from /api/init', () => {
  test('with a session (a revoked token): signed out and reloaded, once', async () => {
    const { t, auth, session } = setup(() => refused(401, 'UNAUTHORIZED'), { cookies: AUTH })
    expect(await session.start()).toBe(false)
    expect(auth.isAuthenticated.value).toBe(false)
    expect(t.cookies.cookie).not.toContain('auth=')
    expect(t.reloads).toBe(1)
  })

  test('a visitor’s (Telegram launch data no longer accepted, no cookie): no reload, the page stays', async () => {
    const { t, session } = setup(() => refused(401, 'UNAUTHORIZED'), { launch: LAUNCH })
    expect(await session.start()).toBe(false)
    expect(session.status.value).toBe('failed')
    expect(t.reloads).toBe(0)
    expect(t.navigations).toEqual([])
    // Not a games failure: there is nobody's list to fetch.
    expect(session.gamesFailed.value).toBe(false)
  })
})

describe('Failed to fetch games', () => {
  test('an /api/init that fails says so; retry asks again and then connects', async () => {
    let fail = true
    const { t, session } = setup(
      (call) =>
        call.path === '/api/init'
          ? fail
            ? refused(500, 'INTERNAL_ERROR')
            : initOk()
          : refused(404, 'NOT_FOUND'),
      { cookies: AUTH },
    )
    expect(await session.start()).toBe(false)
    expect(session.gamesFailed.value).toBe(true)
    expect(t.reloads).toBe(0)
    expect(FakeSocket.all).toHaveLength(0)
    fail = false
    expect(await session.retry()).toBe(true)
    expect(session.gamesFailed.value).toBe(false)
    expect(session.status.value).toBe('ready')
    expect(t.calls.filter((c) => c.path === '/api/init')).toHaveLength(2)
    expect(FakeSocket.all).toHaveLength(1)
  })

  test('a started session reads the list again with GET /api/games', async () => {
    let listFails = true
    const { t, session } = setup(
      (call) => {
        if (call.path === '/api/init') return initOk()
        if (call.path === '/api/games')
          return listFails
            ? refused(503, 'UNAVAILABLE')
            : { status: 200, body: { success: true, data: { games: [] } } }
        return refused(404, 'NOT_FOUND')
      },
      { cookies: AUTH },
    )
    await session.start()
    expect(await session.retry()).toBe(false)
    expect(session.gamesFailed.value).toBe(true)
    listFails = false
    expect(await session.retry()).toBe(true)
    expect(session.gamesFailed.value).toBe(false)
    expect(t.calls.filter((c) => c.path === '/api/games' && c.method === 'GET')).toHaveLength(2)
  })
})

describe('presence follows the app being shown', () => {
  test('hidden: presenceOffline; shown again: presenceResume; a connection opened while hidden says away', async () => {
    const { session, page, frames } = setup(
      (call) => (call.path === '/api/init' ? initOk() : refused(404, 'NOT_FOUND')),
      {
        cookies: AUTH,
      },
    )
    await session.start()
    FakeSocket.all[0].open()
    page.set(true)
    page.set(false)
    expect(frames().map((f) => `${f.type}/${f.event}`)).toEqual([
      'user/presenceOffline',
      'user/presenceResume',
    ])
    // Hidden, the connection drops and comes back: the new one starts away.
    page.set(true)
    FakeSocket.all[0].close()
    page.set(false)
    page.set(true)
    await new Promise((r) => setTimeout(r, 1050))
    FakeSocket.all[1].open()
    await settle()
    const second = FakeSocket.all[1].sent.map((f) => JSON.parse(f) as { type: string; event: string })
    expect(second.map((f) => `${f.type}/${f.event}`)).toEqual(['user/presenceOffline'])
    session.stop()
    // Stopped: nothing more is said.
    page.set(false)
    expect(FakeSocket.all[1].sent).toHaveLength(1)
  })
})
