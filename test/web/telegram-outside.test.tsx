/**
 * SPEC.md §5: the Mini App's address opened outside Telegram (no launch data in the URL, the
 * navigation entry or session storage) says so, instead of sending the visitor to sign in as if
 * they were on the website; the website's own addresses still go to sign-in.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import en from '../../locales/en.json'
import { TMA_HINT_COOKIE } from '../../shared/telegram.ts'
import { Daily } from '../../web/islands/Daily.tsx'
import { expectsLaunchData } from '../../web/telegram/launch.ts'
import { withDom } from './dom.ts'
import { pageProps, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'
import { recordingJar } from './jar.ts'

withDom()
const islands = islandMounter()
afterEach(() => history.replaceState(null, '', '/'))

describe('a page opened as the Mini App', () => {
  test('is told by the Mini App’s URL flags or the hint cookie', () => {
    expect(expectsLaunchData('?tma=1', null)).toBe(true)
    expect(expectsLaunchData('?tgWebAppStartParam=room_AB12CD', null)).toBe(true)
    expect(expectsLaunchData('', recordingJar(`${TMA_HINT_COOKIE}=1`))).toBe(true)
    expect(expectsLaunchData('?room=AB12CD', recordingJar('other=1'))).toBe(false)
    expect(expectsLaunchData('', null)).toBe(false)
  })

  test('without launch data: the note that it was opened outside Telegram, a way to play in the browser', async () => {
    history.replaceState(null, '', '/en/daily?tma=1')
    const t = testHost(() => ({
      status: 404,
      body: { success: false, error: { code: 'NOT_FOUND', message: '' } },
    }))
    const container = await islands.mount(Daily, pageProps({ path: '/daily', access: 'auth' }), t.host)
    const note = container.querySelector('[data-testid="outside-telegram"]')
    expect(note?.querySelector('h1')?.textContent).toBe(en.telegram.outside.title)
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('/en/signin?next=%2Fdaily')
    // The screen itself is gone, no sign-in was tried, the overlay lifted.
    expect(container.querySelector('[data-testid="daily"]')).toBeNull()
    expect(t.calls.filter((c) => c.path.startsWith('/api/init') || c.path.startsWith('/api/auth'))).toEqual(
      [],
    )
    expect(t.navigations).toEqual([])
    expect(t.initialised).toBeGreaterThan(0)
  })

  test('the website’s own address signed out still goes to sign-in', async () => {
    history.replaceState(null, '', '/en/daily')
    const t = testHost(() => ({ status: 404, body: {} }))
    const container = await islands.mount(Daily, pageProps({ path: '/daily', access: 'auth' }), t.host)
    expect(container.querySelector('[data-testid="outside-telegram"]')).toBeNull()
    expect(t.navigations).toEqual(['/en/signin?next=%2Fdaily'])
  })
})
