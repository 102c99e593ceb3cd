import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { consoleLog, installClientLog } from '../../web/observability/client-log.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { withDom } from './dom.ts'
import { AUTH_OK, initOk, SIGNED_IN, settle, testHost } from './host.ts'
import { hydrate, serve, unmountHydrated, unmountLater } from './page.ts'

withDom()
const { hydrateIslands } = await import('../../web/shell/hydrate.tsx')

const AUTH_COOKIE = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const LAUNCH: LaunchParams = {
  initData: 'user=1&hash=2',
  version: null,
  platform: null,
  startParam: null,
  themeParams: {},
}

afterEach(() => {
  unmountHydrated()
  document.body.innerHTML = ''
})

describe('hydration of the server HTML', () => {
  test('hydrates the island without mismatch and lifts the overlay once initialised', async () => {
    serve('/rating', 'es', AUTH_COOKIE)
    expect(document.querySelector('.loading-overlay')).not.toBeNull()
    const page = await hydrate(SIGNED_IN, { cookies: AUTH_COOKIE })
    expect(page.count).toBe(1)
    expect(page.errors).toEqual([])
    expect(page.initialised).toBe(1)
    expect(document.querySelector('h1')?.textContent).toBe('Clasificación')
    expect(page.navigations).toEqual([])
  })

  test('a server/client difference would be reported (the check above can fail)', async () => {
    serve('/rating', 'en', AUTH_COOKIE, (html) => html.replace('"lang":"en"', '"lang":"ru"'))
    const quiet = console.error
    console.error = () => {}
    try {
      const page = await hydrate(SIGNED_IN, { cookies: AUTH_COOKIE })
      expect(page.errors.length).toBeGreaterThan(0)
    } finally {
      console.error = quiet
    }
  })

  test('a mismatch is logged with the text that differed, not only "text"', async () => {
    serve('/rating', 'en', AUTH_COOKIE, (html) => html.replace('>Rating</h1>', '>Ratings</h1>'))
    const logged: string[] = []
    const record = (message: string, data?: unknown) =>
      void logged.push(`${message} | ${(data as { differs?: string } | undefined)?.differs}`)
    installClientLog({ info: record, warn: record, error: record })
    try {
      const t = testHost(SIGNED_IN, { cookies: AUTH_COOKIE })
      unmountLater(await act(() => hydrateIslands(document, t.host)))
      await act(() => settle())
    } finally {
      installClientLog(consoleLog)
    }
    const report = logged.find((line) => line.startsWith('island Rating:'))
    expect(report).toContain('text #')
    expect(report).toContain('server "Ratings", client "Rating"')
  })

  test('an open page (a game) needs no sign-in, loads the game and initialises', async () => {
    serve('/game/abc', 'en', null)
    const page = await hydrate(() => ({
      status: 404,
      body: { success: false, error: { code: 'GAME_NOT_FOUND', message: 'Game not found' } },
    }))
    expect(page.errors).toEqual([])
    expect(page.navigations).toEqual([])
    expect(page.calls).toEqual([{ method: 'GET', path: '/api/games/abc', body: null }])
    expect(page.initialised).toBe(1)
    expect(document.querySelector('h1')?.textContent).toBe('Game not found')
  })
})

describe('client-side access (SPEC.md §2)', () => {
  test('a signed-out visitor on a private page (let through for Telegram) without launch data goes to /signin, and back after it', async () => {
    serve('/settings', 'en', null)
    const page = await hydrate(() => AUTH_OK())
    expect(page.navigations).toEqual(['/en/signin?next=%2Fsettings'])
    expect(page.initialised).toBe(0)
    expect(page.calls).toEqual([])
  })

  test('with Telegram launch data it signs in with the init data, stores the cookie and goes on', async () => {
    serve('/', 'ru', null)
    const page = await hydrate(
      (call) => (call.path === '/api/init' ? initOk('tg', 'u-tg') : AUTH_OK('tg', 'u-tg')),
      { launch: LAUNCH },
    )
    // Signed in, the home screen loads the session (profile, games, lobby) and shows it (and its news,
    // daily and income).
    const own = new Set(['/api/news', '/api/dailies', '/api/user/refresh-income'])
    expect(page.calls.filter((c) => !own.has(c.path))).toEqual([
      { method: 'POST', path: '/api/auth/tg-signin', body: { data: 'user=1&hash=2' } },
      { method: 'POST', path: '/api/init', body: null },
    ])
    expect(document.querySelector('[data-testid="nickname"]')?.textContent).toBe('Tester')
    expect(page.cookies.cookie).toContain('auth=')
    // No reload: where the cookie is blocked (Telegram Web's iframe) a reload would loop.
    expect(page.reloads).toBe(0)
    expect(page.navigations).toEqual([])
    expect(page.initialised).toBe(1)
  })

  test('a refused Telegram sign-in falls back to /signin', async () => {
    serve('/daily', 'es', null)
    const page = await hydrate(
      () => ({ status: 401, body: { success: false, error: { code: 'UNAUTHORIZED', message: 'bad' } } }),
      {
        launch: LAUNCH,
      },
    )
    expect(page.navigations).toEqual(['/es/signin?next=%2Fdaily'])
    expect(page.reloads).toBe(0)
  })

  test('sign-in: the button is off until hydrated, and a nickname typed before hydration is the one sent', async () => {
    serve('/signin', 'en', null)
    const button = () => document.querySelector('button[type="submit"]') as HTMLButtonElement
    // Pressed before hydration, the form would submit natively and reload the page.
    expect(button().disabled).toBe(true)
    ;(document.querySelector('input[name="nickname"]') as HTMLInputElement).value = '  Early bird '
    const page = await hydrate(() => AUTH_OK('tok-early', 'u-early'))
    expect(page.errors).toEqual([])
    expect(button().disabled).toBe(false)
    await act(async () => button().click())
    await act(() => settle())
    expect(page.calls).toEqual([
      { method: 'POST', path: '/api/auth/signin', body: { nickname: 'Early bird', lang: 'en' } },
    ])
    expect(page.navigations).toEqual(['/en'])
  })
})
