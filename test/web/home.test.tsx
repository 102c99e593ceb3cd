/**
 * Home's new parts, mounted in a real island (happy-dom) against scripted answers: the daily teaser
 * counting down to the results on a fake clock, with your best time and the top three; the group
 * link only when configured; developers' four quick games; a Blitz started with a classic clock
 * saved in the custom options; a refused start said in words; the games list that failed to load.
 */
import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { act } from 'react'
import { DEFAULT_OPTIONS } from '../../engine/index.ts'
import en from '../../locales/en.json'
import type { AttemptRow, DailiesAnswer } from '../../src/dailies/types.ts'
import { Home } from '../../web/islands/Home.tsx'
import { SETTINGS_COOKIE } from '../../web/settings/cookie.ts'
import { withDom } from './dom.ts'
import { FakeSocket, withFakeWebSocket } from './fake-socket.ts'
import { type Call, initOk, pageProps, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()
withFakeWebSocket()
afterEach(() => setSystemTime())

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })
const refused = (status: number, code: string) => ({
  status,
  body: { success: false, error: { code, message: code } },
})

/** 22:57:55 UTC: the results come at midnight, 1:02:05 later. */
const T0 = Date.UTC(2030, 0, 1, 22, 57, 55)
const MIDNIGHT = Date.UTC(2030, 0, 2)

const row = (rank: number, name: string, over: Partial<AttemptRow> = {}): AttemptRow => ({
  dailyId: '2030-01-01-en-daily-0',
  rank,
  user: { id: `p${rank}`, name, avatar: null },
  won: true,
  turns: 5 + rank,
  timeMs: 60_000 * rank,
  score: 20,
  attempts: 1,
  gameId: `g${rank}`,
  finishedAt: T0 - 1000,
  secretFound: false,
  ...over,
})

function dailies(over: Partial<DailiesAnswer> = {}): DailiesAnswer {
  const daily = (key: 'daily-0' | 'daily-1') => ({
    _id: `2030-01-01-en-${key}`,
    key,
    day: '2030-01-01',
    lang: 'en' as const,
    isPublic: true,
    active: true,
    level: key === 'daily-0' ? ('medium' as const) : ('veryHard' as const),
    timeMode: key === 'daily-0' ? ('classic' as const) : ('blitz' as const),
    endsAt: MIDNIGHT,
  })
  return {
    serverTime: T0,
    day: '2030-01-01',
    dailies: [daily('daily-0'), daily('daily-1')],
    ratings: [
      {
        dailyId: '2030-01-01-en-daily-0',
        items: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((name, i) => row(i + 1, name)),
        total: 5,
      },
      { dailyId: '2030-01-01-en-daily-1', items: [], total: 0 },
    ],
    bestAttempts: [
      {
        ...row(4, 'Tester', { user: { id: 'u1', name: 'Tester', avatar: null }, timeMs: 190_000 }),
        secret: null,
      },
    ],
    ...over,
  }
}

interface Options {
  profile?: Record<string, unknown>
  groupUrl?: string
  settings?: unknown
  reply?: (call: Call) => { status: number; body: unknown } | null
}

async function mountHome(options: Options = {}) {
  FakeSocket.all = []
  const cookies = [AUTH]
  if (options.settings)
    cookies.push(`${SETTINGS_COOKIE}=${encodeURIComponent(JSON.stringify(options.settings))}`)
  const t = testHost(
    (call) => {
      const custom = options.reply?.(call)
      if (custom) return custom
      if (call.path === '/api/init') return initOk('tok', 'u1', options.profile ?? {})
      if (call.path === '/api/dailies') return ok(dailies())
      if (call.path === '/api/news') return ok({ items: [] })
      return refused(404, 'NOT_FOUND')
    },
    { cookies: cookies.join('; ') },
  )
  t.host.storage = { getItem: () => '1', setItem: () => {} }
  const container = await islands.mount(
    Home,
    pageProps({ access: 'auth', ...(options.groupUrl ? { groupUrl: options.groupUrl } : {}) }),
    t.host,
  )
  return { container, t }
}

const click = (el: Element | null) => act(async () => (el as HTMLElement).click())

describe('the daily teaser', () => {
  test('counts down to 00:00 UTC on the server’s clock, second by second', async () => {
    setSystemTime(new Date(T0))
    const { container } = await mountHome()
    const countdown = () => container.querySelector('[data-testid="daily-countdown"]')?.textContent
    expect(countdown()).toBe('1:02:05')
    setSystemTime(new Date(T0 + 65_000))
    await act(() => new Promise((r) => setTimeout(r, 1100)))
    expect(countdown()).toBe('1:01:00')
  })

  test('the device clock may be wrong: the countdown follows the server’s time', async () => {
    // The device runs an hour behind the server.
    setSystemTime(new Date(T0 - 3_600_000))
    const { container } = await mountHome()
    expect(container.querySelector('[data-testid="daily-countdown"]')?.textContent).toBe('1:02:05')
  })

  test('your best time, and each daily’s top three with their times', async () => {
    setSystemTime(new Date(T0))
    const { container } = await mountHome()
    const normal = container.querySelector('[data-testid="teaser-daily-0"]')
    expect(normal?.querySelector('[data-testid="teaser-best"]')?.textContent).toBe(
      'Your best time: 3:10 · place 4',
    )
    const names = [...(normal?.querySelectorAll('.rating__name') ?? [])].map((n) => n.textContent)
    expect(names).toEqual(['Ann', 'Bo', 'Cy'])
    expect(normal?.querySelector('.rating__value')?.textContent).toBe('1:00')
    const hard = container.querySelector('[data-testid="teaser-daily-1"]')
    expect(hard?.querySelector('[data-testid="teaser-best"]')?.textContent).toBe(en.home.daily.notPlayed)
    expect(hard?.textContent).toContain(en.home.daily.nobodyYet)
  })
})

describe('links and buttons', () => {
  test('the group link shows only when the server has one', async () => {
    const withGroup = await mountHome({ groupUrl: 'https://t.me/word_territory' })
    const link = withGroup.container.querySelector('[data-testid="group-link"]')
    expect(link?.getAttribute('href')).toBe('https://t.me/word_territory')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
    islands.unmount()
    const without = await mountHome()
    expect(without.container.querySelector('[data-testid="group-link"]')).toBeNull()
  })

  test('developers get four quick games; AI blitz starts a blitz against the computer', async () => {
    const players = await mountHome()
    expect(players.container.querySelector('[data-testid="dev-buttons"]')).toBeNull()
    islands.unmount()
    const { container, t } = await mountHome({
      profile: { isDev: true },
      reply: (call) =>
        call.path === '/api/waiting-rooms' ? ok({ room: { roomId: 'g9', gameId: 'g9', code: null } }) : null,
    })
    const buttons = [...container.querySelectorAll('[data-testid="dev-buttons"] button')]
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Online Classic',
      'AI Classic',
      'Online Blitz',
      'AI Blitz',
    ])
    await click(container.querySelector('[data-testid="dev-ai-blitz"]'))
    await act(() => settle())
    const start = t.calls.find((c) => c.path === '/api/waiting-rooms')
    expect(start?.body).toMatchObject({ type: 'blitz', mode: 'computer' })
    expect(t.navigations).toEqual(['/en/game/g9'])
  })
})

describe('custom options', () => {
  const classicSaved = {
    customGameOptions: { ...DEFAULT_OPTIONS, timeMode: 'classic', boardSize: 6 },
  }

  test('Blitz with a classic clock saved starts with the blitz clock, the other options kept', async () => {
    const { container, t } = await mountHome({
      settings: classicSaved,
      reply: (call) =>
        call.path === '/api/waiting-rooms' ? ok({ room: { roomId: 'g8', gameId: 'g8', code: null } }) : null,
    })
    await click(container.querySelector('input[name="game-type"][value="blitz"]'))
    await click(container.querySelector('[data-testid="custom-toggle"]'))
    // The panel offers the blitz clocks and shows the one the game will get.
    const select = [
      ...container.querySelectorAll<HTMLSelectElement>('[data-testid="game-options"] select'),
    ][1]
    expect([...select.options].map((o) => o.value)).toEqual(['fastBlitz', 'blitz', 'longBlitz'])
    expect(select.value).toBe('blitz')
    await click(container.querySelector('[data-testid="play-computer"]'))
    await act(() => settle())
    const start = t.calls.find((c) => c.path === '/api/waiting-rooms')
    expect(start?.body).toMatchObject({
      type: 'blitz',
      extraParams: { isCustom: true, options: { timeMode: 'blitz', boardSize: 6 } },
    })
    expect(t.navigations).toEqual(['/en/game/g8'])
  })

  test('a refused start (400) is said in words, never as a generic failure', async () => {
    const { container } = await mountHome({
      reply: (call) => (call.path === '/api/waiting-rooms' ? refused(400, 'BAD_REQUEST') : null),
    })
    await click(container.querySelector('[data-testid="play-computer"]'))
    await act(() => settle())
    const alert = container.querySelector('.play [role="alert"]')?.textContent
    expect(alert).toBe(en.home.badOptions)
    expect(alert).not.toBe(en.home.startFailed)
  })
})

describe('the games list', () => {
  test('a list that cannot be read says "Failed to fetch games", and Try again brings it', async () => {
    let fail = true
    const { container, t } = await mountHome({
      reply: (call) => (call.path === '/api/init' && fail ? refused(500, 'INTERNAL_ERROR') : null),
    })
    const failed = container.querySelector('[data-testid="games-failed"]')
    expect(failed?.textContent).toContain(en.home.games.failed)
    fail = false
    await click(failed?.querySelector('button') ?? null)
    await act(() => settle())
    expect(container.querySelector('[data-testid="games-failed"]')).toBeNull()
    expect(container.querySelector('.game-list')?.textContent).toContain(en.home.games.empty)
    expect(t.calls.filter((c) => c.path === '/api/init')).toHaveLength(2)
    expect(t.reloads).toBe(0)
  })
})
